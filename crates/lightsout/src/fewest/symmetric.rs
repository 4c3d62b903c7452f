//! The fewest-press search cut by the board's symmetries.
//!
//! The solutions of a position form an affine space `S = p + span(quiet)`. A symmetry
//! of the board (a permutation of the cells) that maps `S` onto itself keeps every
//! press count, so it is enough to search one solution of each orbit of the group `G`
//! the symmetries generate. In the coordinates `c` of `x = p + sum c_j q_j` each element
//! of `G` is an affine map of `GF(2)^d`; `G` is kept a 2-group (the square's eight
//! symmetries, or a 2-subgroup of the torus's), and a 2-group of affine maps over GF(2)
//! fixes a full flag: there are coordinates `y` in which every element acts as
//!
//! ```text
//! (g y)_j = y_j + chi_j^g(y_{j+1}, ..., y_d)      (chi affine)
//! ```
//!
//! so the orbits can be walked from the top coordinate down. Over a set of values of
//! the higher coordinates whose stabiliser is `H`, `h -> chi_j^h` is a homomorphism
//! `H -> GF(2)`: where it is zero both values of `y_j` are kept (and `H` stays the
//! stabiliser); where it is not, `y_j = 0` is kept (the two values are one orbit) and
//! the stabiliser shrinks to its kernel. Splitting each set by the values of the (at
//! most two independent, for the square) forms `chi` gives affine pieces whose union
//! holds exactly one solution of each orbit: the search examines the number of orbits,
//! about `2^d / |G|` (OEIS A075463 counts them for the all-on square board).
//!
//! Each piece is then searched by [`minimal`](super::minimal) (small ones by a plain Gray-code walk),
//! and the best pattern over the pieces is the fewest-press solution of the whole space,
//! proven when every piece's search is.
//!
//! The tie-break between patterns with equally few presses is [`minimal`](super::minimal)'s within a
//! piece; across pieces the lexicographically first of the pieces' answers wins, which
//! need not be the first over all of `S` (a symmetric image may come first).

use super::{minimal_within, Minimal, MinimalOptions};
use crate::budget::{Budget, Meter, Phase, Progress};
use crate::error::{Error, Limit};
use crate::game::Board;
use crate::solve::QuietSpace;
use std::collections::HashSet;

/// Most quiet patterns the symmetric search handles (coefficients are packed in a
/// `u128`).
pub const MAX_SYMMETRIC_NULLITY: usize = 128;

/// Largest group the symmetric search builds from the symmetries it is given (the rest
/// are left out).
const MAX_GROUP: usize = 512;

/// Pieces of at most `2^SMALL_PIECE` solutions are walked directly instead of set up for
/// the exhaustive search.
const SMALL_PIECE: usize = 12;

/// A cell permutation as a list: `perm[cell]` is where `cell` goes (row-major indices).
pub type CellPermutation = Vec<usize>;

/// The involutions of the square's symmetry group on an `n x n` board: the four
/// reflections (rows reversed, columns reversed, both diagonals) and the half turn.
/// Together they generate all eight symmetries.
///
/// ```
/// let sym = lightsout::fewest::square_symmetries(3);
/// assert_eq!(sym.len(), 5);
/// // The transpose maps cell (0, 1) to (1, 0).
/// assert!(sym.iter().any(|p| p[1] == 3 && p[3] == 1 && p[4] == 4));
/// ```
pub fn square_symmetries(n: usize) -> Vec<CellPermutation> {
    let map = |f: &dyn Fn(usize, usize) -> (usize, usize)| -> CellPermutation {
        (0..n * n)
            .map(|cell| {
                let (r, c) = f(cell / n, cell % n);
                r * n + c
            })
            .collect()
    };
    let last = n.saturating_sub(1);
    vec![
        map(&|r, c| (last - r, c)),
        map(&|r, c| (r, last - c)),
        map(&|r, c| (last - r, last - c)),
        map(&|r, c| (c, r)),
        map(&|r, c| (last - c, last - r)),
    ]
}

/// Involutions of the `n x n` torus that keep the plus-shaped game (and the all-on
/// board): the square's five, then the translations by half the board (for even `n`)
/// and the reflections and half turns about the other axes and points. The search
/// keeps those that generate a 2-group (at most 512 elements) with the first ones.
pub fn torus_symmetries(n: usize) -> Vec<CellPermutation> {
    let map = |f: &dyn Fn(usize, usize) -> (usize, usize)| -> CellPermutation {
        (0..n * n)
            .map(|cell| {
                let (r, c) = f(cell / n, cell % n);
                (r % n) * n + c % n
            })
            .collect()
    };
    let mut out = square_symmetries(n);
    if n.is_multiple_of(2) {
        let h = n / 2;
        out.push(map(&|r, c| (r + h, c)));
        out.push(map(&|r, c| (r, c + h)));
    }
    for a in 0..n {
        out.push(map(&|r, c| (a + n - r, c)));
        out.push(map(&|r, c| (r, a + n - c)));
        // (r, c) -> (c + a, r - a) and (r, c) -> (a - c, a - r) are involutions.
        out.push(map(&|r, c| (c + a, r + n - a)));
        out.push(map(&|r, c| (a + n - c, a + n - r)));
    }
    out
}

