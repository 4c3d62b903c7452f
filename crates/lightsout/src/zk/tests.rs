//! Tests of the mod-K linear algebra against brute force and against an independent
//! local Smith-form elimination.

use super::arith::{factorize, is_prime};
use super::solve::invariant_factors;
use super::*;
use crate::game::{Board, Boundary, Game, Rules, Shape};
use crate::testing::splitmix;
use num_bigint::BigUint;
use proptest::prelude::*;
use std::collections::HashSet;

// ---------------------------------------------------------------------------------
// Brute force

/// Every vector of `Z_k^n`, in lexicographic order.
fn all_vectors(k: u8, n: usize) -> impl Iterator<Item = Vec<u8>> {
    let total = (k as usize).pow(n as u32);
    (0..total).map(move |mut i| {
        (0..n)
            .map(|_| {
                let d = (i % k as usize) as u8;
                i /= k as usize;
                d
            })
            .collect()
    })
}

struct Brute {
    solutions: HashSet<Vec<u8>>,
    kernel: HashSet<Vec<u8>>,
}

fn brute(a: &ZkMatrix, b: &[u8]) -> Brute {
    let zero = vec![0u8; a.rows()];
    let mut solutions = HashSet::new();
    let mut kernel = HashSet::new();
    for x in all_vectors(a.modulus(), a.cols()) {
        let y = a.mul_vec(&x);
        if y == b {
            solutions.insert(x.clone());
        }
        if y == zero {
            kernel.insert(x);
        }
    }
    Brute { solutions, kernel }
}

/// log_p of `n`, asserting that `n` is a power of `p`.
fn log_exact(mut n: usize, p: usize) -> usize {
    let mut e = 0;
    while n > 1 {
        assert!(n.is_multiple_of(p), "{n} is not a power of {p}");
        n /= p;
        e += 1;
    }
    e
}

/// The minimal number of generators of a finite Z_k-module given by its elements:
/// the largest dimension of its p-torsion `{x : p x = 0}` over the primes `p | k`.
fn min_generators(elements: &HashSet<Vec<u8>>, k: u8) -> usize {
    factorize(u32::from(k))
        .into_iter()
        .map(|(p, _)| log_exact(killed_by(elements, p, k), p as usize))
        .max()
        .unwrap()
}

/// How many of `elements` (vectors mod `k`) `q` kills: `q x = 0`.
fn killed_by(elements: &HashSet<Vec<u8>>, q: u32, k: u8) -> usize {
    elements
        .iter()
        .filter(|x| {
            x.iter()
                .all(|&v| (u32::from(v) * q).is_multiple_of(u32::from(k)))
        })
        .count()
}

/// The invariant factors of a finite Z_k-module given by its elements, by counting
/// the elements killed by each prime power: a cyclic factor Z_{p^a} contributes
/// `p^min(a, j)` elements killed by `p^j`.
fn brute_invariants(elements: &HashSet<Vec<u8>>, k: u8) -> Vec<u8> {
    let mut parts = Vec::new();
    for (p, e) in factorize(u32::from(k)) {
        let killed = |j: u32| log_exact(killed_by(elements, p.pow(j), k), p as usize);
        // Factors of order exactly p^j: (killed(j) - killed(j-1)) - (killed(j+1) - killed(j)).
        let logs: Vec<usize> = (0..=e + 1)
            .map(|j| if j > e { killed(e) } else { killed(j) })
            .collect();
        let mut exps = Vec::new();
        for j in (1..=e as usize).rev() {
            let exact = (logs[j] - logs[j - 1]) - (logs[j + 1] - logs[j]);
            exps.extend(std::iter::repeat_n(j as u32, exact));
        }
        parts.push((p, exps));
    }
    invariant_factors(&parts)
}

fn sum_mod(x: &[u8], y: &[u8], k: u8) -> Vec<u8> {
    x.iter()
        .zip(y)
        .map(|(&a, &b)| ((u16::from(a) + u16::from(b)) % u16::from(k)) as u8)
        .collect()
}

