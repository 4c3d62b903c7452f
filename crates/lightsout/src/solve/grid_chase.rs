//! Light chasing for every grid rule: any press shape on an open, torus or Klein-bottle
//! board (the first-row equations of seed 001, generalised).
//!
//! A light at `(i, j)` is changed by the presses at `(i - dr, j - dc)` for the shape's
//! offsets `(dr, dc)`. The lowest of them is `R = -min dr` rows below the light, so once
//! every press above row `i + R` is known, light row `i` fixes press row `i + R`: light
//! `(i, j)` fixes the press `(i + R, j - s)` (`s` the smallest column offset of that
//! lowest row), taken in increasing `j` so that the other presses of row `i + R` it sees
//! are already known. What no light fixes becomes an unknown:
//!
//! * open board: the first `R` press rows, and the `|s|` press columns of each later
//!   row that no light reaches (none for the plus shape);
//! * torus and Klein bottle: the first `max(dr, 0) + R` press rows (two rows, the "two
//!   bands", for the plus shape: `2n` unknowns), and the `max s - min s` columns of each
//!   later row that wrap around (none for the plus shape).
//!
//! Every press is then an affine form in the unknowns. The lights no press was chosen for
//! (the last rows, the wrapped top rows, the leftover columns) give exactly as many
//! equations as there are unknowns; their solutions are in one-to-one correspondence
//! with the solutions of the whole board (a second, numeric chase turns one into the
//! other), so they have the same count and the kernel the same structure.
//!
//! The affine forms are packed bits for two states (the symbolic chase is split across
//! cores by word ranges of the forms) and bytes mod K otherwise. A press adds exactly 1
//! to each cell it reaches, so the coefficient that fixes a press is 1, a unit for every
//! K. The orientation (transposed, mirrored) with the fewest unknowns is used.

use super::{Analysis, Cost, Method, Refusal, Solution};
use crate::budget::{Budget, Ticker};
use crate::error::Error;
use crate::game::{Board, Boundary, Game, Rules};
use crate::gf2::{words_for, BitMatrix, BitVec, Reduced, WORD_BITS};
use crate::zk::{self, ZkMatrix, ZkSolution};
use std::collections::BTreeMap;

/// Most unknowns the chase accepts (a 40,000-wide system is 200 MB).
pub const MAX_UNKNOWNS: usize = 40_000;
/// Most word operations of the symbolic chase (`cells x |shape| x unknowns / 64`).
pub const MAX_WORK: u64 = 1 << 37;
/// Most bytes the affine forms (the band of rows being chased) may take.
pub const MAX_BAND_BYTES: u64 = 1 << 30;

/// One light of an interior row, relative to the press row `p` it fixes: its target
/// column in row `p` (for the lights that fix a press) and the presses it sees, as
/// `(rows above p, column)`.
#[derive(Clone, Debug)]
struct Step {
    light_col: usize,
    target: usize,
    sources: Vec<(usize, usize)>,
}

impl Step {
    /// The presses this light sees when it fixes press row `p` (those above the first row
    /// of an open board left out).
    fn sources_at(&self, p: usize, out: &mut Vec<(usize, usize)>) {
        out.clear();
        out.extend(
            self.sources
                .iter()
                .filter(|&&(above, _)| above <= p)
                .map(|&(above, c)| (p - above, c)),
        );
    }
}

/// One orientation of the chase in closed form: the numbers that fix its unknowns,
/// limits and cost, computed without building anything per row or column (so a hostile
/// shape or board size is measured before anything is allocated).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Layout {
    m: usize,
    n: usize,
    /// `R`: light row `i` fixes press row `i + R`.
    r: i64,
    /// Rows between the highest and the lowest press a light sees.
    h: usize,
    /// Interior light rows `first..=last` fix presses; the others give equations.
    first: usize,
    last: usize,
    /// Press columns of an interior row that no light fixes.
    row_unknowns: usize,
    unknowns: usize,
    /// Press rows kept for the boundary equations.
    saved_rows: usize,
    /// Offsets of the shape.
    offsets: usize,
    modulus: u8,
}

impl Layout {
    /// The layout of an `m x n` board (already in the orientation to chase) with
    /// the outline of its shape in that orientation, or `None` if no row can be chased.
    fn of(m: usize, n: usize, shape: &Outline, boundary: Boundary, modulus: u8) -> Option<Layout> {
        let (dmin, dmax) = (i64::from(shape.dmin), i64::from(shape.dmax));
        let (cmin, cmax) = (shape.cmin, shape.cmax);
        let r = -dmin;
        let h = (dmax - dmin) as usize;
        let wrap = boundary != Boundary::Open;
        if wrap && (m as i64 <= dmax - dmin || n as i64 <= i64::from(cmax - cmin)) {
            // Two offsets would land on the same cell in the middle of the board.
            return None;
        }
        let first = if wrap { dmax.max(0) } else { (-r).max(0) };
        let last = (m as i64 - 1).min(m as i64 - 1 - r);
        if first > last {
            return None;
        }
        let (first, last) = (first as usize, last as usize);
        let s = i64::from(shape.lowest.0);
        let spread = i64::from(shape.lowest.1) - s;
        // Wrapped: the last `spread` lights of a row fix nothing; open: the `|s|`
        // presses no light of the row reaches.
        let row_unknowns = if wrap {
            spread as usize
        } else {
            (s.unsigned_abs() as usize).min(n)
        };
        let interior = last - first + 1;
        let unknowns = (m - interior) * n + interior * row_unknowns;
        let saved_rows = saved_row_count(m, first, last, dmin, dmax, wrap);
        Some(Layout {
            m,
            n,
            r,
            h,
            first,
            last,
            row_unknowns,
            unknowns,
            saved_rows,
            offsets: shape.count,
            modulus,
        })
    }

    /// Bytes of one affine form: packed bits for two states, a byte per entry else.
    fn form_bytes(&self) -> u64 {
        if self.modulus == 2 {
            words_for(self.unknowns + 1) as u64 * 8
        } else {
            self.unknowns as u64 + 1
        }
    }

    /// Word operations of the symbolic chase: every press's form is the sum of the
    /// forms of the presses its light sees (`cells x |shape| x forms' words`).
    fn chase_words(&self) -> u64 {
        let w = words_for(self.unknowns + 1) as u128;
        let cells = self.m as u128 * self.n as u128;
        u64::try_from(cells * self.offsets as u128 * w).unwrap_or(u64::MAX)
    }

