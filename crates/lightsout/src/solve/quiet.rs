//! The quiet patterns of a game as one value: press patterns that change no light, with
//! their exact number, every element once, and every solution of a position.
//!
//! For two states and a prime number of states `K` the quiet patterns are a vector space
//! over GF(K) and a [`QuietSpace`] holds a basis: `K^d` elements, `d` the nullity. For a
//! composite `K` they are a module over Z_K, held as generators; its Howell form
//! ([`crate::zk::ZkMatrix::howell_form`]) gives generators `h_i` and radices `r_i` (`K`
//! over the pivot of `h_i`) such that every element is `sum c_i h_i` for exactly one
//! tuple `0 <= c_i < r_i`, so the size is `prod r_i` (over Z_4, `2x = 0` has nullity 1
//! and two elements, not four).

use super::answer::MAX_BASIS_BYTES;
use crate::error::{Error, Limit};
use crate::game::{Board, Game};
use crate::gf2::xor_into;
use crate::zk::{is_prime, GrayWalk, ZkKernel, ZkMatrix};
use num_bigint::BigUint;
use std::borrow::Cow;
use std::sync::OnceLock;

/// The quiet patterns of one game: the press patterns that change no light.
///
/// It knows its board size and number of states, so it never mixes with boards of
/// another game: every constructor checks the generators, and [`QuietSpace::solutions`]
/// checks the particular solution.
///
/// ```
/// use lightsout::{analyze, Game, Method};
/// let quiet = analyze(&Game::classic(4, 4)?, Method::Auto)?.quiet;
/// assert_eq!(quiet.dimension(), 4);
/// assert_eq!(quiet.size(), 16u8.into());
/// // Every element once, each one quiet.
/// let game = Game::classic(4, 4)?;
/// assert_eq!(quiet.iter().filter(|q| game.effect(q).unwrap().is_zero()).count(), 16);
/// # Ok::<(), lightsout::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct QuietSpace {
    rows: usize,
    cols: usize,
    modulus: u8,
    /// A basis (two states, prime `K`) or generators (composite `K`), as given.
    generators: Vec<Board>,
    /// The nullity: the basis size, or the minimal number of generators.
    dimension: usize,
    /// For more than two states: generators with unique coordinates, computed when
    /// first needed (a Howell form costs more than most callers want to pay up front).
    coordinates: OnceLock<Coordinates>,
}

/// Generators `h_i` and radices `r_i`: every element is `sum c_i h_i` for exactly one
/// tuple `0 <= c_i < r_i`.
#[derive(Clone, Debug)]
pub(crate) struct Coordinates {
    pub generators: Vec<Vec<u8>>,
    pub radices: Vec<u8>,
}

impl PartialEq for QuietSpace {
    /// The same game and the same generators (in the same order).
    fn eq(&self, other: &Self) -> bool {
        (self.rows, self.cols, self.modulus, self.dimension)
            == (other.rows, other.cols, other.modulus, other.dimension)
            && self.generators == other.generators
    }
}

impl Eq for QuietSpace {}