/// Everything `solve_by` claims, checked against brute force.
fn check_against_brute(a: &ZkMatrix, b: &[u8], method: ZkMethod) -> Result<(), TestCaseError> {
    let k = a.modulus();
    let n = a.cols();
    let s = solve_by(a, b, method).expect("valid input");
    let bf = brute(a, b);
    prop_assert_eq!(s.modulus, k);
    prop_assert_eq!(&s.count, &BigUint::from(bf.solutions.len()));
    prop_assert_eq!(&s.kernel_size, &BigUint::from(bf.kernel.len()));
    prop_assert_eq!(s.kernel.size(), s.kernel_size.clone());
    prop_assert_eq!(s.is_solvable(), !bf.solutions.is_empty());
    if let Some(x) = &s.solution {
        prop_assert_eq!(x.len(), n);
        prop_assert!(bf.solutions.contains(x));
    }
    // Generators lie in the kernel; radices are divisors of K, at least 2.
    prop_assert_eq!(s.kernel.generators().len(), s.kernel.radices().len());
    for (g, &r) in s.kernel.generators().iter().zip(s.kernel.radices()) {
        prop_assert!(bf.kernel.contains(g));
        prop_assert!(r >= 2 && k.is_multiple_of(r));
    }
    // The enumeration: each kernel element exactly once, and nothing else.
    let listed: Vec<Vec<u8>> = s.kernel.iter().collect();
    let set: HashSet<Vec<u8>> = listed.iter().cloned().collect();
    prop_assert_eq!(listed.len(), set.len(), "an element was listed twice");
    prop_assert_eq!(&set, &bf.kernel);
    // All solutions, each once.
    let sols: Vec<Vec<u8>> = s.solutions().collect();
    let sol_set: HashSet<Vec<u8>> = sols.iter().cloned().collect();
    prop_assert_eq!(sols.len(), sol_set.len());
    prop_assert_eq!(&sol_set, &bf.solutions);
    // Rank and nullity as documented.
    prop_assert_eq!(s.nullity, min_generators(&bf.kernel, k));
    prop_assert_eq!(s.rank + s.nullity, n);
    prop_assert_eq!(s.rank, mccoy_rank(a));
    // The group structure: invariant factors from the sizes of the p^j-torsion.
    let inv = kernel_invariants(a);
    prop_assert_eq!(&inv, &brute_invariants(&bf.kernel, k));
    prop_assert_eq!(inv.len(), s.nullity);
    prop_assert_eq!(
        inv.iter().map(|&d| BigUint::from(d)).product::<BigUint>(),
        s.kernel_size.clone()
    );
    if is_prime(u32::from(k)) {
        prop_assert_eq!(&s.kernel_size, &BigUint::from(k).pow(s.nullity as u32));
    }
    // The fewest presses.
    let key = |x: &Vec<u8>| {
        (
            x.iter().map(|&v| u64::from(v)).sum::<u64>(),
            x.iter().filter(|&&v| v != 0).count(),
        )
    };
    let best = s.minimal_total(u64::MAX).unwrap();
    prop_assert_eq!(best.as_ref().map(key), bf.solutions.iter().map(key).min());
    if let Some(best) = best {
        prop_assert!(bf.solutions.contains(&best));
    }
    Ok(())
}

// ---------------------------------------------------------------------------------
// An independent count: Smith-like elimination over each Z_{p^e}, then CRT.

/// Over the local ring Z_{p^e}: whether `A x = b` is solvable, the kernel's size, and
/// the exponents `a` of its cyclic factors `Z_{p^a}`.
/// Full pivoting on an entry of least p-adic valuation makes the pivot divide its whole
/// row and column, so row operations (applied to `b` too) and column operations (a
/// change of unknowns) diagonalise `A`.
fn local_smith(a: &ZkMatrix, b: &[u8], p: u64, e: u32) -> (bool, BigUint, Vec<u32>) {
    let q = p.pow(e);
    let (m, n) = (a.rows(), a.cols());
    let mut mat: Vec<Vec<u64>> = (0..m)
        .map(|r| a.row(r).iter().map(|&x| u64::from(x) % q).collect())
        .collect();
    let mut rhs: Vec<u64> = b.iter().map(|&x| u64::from(x) % q).collect();
    let val = |x: u64| {
        if x == 0 {
            return e;
        }
        let (mut x, mut v) = (x, 0);
        while x.is_multiple_of(p) {
            x /= p;
            v += 1;
        }
        v
    };
    let mut col_order: Vec<usize> = (0..n).collect();
    let mut vals = Vec::new();
    let mut r = 0;
    loop {
        let mut best: Option<(u32, usize, usize)> = None;
        for i in r..m {
            for j in r..n {
                let v = val(mat[i][col_order[j]]);
                if v < e && best.is_none_or(|b| v < b.0) {
                    best = Some((v, i, j));
                }
            }
        }
        let Some((v, i, j)) = best else { break };
        mat.swap(r, i);
        rhs.swap(r, i);
        col_order.swap(r, j);
        let c = col_order[r];
        let pv = p.pow(v);
        let unit = mat[r][c] / pv;
        let inv = (1..q).find(|&w| w * unit % q == 1).unwrap();
        for i in r + 1..m {
            let f = mat[i][c] / pv * inv % q;
            if f == 0 {
                continue;
            }
            for jj in 0..n {
                mat[i][jj] = (mat[i][jj] + (q - f) * mat[r][jj]) % q;
            }
            rhs[i] = (rhs[i] + (q - f) * rhs[r]) % q;
        }
        // Column operations only change row r: the rest of column c is now zero.
        for &jj in &col_order[r + 1..] {
            mat[r][jj] = 0;
        }
        vals.push(v);
        r += 1;
    }
    let solvable = (r..m).all(|i| rhs[i] == 0)
        && vals
            .iter()
            .zip(&rhs)
            .all(|(&v, &y)| y.is_multiple_of(p.pow(v)));
    let mut size = BigUint::from(q).pow((n - r) as u32);
    for &v in &vals {
        size *= BigUint::from(p.pow(v));
    }
    // p^v y = 0 has the cyclic solution group of order p^v; a free unknown gives Z_{p^e}.
    let mut exps: Vec<u32> = vals.into_iter().filter(|&v| v > 0).collect();
    exps.extend(std::iter::repeat_n(e, n - r));
    exps.sort_unstable_by(|x, y| y.cmp(x));
    (solvable, size, exps)
}

