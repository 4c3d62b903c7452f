//! Solving `A x = b (mod K)`: the solution set, the kernel module, their sizes.

use super::arith::{factorize, is_prime};
use super::enumerate::KernelIter;
use super::field::FieldForm;
use super::howell::Howell;
use super::matrix::{check_entries, ZkMatrix};
use crate::budget::{unlimited, Budget, Ticker};
use crate::error::{Error, Limit};
use crate::game::{Board, Game};
use num_bigint::BigUint;

/// Which elimination [`solve_by`] uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum ZkMethod {
    /// [`ZkMethod::Field`] for a prime modulus, [`ZkMethod::Howell`] otherwise.
    #[default]
    Auto,
    /// Gauss–Jordan elimination over GF(p): prime moduli only.
    Field,
    /// The Howell form of `[A^T | I]`: every modulus.
    Howell,
}

/// The kernel module `{x : A x = 0 (mod K)}`, as generators `g_i` with radices `r_i`
/// such that every element is `sum c_i g_i` for exactly one tuple `0 <= c_i < r_i`.
///
/// For a prime `K` the generators are a basis and every radix is `K`; for a composite
/// `K` they come from a Howell form, and `r_i = K / d_i` for the pivot `d_i` of `g_i`.
/// Generators are few (at most the number of unknowns) but not always a *minimal*
/// generating set: see [`ZkSolution::nullity`] for that number.
///
/// ```
/// use lightsout::zk::{solve, ZkMatrix};
/// use num_bigint::BigUint;
/// // Over Z_6, 2x + 3y = 0 iff x is 0 or 3 and y is 0, 2 or 4: 6 solutions.
/// let a = ZkMatrix::from_rows(&[[2u8, 3]], 6)?;
/// let s = solve(&a, &[0])?;
/// assert_eq!(s.kernel.size(), BigUint::from(6u32));
/// for x in s.kernel.iter() {
///     assert_eq!(a.mul_vec(&x), vec![0]);
/// }
/// # Ok::<(), lightsout::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZkKernel {
    modulus: u8,
    unknowns: usize,
    generators: Vec<Vec<u8>>,
    radices: Vec<u8>,
}

impl ZkKernel {
    /// The modulus `K`.
    pub fn modulus(&self) -> u8 {
        self.modulus
    }

    /// The length of each element (the number of unknowns).
    pub fn unknowns(&self) -> usize {
        self.unknowns
    }

    /// The generators `g_i`.
    pub fn generators(&self) -> &[Vec<u8>] {
        &self.generators
    }

    /// The radices `r_i` (each at least 2 and dividing `K`).
    pub fn radices(&self) -> &[u8] {
        &self.radices
    }

    /// The exact number of elements, `prod r_i`.
    pub fn size(&self) -> BigUint {
        self.radices
            .iter()
            .fold(BigUint::from(1u8), |acc, &r| acc * BigUint::from(r))
    }

    /// True if the kernel is `{0}`.
    pub fn is_trivial(&self) -> bool {
        self.generators.is_empty()
    }

    /// The element `sum c_i g_i` (coefficients may exceed the radices).
    ///
    /// # Panics
    /// If `coeffs.len()` differs from the number of generators.
    pub fn combine(&self, coeffs: &[u64]) -> Vec<u8> {
        assert_eq!(
            coeffs.len(),
            self.generators.len(),
            "one coefficient per generator"
        );
        let k = u64::from(self.modulus);
        let mut acc = vec![0u64; self.unknowns];
        for (g, &c) in self.generators.iter().zip(coeffs) {
            let c = c % k;
            for (a, &x) in acc.iter_mut().zip(g) {
                *a = (*a + c * u64::from(x)) % k;
            }
        }
        acc.into_iter().map(|x| x as u8).collect()
    }