impl QuietSpace {
    /// The span of `generators`, press patterns of a `rows` x `cols` board with
    /// `modulus` states. For two states and a prime modulus, generators that depend on
    /// the others are left out (the space keeps a basis: the first independent ones, or
    /// for a prime modulus above 2 its reduced echelon form); for a composite modulus
    /// they are kept as given.
    ///
    /// The patterns are not checked to be quiet for any game: [`QuietSpace::of_game`]
    /// does that.
    ///
    /// # Errors
    ///
    /// [`Error::SizeMismatch`] if a generator has another size or number of states,
    /// [`Error::InvalidSize`] for zero rows or columns or more than
    /// [`MAX_CELLS`](crate::game::MAX_CELLS) cells, [`Error::InvalidRules`] for a
    /// modulus below 2.
    ///
    /// ```
    /// use lightsout::{Board, QuietSpace};
    /// // Over Z_4: (2, 1) also spans (0, 2), so the second generator adds nothing.
    /// let a = Board::from_values(1, 2, 4, &[2, 1])?;
    /// let b = Board::from_values(1, 2, 4, &[0, 2])?;
    /// let q = QuietSpace::new(1, 2, 4, vec![a, b])?;
    /// assert_eq!((q.dimension(), q.size()), (1, 4u8.into()));
    /// // A 2x2 pattern is refused, never silently counted as nothing.
    /// assert!(QuietSpace::new(1, 2, 4, vec![Board::try_new(2, 2, 4)?]).is_err());
    /// # Ok::<(), lightsout::Error>(())
    /// ```
    pub fn new(
        rows: usize,
        cols: usize,
        modulus: u8,
        generators: Vec<Board>,
    ) -> Result<Self, Error> {
        // The size and the modulus of a board: [`QuietSpace::iter`] counts on them.
        crate::game::check_dimensions(rows, cols)?;
        crate::game::check_modulus(modulus)?;
        for g in &generators {
            check_pattern(rows, cols, modulus, g)?;
        }
        let mut space = Self::unchecked(rows, cols, modulus, Vec::new(), 0);
        if modulus == 2 {
            space.generators = independent_binary(generators);
            space.dimension = space.generators.len();
        } else if is_prime(modulus.into()) {
            let coordinates = Coordinates::of(&generators, modulus);
            if coordinates.generators.len() == generators.len() {
                space.generators = generators;
            } else {
                space.generators = coordinates
                    .generators
                    .iter()
                    .map(|v| Board::from_values(rows, cols, modulus, v))
                    .collect::<Result<_, _>>()?;
            }
            space.dimension = space.generators.len();
            space.coordinates = OnceLock::from(coordinates);
        } else {
            let coordinates = Coordinates::of(&generators, modulus);
            space.dimension = coordinates.minimal_generators(modulus);
            space.generators = generators;
            space.coordinates = OnceLock::from(coordinates);
        }
        Ok(space)
    }

    /// The span of `generators`, each checked to be quiet in `game` (pressing it changes
    /// nothing) and of its size and modulus.
    ///
    /// # Errors
    ///
    /// As [`QuietSpace::new`], and [`Error::InvalidBoard`] naming the first generator
    /// that changes a light.
    ///
    /// ```
    /// use lightsout::{Board, Game, QuietSpace};
    /// let game = Game::classic(4, 4)?;
    /// let corner = Board::from_values(4, 4, 2, &[1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])?;
    /// assert!(QuietSpace::of_game(&game, vec![corner]).is_err()); // not quiet
    /// assert!(QuietSpace::of_game(&game, Vec::new())?.is_trivial());
    /// # Ok::<(), lightsout::Error>(())
    /// ```
    pub fn of_game(game: &Game, generators: Vec<Board>) -> Result<Self, Error> {
        for (i, g) in generators.iter().enumerate() {
            check_pattern(game.rows(), game.cols(), game.modulus(), g)?;
            if !game.effect(g)?.is_zero() {
                return Err(Error::invalid_board(format!(
                    "generator {} changes lights, so it is not a quiet pattern",
                    i + 1
                )));
            }
        }
        Self::new(game.rows(), game.cols(), game.modulus(), generators)
    }

