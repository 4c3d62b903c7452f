//! Nullity tables (`lightsout table`, Python's `table`): the nullity of every `n x n`
//! board of a game description for `n` in a range, or of every `m x n` with `m <= n`.
//!
//! The engine plans the work and the front end runs it: [`NullityTable::next_block`]
//! cuts the next stretch of `n` into independent [`Job`]s (any thread may run any job),
//! and [`NullityTable::finish`] turns their results into the block's entries, in order.
//! For the classic square boards only the even `n` take a gcd; the odd ones follow from
//! the `2n + 1` law ([`super::nullity_law`]), their halves below the block found by jobs
//! of their own. Other rules of the plus family take one polynomial gcd per board, any
//! other rules one solve of the empty board (its nullity; no quiet pattern is built).
//!
//! ```
//! use lightsout::research::{NullityTable, TableOptions};
//! use lightsout::{Budget, GameSpec};
//! let mut table = NullityTable::new(&GameSpec::classic(), 1, 10, TableOptions::default())?;
//! let mut nullities = Vec::new();
//! while let Some(block) = table.next_block(4, 2) {
//!     // Jobs are independent: a front end runs them on as many threads as it likes.
//!     let results = block
//!         .jobs()
//!         .iter()
//!         .map(|job| job.run(&Budget::unlimited()))
//!         .collect::<Result<Vec<_>, _>>()?;
//!     nullities.extend(table.finish(block, results)?.into_iter().map(|e| e.nullity));
//! }
//! assert_eq!(nullities, [0, 0, 0, 4, 2, 0, 0, 0, 8, 0]);
//! # Ok::<(), lightsout::Error>(())
//! ```

use super::nullity_law::{boyles_law, even_square_nullities_within};
use crate::budget::Budget;
use crate::error::{Error, Limit};
use crate::game::{GameSpec, PlusFamily};
use crate::gf2::chebyshev;
use crate::solve::Method;
use std::collections::HashMap;

/// The largest `n` a table goes to (the CLI's `--max` limit): the table holds or prints
/// every `n` below, each a polynomial gcd at degree up to `n / 2` (a 10^7 table takes
/// hours on two cores).
pub const MAX_TABLE_SIDE: usize = 10_000_000;

/// How a table is computed and what it lists (build it with `..Default::default()`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TableOptions {
    /// Every `m x n` with `m <= n` (for `n` in the range), not only the squares.
    pub rectangles: bool,
    /// Compute the odd classic squares directly instead of by the `2n + 1` law.
    pub direct: bool,
    /// Also compute every `k`-th odd classic square directly (those with `(n / 2) % k
    /// == 0`) and check the law against it.
    pub check_law_every: Option<u64>,
    /// The method of the solves, for rules outside the plus family (default auto).
    pub method: Method,
}

/// One entry of a table: the nullity of the `rows x cols` board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Entry {
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// Its nullity.
    pub nullity: usize,
}

/// How the table's entries are found, fixed by its description and options.
#[derive(Clone, Debug)]
enum Mode {
    /// Classic squares: the even `n` by gcd, the odd by the law.
    Law,
    /// Plus-family squares (classic with `direct`), stepped along ranges.
    ClassicSquares,
    /// Plus-family `m x n` boards, one gcd each.
    Plus {
        family: PlusFamily,
        rectangles: bool,
    },
    /// Any other rules: one solve of the empty square board each, by this method.
    Solve(GameSpec, Method),
}

/// A table being computed: its range, what is known, what comes next.
#[derive(Debug)]
pub struct NullityTable {
    mode: Mode,
    next: usize,
    to: usize,
    check_law_every: Option<u64>,
    /// The nullities the law needs (the halves of later odd `n`).
    known: HashMap<usize, usize>,
    checked: u64,
}

/// One unit of a table's work, independent of the others.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Job(Work);

#[derive(Clone, Debug, PartialEq, Eq)]
enum Work {
    /// The even classic squares of `lo..hi`.
    EvenSquares(usize, usize),
    /// Every classic square of `lo..hi` (stepped along the range).
    Squares(usize, usize),
    /// One classic square, directly.
    Square(usize),
    /// The `m x n` boards of the plus family for `m` in `m_lo..m_hi`.
    PlusRow {
        family: PlusFamily,
        n: usize,
        m_lo: usize,
        m_hi: usize,
    },
    /// The `n x n` board of any rules, by one solve with a method.
    Solve(Box<GameSpec>, Method, usize),
}