    /// Bytes of affine forms held at once: the band of rows being chased, the rows kept
    /// for the boundary equations, and the equations.
    fn band_bytes(&self) -> u64 {
        let rows = (self.h as u128 + 1) + self.saved_rows as u128;
        let form = self.form_bytes() as u128;
        let total = rows * self.n as u128 * form + self.unknowns as u128 * form;
        u64::try_from(total).unwrap_or(u64::MAX)
    }

    /// Bytes of the plan itself: a step per column with the presses its light sees,
    /// the presses reaching each boundary light, and per-row flags.
    fn plan_bytes(&self) -> u64 {
        let n = self.n as u128;
        let offsets = self.offsets as u128;
        let boundary_lights = (self.m - (self.last - self.first + 1)) as u128 * n;
        let total =
            n * (offsets * 16 + 48) + boundary_lights * (offsets * 8 + 64) + self.m as u128 * 8;
        u64::try_from(total).unwrap_or(u64::MAX)
    }

    /// The estimated cost of a solve or an analysis with this layout.
    fn cost(&self) -> Cost {
        let u = self.unknowns as f64;
        let cells = self.m as f64 * self.n as f64;
        let work = self.chase_words() as f64
            + super::gauss::elimination_work(u, self.modulus)
            // The numeric chase that turns the unknowns into presses.
            + cells * self.offsets as f64 / if self.modulus == 2 { 64.0 } else { 1.0 };
        let board = if self.modulus == 2 {
            cells / 8.0
        } else {
            cells
        };
        let system = if self.modulus == 2 {
            // The equations gathered from the threads, the system and its elimination.
            3.0 * u * (words_for(self.unknowns + 1) as f64 * 8.0)
        } else {
            // The equations as a matrix, then the elimination's 32-bit rows.
            2.0 * u * (u + 1.0) + super::gauss::zk_elimination_bytes(u, self.modulus)
        };
        // Binary analyses chase every quiet pattern at once: a word per cell (and per
        // 64 patterns).
        let sliced = if self.modulus == 2 { cells * 8.0 } else { 0.0 };
        let memory = self.band_bytes() as f64
            + self.plan_bytes() as f64
            + system
            + sliced
            // The board in the working orientation, the presses (values mod K) and the
            // answer.
            + 2.0 * board
            + cells;
        Cost::new(work, memory)
    }
}

/// How many press rows the boundary light rows (`0..first` and `last+1..m`) see: a light
/// in row `i` sees the presses in rows `i - dmax ..= i - dmin` (mod `m` when wrapped, else
/// those on the board). Two runs of rows give two intervals; their union is counted.
fn saved_row_count(m: usize, first: usize, last: usize, dmin: i64, dmax: i64, wrap: bool) -> usize {
    let m = m as i64;
    // Press rows [lo, hi] (inclusive, before wrapping) seen by light rows [a, b).
    let seen = |a: i64, b: i64| (a < b).then(|| (a - dmax, b - 1 - dmin));
    let runs = [seen(0, first as i64), seen(last as i64 + 1, m)];
    let intervals: Vec<(i64, i64)> = runs.into_iter().flatten().collect();
    if wrap {
        // Arcs of the circle of m rows: [start, start + len) with start in 0..m.
        let arcs: Vec<(i64, i64)> = intervals
            .iter()
            .map(|&(lo, hi)| (lo.rem_euclid(m), (hi - lo + 1).min(m)))
            .collect();
        let total: i64 = arcs.iter().map(|a| a.1).sum();
        let common = match arcs[..] {
            [(a, la), (b, lb)] if la < m && lb < m => (-1..=1)
                .map(|k| overlap((a, a + la), (b + k * m, b + k * m + lb)))
                .sum(),
            [(_, la), (_, lb)] => la.min(lb),
            _ => 0,
        };
        (total - common) as usize
    } else {
        let clipped: Vec<(i64, i64)> = intervals
            .iter()
            .map(|&(lo, hi)| (lo.max(0), hi.min(m - 1) + 1))
            .filter(|(lo, hi)| lo < hi)
            .collect();
        let total: i64 = clipped.iter().map(|(lo, hi)| hi - lo).sum();
        let common = match clipped[..] {
            [a, b] => overlap(a, b),
            _ => 0,
        };
        (total - common) as usize
    }
}

/// The length of the intersection of two half-open intervals.
fn overlap(a: (i64, i64), b: (i64, i64)) -> i64 {
    (a.1.min(b.1) - a.0.max(b.0)).max(0)
}

/// The orientations the chase may use for `game`, each with its layout, in the order
/// they are tried: as given, mirrored, transposed, transposed and mirrored.
fn layouts(game: &Game) -> Vec<(Layout, bool, bool)> {
    let Some((shape, boundary)) = game.rules().shape() else {
        return Vec::new();
    };
    let k = game.modulus();
    let mut out = Vec::new();
    let (m, n) = (game.rows(), game.cols());
    // The transpose keeps the boundary but swaps the sides (not on a Klein bottle,
    // whose glued edges are not symmetric).
    let orientations = [(false, false), (false, true), (true, false), (true, true)];
    for (transposed, mirrored) in orientations {
        if transposed && boundary == Boundary::Klein {
            continue;
        }
        let (m, n) = if transposed { (n, m) } else { (m, n) };
        let outline = Outline::of(shape.offsets(), transposed, mirrored);
        if let Some(layout) = outline.and_then(|o| Layout::of(m, n, &o, boundary, k)) {
            out.push((layout, transposed, mirrored));
        }
    }
    out
}

/// What [`Layout::of`] needs of a shape in one orientation, read in one pass over its
/// offsets without building the transposed or mirrored shape (sorting a hostile mask of
/// a million offsets four times took seconds).
struct Outline {
    /// Extent of the row and column offsets.
    dmin: i32,
    dmax: i32,
    cmin: i32,
    cmax: i32,
    /// The least and greatest column offset in the lowest row (`dmin`).
    lowest: (i32, i32),
    count: usize,
}

impl Outline {
    /// The outline of `offsets` transposed (rows and columns swapped) and/or mirrored
    /// (columns negated, after the transpose), or `None` for no offsets.
    fn of(offsets: &[(i32, i32)], transposed: bool, mirrored: bool) -> Option<Outline> {
        let oriented = offsets.iter().map(|&(r, c)| {
            let (r, c) = if transposed { (c, r) } else { (r, c) };
            (r, if mirrored { -c } else { c })
        });
        let mut outline: Option<Outline> = None;
        for (r, c) in oriented {
            let o = outline.get_or_insert(Outline {
                dmin: r,
                dmax: r,
                cmin: c,
                cmax: c,
                lowest: (c, c),
                count: 0,
            });
            o.count += 1;
            o.dmax = o.dmax.max(r);
            o.cmin = o.cmin.min(c);
            o.cmax = o.cmax.max(c);
            if r < o.dmin {
                o.dmin = r;
                o.lowest = (c, c);
            } else if r == o.dmin {
                o.lowest = (o.lowest.0.min(c), o.lowest.1.max(c));
            }
        }
        outline
    }
}