/// Solvability, kernel size and kernel invariant factors over Z_K by CRT over the prime
/// powers of `K`.
fn smith_count(a: &ZkMatrix, b: &[u8]) -> (bool, BigUint) {
    let (solvable, size, _) = smith_all(a, b);
    (solvable, size)
}

fn smith_all(a: &ZkMatrix, b: &[u8]) -> (bool, BigUint, Vec<u8>) {
    let mut solvable = true;
    let mut size = BigUint::from(1u8);
    let mut parts = Vec::new();
    for (p, e) in factorize(u32::from(a.modulus())) {
        let (s, z, exps) = local_smith(a, b, u64::from(p), e);
        solvable &= s;
        size *= z;
        parts.push((p, exps));
    }
    (solvable, size, invariant_factors(&parts))
}

// ---------------------------------------------------------------------------------
// Strategies

const MODULI: [u8; 17] = [2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 16, 25, 27, 30, 210, 255];

/// Largest number of unknowns whose `K^n` vectors brute force can afford.
fn max_unknowns(k: u8) -> usize {
    let budget: u64 = if cfg!(debug_assertions) {
        8_000
    } else {
        70_000
    };
    (0..=5)
        .take_while(|&n| u64::from(k).pow(n as u32) <= budget)
        .last()
        .unwrap()
}

fn divisors(k: u8) -> Vec<u8> {
    (1..=k).filter(|d| k.is_multiple_of(*d)).collect()
}

/// A small system over Z_K: entries random, or all multiples of one divisor of `K`
/// (to get zero divisors), some rows copied or combined (to get dependence); the
/// right-hand side random or `A x0` (to get solvable systems).
fn small_system(moduli: &'static [u8]) -> impl Strategy<Value = (ZkMatrix, Vec<u8>)> {
    prop::sample::select(moduli)
        .prop_flat_map(|k| (Just(k), 0..=4usize, 0..=max_unknowns(k)))
        .prop_flat_map(|(k, m, n)| {
            (
                Just((k, m, n)),
                prop::collection::vec(any::<u8>(), m * n),
                prop::sample::select(divisors(k)),
                prop::collection::vec(any::<u8>(), m),
                prop::collection::vec(any::<u8>(), n),
                any::<bool>(),
                any::<bool>(),
            )
        })
        .prop_map(|((k, m, n), entries, d, b, x0, consistent, copy)| {
            let d = u32::from(d);
            let mut a = ZkMatrix::from_fn(m, n, k, |r, c| {
                i64::from(u32::from(entries[r * n + c]) * d % u32::from(k))
            })
            .unwrap();
            if copy && m >= 2 {
                // Last row := first row + second row.
                for c in 0..n {
                    let v = (u16::from(a.get(0, c)) + u16::from(a.get(1, c))) % u16::from(k);
                    a.set(m - 1, c, v as u8);
                }
            }
            let b = if consistent {
                let x0: Vec<u8> = x0.iter().map(|&v| v % k).collect();
                a.mul_vec(&x0)
            } else {
                b.iter().map(|&v| v % k).collect()
            };
            (a, b)
        })
}