    /// The quiet space of a kernel from [`crate::zk::solve`] of a game's toggle matrix
    /// ([`crate::zk::ZkMatrix::toggle`]): the same generators and radices, as boards of
    /// `rows` x `cols`.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidSize`] for zero rows or columns or more than
    /// [`MAX_CELLS`](crate::game::MAX_CELLS) cells; [`Error::SizeMismatch`] if the
    /// kernel's elements do not have `rows * cols` entries.
    ///
    /// ```
    /// use lightsout::zk::{solve, ZkMatrix};
    /// use lightsout::{Boundary, Game, QuietSpace, Rules, Shape};
    /// let game = Game::new(1, 2, Rules::new(Shape::plus(), Boundary::Open, 6)?)?;
    /// let z = solve(&ZkMatrix::toggle(&game), &[0, 0])?;
    /// let q = QuietSpace::from_kernel(1, 2, &z.kernel)?;
    /// assert_eq!((q.dimension(), q.size()), (1, 6u8.into()));
    /// # Ok::<(), lightsout::Error>(())
    /// ```
    pub fn from_kernel(rows: usize, cols: usize, kernel: &ZkKernel) -> Result<Self, Error> {
        crate::game::check_dimensions(rows, cols)?;
        if rows.checked_mul(cols) != Some(kernel.unknowns()) {
            return Err(Error::SizeMismatch {
                expected: format!("{rows}x{cols} = {} unknowns", rows.saturating_mul(cols)),
                found: format!("a kernel of {} unknowns", kernel.unknowns()),
            });
        }
        let k = kernel.modulus();
        let generators = kernel
            .generators()
            .iter()
            .map(|g| Board::from_values(rows, cols, k, g))
            .collect::<Result<Vec<_>, _>>()?;
        if k == 2 || is_prime(k.into()) {
            return Self::new(rows, cols, k, generators);
        }
        let coordinates = Coordinates {
            generators: kernel.generators().to_vec(),
            radices: kernel.radices().to_vec(),
        };
        let mut space = Self::unchecked(rows, cols, k, generators, 0);
        space.dimension = coordinates.minimal_generators(k);
        space.coordinates = OnceLock::from(coordinates);
        Ok(space)
    }

    /// A solver's answer, trusted to be what the solver's documentation says: quiet
    /// patterns of `game`, a basis for two states and a prime modulus. Only the sizes
    /// are checked here; [`crate::analyze`] checks that each pattern is quiet and that
    /// [`QuietSpace::dimension`] is the nullity.
    pub(crate) fn from_solver(
        game: &Game,
        nullity: usize,
        patterns: Vec<Board>,
    ) -> Result<Self, Error> {
        for g in &patterns {
            check_pattern(game.rows(), game.cols(), game.modulus(), g)?;
        }
        let dimension = if game.modulus() == 2 || is_prime(game.modulus().into()) {
            patterns.len()
        } else {
            nullity
        };
        Ok(Self::unchecked(
            game.rows(),
            game.cols(),
            game.modulus(),
            patterns,
            dimension,
        ))
    }

    fn unchecked(
        rows: usize,
        cols: usize,
        modulus: u8,
        generators: Vec<Board>,
        dimension: usize,
    ) -> Self {
        Self {
            rows,
            cols,
            modulus,
            generators,
            dimension,
            coordinates: OnceLock::new(),
        }
    }

    /// `Ok` if the `nullity` quiet patterns of `game` fit in [`MAX_BASIS_BYTES`]: every
    /// front end asks this before holding them (to list every solution, or to search
    /// the fewest presses), so a huge basis is refused before it is built.
    ///
    /// # Errors
    ///
    /// [`Error::LimitExceeded`] with [`Limit::Memory`]: the bytes the patterns need and
    /// the limit.
    pub fn check_memory(game: &Game, nullity: usize) -> Result<(), Error> {
        let row_bytes = if game.modulus() == 2 {
            game.cols().div_ceil(64) as u64 * 8
        } else {
            game.cols() as u64
        };
        let bytes = (game.rows() as u64)
            .saturating_mul(row_bytes)
            .saturating_mul(nullity as u64);
        Limit::memory(
            "the quiet patterns (for every solution or the fewest presses)",
            bytes,
            MAX_BASIS_BYTES,
        )
        .map_err(Error::LimitExceeded)
    }

    /// Number of rows of the board.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns of the board.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The number of states `K`.
    pub fn modulus(&self) -> u8 {
        self.modulus
    }

    /// The nullity: the size of a basis for two states and a prime `K`, the minimal
    /// number of generators for a composite `K` (then `size()` is in general not
    /// `K^dimension`).
    pub fn dimension(&self) -> usize {
        self.dimension
    }

    /// The basis (two states, prime `K`) or the generators (composite `K`).
    pub fn generators(&self) -> &[Board] {
        &self.generators
    }

    /// True if the only quiet pattern is pressing nothing (every position has at most
    /// one solution).
    pub fn is_trivial(&self) -> bool {
        self.dimension == 0
    }