    /// Every element, each once, starting with zero (see [`KernelIter`]).
    pub fn iter(&self) -> KernelIter<'_> {
        KernelIter::new(self, vec![0; self.unknowns])
    }

    /// Every element of the coset `start + kernel`, each once, starting with `start`:
    /// all the solutions, when `start` is one.
    ///
    /// # Panics
    /// If `start` has the wrong length or an entry not below `K`.
    pub fn coset(&self, start: &[u8]) -> KernelIter<'_> {
        assert!(
            start.iter().all(|&x| x < self.modulus),
            "entries must be below K"
        );
        KernelIter::new(self, start.to_vec())
    }
}

/// Everything about `A x = b (mod K)`.
///
/// For composite `K` rank and nullity need a definition; this module uses:
///
/// * `nullity` = the **minimal number of generators of the kernel module**. It equals
///   the largest nullity of `A mod p` over GF(p) among the primes `p` dividing `K`
///   (the elements of order dividing `p` in the kernel are exactly `(K/p) y` with
///   `A y = 0 (mod p)`, and a finite abelian group needs as many generators as its
///   largest `p`-torsion has dimension).
/// * `rank` = `unknowns - nullity` = the smallest rank of `A mod p` over those primes,
///   which is the McCoy rank of `A` over Z_K.
///
/// For prime `K` both are the usual field notions and `kernel_size = K^nullity`. For
/// composite `K`, `kernel_size` is in general **not** `K^nullity` (over Z_4, `2x = 0` has
/// nullity 1 and 2 solutions); always use `kernel_size` and `count` for counting.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZkSolution {
    /// The modulus `K`.
    pub modulus: u8,
    /// One solution, if the system is consistent.
    pub solution: Option<Vec<u8>>,
    /// The kernel module `{x : A x = 0}`: adding any element to a solution gives a
    /// solution, and every solution arises so, once.
    pub kernel: ZkKernel,
    /// The exact number of kernel elements.
    pub kernel_size: BigUint,
    /// The exact number of solutions: `kernel_size` if consistent, else 0.
    pub count: BigUint,
    /// The McCoy rank (see the type's notes).
    pub rank: usize,
    /// The minimal number of generators of the kernel (see the type's notes).
    pub nullity: usize,
}

impl ZkSolution {
    /// True if the system has a solution.
    pub fn is_solvable(&self) -> bool {
        self.solution.is_some()
    }

    /// Every solution, each once (nothing if inconsistent).
    pub fn solutions(&self) -> impl Iterator<Item = Vec<u8>> + '_ {
        self.solution
            .as_deref()
            .map(|x| self.kernel.coset(x))
            .into_iter()
            .flatten()
    }

    /// The solution with the smallest sum of entries (the fewest presses, each press
    /// count taken in `0..K`), ties broken by fewer non-zero entries, then by
    /// enumeration order; found by trying all `count` solutions. `Ok(None)` if there is
    /// no solution.
    ///
    /// # Errors
    ///
    /// [`Error::LimitExceeded`] if there are more than `limit` solutions to try.
    ///
    /// ```
    /// use lightsout::zk::{solve, ZkMatrix};
    /// // x + y = 2 (mod 3): (2,0), (0,2) and (1,1) all have total 2; (1,1) presses two
    /// // buttons, so one of the others wins.
    /// let a = ZkMatrix::from_rows(&[[1u8, 1]], 3)?;
    /// let best = solve(&a, &[2])?.minimal_total(1000)?.unwrap();
    /// assert_eq!(best.iter().map(|&v| v as u32).sum::<u32>(), 2);
    /// assert_eq!(best.iter().filter(|&&v| v != 0).count(), 1);
    /// # Ok::<(), lightsout::Error>(())
    /// ```
    pub fn minimal_total(&self, limit: u64) -> Result<Option<Vec<u8>>, Error> {
        let Some(x) = &self.solution else {
            return Ok(None);
        };
        if self.count > BigUint::from(limit) {
            return Err(Error::LimitExceeded(Limit::Solutions {
                what: "the enumeration",
                count: self.count.clone(),
                max: limit.into(),
            }));
        }
        let mut it = self.kernel.coset(x);
        let mut best: Option<(u64, usize, Vec<u8>)> = None;
        while it.advance().is_some() {
            let key = (it.total(), it.nonzero());
            if best.as_ref().is_none_or(|b| key < (b.0, b.1)) {
                best = Some((key.0, key.1, it.current().to_vec()));
            }
        }
        Ok(best.map(|b| b.2))
    }
}