/// A planned symmetric search: the solution space split into affine pieces that hold
/// one solution of each orbit of the symmetry group. [`SymmetricSearch::run`] searches
/// them.
///
/// ```
/// use lightsout::fewest::{square_symmetries, MinimalOptions, SymmetricSearch};
/// use lightsout::{analyze, solve, Board, Game, Method, SolveOptions};
/// let game = Game::classic(9, 9)?;
/// let sol = solve(&game, &Board::all_on(9, 9), &Board::new(9, 9), &SolveOptions::default())?;
/// let quiet = analyze(&game, Method::Auto)?.quiet;
/// let plan = SymmetricSearch::new(&sol.presses.unwrap(), &quiet, &square_symmetries(9))?;
/// assert_eq!(plan.nullity(), 8);
/// assert_eq!(plan.group_order(), 8);
/// assert_eq!(plan.candidates(), 43);          // the orbits: OEIS A075463(9)
/// let best = plan.run(&MinimalOptions::default())?;
/// assert_eq!((best.presses_count, best.proven), (25, true)); // OEIS A075464(9)
/// # Ok::<(), lightsout::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct SymmetricSearch {
    particular: Board,
    /// The quiet patterns in reduced echelon form (flat row-major bits).
    basis: Vec<Vec<u64>>,
    pieces: Vec<Piece>,
    /// The symmetries that generate the group, as indices into the caller's list.
    used: Vec<usize>,
    group_order: usize,
}

/// One affine piece of the coefficient space: `offset + span(generators)`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Piece {
    offset: u128,
    generators: Vec<u128>,
}

/// An affine map `c -> m c + t` of the coefficient space (`m` by columns).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Affine {
    columns: Vec<u128>,
    shift: u128,
}

impl Affine {
    fn identity(d: usize) -> Self {
        Self {
            columns: (0..d).map(|j| 1u128 << j).collect(),
            shift: 0,
        }
    }

    fn linear(&self, c: u128) -> u128 {
        combine(&self.columns, c)
    }

    /// `self` after `other`.
    fn after(&self, other: &Affine) -> Affine {
        Affine {
            columns: other.columns.iter().map(|&v| self.linear(v)).collect(),
            shift: self.linear(other.shift) ^ self.shift,
        }
    }
}

/// `sum_k c_k vectors[k]`.
fn combine(vectors: &[u128], c: u128) -> u128 {
    let mut out = 0;
    let mut rest = c;
    while rest != 0 {
        out ^= vectors[rest.trailing_zeros() as usize];
        rest &= rest - 1;
    }
    out
}

fn parity(x: u128) -> bool {
    x.count_ones() & 1 == 1
}

impl SymmetricSearch {
    /// Plans the search of `particular + span(quiet)` under the group generated by the
    /// given cell involutions (for example [`square_symmetries`]); symmetries that
    /// would make the group other than a 2-group, or larger than 512 elements, are left
    /// out.
    ///
    /// # Errors
    ///
    /// [`Error::Unsupported`] for boards with more than two states or more than
    /// [`MAX_SYMMETRIC_NULLITY`] independent quiet patterns; [`Error::InvalidRules`] if
    /// a permutation is not an involution of the cells or does not map the solution
    /// space onto itself; [`Error::SizeMismatch`] if the quiet patterns do not match
    /// the particular solution.
    pub fn new(
        particular: &Board,
        quiet: &QuietSpace,
        symmetries: &[CellPermutation],
    ) -> Result<Self, Error> {
        let quiet = quiet.generators();
        if particular.bits().is_none() {
            return Err(Error::unsupported(
                "the symmetric search handles two states only",
            ));
        }
        let cells = particular.cells();
        for q in quiet {
            particular.check_same_shape(q)?;
        }
        let (basis, pivots) = echelon(quiet.iter().map(flat).collect());
        let d = basis.len();
        if d > MAX_SYMMETRIC_NULLITY {
            return Err(Error::LimitExceeded(Limit::QuietPatterns {
                what: "the symmetric search",
                count: d as u64,
                max: MAX_SYMMETRIC_NULLITY as u64,
            }));
        }
        let p = flat(particular);
        let mut maps = Vec::with_capacity(symmetries.len());
        for (i, perm) in symmetries.iter().enumerate() {
            check_involution(perm, cells)
                .map_err(|e| Error::invalid_rules(format!("symmetry {}: {e}", i + 1)))?;
            let coords = |v: &[u64]| coordinates(&basis, &pivots, v);
            let columns = basis
                .iter()
                .map(|q| coords(&permute(q, perm, cells)))
                .collect::<Option<Vec<u128>>>();
            let mut moved = permute(&p, perm, cells);
            crate::gf2::xor_into(&mut moved, &p);
            let (Some(columns), Some(shift)) = (columns, coords(&moved)) else {
                return Err(Error::invalid_rules(format!(
                    "symmetry {} does not map the solutions onto themselves",
                    i + 1
                )));
            };
            maps.push(Affine { columns, shift });
        }
        // The group: add generators while it stays a small 2-group.
        let mut group = vec![Affine::identity(d)];
        let mut used = Vec::new();
        let mut generators: Vec<Affine> = Vec::new();
        for (i, g) in maps.iter().enumerate() {
            if group.contains(g) {
                continue;
            }
            let mut trial = generators.clone();
            trial.push(g.clone());
            if let Some(bigger) = closure(&trial, d) {
                generators = trial;
                group = bigger;
                used.push(i);
            }
        }
        let pieces = orbit_pieces(&group, &generators, d)?;
        Ok(Self {
            particular: particular.clone(),
            basis,
            pieces,
            used,
            group_order: group.len(),
        })
    }