/// The layouts of [`layouts`] from the fewest unknowns up (the first of equals first).
fn layouts_by_unknowns(game: &Game) -> Vec<(Layout, bool, bool)> {
    let mut all = layouts(game);
    all.sort_by_key(|(l, _, _)| l.unknowns);
    all
}

/// Why the chase does not apply to `game`'s rules, if it does not.
fn rules_refusal(game: &Game) -> Option<Refusal> {
    let unsupported = |why: &str| {
        Refusal::Rules(format!(
            "method 'chase' does not handle {} on a {}x{} board: {why}",
            game.rules().describe(),
            game.rows(),
            game.cols()
        ))
    };
    let Some((_, boundary)) = game.rules().shape() else {
        return Some(unsupported(
            "per-cell rules and graphs have no rows to chase",
        ));
    };
    if boundary == Boundary::Projective {
        return Some(unsupported(
            "the projective plane glues each row to a far one, so rows cannot be chased in order",
        ));
    }
    if layouts(game).is_empty() {
        return Some(unsupported(
            "the board is too small for the shape's reach (no row can be chased)",
        ));
    }
    None
}

/// `Ok` if the chase handles `game` within its limits, judged on the layout with the
/// fewest unknowns, before anything is built.
pub(crate) fn admit(game: &Game) -> Result<(), Refusal> {
    if let Some(r) = rules_refusal(game) {
        return Err(r);
    }
    let (best, _, _) = layouts_by_unknowns(game)[0];
    best.check_limits()
}

/// The cost of the chase on `game` (on its layout with the fewest unknowns).
pub(crate) fn cost(game: &Game) -> Cost {
    match layouts_by_unknowns(game).first() {
        Some((layout, _, _)) if rules_refusal(game).is_none() => layout.cost(),
        _ => Cost::UNSUPPORTED,
    }
}

impl Layout {
    /// Errors if the chase would take too long or too much memory.
    fn check_limits(&self) -> Result<(), Refusal> {
        if self.modulus != 2 && self.unknowns > zk::MAX_GAME_CELLS {
            return Err(Refusal::Size(format!(
                "{} unknowns after chasing exceeds the limit of {} for {} states",
                self.unknowns,
                zk::MAX_GAME_CELLS,
                self.modulus
            )));
        }
        if self.unknowns > MAX_UNKNOWNS {
            return Err(Refusal::Size(format!(
                "{} unknowns after chasing exceeds the limit of {MAX_UNKNOWNS}",
                self.unknowns
            )));
        }
        let words = self.chase_words();
        if words > MAX_WORK {
            return Err(Refusal::Size(format!(
                "the symbolic chase needs about {words} word operations (limit 2^37)"
            )));
        }
        let bytes = self.band_bytes().saturating_add(self.plan_bytes());
        if bytes > MAX_BAND_BYTES {
            return Err(Refusal::Size(format!(
                "the chase needs {} MiB of affine forms and plan (limit {} MiB)",
                bytes >> 20,
                MAX_BAND_BYTES >> 20
            )));
        }
        Ok(())
    }
}

/// How to chase one game: the orientation, the per-row template and the boundary
/// equations.
#[derive(Clone, Debug)]
pub(crate) struct Plan {
    work: Game,
    transposed: bool,
    mirrored: bool,
    /// The sizes, row offset `R`, band height and interior rows of the orientation.
    layout: Layout,
    fix: Vec<Step>,
    leftover: Vec<Step>,
    row_unknowns: Vec<usize>,
    unknowns: usize,
    /// Boundary lights (row-major cell) and the press cells that reach them.
    boundary: Vec<(usize, Vec<usize>)>,
    saved: Vec<bool>,
}

impl Plan {
    /// The plan with the fewest unknowns over the orientations the rules allow, or an
    /// error saying why the chase does not apply or which limit it exceeds. The limits
    /// are checked on the closed-form layout before the plan is built.
    pub fn new(game: &Game) -> Result<Plan, Error> {
        admit(game).map_err(|r| r.into_error(Method::Chase, game))?;
        let mut plan = Self::choose(game)?;
        plan.add_boundary();
        Ok(plan)
    }

    /// The orientation and row template with the fewest unknowns (the boundary
    /// equations are left out), built from the layouts in order of unknowns.
    fn choose(game: &Game) -> Result<Plan, Error> {
        for (layout, transposed, mirrored) in layouts_by_unknowns(game) {
            let g = if transposed {
                game.transpose().ok_or_else(|| {
                    Error::Internal("a transposed layout without a transpose".into())
                })?
            } else {
                game.clone()
            };
            if let Some(plan) = Plan::build(&g, transposed, mirrored, layout) {
                return Ok(plan);
            }
        }
        Err(Method::Chase.refusal(game))
    }