/// Solves `A x = b (mod K)` with `K = a.modulus()`, by [`ZkMethod::Auto`].
///
/// # Errors
///
/// [`Error::SizeMismatch`] unless `b` has one entry per row of `a`,
/// [`Error::InvalidBoard`] for an entry of `b` not below `K`, and (never expected)
/// [`Error::Internal`] if a computed answer fails its own check.
///
/// ```
/// use lightsout::zk::{solve, ZkMatrix};
/// use num_bigint::BigUint;
/// // Over Z_4: 2x = 2 has the two solutions 1 and 3; 2x = 1 has none.
/// let a = ZkMatrix::from_rows(&[[2u8]], 4)?;
/// let s = solve(&a, &[2])?;
/// assert_eq!(s.count, BigUint::from(2u32));
/// assert_eq!((s.rank, s.nullity), (0, 1));
/// let mut all: Vec<Vec<u8>> = s.solutions().collect();
/// all.sort();
/// assert_eq!(all, vec![vec![1], vec![3]]);
/// assert!(!solve(&a, &[1])?.is_solvable());
/// # Ok::<(), lightsout::Error>(())
/// ```
pub fn solve(a: &ZkMatrix, b: &[u8]) -> Result<ZkSolution, Error> {
    solve_by(a, b, ZkMethod::Auto)
}

/// Solves `A x = b (mod K)` with the given method ([`ZkMethod::Field`] errors for a
/// composite `K`). Every answer is checked: the solution and each kernel generator are
/// multiplied back.
///
/// # Errors
///
/// Those of [`solve`], and [`Error::Unsupported`] for [`ZkMethod::Field`] with a
/// composite `K`.
///
/// ```
/// use lightsout::zk::{solve_by, ZkMatrix, ZkMethod};
/// let a = ZkMatrix::from_rows(&[[1u8, 2], [3, 4]], 5)?;
/// let f = solve_by(&a, &[1, 1], ZkMethod::Field)?;
/// let h = solve_by(&a, &[1, 1], ZkMethod::Howell)?;
/// assert_eq!(f.solution, h.solution); // invertible: the solution is unique
/// let a6 = ZkMatrix::from_rows(&[[1u8]], 6)?;
/// assert!(solve_by(&a6, &[1], ZkMethod::Field).is_err());
/// # Ok::<(), lightsout::Error>(())
/// ```
pub fn solve_by(a: &ZkMatrix, b: &[u8], method: ZkMethod) -> Result<ZkSolution, Error> {
    solve_within(a, b, method, &Budget::unlimited())
}