/// The jobs of one stretch of a table, and the stretch they cover.
#[derive(Debug)]
pub struct Block {
    from: usize,
    to: usize,
    jobs: Vec<Job>,
    weight: u64,
}

/// What a job found: `(rows, cols, nullity)` entries, in no particular order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JobResult(Vec<Entry>);

impl NullityTable {
    /// A table of the `n x n` boards of `spec` for `n = from..=to` (with
    /// [`TableOptions::rectangles`], every `m x n` with `m <= n`).
    ///
    /// # Errors
    ///
    /// [`Error::InvalidRules`] for a description that fixes the board (a preset, a
    /// graph, per-cell overrides) or options that do not apply to its rules
    /// (rectangles, the law, beyond the plus family); [`Error::InvalidSize`] for
    /// `from = 0` or `from > to`; [`Error::LimitExceeded`] past [`MAX_TABLE_SIDE`].
    pub fn new(
        spec: &GameSpec,
        from: usize,
        to: usize,
        options: TableOptions,
    ) -> Result<Self, Error> {
        if spec.fixed_size().is_some() || !spec.overrides.is_empty() {
            return Err(Error::invalid_rules(
                "a table runs over n x n boards; a preset, a graph or per-cell rules fix the board, so it does not apply",
            ));
        }
        if from == 0 || from > to {
            return Err(Error::invalid_size(from, to));
        }
        if to > MAX_TABLE_SIDE {
            return Err(Error::LimitExceeded(Limit::Width {
                what: "a nullity table",
                width: to as u64,
                max: MAX_TABLE_SIDE as u64,
            }));
        }
        let family = spec.rules()?.plus_family();
        let classic = family == Some(PlusFamily::Classic);
        let mode =
            match family {
                Some(family) if options.rectangles => Mode::Plus {
                    family,
                    rectangles: true,
                },
                Some(PlusFamily::Classic) if options.direct => Mode::ClassicSquares,
                Some(PlusFamily::Classic) => Mode::Law,
                Some(family) => Mode::Plus {
                    family,
                    rectangles: false,
                },
                None if options.rectangles => return Err(Error::invalid_rules(
                    "tables of rectangles cover the plus and sigma rules on open two-state boards",
                )),
                None => Mode::Solve(spec.clone(), options.method),
            };
        if options.check_law_every.is_some() && (options.rectangles || !classic) {
            return Err(Error::invalid_rules(
                "the 2n+1 law is checked on the classic square boards only",
            ));
        }
        Ok(Self {
            mode,
            next: from,
            to,
            check_law_every: options.check_law_every.map(|k| k.max(1)),
            known: HashMap::from([(0, 0)]),
            checked: 0,
        })
    }

    /// The work of each `n` in `from..=to`, in the units of [`Block::weight`], so that a
    /// progress bar's estimate of the time left holds although later `n` cost more.
    pub fn weight_of(&self, from: usize, to: usize) -> u64 {
        (from..=to).map(|n| self.weight(n)).sum()
    }

    /// The relative cost of `n`: one gcd at degree about `n / 2`, close to quadratic in
    /// `n` where tables take long (measured with the `table_cost` example); an odd `n`
    /// by the law is nearly free, and a row of rectangles costs `n` boards.
    fn weight(&self, n: usize) -> u64 {
        let gcd = 1 + (n as u64 / 1024).pow(2);
        match self.mode {
            Mode::Law if n % 2 == 1 => 1,
            Mode::Plus {
                rectangles: true, ..
            } => gcd * n as u64,
            _ => gcd,
        }
    }

