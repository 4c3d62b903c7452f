//! The layouts: which rows and columns a chase fixes, which stay unknown, in each
//! orientation the rules allow; their limits and costs, judged before anything is built.

use super::*;

/// One light of an interior row, relative to the press row `p` it fixes: its target
/// column in row `p` (for the lights that fix a press) and the presses it sees, as
/// `(rows above p, column)`.
#[derive(Clone, Debug)]
pub(super) struct Step {
    pub(super) light_col: usize,
    pub(super) target: usize,
    pub(super) sources: Vec<(usize, usize)>,
}

impl Step {
    /// The presses this light sees when it fixes press row `p` (those above the first row
    /// of an open board left out).
    pub(super) fn sources_at(&self, p: usize, out: &mut Vec<(usize, usize)>) {
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
    pub(super) m: usize,
    pub(super) n: usize,
    /// `R`: light row `i` fixes press row `i + R`.
    pub(super) r: i64,
    /// Rows between the highest and the lowest press a light sees.
    pub(super) h: usize,
    /// Interior light rows `first..=last` fix presses; the others give equations.
    pub(super) first: usize,
    pub(super) last: usize,
    /// Press columns of an interior row that no light fixes.
    pub(super) row_unknowns: usize,
    pub(super) unknowns: usize,
    /// Press rows kept for the boundary equations.
    pub(super) saved_rows: usize,
    /// Offsets of the shape.
    pub(super) offsets: usize,
    pub(super) modulus: u8,
}

impl Layout {
    /// The layout of an `m x n` board (already in the orientation to chase) with
    /// the outline of its shape in that orientation, or `None` if no row can be chased.
    pub(super) fn of(
        m: usize,
        n: usize,
        shape: &Outline,
        boundary: Boundary,
        modulus: u8,
    ) -> Option<Layout> {
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
    pub(super) fn form_bytes(&self) -> u64 {
        if self.modulus == 2 {
            words_for(self.unknowns + 1) as u64 * 8
        } else {
            self.unknowns as u64 + 1
        }
    }

    /// Word operations of the symbolic chase: every press's form is the sum of the
    /// forms of the presses its light sees (`cells x |shape| x forms' words`).
    pub(super) fn chase_words(&self) -> u64 {
        let w = words_for(self.unknowns + 1) as u128;
        let cells = self.m as u128 * self.n as u128;
        u64::try_from(cells * self.offsets as u128 * w).unwrap_or(u64::MAX)
    }

    /// Bytes of affine forms held at once: the band of rows being chased, the rows kept
    /// for the boundary equations, and the equations.
    pub(super) fn band_bytes(&self) -> u64 {
        let rows = (self.h as u128 + 1) + self.saved_rows as u128;
        let form = self.form_bytes() as u128;
        let total = rows * self.n as u128 * form + self.unknowns as u128 * form;
        u64::try_from(total).unwrap_or(u64::MAX)
    }

    /// Bytes of the plan itself: a step per column with the presses its light sees,
    /// the presses reaching each boundary light, and per-row flags.
    pub(super) fn plan_bytes(&self) -> u64 {
        let n = self.n as u128;
        let offsets = self.offsets as u128;
        let boundary_lights = (self.m - (self.last - self.first + 1)) as u128 * n;
        let total =
            n * (offsets * 16 + 48) + boundary_lights * (offsets * 8 + 64) + self.m as u128 * 8;
        u64::try_from(total).unwrap_or(u64::MAX)
    }

    /// The estimated cost of a solve or an analysis with this layout.
    pub(super) fn cost(&self) -> Cost {
        let u = self.unknowns as f64;
        let cells = self.m as f64 * self.n as f64;
        let work = self.chase_words() as f64
            + crate::solve::methods::gauss::elimination_work(u, self.modulus)
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
            2.0 * u * (u + 1.0)
                + crate::solve::methods::gauss::zk_elimination_bytes(u, self.modulus)
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
pub(super) fn saved_row_count(
    m: usize,
    first: usize,
    last: usize,
    dmin: i64,
    dmax: i64,
    wrap: bool,
) -> usize {
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
pub(super) fn overlap(a: (i64, i64), b: (i64, i64)) -> i64 {
    (a.1.min(b.1) - a.0.max(b.0)).max(0)
}

/// The orientations the chase may use for `game`, each with its layout, in the order
/// they are tried: as given, mirrored, transposed, transposed and mirrored.
pub(super) fn layouts(game: &Game) -> Vec<(Layout, bool, bool)> {
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
pub(super) struct Outline {
    /// Extent of the row and column offsets.
    pub(super) dmin: i32,
    pub(super) dmax: i32,
    pub(super) cmin: i32,
    pub(super) cmax: i32,
    /// The least and greatest column offset in the lowest row (`dmin`).
    pub(super) lowest: (i32, i32),
    pub(super) count: usize,
}

impl Outline {
    /// The outline of `offsets` transposed (rows and columns swapped) and/or mirrored
    /// (columns negated, after the transpose), or `None` for no offsets.
    pub(super) fn of(offsets: &[(i32, i32)], transposed: bool, mirrored: bool) -> Option<Outline> {
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
pub(super) fn layouts_by_unknowns(game: &Game) -> Vec<(Layout, bool, bool)> {
    let mut all = layouts(game);
    all.sort_by_key(|(l, _, _)| l.unknowns);
    all
}

/// Why the chase does not apply to `game`'s rules, if it does not.
pub(super) fn rules_refusal(game: &Game) -> Option<Refusal> {
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

impl Layout {
    /// Errors if the chase would take too long or too much memory.
    pub(super) fn check_limits(&self) -> Result<(), Refusal> {
        if self.modulus != 2 && self.unknowns > zk::MAX_GAME_CELLS {
            return Err(Refusal::Size(Limit::Unknowns {
                unknowns: self.unknowns as u64,
                max: zk::MAX_GAME_CELLS as u64,
                modulus: self.modulus,
            }));
        }
        if self.unknowns > MAX_UNKNOWNS {
            return Err(Refusal::Size(Limit::Unknowns {
                unknowns: self.unknowns as u64,
                max: MAX_UNKNOWNS as u64,
                modulus: 2,
            }));
        }
        let words = self.chase_words();
        if words > MAX_WORK {
            return Err(Refusal::Size(Limit::WordOperations {
                estimated: words,
                max: MAX_WORK,
            }));
        }
        let bytes = self.band_bytes().saturating_add(self.plan_bytes());
        Limit::memory("the chase's affine forms and plan", bytes, MAX_BAND_BYTES)
            .map_err(Refusal::Size)
    }
}