/// A medium random square-ish system of low rank over Z_K: `A = L R` with inner
/// dimension `t`, entries random.
fn medium_system() -> impl Strategy<Value = (ZkMatrix, Vec<u8>)> {
    (
        prop::sample::select(&[3u8, 4, 6, 8, 9, 12, 16, 27, 32, 36, 64, 128, 210, 243, 255][..]),
        1..=14usize,
        1..=14usize,
        0..=14usize,
        any::<u64>(),
        any::<bool>(),
    )
        .prop_map(|(k, m, n, t, seed, consistent)| {
            let mut rng = seed;
            let mut next = move || splitmix(&mut rng);
            let k64 = u64::from(k);
            let l: Vec<u64> = (0..m * t).map(|_| next() % k64).collect();
            let r: Vec<u64> = (0..t * n).map(|_| next() % k64).collect();
            let a = ZkMatrix::from_fn(m, n, k, |i, j| {
                ((0..t).map(|s| l[i * t + s] * r[s * n + j]).sum::<u64>() % k64) as i64
            })
            .unwrap();
            let b = if consistent {
                let x0: Vec<u8> = (0..n).map(|_| (next() % k64) as u8).collect();
                a.mul_vec(&x0)
            } else {
                (0..m).map(|_| (next() % k64) as u8).collect()
            };
            (a, b)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        if cfg!(debug_assertions) { 96 } else { 512 }
    ))]

    #[test]
    fn auto_matches_brute_force((a, b) in small_system(&MODULI)) {
        check_against_brute(&a, &b, ZkMethod::Auto)?;
    }

    #[test]
    fn howell_matches_brute_force((a, b) in small_system(&MODULI)) {
        check_against_brute(&a, &b, ZkMethod::Howell)?;
    }

    #[test]
    fn field_and_howell_agree_on_prime_moduli(
        (a, b) in small_system(&[2, 3, 5, 7, 11, 13, 251])
    ) {
        check_against_brute(&a, &b, ZkMethod::Field)?;
        let f = solve_by(&a, &b, ZkMethod::Field).unwrap();
        let h = solve_by(&a, &b, ZkMethod::Howell).unwrap();
        prop_assert_eq!(&f.count, &h.count);
        prop_assert_eq!((f.rank, f.nullity), (h.rank, h.nullity));
        let fk: HashSet<_> = f.kernel.iter().collect();
        let hk: HashSet<_> = h.kernel.iter().collect();
        prop_assert_eq!(fk, hk);
    }

    #[test]
    fn medium_systems_match_local_smith((a, b) in medium_system()) {
        let s = solve(&a, &b).unwrap();
        let (solvable, size, invariants) = smith_all(&a, &b);
        prop_assert_eq!(s.is_solvable(), solvable);
        prop_assert_eq!(kernel_invariants(&a), invariants);
        prop_assert_eq!(kernel_invariants(&a).len(), s.nullity);
        prop_assert_eq!(&s.kernel_size, &size);
        prop_assert_eq!(&s.count, &if solvable { size } else { BigUint::from(0u8) });
        prop_assert!(s.rank <= a.rows().min(a.cols()));
        // The kernel generators span the same module as the basis by any other route:
        // compare canonical Howell forms.
        let h = solve_by(&a, &b, ZkMethod::Howell).unwrap();
        let gens = |s: &ZkSolution| {
            ZkMatrix::from_vec(
                s.kernel.generators().len(),
                a.cols(),
                a.modulus(),
                s.kernel.generators().concat(),
            )
            .unwrap()
            .howell_form()
        };
        prop_assert_eq!(gens(&s), gens(&h));
        if is_prime(u32::from(a.modulus())) {
            let f = solve_by(&a, &b, ZkMethod::Field).unwrap();
            prop_assert_eq!(gens(&f), gens(&h));
        }
    }

    #[test]
    fn howell_form_is_canonical(
        (a, _) in small_system(&[4, 6, 8, 9, 12, 16, 30]),
        ops in prop::collection::vec((any::<u8>(), any::<u8>(), any::<u8>(), 0..3u8), 0..12),
    ) {
        let k = a.modulus();
        let h = a.howell_form();
        // Shape: echelon, pivots dividing K, entries above pivots reduced.
        let mut last = None;
        for r in 0..h.rows() {
            let c = (0..h.cols()).find(|&c| h.get(r, c) != 0).expect("no zero rows");
            prop_assert!(last.is_none_or(|l| c > l));
            last = Some(c);
            let d = h.get(r, c);
            prop_assert!(k.is_multiple_of(d));
            for above in 0..r {
                prop_assert!(h.get(above, c) < d);
            }
        }
        // Unimodular row operations and added combinations do not change it.
        if a.rows() >= 1 {
            let mut rows: Vec<Vec<u8>> = (0..a.rows()).map(|r| a.row(r).to_vec()).collect();
            let units: Vec<u8> = (1..k).filter(|&u| super::arith::gcd(u.into(), k.into()) == 1).collect();
            for (i, j, f, kind) in ops {
                let (i, j) = (i as usize % rows.len(), j as usize % rows.len());
                match kind {
                    0 => rows.swap(i, j),
                    1 if i != j => {
                        let src = rows[j].clone();
                        rows[i] = rows[i]
                            .iter()
                            .zip(&src)
                            .map(|(&x, &y)| ((u32::from(x) + u32::from(f) * u32::from(y)) % u32::from(k)) as u8)
                            .collect();
                    }
                    1 => {}
                    _ => {
                        let u = u32::from(units[f as usize % units.len()]);
                        rows[i] = rows[i].iter().map(|&x| (u32::from(x) * u % u32::from(k)) as u8).collect();
                        // and append an arbitrary combination
                        let extra = sum_mod(&rows[i], &rows[j], k);
                        rows.push(extra);
                    }
                }
            }
            let b = ZkMatrix::from_vec(rows.len(), a.cols(), k, rows.concat()).unwrap();
            prop_assert_eq!(b.howell_form(), h.clone());
        }
        // Its span is the span of the rows: count both.
        if (k as usize).pow(a.rows() as u32) <= 20_000 {
            let span: HashSet<Vec<u8>> = all_vectors(k, a.rows())
                .map(|c| a.transpose().mul_vec(&c))
                .collect();
            let size: usize = (0..h.rows())
                .map(|r| {
                    let c = (0..h.cols()).find(|&c| h.get(r, c) != 0).unwrap();
                    usize::from(k / h.get(r, c))
                })
                .product();
            prop_assert_eq!(span.len(), size);
            for r in 0..h.rows() {
                prop_assert!(span.contains(h.row(r)));
            }
        }
    }

    #[test]
    fn gray_order_steps_by_one_generator((a, b) in small_system(&MODULI)) {
        let s = solve(&a, &b).unwrap();
        prop_assume!(s.solution.is_some());
        let x = s.solution.as_ref().unwrap();
        let k = a.modulus();
        let mut it = s.kernel.coset(x);
        let mut prev: Option<Vec<u8>> = None;
        let mut seen = 0u64;
        while let Some(v) = it.advance() {
            let v = v.to_vec();
            seen += 1;
            prop_assert_eq!(it.total(), v.iter().map(|&t| u64::from(t)).sum::<u64>());
            prop_assert_eq!(it.nonzero(), v.iter().filter(|&&t| t != 0).count());
            if let Some(p) = prev {
                let step = sum_mod(&v, &p.iter().map(|&t| (k - t) % k).collect::<Vec<_>>(), k);
                let is_step = s.kernel.generators().iter().any(|g| {
                    step == *g || sum_mod(&step, g, k).iter().all(|&t| t == 0)
                });
                prop_assert!(is_step, "consecutive elements differ by more than a generator");
            } else {
                prop_assert_eq!(&v, x);
            }
            prev = Some(v);
        }
        prop_assert_eq!(BigUint::from(seen), s.count.clone());
    }
}

