//! Nullity tables of the square boards with the `2n + 1` law.
//!
//! Sutner conjectured and Boyles proved (arXiv 2202.09878) that the nullity of the
//! classic `n x n` board satisfies
//!
//! ```text
//! d(2n + 1) = 2 d(n) + delta(n),   delta(n) = 2 if 3 divides n + 1, else 0,
//! ```
//!
//! so a table needs a gcd only for the even `n`: `d(n) = 2 deg gcd(W_k(t), W_k(t + 1))`
//! for `n = 2k` (with `W_k = U_k + U_{k-1}`, see [`crate::gf2::chebyshev`]); along a range
//! of even `n` the two `W` are stepped by their recurrence, so each `n` costs one gcd
//! at degree `n / 2`. The odd `n` then cost nothing, where the direct method spends a
//! gcd at degree `n / 4` (or less) on each, about a quarter of the work of a table.

use crate::budget::{Budget, Ticker};
use crate::error::Error;
use crate::gf2::chebyshev;
use std::ops::Range;

/// `d(2n + 1)` from `d(n)`: `2 d(n) + 2` when 3 divides `n + 1`, else `2 d(n)`.
pub(crate) fn boyles_law(n: usize, d_n: usize) -> usize {
    2 * d_n + if (n + 1).is_multiple_of(3) { 2 } else { 0 }
}

/// The nullities of the even `n` in `range`, as `(n, d(n))` in increasing order (the
/// odd `n` skipped): one gcd at degree `n / 2` each, the polynomials stepped along the
/// range; the budget checked first and inside the work.
pub(crate) fn even_square_nullities_within(
    range: Range<usize>,
    budget: &Budget,
) -> Result<Vec<(usize, usize)>, Error> {
    budget.check()?;
    let k_lo = range.start.div_ceil(2);
    let k_end = range.end.div_ceil(2); // 2k < end
    let mut out = Vec::with_capacity(k_end.saturating_sub(k_lo));
    if k_lo < k_end {
        let ticker = &mut Ticker::new(budget);
        chebyshev::w_gcd_degrees_within(k_lo..=k_end - 1, ticker, |k, dk| {
            out.push((2 * k, 2 * dk))
        })?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gf2::chebyshev::square_nullities;

    fn evens(range: Range<usize>) -> Vec<(usize, usize)> {
        even_square_nullities_within(range, &Budget::unlimited()).unwrap()
    }

    /// The law against the direct computation of every odd n below 4,000 and a
    /// sample of larger ones, and the even stepping against the direct table.
    #[test]
    fn law_matches_direct_computation() {
        let direct = square_nullities(0..4000);
        for n in (3..4000).step_by(2) {
            assert_eq!(
                boyles_law((n - 1) / 2, direct[(n - 1) / 2]),
                direct[n],
                "n = {n}"
            );
        }
        for (n, d) in evens(1..4000) {
            assert_eq!(d, direct[n], "n = {n}");
        }
        for n in [20_001usize, 65_535, 131_071, 99_999, 100_001] {
            let half = chebyshev::square_nullity((n - 1) / 2);
            assert_eq!(
                boyles_law((n - 1) / 2, half),
                chebyshev::square_nullity(n),
                "n = {n}"
            );
        }
    }

    #[test]
    fn any_range_of_evens() {
        for (a, b) in [
            (0usize, 1usize),
            (1, 2),
            (2, 3),
            (5, 6),
            (7, 40),
            (255, 257),
            (600, 700),
        ] {
            let want: Vec<(usize, usize)> = (a..b)
                .filter(|n| n % 2 == 0)
                .map(|n| (n, chebyshev::square_nullity(n)))
                .collect();
            assert_eq!(evens(a..b), want, "{a}..{b}");
        }
        assert!(evens(9..10).is_empty());
        let spent = Budget::unlimited().with_time_limit(std::time::Duration::ZERO);
        assert_eq!(
            even_square_nullities_within(2..10, &spent),
            Err(Error::TimeLimit)
        );
    }
}