    /// The dimension of the solution space (independent quiet patterns).
    pub fn nullity(&self) -> usize {
        self.basis.len()
    }

    /// The order of the symmetry group the search uses (1 without symmetries).
    pub fn group_order(&self) -> usize {
        self.group_order
    }

    /// Solutions the search examines: one per orbit of the group (the sum of `2^dim`
    /// over the pieces).
    pub fn candidates(&self) -> u128 {
        self.pieces.iter().fold(0u128, |t, p| {
            t.saturating_add(
                1u128
                    .checked_shl(p.generators.len() as u32)
                    .unwrap_or(u128::MAX),
            )
        })
    }

    /// Dimensions of the pieces, largest first.
    pub fn piece_dimensions(&self) -> Vec<usize> {
        let mut dims: Vec<usize> = self.pieces.iter().map(|p| p.generators.len()).collect();
        dims.sort_unstable_by(|a, b| b.cmp(a));
        dims
    }

    /// The symmetries that generate the group, as indices into the list given to
    /// [`SymmetricSearch::new`].
    pub fn symmetries_used(&self) -> &[usize] {
        &self.used
    }

    /// Searches every piece and returns the best pattern; proven when every piece's
    /// search was complete. The same as [`SymmetricSearch::run_within`] with the
    /// options' nullity limit and a [`Budget`] made of their time limit and threads.
    ///
    /// # Errors
    ///
    /// As [`SymmetricSearch::run_within`].
    pub fn run(&self, opts: &MinimalOptions) -> Result<Minimal, Error> {
        self.run_within(opts.max_nullity, &opts.budget())
    }