    /// The next stretch of at most `boards` values of `n` (rows of rectangles: one at a
    /// time), cut into about `jobs` jobs; `None` once the table is done.
    pub fn next_block(&mut self, boards: usize, jobs: usize) -> Option<Block> {
        if self.next > self.to {
            return None;
        }
        let (jobs, boards) = (jobs.max(1), boards.max(1));
        let from = self.next;
        let to = match self.mode {
            Mode::Plus {
                rectangles: true, ..
            } => from,
            _ => self.to.min(from.saturating_add(boards - 1)),
        };
        let step = (to - from + 1).div_ceil(jobs).max(1);
        let ranges = (from..=to)
            .step_by(step)
            .map(|lo| (lo, (lo + step).min(to + 1)));
        let mut work: Vec<Work> = match &self.mode {
            Mode::Law => ranges.map(|(lo, hi)| Work::EvenSquares(lo, hi)).collect(),
            Mode::ClassicSquares => ranges.map(|(lo, hi)| Work::Squares(lo, hi)).collect(),
            Mode::Plus {
                family,
                rectangles: true,
            } => {
                let per = from.div_ceil(jobs).max(1);
                (1..=from)
                    .step_by(per)
                    .map(|m_lo| Work::PlusRow {
                        family: *family,
                        n: from,
                        m_lo,
                        m_hi: (m_lo + per).min(from + 1),
                    })
                    .collect()
            }
            Mode::Plus { family, .. } => (from..=to)
                .map(|n| Work::PlusRow {
                    family: *family,
                    n,
                    m_lo: n,
                    m_hi: n + 1,
                })
                .collect(),
            Mode::Solve(spec, method) => (from..=to)
                .map(|n| Work::Solve(Box::new(spec.clone()), *method, n))
                .collect(),
        };
        if matches!(self.mode, Mode::Law) {
            work.extend(self.halves_missing(from, to).into_iter().map(Work::Square));
            if let Some(every) = self.check_law_every {
                work.extend(
                    (from | 1..=to)
                        .step_by(2)
                        .filter(|k| (*k as u64 / 2).is_multiple_of(every))
                        .map(Work::Square),
                );
            }
        }
        self.next = to + 1;
        Some(Block {
            from,
            to,
            jobs: work.into_iter().map(Job).collect(),
            weight: self.weight_of(from, to),
        })
    }

    /// The halves of the block's odd `n` that neither the table so far nor the block's
    /// even `n` give: the even ends of their chains `n -> (n - 1) / 2 -> ...`.
    fn halves_missing(&self, from: usize, to: usize) -> Vec<usize> {
        let in_block = |m: usize| (from..=to).contains(&m) && m.is_multiple_of(2);
        let mut missing: Vec<usize> = (from | 1..=to)
            .step_by(2)
            .filter_map(|odd| {
                let mut m = (odd - 1) / 2;
                while !self.known.contains_key(&m) && !in_block(m) && m % 2 == 1 {
                    m = (m - 1) / 2;
                }
                (!self.known.contains_key(&m) && !in_block(m)).then_some(m)
            })
            .collect();
        missing.sort_unstable();
        missing.dedup();
        missing
    }

    /// The block's entries in order, from its jobs' results (given in the order of
    /// [`Block::jobs`]).
    ///
    /// # Errors
    ///
    /// [`Error::Internal`] if the results do not match the block's jobs, or if the law
    /// disagrees with a direct computation ([`TableOptions::check_law_every`]): a bug.
    pub fn finish(&mut self, block: Block, results: Vec<JobResult>) -> Result<Vec<Entry>, Error> {
        if results.len() != block.jobs.len() {
            return Err(Error::Internal(format!(
                "a table block of {} jobs got {} results",
                block.jobs.len(),
                results.len()
            )));
        }
        let mut found: HashMap<(usize, usize), usize> = HashMap::new();
        for result in results {
            for e in result.0 {
                found.insert((e.rows, e.cols), e.nullity);
            }
        }
        let mut entries = Vec::new();
        match self.mode {
            Mode::Law => {
                for (&(m, _), &d) in found.iter().filter(|((m, n), _)| m == n) {
                    if m % 2 == 0 || m < block.from {
                        self.known.insert(m, d);
                    }
                }
                for n in block.from..=block.to {
                    let d = self.by_law(n)?;
                    if let Some(&direct) = found.get(&(n, n)).filter(|_| n % 2 == 1) {
                        if direct != d {
                            return Err(Error::Internal(format!(
                                "the 2n+1 law gives d({n}) = {d}, the direct computation {direct}"
                            )));
                        }
                        self.checked += 1;
                    }
                    entries.push(Entry {
                        rows: n,
                        cols: n,
                        nullity: d,
                    });
                }
                // Only halves of later n are needed again.
                let keep_from = block.to.div_ceil(2);
                self.known.retain(|&k, _| k >= keep_from || k == 0);
            }
            Mode::Plus {
                rectangles: true, ..
            } => {
                for m in 1..=block.from {
                    entries.push(entry(&found, m, block.from)?);
                }
            }
            _ => {
                for n in block.from..=block.to {
                    entries.push(entry(&found, n, n)?);
                }
            }
        }
        Ok(entries)
    }