    /// The exact number of quiet patterns: `2^d` for two states, `K^d` for a prime
    /// `K`, the product of the Howell radices for a composite `K`. Every solvable
    /// position has exactly this many solutions.
    ///
    /// ```
    /// use lightsout::{analyze, Boundary, Game, Method, Rules, Shape};
    /// // 1 x 2 board, plus shape, Z_6: the quiet patterns are {(x, -x)}: six of them.
    /// let game = Game::new(1, 2, Rules::new(Shape::plus(), Boundary::Open, 6)?)?;
    /// let quiet = analyze(&game, Method::Auto)?.quiet;
    /// assert_eq!((quiet.dimension(), quiet.size()), (1, 6u8.into()));
    /// # Ok::<(), lightsout::Error>(())
    /// ```
    pub fn size(&self) -> BigUint {
        match self.modulus {
            2 => BigUint::from(1u8) << self.dimension,
            k if is_prime(k.into()) => BigUint::from(k).pow(self.dimension as u32),
            _ => self
                .coordinates()
                .radices
                .iter()
                .fold(BigUint::from(1u8), |acc, &r| acc * BigUint::from(r)),
        }
    }

    /// The number of positions of the board, `K^cells`.
    pub fn positions(&self) -> BigUint {
        power(self.modulus, self.rows * self.cols)
    }

    /// The number of positions that can be solved (to all lights off, or equally to any
    /// one target): `K^cells / size()`, exact for every `K`.
    ///
    /// ```
    /// use lightsout::{analyze, Game, Method};
    /// let quiet = analyze(&Game::classic(5, 5)?, Method::Auto)?.quiet;
    /// assert_eq!(quiet.solvable_positions(), (1u32 << 23).into()); // 2^25 / 4
    /// # Ok::<(), lightsout::Error>(())
    /// ```
    pub fn solvable_positions(&self) -> BigUint {
        let cells = self.rows * self.cols;
        match self.modulus {
            2 => BigUint::from(1u8) << (cells - self.dimension.min(cells)),
            k if is_prime(k.into()) => power(k, cells - self.dimension.min(cells)),
            _ => self.positions() / self.size(),
        }
    }

    /// Every quiet pattern once, starting from pressing nothing, in Gray-code order
    /// (each differs from the one before by one generator, added or, with K states,
    /// subtracted). There are [`QuietSpace::size`] of them.
    ///
    /// # Panics
    ///
    /// If the memory for one board cannot be allocated (every constructor checks the
    /// size and the modulus, so nothing else fails).
    pub fn iter(&self) -> Solutions<'_> {
        Solutions::new(
            Cow::Borrowed(self),
            Board::try_new(self.rows, self.cols, self.modulus)
                .expect("the size and modulus were checked on construction"),
        )
    }

    /// Every solution of a position of which `particular` is one: `particular + q` for
    /// every quiet pattern `q`, each once, in Gray-code order.
    ///
    /// # Errors
    ///
    /// [`Error::SizeMismatch`] if `particular` is not a press pattern of this board.
    ///
    /// ```
    /// use lightsout::{analyze, solve, Board, Game, Method, SolveOptions};
    /// let game = Game::classic(4, 4)?;
    /// let (start, target) = (Board::all_on(4, 4), Board::new(4, 4));
    /// let sol = solve(&game, &start, &target, &SolveOptions::default())?;
    /// let quiet = analyze(&game, Method::Auto)?.quiet;
    /// let all: Vec<Board> = quiet.solutions(sol.presses.unwrap())?.collect();
    /// assert_eq!(all.len(), 16);
    /// assert!(all.iter().all(|p| game.is_solution(&start, &target, p).unwrap()));
    /// # Ok::<(), lightsout::Error>(())
    /// ```
    pub fn solutions(&self, particular: Board) -> Result<Solutions<'_>, Error> {
        check_pattern(self.rows, self.cols, self.modulus, &particular)?;
        Ok(Solutions::new(Cow::Borrowed(self), particular))
    }

    /// Generators with unique coordinates (more than two states).
    pub(crate) fn coordinates(&self) -> &Coordinates {
        self.coordinates
            .get_or_init(|| Coordinates::of(&self.generators, self.modulus))
    }
}