    /// Searches every piece (exhaustively up to `max_nullity` dimensions, as
    /// [`minimal_within`]) until `budget` is spent, and returns the best pattern;
    /// proven when every piece's search was complete. A deadline or cancel flag that
    /// stops the search leaves the best found so far, not proven. Its progress observer
    /// hears of the candidates done of [`SymmetricSearch::candidates`]
    /// ([`Phase::FewestPresses`]) and the fewest presses found so far.
    ///
    /// # Errors
    ///
    /// Those of [`minimal_within`]; [`Error::TimeLimit`] (or [`Error::Cancelled`]) if
    /// the budget was spent before any piece was searched.
    pub fn run_within(&self, max_nullity: usize, budget: &Budget) -> Result<Minimal, Error> {
        let mut best: Option<(u64, Vec<u64>)> = None;
        let mut proven = true;
        let consider = |best: &mut Option<(u64, Vec<u64>)>, weight: u64, words: Vec<u64>| {
            let better = match best {
                None => true,
                Some((w, b)) => weight < *w || (weight == *w && lex_before(&words, b)),
            };
            if better {
                *best = Some((weight, words));
            }
        };
        // Small pieces first: they are cheap, and a time limit then cuts the big ones.
        let mut order: Vec<&Piece> = self.pieces.iter().collect();
        order.sort_by_key(|p| p.generators.len());
        let total = u64::try_from(self.candidates()).ok();
        let meter = Meter::new(budget, Phase::FewestPresses, total);
        let mut done = 0u64;
        meter.set(0);
        for piece in order {
            if budget.is_spent() {
                proven = false;
                continue;
            }
            let size = 1u64
                .checked_shl(piece.generators.len() as u32)
                .unwrap_or(u64::MAX);
            if piece.generators.len() <= SMALL_PIECE {
                let (w, words) = self.walk(piece);
                consider(&mut best, w, words);
                done = done.saturating_add(size);
                meter.best(w);
                meter.set(done);
                continue;
            }
            let start = self.board_at(piece.offset, true);
            let generators: Vec<Board> = piece
                .generators
                .iter()
                .map(|&g| self.board_at(g, false))
                .collect();
            let quiet = QuietSpace::new(start.rows(), start.cols(), 2, generators)?;
            // The piece's own counts, as counts of the whole search.
            let (offset, best_before) = (done, best.as_ref().map(|b| b.0));
            let piece_budget = budget.mapped_progress(move |p: &Progress| {
                let best = match (p.best, best_before) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                };
                match p.phase {
                    Phase::FewestPresses => Progress {
                        phase: p.phase,
                        done: offset.saturating_add(p.done),
                        total,
                        best,
                    },
                    _ => Progress { best, ..p.clone() },
                }
            });
            let found = minimal_within(&start, &quiet, max_nullity, &piece_budget)?;
            proven &= found.proven;
            consider(&mut best, found.presses_count, flat(&found.presses));
            done = done.saturating_add(size);
            meter.best(found.presses_count);
            meter.set(done);
        }
        meter.finish();
        // Every piece may have been skipped: then there is no answer.
        let Some((weight, words)) = best else {
            budget.check()?;
            return Err(Error::TimeLimit);
        };
        Ok(Minimal {
            presses: self.board_of(&words),
            presses_count: weight,
            proven,
        })
    }

    /// Every member of a small piece, in Gray-code order: the fewest presses and the
    /// lexicographically first pattern with them.
    fn walk(&self, piece: &Piece) -> (u64, Vec<u64>) {
        let mut cur = self.flat_at(piece.offset, true);
        let gens: Vec<Vec<u64>> = piece
            .generators
            .iter()
            .map(|&g| self.flat_at(g, false))
            .collect();
        let weight = |v: &[u64]| v.iter().map(|w| u64::from(w.count_ones())).sum::<u64>();
        let mut best = (weight(&cur), cur.clone());
        for step in 1u64..1 << gens.len() {
            crate::gf2::xor_into(&mut cur, &gens[step.trailing_zeros() as usize]);
            let w = weight(&cur);
            if w < best.0 || (w == best.0 && lex_before(&cur, &best.1)) {
                best = (w, cur.clone());
            }
        }
        best
    }

    /// `particular + sum c_j q_j` (or just the sum) as flat bits.
    fn flat_at(&self, c: u128, with_particular: bool) -> Vec<u64> {
        let cells = self.particular.cells();
        let mut v = if with_particular {
            flat(&self.particular)
        } else {
            vec![0; cells.div_ceil(64)]
        };
        let mut rest = c;
        while rest != 0 {
            crate::gf2::xor_into(&mut v, &self.basis[rest.trailing_zeros() as usize]);
            rest &= rest - 1;
        }
        v
    }

    fn board_at(&self, c: u128, with_particular: bool) -> Board {
        self.board_of(&self.flat_at(c, with_particular))
    }

    fn board_of(&self, v: &[u64]) -> Board {
        let cols = self.particular.cols();
        let mut b = Board::new(self.particular.rows(), cols);
        for cell in 0..self.particular.cells() {
            if v[cell / 64] >> (cell % 64) & 1 == 1 {
                b.set(cell / cols, cell % cols, 1);
            }
        }
        b
    }
}

/// True if flat pattern `a` presses the first cell where it differs from `b`.
fn lex_before(a: &[u64], b: &[u64]) -> bool {
    for (x, y) in a.iter().zip(b) {
        let diff = x ^ y;
        if diff != 0 {
            return x & (diff & diff.wrapping_neg()) != 0;
        }
    }
    false
}

/// The board's cells as flat row-major bits.
fn flat(b: &Board) -> Vec<u64> {
    let cells = b.cells();
    let mut v = vec![0u64; cells.div_ceil(64)];
    for cell in 0..cells {
        if b.get(cell / b.cols(), cell % b.cols()) != 0 {
            v[cell / 64] |= 1 << (cell % 64);
        }
    }
    v
}

/// `v` moved by `perm`: bit `perm[i]` of the result is bit `i` of `v`.
fn permute(v: &[u64], perm: &[usize], cells: usize) -> Vec<u64> {
    let mut out = vec![0u64; v.len()];
    for i in 0..cells {
        if v[i / 64] >> (i % 64) & 1 == 1 {
            out[perm[i] / 64] |= 1 << (perm[i] % 64);
        }
    }
    out
}