    /// `d(n)` of a classic square from the known values: an odd `n` from its half.
    fn by_law(&mut self, n: usize) -> Result<usize, Error> {
        let mut chain = Vec::new();
        let mut m = n;
        let mut d = loop {
            if let Some(&d) = self.known.get(&m) {
                break d;
            }
            if m.is_multiple_of(2) {
                return Err(Error::Internal(format!(
                    "the table's plan left d({m}) out (needed for d({n}))"
                )));
            }
            chain.push(m);
            m = (m - 1) / 2;
        };
        while let Some(odd) = chain.pop() {
            d = boyles_law((odd - 1) / 2, d);
            self.known.insert(odd, d);
        }
        Ok(d)
    }

    /// How many odd `n` the law was checked on so far
    /// ([`TableOptions::check_law_every`]).
    pub fn checked(&self) -> u64 {
        self.checked
    }
}

/// The entry of `rows x cols` among a block's results.
fn entry(found: &HashMap<(usize, usize), usize>, rows: usize, cols: usize) -> Result<Entry, Error> {
    let nullity = *found.get(&(rows, cols)).ok_or_else(|| {
        Error::Internal(format!(
            "no job of the table computed the {rows}x{cols} board"
        ))
    })?;
    Ok(Entry {
        rows,
        cols,
        nullity,
    })
}

impl Block {
    /// The jobs, to run in any order on any threads; give their results to
    /// [`NullityTable::finish`] in this order.
    pub fn jobs(&self) -> &[Job] {
        &self.jobs
    }

    /// The `n` the block covers (the first and the last).
    pub fn range(&self) -> (usize, usize) {
        (self.from, self.to)
    }

    /// The block's share of the table's work ([`NullityTable::weight_of`]), for
    /// progress.
    pub fn weight(&self) -> u64 {
        self.weight
    }
}

