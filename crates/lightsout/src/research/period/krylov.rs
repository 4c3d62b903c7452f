//! Minimal polynomials of a toggle matrix and of a board by Krylov sequences, for any
//! two-state rules on boards of moderate size.

use crate::budget::{Budget, Meter, Phase};
use crate::error::Error;
use crate::gf2::{xor_into, BitMatrix, BitVec, Poly};

/// An echelon form of vectors (insertion order: each row's pivot is its lowest bit
/// after reduction by the earlier rows), with, for each row, the polynomial
/// combination of the Krylov vectors it is (for the sequence being built).
struct Echelon {
    rows: Vec<(usize, Vec<u64>, Poly)>,
}

impl Echelon {
    fn reduce(&self, v: &mut [u64], combo: &mut Poly) {
        for (pivot, row, c) in &self.rows {
            if v[pivot / 64] >> (pivot % 64) & 1 == 1 {
                xor_into(v, row);
                *combo += c;
            }
        }
    }
}

fn first_one(v: &[u64]) -> Option<usize> {
    v.iter()
        .position(|&w| w != 0)
        .map(|i| i * 64 + v[i].trailing_zeros() as usize)
}

/// The minimal polynomial of `a` on `v`, and the Krylov vectors `v, a v, ...` (their
/// number is its degree).
fn minimal_on(a: &BitMatrix, v: &BitVec, budget: &Budget) -> Result<(Poly, Vec<BitVec>), Error> {
    let mut ech = Echelon { rows: Vec::new() };
    let mut power = v.clone();
    let mut krylov = Vec::new();
    for i in 0.. {
        budget.check()?;
        let mut r = power.words().to_vec();
        let mut combo = Poly::monomial(i);
        ech.reduce(&mut r, &mut combo);
        match first_one(&r) {
            None => return Ok((combo, krylov)),
            Some(p) => ech.rows.push((p, r, combo)),
        }
        krylov.push(power.clone());
        power = a.mul_vec(&power);
    }
    unreachable!("the loop returns by the matrix's size")
}

/// The minimal polynomials of `a` and of `a` on `v`: the first as the lcm of those of
/// the unit vectors that do not already lie in the sum of the Krylov spaces found.
pub fn minimal_polynomials(
    a: &BitMatrix,
    v: &BitVec,
    budget: &Budget,
) -> Result<(Poly, Poly), Error> {
    let n = a.rows();
    let (mu_v, krylov) = minimal_on(a, v, budget)?;
    let mut span = Echelon { rows: Vec::new() };
    let add = |span: &mut Echelon, vectors: Vec<BitVec>| {
        for w in vectors {
            let mut r = w.words().to_vec();
            let mut unused = Poly::zero();
            span.reduce(&mut r, &mut unused);
            if let Some(p) = first_one(&r) {
                span.rows.push((p, r, Poly::zero()));
            }
        }
    };
    add(&mut span, krylov);
    let mut mu = mu_v.clone();
    // Counted by the dimension spanned so far: the loop ends when it reaches n.
    let meter = Meter::new(budget, Phase::Period, Some(n as u64));
    for i in 0..n {
        meter.set(span.rows.len() as u64);
        if span.rows.len() == n {
            break;
        }
        let mut e = BitVec::zeros(n);
        e.set(i, true);
        let mut r = e.words().to_vec();
        let mut unused = Poly::zero();
        span.reduce(&mut r, &mut unused);
        if first_one(&r).is_none() {
            continue;
        }
        let (mu_e, krylov) = minimal_on(a, &e, budget)?;
        let g = Poly::gcd(&mu, &mu_e);
        mu = &mu * &mu_e.div_rem(&g).0;
        add(&mut span, krylov);
    }
    meter.set(n as u64);
    meter.finish();
    Ok((mu, mu_v))
}