    /// The plan for one orientation (`game` already transposed if `transposed`) with its
    /// `layout`, or `None` if the rows cannot be chased in order.
    fn build(game: &Game, transposed: bool, mirrored: bool, layout: Layout) -> Option<Plan> {
        let (shape, boundary) = game.rules().shape()?;
        let shape = if mirrored {
            shape.mirror()
        } else {
            shape.clone()
        };
        let work = Game::new(
            game.rows(),
            game.cols(),
            Rules::new(shape.clone(), boundary, game.modulus()).ok()?,
        )
        .ok()?;
        let Layout {
            m,
            n,
            r,
            first,
            last,
            ..
        } = layout;
        let (dmin, dmax, _, _) = shape.extent();
        let (dmin, dmax) = (i64::from(dmin), i64::from(dmax));
        let wrap = boundary != Boundary::Open;

        // The per-row template.
        let lowest: Vec<i64> = shape
            .offsets()
            .iter()
            .filter(|o| i64::from(o.0) == dmin)
            .map(|o| i64::from(o.1))
            .collect();
        let s = lowest[0];
        let spread = lowest[lowest.len() - 1] - s;
        let nn = n as i64;
        let col = |j: i64| -> Option<usize> {
            if wrap {
                Some(j.rem_euclid(nn) as usize)
            } else {
                (0..nn).contains(&j).then_some(j as usize)
            }
        };
        let (mut fix, mut leftover) = (Vec::new(), Vec::new());
        let mut targeted = vec![false; n];
        for j in 0..n {
            let target = if wrap {
                (j as i64) < nn - spread
            } else {
                col(j as i64 - s).is_some()
            }
            .then(|| col(j as i64 - s).expect("in range"));
            let sources: Vec<(usize, usize)> = shape
                .offsets()
                .iter()
                .filter_map(|&(dr, dc)| {
                    let above = (i64::from(dr) + r) as usize;
                    let c = col(j as i64 - i64::from(dc))?;
                    (Some((above, c)) != target.map(|t| (0, t))).then_some((above, c))
                })
                .collect();
            match target {
                Some(t) => {
                    targeted[t] = true;
                    fix.push(Step {
                        light_col: j,
                        target: t,
                        sources,
                    });
                }
                None => leftover.push(Step {
                    light_col: j,
                    target: usize::MAX,
                    sources,
                }),
            }
        }
        let row_unknowns: Vec<usize> = (0..n).filter(|&c| !targeted[c]).collect();
        debug_assert_eq!(row_unknowns.len(), layout.row_unknowns);
        // Check the order: every press of row p a light sees is known when it is used.
        let mut known = targeted.iter().map(|&t| !t).collect::<Vec<bool>>();
        for step in &fix {
            if step
                .sources
                .iter()
                .any(|&(above, c)| above == 0 && !known[c])
            {
                return None;
            }
            known[step.target] = true;
        }

        // The press rows the boundary lights see (kept when the chase passes them).
        let mut saved = vec![false; m];
        for i in (0..m).filter(|&i| i < first || i > last) {
            for dr in dmin..=dmax {
                let p = i as i64 - dr;
                if wrap {
                    saved[p.rem_euclid(m as i64) as usize] = true;
                } else if (0..m as i64).contains(&p) {
                    saved[p as usize] = true;
                }
            }
        }
        debug_assert_eq!(saved.iter().filter(|&&s| s).count(), layout.saved_rows);
        Some(Plan {
            work,
            transposed,
            mirrored,
            layout,
            fix,
            leftover,
            row_unknowns,
            unknowns: layout.unknowns,
            boundary: Vec::new(),
            saved,
        })
    }

    /// The boundary lights (outside the interior rows) and the presses that reach each,
    /// from the rules themselves: the glued edges of the torus and the Klein bottle are
    /// handled there.
    fn add_boundary(&mut self) {
        let (m, n) = (self.layout.m, self.layout.n);
        let mut incoming: BTreeMap<usize, Vec<usize>> = (0..m)
            .filter(|&i| i < self.layout.first || i > self.layout.last)
            .flat_map(|i| (0..n).map(move |j| (i * n + j, Vec::new())))
            .collect();
        let mut out = Vec::new();
        for p in (0..m).filter(|&p| self.saved[p]) {
            for c in 0..n {
                self.work.reached(p * n + c, &mut out);
                for &light in &out {
                    if let Some(list) = incoming.get_mut(&light) {
                        list.push(p * n + c);
                    }
                }
            }
        }
        self.boundary = incoming.into_iter().collect();
    }

    /// Number of unknowns (and of equations) of the reduced system.
    #[cfg(test)]
    pub fn unknowns(&self) -> usize {
        self.unknowns
    }

    fn board_in(&self, b: &Board) -> Board {
        let b = if self.transposed {
            b.transpose()
        } else {
            b.clone()
        };
        if self.mirrored {
            b.mirror()
        } else {
            b
        }
    }

    fn board_out(&self, b: Board) -> Board {
        let b = if self.mirrored { b.mirror() } else { b };
        if self.transposed {
            b.transpose()
        } else {
            b
        }
    }

    fn is_unknown_row(&self, p: usize) -> bool {
        let p = p as i64;
        p < self.layout.first as i64 + self.layout.r || p > self.layout.last as i64 + self.layout.r
    }

    /// Runs the chase on `store` with `rhs` (working orientation) the lights to change,
    /// ticking `ticker` a press row at a time with `row_work` word operations.
    fn run<S: Store>(
        &self,
        store: &mut S,
        rhs: &Board,
        ticker: &mut Ticker<'_>,
        row_work: u64,
    ) -> Result<(), Error> {
        let n = self.layout.n;
        let mut next = 0;
        let mut sources: Vec<(usize, usize)> = Vec::new();
        for p in 0..self.layout.m {
            ticker.tick(row_work)?;
            if self.is_unknown_row(p) {
                for c in 0..n {
                    store.set_unknown(p, c, next);
                    next += 1;
                }
            } else {
                let i = (p as i64 - self.layout.r) as usize;
                for &c in &self.row_unknowns {
                    store.set_unknown(p, c, next);
                    next += 1;
                }
                store.fix_row(self, p, i, rhs);
                for step in &self.leftover {
                    step.sources_at(p, &mut sources);
                    store.equation(&sources, rhs.get(i, step.light_col), false);
                }
            }
            if self.saved[p] {
                store.save_row(p);
            }
        }
        for (light, presses) in &self.boundary {
            ticker.tick(presses.len() as u64 * row_work / (n as u64).max(1) + 1)?;
            sources.clear();
            sources.extend(presses.iter().map(|&cell| (cell / n, cell % n)));
            store.equation(&sources, rhs.get(light / n, light % n), true);
        }
        debug_assert_eq!(next, self.unknowns);
        Ok(())
    }

    /// Word operations of one press row with forms (or values) `width` words wide.
    fn row_work(&self, width: usize) -> u64 {
        (self.layout.n as u64)
            .saturating_mul(self.layout.offsets as u64)
            .saturating_mul(width as u64)
            .saturating_add(1)
    }