impl Job {
    /// Runs the job within `budget`.
    ///
    /// # Errors
    ///
    /// The budget's errors once it is spent; for tables of other rules, the solve's
    /// errors (a size a method refuses, with which `n`).
    pub fn run(&self, budget: &Budget) -> Result<JobResult, Error> {
        budget.check()?;
        let square = |n: usize, nullity: usize| Entry {
            rows: n,
            cols: n,
            nullity,
        };
        let entries = match &self.0 {
            Work::EvenSquares(lo, hi) => even_square_nullities_within(*lo..*hi, budget)?
                .into_iter()
                .map(|(n, d)| square(n, d))
                .collect(),
            Work::Squares(lo, hi) => chebyshev::square_nullities_within(*lo..*hi, budget)?
                .into_iter()
                .zip(*lo..*hi)
                .map(|(d, n)| square(n, d))
                .collect(),
            Work::Square(n) => vec![square(*n, chebyshev::square_nullity(*n))],
            Work::PlusRow {
                family,
                n,
                m_lo,
                m_hi,
            } => (*m_lo..*m_hi)
                .map(|m| {
                    let nullity = chebyshev::nullity_within(m, *n, family.self_toggle(), budget)?;
                    Ok(Entry {
                        rows: m,
                        cols: *n,
                        nullity,
                    })
                })
                .collect::<Result<_, Error>>()?,
            Work::Solve(spec, method, n) => {
                let d = spec
                    .nullity_within(Some((*n, *n)), *method, budget)
                    .map_err(|e| match e {
                        Error::InvalidRules(why) => Error::InvalidRules(format!("n = {n}: {why}")),
                        other => other,
                    })?;
                vec![square(*n, d)]
            }
        };
        Ok(JobResult(entries))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;

    /// Runs a whole table with blocks of `boards` values in `jobs` jobs.
    fn run(
        spec: &GameSpec,
        from: usize,
        to: usize,
        options: TableOptions,
        boards: usize,
        jobs: usize,
    ) -> Vec<Entry> {
        let mut table = NullityTable::new(spec, from, to, options).unwrap();
        let mut out = Vec::new();
        while let Some(block) = table.next_block(boards, jobs) {
            let results = block
                .jobs()
                .iter()
                .map(|j| j.run(&Budget::unlimited()).unwrap())
                .collect();
            out.extend(table.finish(block, results).unwrap());
        }
        out
    }

    fn nullities(entries: &[Entry]) -> Vec<usize> {
        entries.iter().map(|e| e.nullity).collect()
    }

    #[test]
    fn the_law_the_direct_way_and_every_block_size_agree() {
        let want = chebyshev::square_nullities(1..301);
        let classic = GameSpec::classic();
        for (boards, jobs) in [(1, 1), (7, 3), (64, 4), (1000, 2)] {
            let law = run(&classic, 1, 300, TableOptions::default(), boards, jobs);
            assert_eq!(nullities(&law), want, "{boards} {jobs}");
            assert!(law
                .iter()
                .enumerate()
                .all(|(i, e)| e.rows == i + 1 && e.cols == i + 1));
            let direct = TableOptions {
                direct: true,
                ..TableOptions::default()
            };
            assert_eq!(
                nullities(&run(&classic, 1, 300, direct, boards, jobs)),
                want
            );
        }
        // A table resumed in the middle needs halves from before its start.
        let tail = run(&classic, 777, 900, TableOptions::default(), 50, 3);
        assert_eq!(nullities(&tail), chebyshev::square_nullities(777..901));
    }

    #[test]
    fn the_law_is_checked_when_asked() {
        let options = TableOptions {
            check_law_every: Some(3),
            ..TableOptions::default()
        };
        let mut table = NullityTable::new(&GameSpec::classic(), 1, 200, options).unwrap();
        while let Some(block) = table.next_block(32, 2) {
            let results = block
                .jobs()
                .iter()
                .map(|j| j.run(&Budget::unlimited()).unwrap())
                .collect();
            table.finish(block, results).unwrap();
        }
        assert!(table.checked() > 10, "{}", table.checked());
    }

    #[test]
    fn rectangles_sigma_and_other_rules() {
        let rect = TableOptions {
            rectangles: true,
            ..TableOptions::default()
        };
        let entries = run(&GameSpec::classic(), 1, 12, rect, 100, 3);
        assert_eq!(entries.len(), 12 * 13 / 2);
        for e in &entries {
            assert!(e.rows <= e.cols);
            assert_eq!(e.nullity, chebyshev::nullity(e.rows, e.cols, true));
        }
        let sigma = GameSpec::parse("no_self").unwrap();
        let entries = run(&sigma, 1, 20, TableOptions::default(), 8, 2);
        // The sigma game: nullity = gcd(n + 1, n + 1) - 1 = n on the square.
        assert!(entries
            .iter()
            .all(|e| e.nullity == chebyshev::nullity(e.rows, e.rows, false)));
        let torus = GameSpec::parse("boundary=torus").unwrap();
        for e in run(&torus, 1, 8, TableOptions::default(), 3, 2) {
            let game = torus.game(Some((e.rows, e.rows))).unwrap();
            assert_eq!(
                e.nullity,
                crate::solve::analyze(&game, Method::Gauss).unwrap().nullity
            );
        }
    }

    #[test]
    fn tables_refuse_what_they_cannot_do() {
        let e = NullityTable::new(
            &GameSpec::parse("preset=cube").unwrap(),
            1,
            5,
            TableOptions::default(),
        )
        .unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidRules);
        assert_eq!(
            NullityTable::new(&GameSpec::classic(), 0, 5, TableOptions::default())
                .unwrap_err()
                .kind(),
            ErrorKind::InvalidSize
        );
        assert_eq!(
            NullityTable::new(
                &GameSpec::classic(),
                1,
                MAX_TABLE_SIDE + 1,
                TableOptions::default()
            )
            .unwrap_err()
            .kind(),
            ErrorKind::LimitExceeded
        );
        let rect_torus = TableOptions {
            rectangles: true,
            ..TableOptions::default()
        };
        assert!(NullityTable::new(
            &GameSpec::parse("boundary=torus").unwrap(),
            1,
            5,
            rect_torus
        )
        .is_err());
        let spent = Budget::unlimited().with_time_limit(std::time::Duration::ZERO);
        let mut table =
            NullityTable::new(&GameSpec::classic(), 1, 10, TableOptions::default()).unwrap();
        let block = table.next_block(10, 1).unwrap();
        assert_eq!(block.jobs()[0].run(&spent), Err(Error::TimeLimit));
    }
}