/// [`solve_by`] within a [`Budget`]: the eliminations check it at every pivot (the
/// field form) or row operation (the Howell form), every few tens of microseconds.
///
/// # Errors
///
/// Those of [`solve_by`], and the budget's ([`Error::Cancelled`],
/// [`Error::TimeLimit`]) once it is spent; nothing is returned then.
///
/// ```
/// use lightsout::zk::{solve_within, ZkMatrix, ZkMethod};
/// use lightsout::{Budget, Error};
/// use std::time::Duration;
/// let a = ZkMatrix::identity(300, 6)?;
/// let b = vec![1u8; 300];
/// assert!(solve_within(&a, &b, ZkMethod::Auto, &Budget::unlimited())?.is_solvable());
/// let spent = Budget::unlimited().with_time_limit(Duration::ZERO);
/// assert_eq!(solve_within(&a, &b, ZkMethod::Auto, &spent), Err(Error::TimeLimit));
/// # Ok::<(), lightsout::Error>(())
/// ```
pub fn solve_within(
    a: &ZkMatrix,
    b: &[u8],
    method: ZkMethod,
    budget: &Budget,
) -> Result<ZkSolution, Error> {
    budget.check()?;
    let ticker = &mut Ticker::new(budget);
    let k = a.modulus();
    if b.len() != a.rows() {
        return Err(Error::SizeMismatch {
            expected: format!("{} right-hand side entries", a.rows()),
            found: format!("{}", b.len()),
        });
    }
    check_entries(b, k)?;
    let prime = is_prime(u32::from(k));
    let method = match method {
        ZkMethod::Auto if prime => ZkMethod::Field,
        ZkMethod::Auto => ZkMethod::Howell,
        ZkMethod::Field if !prime => {
            return Err(Error::unsupported(format!(
                "field elimination needs a prime modulus, not {k}; use the Howell form"
            )))
        }
        m => m,
    };
    let n = a.cols();
    let (solution, generators, radices, rank) = if method == ZkMethod::Field {
        let f = FieldForm::new_within(a, u32::from(k), Some(b), ticker)?;
        let basis = f.kernel_basis();
        let radices = vec![k; basis.len()];
        (f.solution(), basis, radices, f.rank())
    } else {
        let (solution, generators, radices) = howell_solve(a, b, ticker)?;
        (solution, generators, radices, mccoy_rank_within(a, ticker)?)
    };
    if let Some(x) = &solution {
        if a.mul_vec(x) != b {
            return Err(Error::Internal(format!(
                "mod-{k} elimination returned a non-solution"
            )));
        }
    }
    if generators
        .iter()
        .any(|g| a.mul_vec(g).iter().any(|&v| v != 0))
    {
        return Err(Error::Internal(format!(
            "mod-{k} elimination returned a kernel generator outside the kernel"
        )));
    }
    let kernel = ZkKernel {
        modulus: k,
        unknowns: n,
        generators,
        radices,
    };
    let kernel_size = kernel.size();
    let count = if solution.is_some() {
        kernel_size.clone()
    } else {
        BigUint::from(0u8)
    };
    Ok(ZkSolution {
        modulus: k,
        solution,
        kernel,
        kernel_size,
        count,
        rank,
        nullity: n - rank,
    })
}

/// The McCoy rank of `A` over Z_K: the smallest rank of `A mod p` over GF(p) among the
/// primes `p` dividing `K` (the usual rank for prime `K`). `cols - mccoy_rank` is the
/// minimal number of generators of the kernel module.
///
/// ```
/// use lightsout::zk::{mccoy_rank, ZkMatrix};
/// // diag(2, 3) over Z_6: rank 1 mod 2 and mod 3, so McCoy rank 1, though no row or
/// // column is zero.
/// let a = ZkMatrix::from_rows(&[[2u8, 0], [0, 3]], 6)?;
/// assert_eq!(mccoy_rank(&a), 1);
/// # Ok::<(), lightsout::Error>(())
/// ```
pub fn mccoy_rank(a: &ZkMatrix) -> usize {
    unlimited(mccoy_rank_within(a, &mut Ticker::new(&Budget::unlimited())))
}

/// [`mccoy_rank`] counted against a budget.
fn mccoy_rank_within(a: &ZkMatrix, ticker: &mut Ticker<'_>) -> Result<usize, Error> {
    let mut rank = usize::MAX;
    for (p, _) in factorize(u32::from(a.modulus())) {
        rank = rank.min(FieldForm::new_within(a, p, None, ticker)?.rank());
    }
    Ok(rank)
}