// ---------------------------------------------------------------------------------
// Exhaustive tiny cases

/// The combination of primary parts both invariant-factor computations end with, on
/// groups whose invariant factors are known.
#[test]
fn invariant_factors_combine_the_primary_parts() {
    // Z_8 x Z_2 x Z_3 = Z_2 x Z_24.
    assert_eq!(invariant_factors(&[(2, vec![3, 1]), (3, vec![1])]), [2, 24]);
    // Z_2 x Z_2 x Z_25 = Z_2 x Z_50; Z_3 x Z_5 = Z_15; the trivial group.
    assert_eq!(invariant_factors(&[(2, vec![1, 1]), (5, vec![2])]), [2, 50]);
    assert_eq!(invariant_factors(&[(3, vec![1]), (5, vec![1])]), [15]);
    assert_eq!(
        invariant_factors(&[(2, vec![]), (3, vec![])]),
        Vec::<u8>::new()
    );
}

#[test]
fn every_one_by_one_system() {
    let moduli: Vec<u8> = if cfg!(debug_assertions) {
        (2..=40).collect()
    } else {
        (2..=64).chain([128, 210, 243, 255]).collect()
    };
    for k in moduli {
        for a in 0..k {
            let m = ZkMatrix::from_rows(&[[a]], k).unwrap();
            for b in 0..k {
                let s = solve(&m, &[b]).unwrap();
                let count = (0..k)
                    .filter(|&x| u32::from(a) * u32::from(x) % u32::from(k) == u32::from(b))
                    .count();
                assert_eq!(s.count, BigUint::from(count), "{a} x = {b} mod {k}");
                // gcd(a, K) solutions of a x = 0; solvable iff gcd(a, K) | b.
                let g = super::arith::gcd(a.into(), k.into()) as usize;
                assert_eq!(s.kernel_size, BigUint::from(g));
                assert_eq!(s.is_solvable(), (b as usize).is_multiple_of(g));
                assert_eq!(s.nullity, usize::from(g != 1));
            }
        }
    }
}

#[test]
fn every_one_by_two_and_two_by_one_system_mod_small_k() {
    for k in [4u8, 6, 8, 9, 12] {
        for e in all_vectors(k, 2) {
            for (a, rhs_len) in [
                (ZkMatrix::from_rows(&[[e[0], e[1]]], k).unwrap(), 1),
                (ZkMatrix::from_rows(&[[e[0]], [e[1]]], k).unwrap(), 2),
            ] {
                for b in all_vectors(k, rhs_len) {
                    check_against_brute(&a, &b, ZkMethod::Auto).unwrap();
                }
            }
        }
    }
}