/// Errors unless `board` is a press pattern of a `rows` x `cols` board with `modulus`
/// states.
fn check_pattern(rows: usize, cols: usize, modulus: u8, board: &Board) -> Result<(), Error> {
    if (board.rows(), board.cols(), board.modulus()) == (rows, cols, modulus) {
        return Ok(());
    }
    Err(Error::SizeMismatch {
        expected: format!("{rows}x{cols} with {modulus} states"),
        found: format!(
            "{}x{} with {} states",
            board.rows(),
            board.cols(),
            board.modulus()
        ),
    })
}

/// The first independent patterns of `generators` (two states), in their order.
fn independent_binary(generators: Vec<Board>) -> Vec<Board> {
    // Reduced copies, each with a pivot (a cell) no later one has.
    let mut reduced: Vec<(usize, Vec<u64>)> = Vec::new();
    let mut kept = Vec::new();
    for g in generators {
        let mut v = g.bits().expect("two states").words().to_vec();
        for (pivot, r) in &reduced {
            if v[pivot / 64] >> (pivot % 64) & 1 == 1 {
                xor_into(&mut v, r);
            }
        }
        if let Some(i) = v.iter().position(|&w| w != 0) {
            reduced.push((i * 64 + v[i].trailing_zeros() as usize, v));
            kept.push(g);
        }
    }
    kept
}

/// `k^e` exactly.
fn power(k: u8, e: usize) -> BigUint {
    if k == 2 {
        return BigUint::from(1u8) << e;
    }
    // `pow` takes a u32: split larger exponents (a board of more than 2^32 cells).
    let chunk = u32::MAX as usize;
    let mut out = BigUint::from(k).pow((e % chunk) as u32);
    if e >= chunk {
        let big = BigUint::from(k).pow(u32::MAX);
        for _ in 0..e / chunk {
            out *= &big;
        }
    }
    out
}

impl Coordinates {
    /// The Howell form of `generators` (boards with `k` states): its nonzero rows and
    /// their radices.
    fn of(generators: &[Board], k: u8) -> Self {
        let rows: Vec<Vec<u8>> = generators.iter().map(Board::values).collect();
        Self::howell(&rows, k)
    }

    fn howell(rows: &[Vec<u8>], k: u8) -> Self {
        let mut out = Self {
            generators: Vec::new(),
            radices: Vec::new(),
        };
        if rows.is_empty() {
            return out;
        }
        let h = ZkMatrix::from_rows(rows, k)
            .expect("rows of one length with entries below K")
            .howell_form();
        for r in 0..h.rows() {
            let row = h.row(r);
            let pivot = row.iter().copied().find(|&x| x != 0).unwrap_or(0);
            if pivot == 0 {
                continue;
            }
            debug_assert_eq!(k % pivot, 0, "Howell pivots divide K");
            out.radices.push(k / pivot);
            out.generators.push(row.to_vec());
        }
        out
    }

    /// The minimal number of generators of the module: `max_p d_p` over the primes `p`
    /// dividing `k`, where `p^(d_p) = |G| / |pG|` (the dimension of `G / pG` over GF(p);
    /// a finite abelian group needs as many generators as its largest such quotient).
    fn minimal_generators(&self, k: u8) -> usize {
        let size = |c: &Coordinates| {
            c.radices
                .iter()
                .fold(BigUint::from(1u8), |acc, &r| acc * BigUint::from(r))
        };
        let whole = size(self);
        let mut best = 0;
        for p in prime_factors(k) {
            let times_p: Vec<Vec<u8>> = self
                .generators
                .iter()
                .map(|g| {
                    g.iter()
                        .map(|&x| ((u16::from(x) * u16::from(p)) % u16::from(k)) as u8)
                        .collect()
                })
                .collect();
            let mut quotient = &whole / size(&Self::howell(&times_p, k));
            let (zero, bp) = (BigUint::from(0u8), BigUint::from(p));
            let mut d = 0;
            while quotient > BigUint::from(1u8) && (&quotient % &bp) == zero {
                quotient /= &bp;
                d += 1;
            }
            best = best.max(d);
        }
        best
    }
}