    /// The reduced binary system `A x = b` for `rhs` (working orientation), the chase
    /// split across at most `budget.threads()` threads by word ranges of the forms.
    fn binary_system(&self, rhs: &Board, budget: &Budget) -> Result<(BitMatrix, BitVec), Error> {
        let u = self.unknowns;
        let total = words_for(u + 1);
        let threads = budget.threads().min(total.div_ceil(8)).max(1);
        // Whole blocks of 8 words per thread: the kernel works on blocks.
        let chunk = total.div_ceil(threads).next_multiple_of(8);
        let ranges: Vec<(usize, usize)> = (0..threads)
            .map(|t| (t * chunk, ((t + 1) * chunk).min(total)))
            .filter(|(a, b)| a < b)
            .collect();
        #[cfg(test)]
        tests::CHASE_THREADS.with(|c| c.set(ranges.len()));
        let parts: Vec<Vec<u64>> = if ranges.len() == 1 {
            vec![self.binary_part(rhs, ranges[0], budget)?]
        } else {
            std::thread::scope(|scope| {
                let handles: Vec<_> = ranges
                    .iter()
                    .map(|&range| scope.spawn(move || self.binary_part(rhs, range, budget)))
                    .collect();
                // Every thread is joined (each stops at its next check once the budget
                // is spent); the first error wins.
                let results: Vec<Result<Vec<u64>, Error>> = handles
                    .into_iter()
                    .map(|h| h.join().expect("chase thread panicked"))
                    .collect();
                results.into_iter().collect::<Result<Vec<_>, Error>>()
            })?
        };
        let mut aug = BitMatrix::zeros(u, u + 1);
        for (part, &(a, b)) in parts.iter().zip(&ranges) {
            let width = (b - a).next_multiple_of(8);
            for row in 0..u {
                aug.row_mut(row)[a..b].copy_from_slice(&part[row * width..row * width + b - a]);
            }
        }
        let mut system = BitMatrix::zeros(u, u);
        let mut constant = BitVec::zeros(u);
        let stride = system.stride();
        for row in 0..u {
            system.row_mut(row).copy_from_slice(&aug.row(row)[..stride]);
            if let Some(last) = system.row_mut(row).last_mut() {
                *last &= crate::gf2::tail_mask(u);
            }
            constant.set(row, aug.get(row, u));
        }
        Ok((system, constant))
    }

    /// The equations' words `range` of the forms (row-major, each `range` wide rounded
    /// up to a multiple of 8 words).
    fn binary_part(
        &self,
        rhs: &Board,
        range: (usize, usize),
        budget: &Budget,
    ) -> Result<Vec<u64>, Error> {
        let mut store = Gf2Forms::new(self, range);
        let work = self.row_work(store.width);
        self.run(&mut store, rhs, &mut Ticker::new(budget), work)?;
        debug_assert_eq!(store.equations, self.unknowns);
        Ok(store.eqs)
    }

    /// The reduced system mod K for `rhs` (working orientation), solved by
    /// [`crate::zk`].
    fn modular_system(&self, rhs: &Board, budget: &Budget) -> Result<ZkSolution, Error> {
        let mut store = ZkForms::new(self);
        let work = self.row_work(store.width);
        self.run(&mut store, rhs, &mut Ticker::new(budget), work)?;
        let u = self.unknowns;
        let (mut a, mut b) = (Vec::with_capacity(u * u), Vec::with_capacity(u));
        for row in store.eqs.chunks_exact(u + 1) {
            a.extend_from_slice(&row[..u]);
            b.push(row[u]);
        }
        let system = ZkMatrix::from_vec(u, u, store.k, a)?;
        zk::solve_within(&system, &b, zk::ZkMethod::Auto, budget)
    }

    /// The quiet patterns for a kernel basis of the reduced system (game orientation):
    /// one bit-sliced chase for all of them.
    fn quiet_patterns(
        &self,
        kernel: &[BitVec],
        zero: &Board,
        budget: &Budget,
    ) -> Result<Vec<Board>, Error> {
        let d = kernel.len();
        let width = words_for(d);
        let unknowns: Vec<Vec<u64>> = (0..self.unknowns)
            .map(|u| {
                let mut w = vec![0u64; width];
                for (k, v) in kernel.iter().enumerate() {
                    if v.get(u) {
                        w[k / WORD_BITS] |= 1 << (k % WORD_BITS);
                    }
                }
                w
            })
            .collect();
        let mut store = Sliced {
            n: self.layout.n,
            width,
            unknowns: &unknowns,
            values: vec![0; self.layout.m * self.layout.n * width],
        };
        let work = self.row_work(width);
        self.run(&mut store, zero, &mut Ticker::new(budget), work)?;
        Ok((0..d)
            .map(|k| {
                let mut b = BitMatrix::zeros(self.layout.m, self.layout.n);
                let (wk, bit) = (k / WORD_BITS, 1u64 << (k % WORD_BITS));
                for cell in 0..self.layout.m * self.layout.n {
                    if store.values[cell * width + wk] & bit != 0 {
                        b.set(cell / self.layout.n, cell % self.layout.n, true);
                    }
                }
                self.board_out(Board::from_bits(b))
            })
            .collect())
    }

    /// The presses for unknowns `x` (working orientation), and whether every equation
    /// held.
    fn presses(&self, x: &[u8], rhs: &Board, budget: &Budget) -> Result<(Board, bool), Error> {
        let k = self.work.modulus();
        let mut store = Numeric {
            k,
            n: self.layout.n,
            x,
            values: vec![0; self.layout.m * self.layout.n],
            violated: false,
        };
        self.run(&mut store, rhs, &mut Ticker::new(budget), self.row_work(1))?;
        let board = Board::from_values(self.layout.m, self.layout.n, k, &store.values)
            .expect("values are reduced mod K");
        Ok((board, !store.violated))
    }
}

/// What the chase does with each press and equation: build affine forms, or compute
/// values.
trait Store {
    /// Press `(p, c)` is unknown number `k`.
    fn set_unknown(&mut self, p: usize, c: usize, k: usize);
    /// Press `(p, c)` is whatever makes a light with the given `sources` (the other
    /// presses that reach it) end at `rhs`.
    fn fix(&mut self, p: usize, c: usize, sources: &[(usize, usize)], rhs: u8);
    /// The presses `sources` must add up to `rhs` (`saved`: the sources are in rows kept
    /// by `save_row`, not only in the band).
    fn equation(&mut self, sources: &[(usize, usize)], rhs: u8, saved: bool);
    /// Keeps press row `p` for the boundary equations.
    fn save_row(&mut self, p: usize);

    /// Fixes press row `p` from light row `i`: [`Store::fix`] for each of the plan's
    /// fixing lights, in order.
    fn fix_row(&mut self, plan: &Plan, p: usize, i: usize, rhs: &Board) {
        let mut sources = Vec::new();
        for step in &plan.fix {
            step.sources_at(p, &mut sources);
            self.fix(p, step.target, &sources, rhs.get(i, step.light_col));
        }
    }
}

/// Affine forms over GF(2): bits `0..U` the coefficients, bit `U` the constant; this
/// store keeps only the words `w0..w1` of each form.
struct Gf2Forms {
    /// Words per form in this store: `w1 - w0` rounded up to a multiple of 8.
    width: usize,
    w1: usize,
    kernel: XorKernel,
    constant: Option<(usize, u64)>,
    n: usize,
    /// The band slot of each press row (`p mod (h + 1)`, looked up: no division in the
    /// inner loop).
    slot: Vec<u32>,
    band: Vec<u64>,
    offsets: Vec<usize>,
    saved: BTreeMap<usize, Vec<u64>>,
    scratch: Vec<u64>,
    eqs: Vec<u64>,
    equations: usize,
    w0: usize,
}