#[test]
fn examples_from_the_brief_and_notes() {
    // Over Z_4, 2x = 0 has 2 solutions, not 4^0 or 4^1.
    let a = ZkMatrix::from_rows(&[[2u8]], 4).unwrap();
    let s = solve(&a, &[0]).unwrap();
    assert_eq!(s.count, BigUint::from(2u8));
    assert_eq!(s.kernel.generators(), &[vec![2]]);
    assert_eq!(s.kernel.radices(), &[2]);
    // (2 1) over Z_4 spans (0 2): the Howell form has two rows.
    let a = ZkMatrix::from_rows(&[[2u8, 1]], 4).unwrap();
    assert_eq!(a.howell_form().rows(), 2);
    // x + 2y = 0 over Z_4: y free, x = 2y. The kernel is cyclic of order 4, generated
    // by (2, 1), though its Howell basis has two rows, (2, 1) and (0, 2).
    let a = ZkMatrix::from_rows(&[[1u8, 2]], 4).unwrap();
    let s = solve(&a, &[0]).unwrap();
    assert_eq!(s.kernel_size, BigUint::from(4u8));
    assert_eq!(s.nullity, 1);
    assert_eq!(s.kernel.generators().len(), 2);
    // diag(2, 3) over Z_6: kernel {0, 3} x {0, 2, 4}, cyclic of order 6.
    let a = ZkMatrix::from_rows(&[[2u8, 0], [0, 3]], 6).unwrap();
    let s = solve(&a, &[0, 0]).unwrap();
    assert_eq!(s.kernel_size, BigUint::from(6u8));
    assert_eq!((s.rank, s.nullity), (1, 1));
}

#[test]
fn degenerate_shapes() {
    for k in [2u8, 4, 5, 6, 255] {
        // No equations: everything solves.
        let a = ZkMatrix::zeros(0, 3, k).unwrap();
        let s = solve(&a, &[]).unwrap();
        assert_eq!(s.count, BigUint::from(k).pow(3));
        assert_eq!((s.rank, s.nullity), (0, 3));
        // No unknowns: solvable iff b = 0.
        let a = ZkMatrix::zeros(2, 0, k).unwrap();
        assert_eq!(solve(&a, &[0, 0]).unwrap().solution, Some(vec![]));
        assert_eq!(solve(&a, &[0, 0]).unwrap().count, BigUint::from(1u8));
        assert!(!solve(&a, &[0, 1]).unwrap().is_solvable());
        assert_eq!(solve(&a, &[0, 1]).unwrap().count, BigUint::from(0u8));
        // Zero matrix.
        let a = ZkMatrix::zeros(2, 2, k).unwrap();
        let s = solve(&a, &[0, 0]).unwrap();
        assert_eq!(s.kernel_size, BigUint::from(k).pow(2));
        assert!(!solve(&a, &[1, 0]).unwrap().is_solvable());
    }
}

#[test]
fn input_errors() {
    let a = ZkMatrix::from_rows(&[[1u8, 2]], 6).unwrap();
    assert!(matches!(
        solve(&a, &[]),
        Err(crate::Error::SizeMismatch { .. })
    ));
    assert!(matches!(
        solve(&a, &[6]),
        Err(crate::Error::InvalidBoard(_))
    ));
    assert!(matches!(
        solve_by(&a, &[1], ZkMethod::Field),
        Err(crate::Error::Unsupported { .. })
    ));
    let s = solve(&ZkMatrix::zeros(1, 20, 2).unwrap(), &[0]).unwrap();
    assert!(matches!(
        s.minimal_total(1000),
        Err(crate::Error::LimitExceeded(_))
    ));
}

// ---------------------------------------------------------------------------------
// Lights Out

fn plus_game(rows: usize, cols: usize, k: u8) -> Game {
    Game::new(
        rows,
        cols,
        Rules::new(Shape::plus(), Boundary::Open, k).unwrap(),
    )
    .unwrap()
}

