//! The plan of one chase: the orientation, the per-row template of which light fixes
//! which press, and the boundary equations; and the chase itself over a [`Store`].

use super::*;
use std::collections::BTreeMap;

/// How to chase one game: the orientation, the per-row template and the boundary
/// equations.
#[derive(Clone, Debug)]
pub(crate) struct Plan {
    pub(super) work: Game,
    pub(super) transposed: bool,
    pub(super) mirrored: bool,
    /// The sizes, row offset `R`, band height and interior rows of the orientation.
    pub(super) layout: Layout,
    pub(super) fix: Vec<Step>,
    pub(super) leftover: Vec<Step>,
    pub(super) row_unknowns: Vec<usize>,
    pub(super) unknowns: usize,
    /// Boundary lights (row-major cell) and the press cells that reach them.
    pub(super) boundary: Vec<(usize, Vec<usize>)>,
    pub(super) saved: Vec<bool>,
}

impl Plan {
    /// The plan with the fewest unknowns over the orientations the rules allow, or an
    /// error saying why the chase does not apply or which limit it exceeds. The limits
    /// are checked on the closed-form layout before the plan is built.
    pub fn new(game: &Game) -> Result<Plan, Error> {
        Method::Chase.accepts(game)?;
        let mut plan = Self::choose(game)?;
        plan.add_boundary();
        Ok(plan)
    }

    /// The orientation and row template with the fewest unknowns (the boundary
    /// equations are left out), built from the layouts in order of unknowns.
    pub(super) fn choose(game: &Game) -> Result<Plan, Error> {
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
    pub(super) fn build(
        game: &Game,
        transposed: bool,
        mirrored: bool,
        layout: Layout,
    ) -> Option<Plan> {
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
    pub(super) fn add_boundary(&mut self) {
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

    pub(super) fn board_in(&self, b: &Board) -> Board {
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

    pub(super) fn board_out(&self, b: Board) -> Board {
        let b = if self.mirrored { b.mirror() } else { b };
        if self.transposed {
            b.transpose()
        } else {
            b
        }
    }

    pub(super) fn is_unknown_row(&self, p: usize) -> bool {
        let p = p as i64;
        p < self.layout.first as i64 + self.layout.r || p > self.layout.last as i64 + self.layout.r
    }

    /// Runs the chase on `store` with `rhs` (working orientation) the lights to change,
    /// ticking `ticker` a press row at a time with `row_work` word operations.
    pub(super) fn run<S: Store>(
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
    pub(super) fn row_work(&self, width: usize) -> u64 {
        (self.layout.n as u64)
            .saturating_mul(self.layout.offsets as u64)
            .saturating_mul(width as u64)
            .saturating_add(1)
    }

    /// The reduced binary system `A x = b` for `rhs` (working orientation), the chase
    /// split across at most `budget.threads()` threads by word ranges of the forms.
    pub(super) fn binary_system(
        &self,
        rhs: &Board,
        budget: &Budget,
    ) -> Result<(BitMatrix, BitVec), Error> {
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
    pub(super) fn binary_part(
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
    pub(super) fn modular_system(&self, rhs: &Board, budget: &Budget) -> Result<ZkSolution, Error> {
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
    pub(super) fn quiet_patterns(
        &self,
        kernel: &[BitVec],
        zero: &Board,
        budget: &Budget,
    ) -> Result<Vec<Board>, Error> {
        let d = kernel.len();
        if d == 0 {
            return Ok(Vec::new());
        }
        let width = words_for(d);
        let (m, n) = (self.layout.m, self.layout.n);
        let sliced_bytes = (m as u64 * n as u64)
            .saturating_mul(width as u64)
            .saturating_mul(8);
        Limit::memory(
            "the chase's bit-sliced quiet patterns",
            sliced_bytes,
            MAX_BAND_BYTES,
        )
        .map_err(Error::LimitExceeded)?;
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
            values: vec![0; m * n * width],
        };
        let work = self.row_work(width);
        let ticker = &mut Ticker::new(budget);
        self.run(&mut store, zero, ticker, work)?;
        // The values hold pattern k's bit of each cell at bit k of the cell's words: one
        // board row of them is an n x (64 * width) bit matrix, whose transpose holds
        // that row of every pattern (64 x 64 bits at a time, not one bit per pattern and
        // cell: 3596 patterns of the 900 x 900 king torus took 30 s that way).
        let mut patterns = vec![BitMatrix::zeros(m, n); d];
        for (r, row) in store.values.chunks_exact(n * width).enumerate() {
            ticker.tick((n * width) as u64 + (d * words_for(n)) as u64)?;
            let by_pattern = BitMatrix::from_words(n, width * WORD_BITS, row.to_vec()).transpose();
            for (k, pattern) in patterns.iter_mut().enumerate() {
                pattern.row_mut(r).copy_from_slice(by_pattern.row(k));
            }
        }
        drop(store);
        Ok(patterns
            .into_iter()
            .map(|b| self.board_out(Board::from_bits(b)))
            .collect())
    }

    /// The presses for unknowns `x` (working orientation), and whether every equation
    /// held.
    pub(super) fn presses(
        &self,
        x: &[u8],
        rhs: &Board,
        budget: &Budget,
    ) -> Result<(Board, bool), Error> {
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