impl Gf2Forms {
    fn new(plan: &Plan, (w0, w1): (usize, usize)) -> Self {
        let width = (w1 - w0).next_multiple_of(8);
        let u = plan.unknowns;
        let cw = u / WORD_BITS;
        Self {
            width,
            w1,
            kernel: XorKernel::detect(),
            constant: (w0..w1)
                .contains(&cw)
                .then_some((cw - w0, 1u64 << (u % WORD_BITS))),
            n: plan.layout.n,
            slot: (0..plan.layout.m)
                .map(|p| (p % (plan.layout.h + 1)) as u32)
                .collect(),
            band: vec![0; (plan.layout.h + 1) * plan.layout.n * width],
            offsets: Vec::new(),
            saved: BTreeMap::new(),
            scratch: vec![0; width],
            eqs: Vec::with_capacity(u * width),
            equations: 0,
            w0,
        }
    }

    #[inline]
    fn offset(&self, p: usize, c: usize) -> usize {
        (self.slot[p] as usize * self.n + c) * self.width
    }

    /// `scratch = XOR of the sources' forms`.
    fn gather(&mut self, sources: &[(usize, usize)], saved: bool) {
        self.scratch.fill(0);
        for &(p, c) in sources {
            let src = if saved {
                let row = &self.saved[&p];
                &row[c * self.width..(c + 1) * self.width]
            } else {
                let o = self.offset(p, c);
                &self.band[o..o + self.width]
            };
            crate::gf2::xor_into(&mut self.scratch, src);
        }
    }
}

impl Store for Gf2Forms {
    fn set_unknown(&mut self, p: usize, c: usize, k: usize) {
        let o = self.offset(p, c);
        let form = &mut self.band[o..o + self.width];
        form.fill(0);
        let w = k / WORD_BITS;
        if (self.w0..self.w1).contains(&w) {
            form[w - self.w0] = 1 << (k % WORD_BITS);
        }
    }

    fn fix(&mut self, p: usize, c: usize, sources: &[(usize, usize)], rhs: u8) {
        // p = rhs - sum(sources) = rhs + sum(sources) over GF(2), in one pass over the
        // words: blocks of 8 gathered from every source, then stored.
        let o = self.offset(p, c);
        let mut offsets = std::mem::take(&mut self.offsets);
        offsets.clear();
        offsets.extend(sources.iter().map(|&(ps, cs)| self.offset(ps, cs)));
        self.kernel.gather(&mut self.band, o, &offsets, self.width);
        self.offsets = offsets;
        if rhs & 1 == 1 {
            if let Some((w, bit)) = self.constant {
                self.band[o + w] ^= bit;
            }
        }
    }

    fn equation(&mut self, sources: &[(usize, usize)], rhs: u8, saved: bool) {
        // sum(coefficients) x = rhs + sum(constants): the row is the sum of the forms
        // with the constant bit flipped by rhs.
        self.gather(sources, saved);
        if rhs & 1 == 1 {
            if let Some((w, bit)) = self.constant {
                self.scratch[w] ^= bit;
            }
        }
        self.eqs.extend_from_slice(&self.scratch);
        self.equations += 1;
    }

    fn save_row(&mut self, p: usize) {
        let o = self.offset(p, 0);
        let row = self.band[o..o + self.n * self.width].to_vec();
        self.saved.insert(p, row);
    }

    /// The hot loop of the binary chase: source offsets from per-row bases, no tuples.
    fn fix_row(&mut self, plan: &Plan, p: usize, i: usize, rhs: &Board) {
        let w = self.width;
        let row_words = self.n * w;
        // bases[above]: where press row p - above starts in the band (None above row 0).
        let bases: Vec<Option<usize>> = (0..=plan.layout.h)
            .map(|above| (above <= p).then(|| self.slot[p - above] as usize * row_words))
            .collect();
        let here = bases[0].expect("row p is in the band");
        let mut offsets = std::mem::take(&mut self.offsets);
        let bits = rhs.bits().expect("two states");
        for step in &plan.fix {
            offsets.clear();
            offsets.extend(
                step.sources
                    .iter()
                    .filter_map(|&(above, c)| bases[above].map(|b| b + c * w)),
            );
            let dst = here + step.target * w;
            self.kernel.gather(&mut self.band, dst, &offsets, w);
            if bits.get(i, step.light_col) {
                if let Some((cw, bit)) = self.constant {
                    self.band[dst + cw] ^= bit;
                }
            }
        }
        self.offsets = offsets;
    }
}

/// Affine forms mod K: entries `0..U` the coefficients, entry `U` the constant.
struct ZkForms {
    k: u8,
    width: usize,
    n: usize,
    slots: usize,
    band: Vec<u8>,
    saved: BTreeMap<usize, Vec<u8>>,
    acc: Vec<u8>,
    /// The equations, `width` entries each: coefficients, then the right-hand side.
    eqs: Vec<u8>,
}

impl ZkForms {
    fn new(plan: &Plan) -> Self {
        let width = plan.unknowns + 1;
        Self {
            k: plan.work.modulus(),
            width,
            n: plan.layout.n,
            slots: plan.layout.h + 1,
            band: vec![0; (plan.layout.h + 1) * plan.layout.n * width],
            saved: BTreeMap::new(),
            acc: vec![0; width],
            eqs: Vec::with_capacity(plan.unknowns * width),
        }
    }

    #[inline]
    fn offset(&self, p: usize, c: usize) -> usize {
        ((p % self.slots) * self.n + c) * self.width
    }

    /// `acc = sum of the sources' forms` (mod K).
    fn gather(&mut self, sources: &[(usize, usize)], saved: bool) {
        self.acc.fill(0);
        let k = self.k;
        for &(p, c) in sources {
            let src = if saved {
                &self.saved[&p][c * self.width..(c + 1) * self.width]
            } else {
                let o = ((p % self.slots) * self.n + c) * self.width;
                &self.band[o..o + self.width]
            };
            for (a, &b) in self.acc.iter_mut().zip(src) {
                // Both below K: the sum is below 2K, one subtraction reduces it.
                let s = u16::from(*a) + u16::from(b);
                *a = if s >= u16::from(k) {
                    (s - u16::from(k)) as u8
                } else {
                    s as u8
                };
            }
        }
    }
}

impl Store for ZkForms {
    fn set_unknown(&mut self, p: usize, c: usize, k: usize) {
        let o = self.offset(p, c);
        let form = &mut self.band[o..o + self.width];
        form.fill(0);
        form[k] = 1;
    }