fn check_involution(perm: &[usize], cells: usize) -> Result<(), String> {
    if perm.len() != cells {
        return Err(format!("{} entries for {cells} cells", perm.len()));
    }
    for (i, &j) in perm.iter().enumerate() {
        if j >= cells {
            return Err(format!("cell {i} goes to {j}, off the board"));
        }
        if perm[j] != i {
            return Err(format!("not an involution: {i} -> {j} -> {}", perm[j]));
        }
    }
    Ok(())
}

/// Reduced echelon form of the vectors (dependent ones dropped) and each one's pivot
/// (its lowest set bit, which no other vector has).
fn echelon(vectors: Vec<Vec<u64>>) -> (Vec<Vec<u64>>, Vec<usize>) {
    let bit = |v: &[u64], i: usize| v[i / 64] >> (i % 64) & 1 == 1;
    let mut rows: Vec<(usize, Vec<u64>)> = Vec::new();
    for mut v in vectors {
        for (pivot, row) in &rows {
            if bit(&v, *pivot) {
                crate::gf2::xor_into(&mut v, row);
            }
        }
        let Some(w) = v.iter().position(|&x| x != 0) else {
            continue;
        };
        let pivot = w * 64 + v[w].trailing_zeros() as usize;
        for (_, row) in rows.iter_mut() {
            if bit(row, pivot) {
                crate::gf2::xor_into(row, &v);
            }
        }
        rows.push((pivot, v));
    }
    rows.sort_by_key(|(p, _)| *p);
    rows.into_iter().map(|(p, v)| (v, p)).unzip()
}

/// The coordinates of `v` in the reduced basis (bit `j` for basis vector `j`), or
/// `None` if `v` is not in its span.
fn coordinates(basis: &[Vec<u64>], pivots: &[usize], v: &[u64]) -> Option<u128> {
    let mut rest = v.to_vec();
    let mut c = 0u128;
    for (j, (b, &pivot)) in basis.iter().zip(pivots).enumerate() {
        if rest[pivot / 64] >> (pivot % 64) & 1 == 1 {
            crate::gf2::xor_into(&mut rest, b);
            c |= 1 << j;
        }
    }
    rest.iter().all(|&w| w == 0).then_some(c)
}

/// Every element of the group the maps generate, if it is a 2-group of at most
/// [`MAX_GROUP`] elements.
fn closure(generators: &[Affine], d: usize) -> Option<Vec<Affine>> {
    let mut seen: HashSet<Affine> = HashSet::new();
    let mut elements = vec![Affine::identity(d)];
    seen.insert(elements[0].clone());
    let mut i = 0;
    while i < elements.len() {
        for g in generators {
            let next = g.after(&elements[i]);
            if seen.insert(next.clone()) {
                if elements.len() >= MAX_GROUP {
                    return None;
                }
                elements.push(next);
            }
        }
        i += 1;
    }
    elements.len().is_power_of_two().then_some(elements)
}

/// A reduced echelon form of some `u128` vectors, remembering for each row which input
/// vectors it sums (`combo`), and the combinations that sum to zero (the kernel).
struct Span {
    rows: Vec<(u32, u128, u128)>,
    kernel: Vec<u128>,
}

impl Span {
    fn of(vectors: &[u128]) -> Self {
        let mut span = Span {
            rows: Vec::new(),
            kernel: Vec::new(),
        };
        for (i, &v) in vectors.iter().enumerate() {
            let (v, combo) = span.reduce(v, 1u128 << i);
            if v == 0 {
                span.kernel.push(combo);
                continue;
            }
            let pivot = v.trailing_zeros();
            for row in span.rows.iter_mut() {
                if row.1 >> pivot & 1 == 1 {
                    row.1 ^= v;
                    row.2 ^= combo;
                }
            }
            span.rows.push((pivot, v, combo));
        }
        span
    }

    fn reduce(&self, mut v: u128, mut combo: u128) -> (u128, u128) {
        for &(pivot, row, c) in &self.rows {
            if v >> pivot & 1 == 1 {
                v ^= row;
                combo ^= c;
            }
        }
        (v, combo)
    }

    /// The combination of the input vectors that gives `v`, if `v` is in the span.
    fn solve(&self, v: u128) -> Option<u128> {
        let (rest, combo) = self.reduce(v, 0);
        (rest == 0).then_some(combo)
    }
}