/// The structure of the kernel module `{x : A x = 0 (mod K)}` as an abelian group: its
/// invariant factors `d_1 | d_2 | ... | d_r`, each a divisor of `K` above 1, with
/// `kernel ~ Z_{d_1} x ... x Z_{d_r}`. So `r` is the nullity (the minimal number of
/// generators) and the product is the kernel's size.
///
/// For each prime power `p^e` exactly dividing `K`, the kernel's elements killed by
/// `p^j` are `(K/p^j) y` with `A y = 0 (mod p^j)`; the sizes of these kernels for
/// `j = 1..e` (one elimination each) count the cyclic factors of each order `p^j`.
///
/// ```
/// use lightsout::zk::{kernel_invariants, ZkMatrix};
/// // Over Z_4, x + 2y = 0 has the cyclic kernel {(2y, y)} of order 4 ...
/// assert_eq!(kernel_invariants(&ZkMatrix::from_rows(&[[1u8, 2]], 4)?), vec![4]);
/// // ... and 2x = 0, 2y = 0 the kernel {0, 2} x {0, 2}.
/// assert_eq!(kernel_invariants(&ZkMatrix::from_rows(&[[2u8, 0], [0, 2]], 4)?), vec![2, 2]);
/// // diag(2, 3) over Z_6: {0, 3} x {0, 2, 4} is cyclic of order 6.
/// assert_eq!(kernel_invariants(&ZkMatrix::from_rows(&[[2u8, 0], [0, 3]], 6)?), vec![6]);
/// # Ok::<(), lightsout::Error>(())
/// ```
///
/// # Panics
///
/// Never: each modulus it works in is a prime power dividing `K`, so at least 2 and
/// at most 255, and its eliminations run without a budget.
pub fn kernel_invariants(a: &ZkMatrix) -> Vec<u8> {
    let n = a.cols();
    // For each prime, the exponents of its cyclic factors, largest first.
    let mut parts: Vec<(u32, Vec<u32>)> = Vec::new();
    for (p, e) in factorize(u32::from(a.modulus())) {
        // logs[j] = log_p |{x in kernel : p^j x = 0}|, for j = 0..=e.
        let mut logs = vec![0usize];
        for j in 1..=e {
            let q = p.pow(j);
            let log = if j == 1 {
                n - FieldForm::new(a, p, None).rank()
            } else {
                let aq = ZkMatrix::from_fn(a.rows(), n, q as u8, |r, c| i64::from(a.get(r, c)))
                    .expect("a prime power dividing K is a valid modulus");
                let zero = vec![0u8; a.rows()];
                let (_, _, radices) = unlimited(howell_solve(
                    &aq,
                    &zero,
                    &mut Ticker::new(&Budget::unlimited()),
                ));
                // Each radix q / d is a power of p.
                radices.iter().map(|&r| log_p(u32::from(r), p)).sum()
            };
            logs.push(log);
        }
        // at_least[j] = number of cyclic factors of order at least p^j.
        let at_least: Vec<usize> = (1..=e as usize).map(|j| logs[j] - logs[j - 1]).collect();
        let mut exponents = Vec::new();
        for j in (1..=e as usize).rev() {
            let more = at_least.get(j).copied().unwrap_or(0);
            for _ in 0..at_least[j - 1] - more {
                exponents.push(j as u32);
            }
        }
        parts.push((p, exponents));
    }
    invariant_factors(&parts)
}

/// The invariant factors `d_1 | d_2 | ... | d_r` (increasing) of a finite abelian group
/// of exponent dividing `K`, from its primary parts: for each prime `p`, the exponents
/// `a` of its cyclic factors `Z_{p^a}`, largest first.
pub(crate) fn invariant_factors(parts: &[(u32, Vec<u32>)]) -> Vec<u8> {
    let r = parts.iter().map(|(_, x)| x.len()).max().unwrap_or(0);
    // The i-th largest invariant factor takes the i-th largest power of each prime.
    let mut factors: Vec<u8> = (0..r)
        .map(|i| {
            parts
                .iter()
                .map(|(p, x)| x.get(i).map_or(1, |&j| p.pow(j)))
                .product::<u32>() as u8
        })
        .collect();
    factors.reverse();
    factors
}

/// `log_p(r)` for a power `r` of `p`.
fn log_p(mut r: u32, p: u32) -> usize {
    let mut e = 0;
    while r > 1 {
        debug_assert!(r.is_multiple_of(p));
        r /= p;
        e += 1;
    }
    e
}

/// Most cells [`solve_game`] accepts: the elimination is cubic and the composite case
/// works on a `cells x 2 cells` array of 32-bit words.
pub const MAX_GAME_CELLS: usize = 4096;