    fn fix(&mut self, p: usize, c: usize, sources: &[(usize, usize)], rhs: u8) {
        // p = rhs - sum(sources).
        self.gather(sources, false);
        let (k, u) = (self.k, self.width - 1);
        let o = self.offset(p, c);
        for (d, &a) in self.band[o..o + self.width].iter_mut().zip(&self.acc) {
            *d = if a == 0 { 0 } else { k - a };
        }
        let constant = &mut self.band[o + u];
        *constant = ((u16::from(*constant) + u16::from(rhs)) % u16::from(k)) as u8;
    }

    fn equation(&mut self, sources: &[(usize, usize)], rhs: u8, saved: bool) {
        // sum(coefficients) x = rhs - sum(constants).
        self.gather(sources, saved);
        let (k, u) = (u16::from(self.k), self.width - 1);
        let b = ((u16::from(rhs) + k - u16::from(self.acc[u])) % k) as u8;
        self.eqs.extend_from_slice(&self.acc[..u]);
        self.eqs.push(b);
    }

    fn save_row(&mut self, p: usize) {
        let o = self.offset(p, 0);
        let row = self.band[o..o + self.n * self.width].to_vec();
        self.saved.insert(p, row);
    }
}

/// `band[dst..dst + width] = XOR of band[src..src + width]` over `sources`, in blocks
/// of 8 words (`width` a multiple of 8, `dst` none of the sources), compiled for the
/// widest vectors the CPU has.
#[derive(Clone, Copy, Debug)]
enum XorKernel {
    Plain,
    #[cfg(target_arch = "x86_64")]
    Avx2,
    #[cfg(target_arch = "x86_64")]
    Avx512,
}

impl XorKernel {
    fn detect() -> Self {
        #[cfg(target_arch = "x86_64")]
        {
            if crate::cpu::avx512f() {
                return XorKernel::Avx512;
            }
            if crate::cpu::avx2() {
                return XorKernel::Avx2;
            }
        }
        XorKernel::Plain
    }

    #[inline]
    fn gather(self, band: &mut [u64], dst: usize, sources: &[usize], width: usize) {
        match self {
            XorKernel::Plain => gather_blocks(band, dst, sources, width),
            // SAFETY: `detect` checked that the CPU has the feature.
            #[cfg(target_arch = "x86_64")]
            XorKernel::Avx2 => unsafe { gather_avx2(band, dst, sources, width) },
            #[cfg(target_arch = "x86_64")]
            XorKernel::Avx512 => unsafe { gather_avx512(band, dst, sources, width) },
        }
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn gather_avx2(band: &mut [u64], dst: usize, sources: &[usize], width: usize) {
    gather_blocks(band, dst, sources, width)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
unsafe fn gather_avx512(band: &mut [u64], dst: usize, sources: &[usize], width: usize) {
    gather_blocks(band, dst, sources, width)
}

#[inline(always)]
fn gather_blocks(band: &mut [u64], dst: usize, sources: &[usize], width: usize) {
    debug_assert!(width.is_multiple_of(8));
    for i in (0..width).step_by(8) {
        let mut acc = [0u64; 8];
        for &s in sources {
            let src: &[u64; 8] = band[s + i..s + i + 8].try_into().expect("8 words");
            for t in 0..8 {
                acc[t] ^= src[t];
            }
        }
        band[dst + i..dst + i + 8].copy_from_slice(&acc);
    }
}

/// Many binary press patterns at once, bit-sliced: each cell holds a word per 64
/// patterns, bit `k` the press of pattern `k` (the quiet patterns of a kernel basis in
/// one chase). Right-hand sides are zero.
struct Sliced<'a> {
    n: usize,
    width: usize,
    /// For unknown `u`: its value in each pattern, packed.
    unknowns: &'a [Vec<u64>],
    values: Vec<u64>,
}

impl Store for Sliced<'_> {
    fn set_unknown(&mut self, p: usize, c: usize, k: usize) {
        let o = (p * self.n + c) * self.width;
        self.values[o..o + self.width].copy_from_slice(&self.unknowns[k]);
    }

    fn fix(&mut self, p: usize, c: usize, sources: &[(usize, usize)], _rhs: u8) {
        let (n, w) = (self.n, self.width);
        let o = (p * n + c) * w;
        for i in 0..w {
            self.values[o + i] = sources
                .iter()
                .fold(0, |acc, &(ps, cs)| acc ^ self.values[(ps * n + cs) * w + i]);
        }
    }

    fn equation(&mut self, _sources: &[(usize, usize)], _rhs: u8, _saved: bool) {}

    fn save_row(&mut self, _p: usize) {}
}

/// Press values mod K for given unknowns.
struct Numeric<'a> {
    k: u8,
    n: usize,
    x: &'a [u8],
    values: Vec<u8>,
    violated: bool,
}

impl Numeric<'_> {
    fn sum(&self, sources: &[(usize, usize)]) -> u8 {
        let k = u32::from(self.k);
        (sources
            .iter()
            .map(|&(p, c)| u32::from(self.values[p * self.n + c]))
            .sum::<u32>()
            % k) as u8
    }
}

impl Store for Numeric<'_> {
    fn set_unknown(&mut self, p: usize, c: usize, k: usize) {
        self.values[p * self.n + c] = self.x[k];
    }

    fn fix(&mut self, p: usize, c: usize, sources: &[(usize, usize)], rhs: u8) {
        let k = u32::from(self.k);
        let s = u32::from(self.sum(sources));
        self.values[p * self.n + c] = ((u32::from(rhs) + k - s) % k) as u8;
    }

    fn equation(&mut self, sources: &[(usize, usize)], rhs: u8, _saved: bool) {
        if self.sum(sources) != rhs {
            self.violated = true;
        }
    }

    fn save_row(&mut self, _p: usize) {}
}

/// Solves `M x = rhs` by the chase, within `budget`.
pub(crate) fn solve(
    game: &Game,
    plan: &Plan,
    rhs: &Board,
    budget: &Budget,
) -> Result<Solution, Error> {
    let rhs_w = plan.board_in(rhs);
    // The presses for a solution of the reduced system, checked against its equations.
    let presses_for = |x: &[u8]| -> Result<Board, Error> {
        let (p, ok) = plan.presses(x, &rhs_w, budget)?;
        if !ok {
            return Err(Error::Internal(
                "the chase's solution failed its own equations".into(),
            ));
        }
        Ok(plan.board_out(p))
    };
    match game.modulus() {
        2 => {
            let (system, constant) = plan.binary_system(&rhs_w, budget)?;
            let red = Reduced::new_within(&system, &constant, budget)?;
            let presses = red
                .particular()
                .map(|x| {
                    let x: Vec<u8> = (0..plan.unknowns).map(|i| u8::from(x.get(i))).collect();
                    presses_for(&x)
                })
                .transpose()?;
            Ok(Solution::binary(Method::Chase, presses, red.nullity()))
        }
        _ => {
            let z = plan.modular_system(&rhs_w, budget)?;
            let presses = z.solution.as_deref().map(presses_for).transpose()?;
            Ok(Solution {
                method: Method::Chase,
                presses,
                nullity: z.nullity,
                count: z.count,
            })
        }
    }
}