/// A basis `b_1..b_d` of the coefficient space in which every generator is
/// unitriangular: `(M_g + I) b_i` lies in `span(b_1..b_{i-1})`. Built a layer at a
/// time: the vectors that every generator fixes modulo the span so far (a 2-group
/// always fixes a nonzero vector of a quotient, so each layer adds one at least).
fn triangular_basis(generators: &[Affine], d: usize) -> Result<Vec<u128>, Error> {
    let mut basis: Vec<u128> = Vec::new();
    while basis.len() < d {
        let span = Span::of(&basis);
        // Rows: for each unit vector, its residues (M_g + I) e_k mod span, all g.
        let mut pivots: Vec<(usize, Vec<u128>, u128)> = Vec::new();
        let mut fixed: Vec<u128> = Vec::new();
        for k in 0..d {
            let mut row: Vec<u128> = generators
                .iter()
                .map(|g| span.reduce(g.columns[k] ^ 1u128 << k, 0).0)
                .collect();
            let mut combo = 1u128 << k;
            for (at, prow, pcombo) in &pivots {
                if row[at / 128] >> (at % 128) & 1 == 1 {
                    for (x, y) in row.iter_mut().zip(prow) {
                        *x ^= y;
                    }
                    combo ^= pcombo;
                }
            }
            match row.iter().position(|&x| x != 0) {
                Some(w) => pivots.push((w * 128 + row[w].trailing_zeros() as usize, row, combo)),
                None => fixed.push(combo),
            }
        }
        let before = basis.len();
        for v in fixed {
            let mut trial = basis.clone();
            trial.push(v);
            if Span::of(&trial).kernel.is_empty() {
                basis = trial;
            }
        }
        if basis.len() == before {
            return Err(Error::Internal(
                "the symmetry group fixes no flag (not a 2-group)".into(),
            ));
        }
    }
    Ok(basis)
}

/// A node of the orbit walk: the values of the coordinates above the current one range
/// over `offset + span(generators)` (in the triangular coordinates), all stabilised
/// (on those coordinates) by the group elements `stabiliser`.
struct Node {
    offset: u128,
    generators: Vec<u128>,
    stabiliser: Vec<usize>,
}