/// The distinct primes dividing `k`.
fn prime_factors(mut k: u8) -> Vec<u8> {
    let mut out = Vec::new();
    let mut p = 2u8;
    while k > 1 {
        if k.is_multiple_of(p) {
            out.push(p);
            while k.is_multiple_of(p) {
                k /= p;
            }
        }
        p += 1;
    }
    out
}

/// `x += g` (or `x -= g`) mod `k`.
#[inline]
pub(crate) fn add_scaled(x: &mut [u8], g: &[u8], plus: bool, k: u8) {
    let k16 = u16::from(k);
    for (a, &b) in x.iter_mut().zip(g) {
        let b = if plus {
            u16::from(b)
        } else {
            (k16 - u16::from(b)) % k16
        };
        let s = u16::from(*a) + b;
        *a = if s >= k16 { (s - k16) as u8 } else { s as u8 };
    }
}

/// The iterator of [`QuietSpace::iter`] and [`QuietSpace::solutions`]: one board of
/// the coset per step, each once.
#[derive(Debug)]
pub struct Solutions<'a> {
    space: Cow<'a, QuietSpace>,
    walk: Walk,
    /// The next board.
    current: Option<Board>,
}

#[derive(Debug)]
enum Walk {
    /// Two states: a binary Gray code over the basis.
    Binary {
        /// Boards given so far.
        step: u128,
        /// Boards in all (saturated).
        total: u128,
    },
    /// K states: a reflected mixed-radix Gray code over the unique coordinates.
    Modular {
        walk: GrayWalk,
        /// The next board's values.
        values: Vec<u8>,
    },
}

impl<'a> Solutions<'a> {
    fn new(space: Cow<'a, QuietSpace>, start: Board) -> Self {
        let walk = if space.modulus == 2 {
            let d = space.generators.len();
            Walk::Binary {
                step: 0,
                total: if d >= 128 { u128::MAX } else { 1u128 << d },
            }
        } else {
            Walk::Modular {
                walk: GrayWalk::new(&space.coordinates().radices),
                values: start.values(),
            }
        };
        Self {
            space,
            walk,
            current: Some(start),
        }
    }
}