/// Lights Out 2000: 5 x 5, plus shape, three states.
///
/// The brief expected the mod-3 matrix to be invertible (citing Jaap Scherphuis' page).
/// It is not, and cannot be: the 5 x 5 plus matrix is `I + P (x) I + I (x) P` with `P`
/// the path adjacency, whose eigenvalues `1 + 2cos(i pi/6) + 2cos(j pi/6)` vanish for
/// `(i, j) = (3, 4)` and `(4, 3)`. The eigenvectors are integer vectors (checked below),
/// so the matrix is singular over the integers and hence modulo every prime. Over GF(3)
/// the rank is 22 (nullity 3, 27 quiet patterns), which an independent elimination in
/// exact rational/modular arithmetic (a throwaway Python script) confirmed; over GF(2)
/// and over the rationals it is 23.
#[test]
fn lights_out_2000_has_three_independent_quiet_patterns() {
    let game = plus_game(5, 5, 3);
    let a = ZkMatrix::toggle(&game);
    for r in 0..25 {
        // Each light is changed by itself and its 2 to 4 neighbours.
        let reach = a.row(r).iter().filter(|&&v| v == 1).count();
        assert!((3..=5).contains(&reach));
        assert_eq!(a.row(r).iter().filter(|&&v| v > 1).count(), 0);
    }
    // Integer quiet patterns: the outer products of (1 0 -1 0 1), the eigenvector of P
    // for 0, and (1 -1 0 1 -1), the eigenvector for -1, in both orders.
    let u = [1i64, 0, -1, 0, 1];
    let v = [1i64, -1, 0, 1, -1];
    for (rows, cols) in [(u, v), (v, u)] {
        let q: Vec<i64> = (0..25).map(|i| rows[i / 5] * cols[i % 5]).collect();
        for light in 0..25 {
            let s: i64 = (0..25).map(|b| i64::from(a.get(light, b)) * q[b]).sum();
            assert_eq!(s, 0, "not quiet over the integers");
        }
        let q3: Vec<u8> = q.iter().map(|&x| x.rem_euclid(3) as u8).collect();
        assert!(q3.iter().any(|&x| x != 0));
        assert!(a.mul_vec(&q3).iter().all(|&x| x == 0));
    }
    for method in [ZkMethod::Field, ZkMethod::Howell] {
        let s = solve_by(&a, &[0; 25], method).unwrap();
        assert_eq!((s.rank, s.nullity), (22, 3), "{method:?}");
        assert_eq!(s.kernel_size, BigUint::from(27u8));
        assert_eq!(s.kernel.iter().count(), 27);
    }
    assert_eq!(mccoy_rank(&a), 22);
    // The two integer quiet patterns survive mod every K, the third is special to 3:
    // mod 6 the kernel is Z_3 x Z_6 x Z_6 (as the module notes say), mod 4 Z_4 x Z_4.
    let a6 = ZkMatrix::toggle(&plus_game(5, 5, 6));
    assert_eq!(kernel_invariants(&a6), vec![3, 6, 6]);
    assert_eq!(smith_all(&a6, &[0; 25]).2, vec![3, 6, 6]);
    let a4 = ZkMatrix::toggle(&plus_game(5, 5, 4));
    assert_eq!(kernel_invariants(&a4), vec![4, 4]);
    // So a position is solvable iff it is orthogonal to the 3 quiet patterns (the matrix
    // is symmetric), one position in 27, and a solvable one has 27 solutions.
    let quiet = solve(&a, &[0; 25]).unwrap().kernel;
    let mut rng = 2000u64;
    let mut next = move || (splitmix(&mut rng) % 3) as u8;
    let mut unsolvable = 0;
    for trial in 0..60 {
        // Even trials: a random position; odd ones: the effect of random presses.
        let mut values: Vec<u8> = (0..25).map(|_| next()).collect();
        if trial % 2 == 1 {
            values = a.mul_vec(&values);
        }
        let start = Board::from_values(5, 5, 3, &values).unwrap();
        let target = game.empty_board();
        let s = solve_game(&game, &start, &target).unwrap();
        let orthogonal = quiet.generators().iter().all(|g| {
            g.iter()
                .zip(&values)
                .map(|(&x, &y)| u32::from(x) * u32::from(y))
                .sum::<u32>()
                % 3
                == 0
        });
        assert_eq!(s.is_solvable(), orthogonal);
        if let Some(x) = &s.solution {
            assert_eq!(s.count, BigUint::from(27u8));
            let presses = Board::from_values(5, 5, 3, x).unwrap();
            assert!(game.is_solution(&start, &target, &presses).unwrap());
        } else {
            assert_eq!(trial % 2, 0, "an effect of presses must be solvable");
            assert_eq!(s.count, BigUint::from(0u8));
            unsolvable += 1;
        }
    }
    assert!(
        unsolvable > 20,
        "about 26 in 27 random positions are unsolvable"
    );
}

#[test]
fn four_state_five_by_four_strand_is_always_solvable() {
    // A 5 x 4 plus board with 4 states: the matrix is invertible mod 2, hence mod 4, so
    // every pattern is reachable in exactly one way.
    let a = ZkMatrix::toggle(&plus_game(5, 4, 4));
    let s = solve(&a, &[0; 20]).unwrap();
    assert_eq!((s.rank, s.nullity), (20, 0));
    assert_eq!(s.kernel_size, BigUint::from(1u8));
    let b: Vec<u8> = (0..20).map(|i| (i % 4) as u8).collect();
    assert_eq!(solve(&a, &b).unwrap().count, BigUint::from(1u8));
}

#[test]
fn binary_nullities_match_the_gf2_solver() {
    // d(n) for the n x n classic board, n = 1..12 (OEIS A159257).
    let expected = [0, 0, 0, 4, 2, 0, 0, 0, 8, 0, 6, 0];
    for (n, &d) in (1..).zip(&expected) {
        let a = ZkMatrix::toggle(&Game::classic(n, n).unwrap());
        let s = solve(&a, &vec![0; n * n]).unwrap();
        assert_eq!(s.nullity, d, "{n}x{n}");
        assert_eq!(s.kernel_size, BigUint::from(2u8).pow(d as u32));
    }
    // Rectangular boards against the packed GF(2) elimination.
    for m in 1..=7 {
        for n in 1..=7 {
            let game = Game::classic(m, n).unwrap();
            let a = ZkMatrix::toggle(&game);
            let ours = solve(&a, &vec![0; m * n]).unwrap();
            let theirs = crate::analyze(&game, crate::Method::Gauss).unwrap();
            assert_eq!(ours.nullity, theirs.nullity, "{m}x{n}");
            assert_eq!(ours.rank, theirs.rank, "{m}x{n}");
        }
    }
}