/// The pieces holding one solution of each orbit (module documentation).
fn orbit_pieces(group: &[Affine], generators: &[Affine], d: usize) -> Result<Vec<Piece>, Error> {
    if d == 0 {
        return Ok(vec![Piece {
            offset: 0,
            generators: Vec::new(),
        }]);
    }
    let basis = triangular_basis(generators, d)?;
    let to_y = Span::of(&basis);
    let coords = |c: u128| {
        to_y.solve(c)
            .ok_or_else(|| Error::Internal("triangular basis does not span".into()))
    };
    // Each element in y coordinates: row j of (M - I) as a mask of higher coordinates,
    // and bit j of the shift.
    let mut rows: Vec<Vec<u128>> = Vec::with_capacity(group.len());
    let mut shifts: Vec<u128> = Vec::with_capacity(group.len());
    for g in group {
        let mut r = vec![0u128; d];
        for (i, &b) in basis.iter().enumerate() {
            let col = coords(g.linear(b))? ^ 1u128 << i;
            if col >> i != 0 {
                return Err(Error::Internal("symmetry not unitriangular".into()));
            }
            let mut rest = col;
            while rest != 0 {
                r[rest.trailing_zeros() as usize] |= 1u128 << i;
                rest &= rest - 1;
            }
        }
        rows.push(r);
        shifts.push(coords(g.shift)?);
    }
    let mut nodes = vec![Node {
        offset: 0,
        generators: Vec::new(),
        stabiliser: (0..group.len()).collect(),
    }];
    for j in (0..d).rev() {
        let mut next = Vec::with_capacity(nodes.len());
        for node in nodes {
            // chi_h on the node: linear part on the node's generators and value at the
            // offset.
            let forms: Vec<(u128, bool)> = node
                .stabiliser
                .iter()
                .map(|&h| {
                    let lin = node
                        .generators
                        .iter()
                        .enumerate()
                        .fold(0u128, |m, (k, &g)| {
                            m | u128::from(parity(rows[h][j] & g)) << k
                        });
                    let at = parity(rows[h][j] & node.offset) ^ (shifts[h] >> j & 1 == 1);
                    (lin, at)
                })
                .collect();
            let lins: Vec<u128> = forms.iter().map(|f| f.0).collect();
            let independent = Span::of(&lins);
            let s = independent.rows.len();
            for a in 0u32..1 << s {
                // The part of the node where the independent forms take the values `a`:
                // z[pivot_l] = a_l + sum over the other coordinates.
                let mut z0 = 0u128;
                for (l, &(pivot, _, _)) in independent.rows.iter().enumerate() {
                    if a >> l & 1 == 1 {
                        z0 |= 1u128 << pivot;
                    }
                }
                let pivot_mask = independent.rows.iter().fold(0u128, |m, r| m | 1u128 << r.0);
                let mut gens = Vec::new();
                for k in 0..node.generators.len() {
                    if pivot_mask >> k & 1 == 1 {
                        continue;
                    }
                    let mut z = 1u128 << k;
                    for &(pivot, row, _) in &independent.rows {
                        if row >> k & 1 == 1 {
                            z |= 1u128 << pivot;
                        }
                    }
                    gens.push(combine(&node.generators, z));
                }
                let offset = node.offset ^ combine(&node.generators, z0);
                let kernel: Vec<usize> = node
                    .stabiliser
                    .iter()
                    .zip(&forms)
                    .filter(|(_, (lin, at))| parity(lin & z0) == *at)
                    .map(|(&h, _)| h)
                    .collect();
                if kernel.len() == node.stabiliser.len() {
                    gens.push(1u128 << j);
                    next.push(Node {
                        offset,
                        generators: gens,
                        stabiliser: node.stabiliser.clone(),
                    });
                } else {
                    next.push(Node {
                        offset,
                        generators: gens,
                        stabiliser: kernel,
                    });
                }
            }
        }
        nodes = next;
    }
    let lift = |y: u128| combine(&basis, y);
    Ok(nodes
        .into_iter()
        .map(|n| Piece {
            offset: lift(n.offset),
            generators: n.generators.into_iter().map(lift).collect(),
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fewest::minimal;
    use crate::game::{Boundary, Game, Rules, Shape};
    use crate::solve::{analyze, solve, Method};

    fn lcg(s: &mut u64) -> u64 {
        *s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        *s >> 33
    }

    /// Every member of every piece, as coefficient vectors.
    fn members(plan: &SymmetricSearch) -> Vec<u128> {
        let mut out = Vec::new();
        for p in &plan.pieces {
            for z in 0u128..1 << p.generators.len() {
                let mut c = p.offset;
                for (k, &g) in p.generators.iter().enumerate() {
                    if z >> k & 1 == 1 {
                        c ^= g;
                    }
                }
                out.push(c);
            }
        }
        out
    }

    /// Each orbit of the group the used symmetries generate holds exactly one member
    /// of the pieces, and the orbits cover the whole space.
    fn check_cover(plan: &SymmetricSearch, sym: &[CellPermutation]) {
        let d = plan.nullity();
        let cells = plan.particular.cells();
        let kept = members(plan);
        let mut orbit_of: std::collections::HashMap<Vec<u64>, usize> = Default::default();
        for (id, &c) in kept.iter().enumerate() {
            let v = plan.flat_at(c, true);
            assert!(
                !orbit_of.contains_key(&v),
                "two pieces' members share an orbit"
            );
            orbit_of.insert(v.clone(), id);
            let mut frontier = vec![v];
            while let Some(v) = frontier.pop() {
                for &i in plan.symmetries_used() {
                    let w = permute(&v, &sym[i], cells);
                    match orbit_of.get(&w) {
                        Some(&other) => assert_eq!(other, id, "two members in one orbit"),
                        None => {
                            orbit_of.insert(w.clone(), id);
                            frontier.push(w);
                        }
                    }
                }
            }
        }
        assert_eq!(
            orbit_of.len() as u128,
            1u128 << d,
            "the pieces miss solutions"
        );
        assert_eq!(plan.candidates(), kept.len() as u128);
    }

    /// The all-on `n x n` plus game with `boundary`, one of its solutions and quiet
    /// space, and the symmetric search over them.
    struct AllOn {
        game: Game,
        presses: Board,
        quiet: QuietSpace,
        plan: SymmetricSearch,
        sym: Vec<CellPermutation>,
    }

    fn all_on_plan(n: usize, boundary: Boundary) -> AllOn {
        let rules = Rules::new(Shape::plus(), boundary, 2).unwrap();
        let game = Game::new(n, n, rules).unwrap();
        let sol = solve(
            &game,
            &Board::all_on(n, n),
            &Board::new(n, n),
            &crate::solve::SolveOptions::default().with_method(Method::Gauss),
        )
        .unwrap();
        let presses = sol.presses.unwrap();
        let quiet = analyze(&game, Method::Gauss).unwrap().quiet;
        let sym = match boundary {
            Boundary::Torus => torus_symmetries(n),
            _ => square_symmetries(n),
        };
        let plan = SymmetricSearch::new(&presses, &quiet, &sym).unwrap();
        AllOn {
            game,
            presses,
            quiet,
            plan,
            sym,
        }
    }

    #[test]
    fn pieces_cover_the_solutions_of_symmetric_boards() {
        for n in [4, 5, 9, 11, 14, 16, 17] {
            let all_on = all_on_plan(n, Boundary::Open);
            check_cover(&all_on.plan, &all_on.sym);
            assert_eq!(all_on.plan.group_order(), 8, "n = {n}");
        }
        for n in [3, 5, 6] {
            let all_on = all_on_plan(n, Boundary::Torus);
            check_cover(&all_on.plan, &all_on.sym);
        }
    }

    #[test]
    fn matches_the_plain_search() {
        for n in [4, 5, 9, 11, 14, 16, 17, 19] {
            let AllOn {
                game,
                presses,
                quiet,
                plan,
                ..
            } = all_on_plan(n, Boundary::Open);
            let plain = minimal(&presses, &quiet, &MinimalOptions::default()).unwrap();
            let sym = plan.run(&MinimalOptions::default()).unwrap();
            assert!(sym.proven && plain.proven);
            assert_eq!(sym.presses_count, plain.presses_count, "n = {n}");
            assert!(game
                .is_solution(&Board::all_on(n, n), &Board::new(n, n), &sym.presses)
                .unwrap());
            assert_eq!(sym.presses.count_nonzero(), sym.presses_count);
        }
    }

    /// Random symmetric spaces: a random involution-invariant kernel and particular
    /// solution, searched with and without the symmetries.
    #[test]
    fn random_invariant_spaces() {
        let mut s = 7u64;
        for round in 0..40 {
            let (rows, cols) = (2 + round % 3, 3 + round % 4);
            let cells = rows * cols;
            // The involution: reverse the columns.
            let perm: CellPermutation = (0..cells)
                .map(|i| (i / cols) * cols + cols - 1 - i % cols)
                .collect();
            let rand_board = |s: &mut u64| {
                let mut b = Board::new(rows, cols);
                for cell in 0..cells {
                    if lcg(s) & 1 == 1 {
                        b.set(cell / cols, cell % cols, 1);
                    }
                }
                b
            };
            let image = |b: &Board| {
                let mut out = Board::new(rows, cols);
                for cell in 0..cells {
                    let j = perm[cell];
                    out.set(j / cols, j % cols, b.get(cell / cols, cell % cols));
                }
                out
            };
            // Invariant kernel: v and its image for random v, plus sums v + g v.
            let mut quiet = Vec::new();
            for _ in 0..(1 + round % 4) {
                let v = rand_board(&mut s);
                quiet.push(image(&v));
                quiet.push(v);
            }
            // Particular: either g-fixed or moved by a kernel vector.
            let mut p = rand_board(&mut s);
            if round % 2 == 0 {
                p = p.sum(&image(&p)).unwrap().sum(&rand_board(&mut s)).unwrap();
                let fixed = p.sum(&image(&p)).unwrap();
                quiet.push(fixed);
            } else {
                quiet.push(p.sum(&image(&p)).unwrap());
            }
            let quiet = QuietSpace::new(p.rows(), p.cols(), 2, quiet).unwrap();
            let plan = SymmetricSearch::new(&p, &quiet, std::slice::from_ref(&perm)).unwrap();
            check_cover(&plan, std::slice::from_ref(&perm));
            let got = plan.run(&MinimalOptions::default()).unwrap();
            let want = minimal(&p, &quiet, &MinimalOptions::default()).unwrap();
            assert_eq!(got.presses_count, want.presses_count, "round {round}");
            assert!(got.proven);
        }
    }

    #[test]
    fn bad_symmetries_are_refused() {
        let game = Game::classic(3, 4).unwrap();
        let quiet = analyze(&game, Method::Gauss).unwrap().quiet;
        let p = Board::all_on(3, 4);
        let not_involution: CellPermutation = (0..12).map(|i| (i + 1) % 12).collect();
        assert!(SymmetricSearch::new(&p, &quiet, &[not_involution]).is_err());
        assert!(SymmetricSearch::new(&p, &quiet, &[vec![0; 3]]).is_err());
        // A transposition of two cells is an involution but moves the solutions.
        let mut swap: CellPermutation = (0..12).collect();
        swap.swap(0, 5);
        let sol = solve(
            &game,
            &p,
            &Board::new(3, 4),
            &crate::solve::SolveOptions::default().with_method(Method::Gauss),
        )
        .unwrap();
        let err = SymmetricSearch::new(&sol.presses.unwrap(), &quiet, &[swap]).unwrap_err();
        assert!(err.to_string().contains("does not map"), "{err}");
    }

    #[test]
    fn echelon_pivots_are_owned() {
        let game = Game::classic(9, 9).unwrap();
        let quiet = analyze(&game, Method::Gauss).unwrap().quiet;
        let mut vectors: Vec<Vec<u64>> = quiet.generators().iter().map(flat).collect();
        vectors.push(vectors[0].clone()); // dependent: dropped
        let (basis, pivots) = echelon(vectors);
        assert_eq!(basis.len(), 8);
        for (j, &pivot) in pivots.iter().enumerate() {
            for (k, b) in basis.iter().enumerate() {
                assert_eq!(b[pivot / 64] >> (pivot % 64) & 1 == 1, j == k);
            }
        }
    }
}