/// Solves a game with any number of states: the presses (counts mod `K`) that take
/// `start` to `target`, with cells numbered row-major (see [`ZkMatrix::toggle`]).
///
/// ```
/// use lightsout::zk::solve_game;
/// use lightsout::{Board, Boundary, Game, Rules, Shape};
/// use num_bigint::BigUint;
/// // Lights Out 2000: 5 x 5, three states. Its matrix has 3 independent quiet
/// // patterns mod 3, so a solvable position has 3^3 = 27 solutions.
/// let game = Game::new(5, 5, Rules::new(Shape::plus(), Boundary::Open, 3)?)?;
/// let mut start = game.empty_board();
/// game.press(&mut start, 2, 2)?;
/// game.press(&mut start, 0, 1)?;
/// let s = solve_game(&game, &start, &game.empty_board())?;
/// assert_eq!((s.nullity, s.count.clone()), (3, BigUint::from(27u8)));
/// let presses = Board::from_values(5, 5, 3, s.solution.as_ref().unwrap())?;
/// assert!(game.is_solution(&start, &game.empty_board(), &presses)?);
/// # Ok::<(), lightsout::Error>(())
/// ```
///
/// # Errors
///
/// [`Error::SizeMismatch`] if `start` or `target` is not a board of `game`,
/// [`Error::LimitExceeded`] for more than [`MAX_GAME_CELLS`] cells, and (never
/// expected) [`Error::Internal`] if the answer fails its own check.
pub fn solve_game(game: &Game, start: &Board, target: &Board) -> Result<ZkSolution, Error> {
    game.check_board(start)?;
    game.check_board(target)?;
    Limit::cells(
        "the mod-K elimination",
        game.cells() as u64,
        MAX_GAME_CELLS as u64,
    )
    .map_err(Error::LimitExceeded)?;
    let k = u16::from(game.modulus());
    let rhs: Vec<u8> = start
        .values()
        .iter()
        .zip(target.values())
        .map(|(&s, t)| ((u16::from(t) + k - u16::from(s)) % k) as u8)
        .collect();
    solve(&ZkMatrix::toggle(game), &rhs)
}

/// What [`howell_solve`] finds: a solution if any, the kernel's generators and their
/// radices.
type HowellAnswer = (Option<Vec<u8>>, Vec<Vec<u8>>, Vec<u8>);

/// The Howell route: put `[A^T | I_n]` (row `j`: column `j` of `A`, then the unit
/// vector `e_j`) in Howell form. Each row `[h | u]` of its span has `h = (A u)^T`, so:
/// the rows whose pivot lies in the identity part are `[0 | u]` with `A u = 0` and, by
/// the Howell property, form a Howell basis of the kernel; and reducing `[b | 0]` by the
/// other rows clears the first part iff `b` is in the column span of `A`, leaving
/// `[0 | -x]` with `A x = b`.
///
/// Every row operation ticks `ticker`; nothing is returned when the budget stops it.
fn howell_solve(a: &ZkMatrix, b: &[u8], ticker: &mut Ticker<'_>) -> Result<HowellAnswer, Error> {
    let (m, n) = (a.rows(), a.cols());
    let k = u32::from(a.modulus());
    let at = a.transpose();
    let w = m + n;
    let mut h = Howell::new(k, w);
    for j in 0..n {
        let mut v = vec![0u32; w];
        for (x, &y) in v.iter_mut().zip(at.row(j)) {
            *x = u32::from(y);
        }
        v[m + j] = 1;
        h.insert(v, 0, ticker)?;
    }
    h.saturate(ticker)?;
    let mut r = vec![0u32; w];
    for (x, &y) in r.iter_mut().zip(b) {
        *x = u32::from(y);
    }
    let solution = h
        .reduce(&mut r, m)
        .then(|| r[m..].iter().map(|&x| ((k - x) % k) as u8).collect());
    let mut generators = Vec::new();
    let mut radices = Vec::new();
    for i in 0..h.len() {
        if h.pivot_col(i) >= m {
            generators.push(h.row(i)[m..].iter().map(|&x| x as u8).collect());
            radices.push((k / h.pivot_value(i)) as u8);
        }
    }
    Ok((solution, generators, radices))
}