#[test]
fn composite_boards_match_crt_and_local_smith() {
    for n in 1..=7 {
        let cells = n * n;
        for k in [4u8, 6, 8, 9, 10, 12, 16, 30] {
            let a = ZkMatrix::toggle(&plus_game(n, n, k));
            let s = solve(&a, &vec![0; cells]).unwrap();
            let (solvable, size, invariants) = smith_all(&a, &vec![0; cells]);
            assert!(solvable);
            assert_eq!(s.kernel_size, size, "{n}x{n} mod {k}");
            assert_eq!(kernel_invariants(&a), invariants, "{n}x{n} mod {k}");
            // Square-free K: Z_K is a product of fields, so the kernel is too.
            if factorize(u32::from(k)).iter().all(|&(_, e)| e == 1) {
                let product: BigUint = factorize(u32::from(k))
                    .iter()
                    .map(|&(p, _)| {
                        let ap = ZkMatrix::toggle(&plus_game(n, n, p as u8));
                        solve(&ap, &vec![0; cells]).unwrap().kernel_size
                    })
                    .product();
                assert_eq!(s.kernel_size, product, "{n}x{n} mod {k}");
            }
            // All-on to all-off: the count agrees with the independent elimination.
            let start: Vec<u8> = vec![1; cells];
            let rhs: Vec<u8> = start.iter().map(|&v| (k - v) % k).collect();
            let s = solve(&a, &rhs).unwrap();
            let (solvable, size) = smith_count(&a, &rhs);
            assert_eq!(s.is_solvable(), solvable, "{n}x{n} mod {k}");
            if solvable {
                assert_eq!(s.count, size);
            }
        }
    }
}

#[test]
fn four_by_four_mod_four_quiet_patterns() {
    // The 4 x 4 classic board has 16 quiet patterns mod 2; mod 4 every quiet pattern
    // doubled is quiet, and more: compare to the independent count and enumerate.
    let a = ZkMatrix::toggle(&plus_game(4, 4, 4));
    let s = solve(&a, &[0; 16]).unwrap();
    let (_, size) = smith_count(&a, &[0; 16]);
    assert_eq!(s.kernel_size, size);
    assert_eq!(s.nullity, 4);
    let all: HashSet<Vec<u8>> = s.kernel.iter().collect();
    assert_eq!(BigUint::from(all.len()), s.kernel_size);
    assert!(all.iter().all(|x| a.mul_vec(x).iter().all(|&v| v == 0)));
    // Doubling the mod-2 quiet patterns gives 16 of them.
    let a2 = ZkMatrix::toggle(&Game::classic(4, 4).unwrap());
    let quiet2 = solve(&a2, &[0; 16]).unwrap();
    for q in quiet2.kernel.iter() {
        let doubled: Vec<u8> = q.iter().map(|&v| 2 * v).collect();
        assert!(all.contains(&doubled));
    }
}

#[test]
fn field_and_howell_agree_on_prime_boards() {
    for n in 1..=9 {
        for k in [2u8, 3, 5, 7] {
            let a = ZkMatrix::toggle(&plus_game(n, n, k));
            let b: Vec<u8> = (0..n * n).map(|i| (i % k as usize) as u8).collect();
            let f = solve_by(&a, &b, ZkMethod::Field).unwrap();
            let h = solve_by(&a, &b, ZkMethod::Howell).unwrap();
            assert_eq!(f.count, h.count, "{n}x{n} mod {k}");
            assert_eq!((f.rank, f.nullity), (h.rank, h.nullity));
            let span = |s: &ZkSolution| {
                ZkMatrix::from_vec(
                    s.kernel.generators().len(),
                    n * n,
                    k,
                    s.kernel.generators().concat(),
                )
                .unwrap()
                .howell_form()
            };
            assert_eq!(span(&f), span(&h));
        }
    }
}

/// Cases proptest once shrank failures to (a multiple of K left unreduced left of a
/// pivot, fixed in `Howell::insert`).
#[test]
fn former_proptest_failures() {
    let a = ZkMatrix::from_rows(&[[3u8, 3]], 15).unwrap();
    check_against_brute(&a, &[0], ZkMethod::Howell).unwrap();
    check_against_brute(&a, &[3], ZkMethod::Auto).unwrap();
    // det = 2 is a unit mod 9: the rows span everything.
    let a = ZkMatrix::from_rows(&[[2u8, 0], [1, 1]], 9).unwrap();
    assert_eq!(a.howell_form(), ZkMatrix::identity(2, 9).unwrap());
    let b = ZkMatrix::from_rows(&[[1u8, 1], [2, 0], [5, 7]], 9).unwrap();
    assert_eq!(b.howell_form(), ZkMatrix::identity(2, 9).unwrap());
}