impl Iterator for Solutions<'_> {
    type Item = Board;

    fn next(&mut self) -> Option<Board> {
        let out = self.current.take()?;
        match &mut self.walk {
            Walk::Binary { step, total } => {
                *step += 1;
                if *step < *total {
                    let j = step.trailing_zeros() as usize;
                    self.current = Some(
                        out.sum(&self.space.generators[j])
                            .expect("checked: the same board"),
                    );
                }
            }
            Walk::Modular { walk, values } => {
                if let Some((j, plus)) = walk.step() {
                    let k = self.space.modulus;
                    add_scaled(values, &self.space.coordinates().generators[j], plus, k);
                    self.current = Some(
                        Board::from_values(out.rows(), out.cols(), k, values)
                            .expect("values are reduced mod K"),
                    );
                }
            }
        }
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn related_generators_count_each_element_once() {
        // Over Z_4: (2, 1) also spans (0, 2); (0, 2) given again is redundant.
        let a = Board::from_values(1, 2, 4, &[2, 1]).unwrap();
        let b = Board::from_values(1, 2, 4, &[0, 2]).unwrap();
        let space = QuietSpace::new(1, 2, 4, vec![a, b]).unwrap();
        assert_eq!(space.size(), BigUint::from(4u8));
        assert_eq!(space.dimension(), 1);
        let seen: HashSet<Vec<u8>> = space.iter().map(|b| b.values()).collect();
        assert_eq!(seen.len(), 4);
        assert_eq!(space.iter().count(), 4);
    }

    #[test]
    fn minimal_generators_of_products() {
        // Z_4 x Z_2 inside Z_4^2: two generators, eight elements.
        let a = Board::from_values(1, 2, 4, &[1, 0]).unwrap();
        let b = Board::from_values(1, 2, 4, &[0, 2]).unwrap();
        let s = QuietSpace::new(1, 2, 4, vec![a.clone(), b]).unwrap();
        assert_eq!((s.dimension(), s.size()), (2, BigUint::from(8u8)));
        // Z_6 = Z_2 x Z_3 is cyclic: (3, 0) and (0, 2) need... two generators, since
        // they sit in different coordinates: Z_2 x Z_3 ~ Z_6, one generator (3, 2).
        let c = Board::from_values(1, 2, 6, &[3, 0]).unwrap();
        let d = Board::from_values(1, 2, 6, &[0, 2]).unwrap();
        let s = QuietSpace::new(1, 2, 6, vec![c, d]).unwrap();
        assert_eq!((s.dimension(), s.size()), (1, BigUint::from(6u8)));
        assert!(
            QuietSpace::new(1, 2, 4, vec![a.clone(), a])
                .unwrap()
                .dimension()
                == 1
        );
    }

    #[test]
    fn dependent_binary_and_prime_generators_are_reduced() {
        let b = |v: &[u8], k| Board::from_values(1, 3, k, v).unwrap();
        let s = QuietSpace::new(
            1,
            3,
            2,
            vec![b(&[1, 1, 0], 2), b(&[0, 1, 1], 2), b(&[1, 0, 1], 2)],
        )
        .unwrap();
        assert_eq!((s.dimension(), s.size()), (2, BigUint::from(4u8)));
        assert_eq!(s.generators()[0].values(), vec![1, 1, 0]);
        let s = QuietSpace::new(1, 3, 3, vec![b(&[1, 2, 0], 3), b(&[2, 1, 0], 3)]).unwrap();
        assert_eq!((s.dimension(), s.size()), (1, BigUint::from(3u8)));
        assert_eq!(
            s.iter().map(|x| x.values()).collect::<HashSet<_>>().len(),
            3
        );
    }

    #[test]
    fn mismatched_boards_are_refused() {
        let small = Board::new(2, 2);
        assert!(matches!(
            QuietSpace::new(3, 3, 2, vec![small.clone()]),
            Err(Error::SizeMismatch { .. })
        ));
        let other_k = Board::try_new(3, 3, 3).unwrap();
        assert!(QuietSpace::new(3, 3, 2, vec![other_k]).is_err());
        assert!(QuietSpace::new(0, 3, 2, Vec::new()).is_err());
        assert!(QuietSpace::new(3, 3, 1, Vec::new()).is_err());
        // Over the cell limit: `iter` would have no board to start from.
        assert!(matches!(
            QuietSpace::new(1 << 21, 1 << 20, 2, Vec::new()),
            Err(Error::InvalidSize { .. })
        ));
        // A system without unknowns: its kernel fits a 0 x 5 board, which has no cells.
        let none = ZkMatrix::from_rows(&[[0u8; 0]; 0], 6).unwrap();
        let empty = crate::zk::solve(&none, &[]).unwrap().kernel;
        assert!(matches!(
            QuietSpace::from_kernel(0, 5, &empty),
            Err(Error::InvalidSize { .. })
        ));
        let space = QuietSpace::new(3, 3, 2, Vec::new()).unwrap();
        assert!(space.solutions(small).is_err());
    }

    #[test]
    fn the_memory_check_names_the_bytes_and_the_limit() {
        let game = Game::classic(1024, 1024).unwrap();
        // 1024 rows of 16 words: 128 KiB a pattern; 8,192 of them are exactly 1 GiB.
        assert!(QuietSpace::check_memory(&game, 8192).is_ok());
        let e = QuietSpace::check_memory(&game, 10_000).unwrap_err();
        assert_eq!(
            e.limit(),
            Some(&Limit::Memory {
                what: "the quiet patterns (for every solution or the fewest presses)",
                bytes: 10_000 << 17,
                max: 1 << 30
            })
        );
        assert!(e.to_string().contains("1.2 GiB"), "{e}");
        let three = Game::new(
            1000,
            1000,
            crate::game::Rules::new(crate::game::Shape::plus(), crate::game::Boundary::Open, 3)
                .unwrap(),
        )
        .unwrap();
        // One byte a cell with more than two states.
        assert!(QuietSpace::check_memory(&three, 1073).is_ok());
        assert!(QuietSpace::check_memory(&three, 1074).is_err());
        assert!(QuietSpace::check_memory(&game, usize::MAX).is_err());
    }
}