/// Rank, nullity and quiet patterns (generators, for K states) by the chase, within
/// `budget`.
pub(crate) fn analyze(game: &Game, plan: &Plan, budget: &Budget) -> Result<Analysis, Error> {
    let zero = plan.board_in(&game.empty_board());
    match game.modulus() {
        2 => {
            let (system, _) = plan.binary_system(&zero, budget)?;
            let red = Reduced::homogeneous_within(&system, budget)?;
            let quiet = plan.quiet_patterns(&red.kernel_basis(), &zero, budget)?;
            Ok(Analysis {
                method: Method::Chase,
                rank: game.cells() - red.nullity(),
                nullity: red.nullity(),
                quiet: crate::solve::QuietSpace::from_solver(game, red.nullity(), quiet)?,
            })
        }
        _ => {
            let z = plan.modular_system(&zero, budget)?;
            let quiet = z
                .kernel
                .generators()
                .iter()
                .map(|x| Ok(plan.board_out(plan.presses(x, &zero, budget)?.0)))
                .collect::<Result<Vec<Board>, Error>>()?;
            Ok(Analysis {
                method: Method::Chase,
                rank: game.cells() - z.nullity,
                nullity: z.nullity,
                quiet: crate::solve::QuietSpace::from_solver(game, z.nullity, quiet)?,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Shape;

    thread_local! {
        /// The number of threads the last binary chase on this thread used.
        pub(super) static CHASE_THREADS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    }

    fn plan_for(shape: Shape, boundary: Boundary, m: usize, n: usize) -> Plan {
        let game = Game::new(m, n, Rules::new(shape, boundary, 2).unwrap()).unwrap();
        Plan::new(&game).unwrap()
    }

    #[test]
    fn unknown_counts_are_the_textbook_ones() {
        // Classic open board: the first row (the shorter side).
        assert_eq!(plan_for(Shape::plus(), Boundary::Open, 9, 5).unknowns(), 5);
        // Torus: two bands of the shorter side.
        assert_eq!(
            plan_for(Shape::plus(), Boundary::Torus, 7, 9).unknowns(),
            14
        );
        // King on an open board: the first row plus one column per later row.
        assert_eq!(
            plan_for(Shape::king(), Boundary::Open, 6, 6).unknowns(),
            6 + 5
        );
        // Knight (reach 2): two rows plus a column per later row.
        assert_eq!(
            plan_for(Shape::knight(), Boundary::Open, 8, 8).unknowns(),
            16 + 6
        );
    }

    #[test]
    fn small_wrapped_boards_and_projective_are_refused() {
        let g = Game::new(2, 2, Rules::new(Shape::plus(), Boundary::Torus, 2).unwrap()).unwrap();
        assert!(Plan::new(&g).is_err());
        let g = Game::new(
            5,
            5,
            Rules::new(Shape::plus(), Boundary::Projective, 2).unwrap(),
        )
        .unwrap();
        let e = Plan::new(&g).unwrap_err().to_string();
        assert!(e.contains("projective"), "{e}");
    }

    /// The plan as built, against its closed-form layout: the same unknowns, row
    /// unknowns and saved rows, and every layout can be built (the order check of
    /// `build` never fails on a layout), for random shapes, boundaries and sizes.
    #[test]
    fn layouts_match_the_plans_built_from_them() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let mut built = 0;
        for _ in 0..4000 {
            let (h, w) = (1 + next(5) as i32, 1 + next(5) as i32);
            let offsets: Vec<(i32, i32)> = (0..1 + next(8))
                .map(|_| (next(h as u64) as i32 - h / 2, next(w as u64) as i32 - w / 2))
                .collect();
            let shape = Shape::from_offsets(offsets).unwrap();
            let boundary = [Boundary::Open, Boundary::Torus, Boundary::Klein][next(3) as usize];
            let (m, n) = (1 + next(12) as usize, 1 + next(12) as usize);
            let k = [2, 3, 4][next(3) as usize];
            let Ok(game) = Game::new(m, n, Rules::new(shape, boundary, k).unwrap()) else {
                continue;
            };
            for (layout, transposed, mirrored) in layouts(&game) {
                let g = if transposed {
                    game.transpose().unwrap()
                } else {
                    game.clone()
                };
                let plan =
                    Plan::build(&g, transposed, mirrored, layout).expect("every layout builds");
                assert_eq!(plan.row_unknowns.len(), layout.row_unknowns);
                assert_eq!(
                    plan.saved.iter().filter(|&&s| s).count(),
                    layout.saved_rows,
                    "{m}x{n} {} t{transposed} m{mirrored}",
                    game.rules().describe()
                );
                let targeted = plan.fix.len();
                assert_eq!(targeted + plan.leftover.len(), plan.layout.n);
                assert_eq!(plan.layout.n - targeted, layout.row_unknowns);
                built += 1;
            }
        }
        assert!(built > 2000, "{built}");
    }

    /// The chase keeps to the budget's thread count.
    #[test]
    fn the_binary_chase_uses_at_most_the_budgets_threads() {
        // 1,200 unknowns: 19 words of forms, room for three threads of 8 words.
        let game = Game::new(
            600,
            600,
            Rules::new(Shape::plus(), Boundary::Torus, 2).unwrap(),
        )
        .unwrap();
        let plan = Plan::new(&game).unwrap();
        let zero = game.empty_board();
        for (threads, want) in [(1, 1), (2, 2), (8, 3)] {
            let budget = Budget::unlimited().with_threads(threads);
            let a = analyze(&game, &plan, &budget).unwrap();
            assert_eq!(CHASE_THREADS.with(|c| c.get()), want, "{threads}");
            assert_eq!(
                a.nullity,
                analyze(&game, &plan, &Budget::unlimited().with_threads(1))
                    .unwrap()
                    .nullity
            );
            let s = solve(&game, &plan, &zero, &budget).unwrap();
            assert_eq!(CHASE_THREADS.with(|c| c.get()), want);
            assert!(s.presses.is_some());
        }
    }
}
