//! Enumeration of a kernel module (or a coset of it) in reflected mixed-radix Gray order.

use super::ZkKernel;

/// Every element `start + sum c_i g_i` (`g_i` the kernel's generators, `0 <= c_i < r_i`
/// its radices), each exactly once, starting with `start` itself.
///
/// The coefficient tuples run through a reflected mixed-radix Gray code: consecutive
/// elements differ by plus or minus one generator, so a step costs one vector addition.
/// [`KernelIter::advance`] steps without allocating and keeps the current element's
/// total and number of non-zero entries up to date; the [`Iterator`] impl clones.
///
/// ```
/// use lightsout::zk::{solve, ZkMatrix};
/// // Over Z_4: 2x = 0 has the solutions 0 and 2.
/// let a = ZkMatrix::from_rows(&[[2u8]], 4)?;
/// let s = solve(&a, &[0])?;
/// let all: Vec<Vec<u8>> = s.kernel.iter().collect();
/// assert_eq!(all, vec![vec![0], vec![2]]);
/// # Ok::<(), lightsout::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct KernelIter<'a> {
    kernel: &'a ZkKernel,
    walk: GrayWalk,
    current: Vec<u8>,
    total: u64,
    nonzero: usize,
    started: bool,
    done: bool,
}

impl<'a> KernelIter<'a> {
    pub(crate) fn new(kernel: &'a ZkKernel, start: Vec<u8>) -> Self {
        assert_eq!(
            start.len(),
            kernel.unknowns(),
            "start vector has the wrong length"
        );
        Self {
            kernel,
            walk: GrayWalk::new(kernel.radices()),
            total: start.iter().map(|&x| u64::from(x)).sum(),
            nonzero: start.iter().filter(|&&x| x != 0).count(),
            current: start,
            started: false,
            done: false,
        }
    }

    /// Moves to the next element and returns it, or `None` when all have been seen.
    pub fn advance(&mut self) -> Option<&[u8]> {
        if self.done {
            return None;
        }
        if !self.started {
            self.started = true;
            return Some(&self.current);
        }
        let Some((i, add)) = self.walk.step() else {
            self.done = true;
            return None;
        };
        let k = self.kernel.modulus();
        let g = &self.kernel.generators()[i];
        for (x, &y) in self.current.iter_mut().zip(g) {
            if y == 0 {
                continue;
            }
            let old = *x;
            let y = if add { y } else { k - y };
            let s = u16::from(old) + u16::from(y);
            let new = if s >= u16::from(k) {
                s - u16::from(k)
            } else {
                s
            } as u8;
            *x = new;
            self.total = self.total - u64::from(old) + u64::from(new);
            self.nonzero = self.nonzero + usize::from(new != 0) - usize::from(old != 0);
        }
        Some(&self.current)
    }

    /// The element last returned (the start before the first call).
    pub fn current(&self) -> &[u8] {
        &self.current
    }

    /// The sum of the current element's entries, each in `0..K` (the total number of
    /// presses, for a press pattern).
    pub fn total(&self) -> u64 {
        self.total
    }

    /// The number of non-zero entries of the current element (buttons pressed at all).
    pub fn nonzero(&self) -> usize {
        self.nonzero
    }
}

/// A reflected mixed-radix Gray code over the coordinates: each step moves one
/// coordinate by +1 or -1, so the element changes by plus or minus one generator.
#[derive(Clone, Debug)]
pub(crate) struct GrayWalk {
    digits: Vec<u8>,
    up: Vec<bool>,
    radices: Vec<u8>,
}

impl GrayWalk {
    /// The walk over the tuples `0 <= c_i < radices[i]`, at the zero tuple.
    pub fn new(radices: &[u8]) -> Self {
        Self {
            digits: vec![0; radices.len()],
            up: vec![true; radices.len()],
            radices: radices.to_vec(),
        }
    }

    /// The next step, `(generator, +1 or -1)`, or `None` after the last element. The
    /// lowest coordinate that can still move its way moves; those below it sit at an
    /// end and turn round.
    pub fn step(&mut self) -> Option<(usize, bool)> {
        for j in 0..self.digits.len() {
            let d = self.digits[j];
            if self.up[j] && d + 1 < self.radices[j] {
                self.digits[j] = d + 1;
                return Some((j, true));
            }
            if !self.up[j] && d > 0 {
                self.digits[j] = d - 1;
                return Some((j, false));
            }
            self.up[j] = !self.up[j];
        }
        None
    }

    /// The current coordinates.
    #[cfg(test)]
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }
}

impl Iterator for KernelIter<'_> {
    type Item = Vec<u8>;

    fn next(&mut self) -> Option<Vec<u8>> {
        self.advance().map(<[u8]>::to_vec)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn gray_walk_visits_every_tuple_once() {
        let radices = [3, 1, 2, 4];
        let mut w = GrayWalk::new(&radices);
        let mut seen = HashSet::from([w.digits().to_vec()]);
        while let Some((j, _)) = w.step() {
            assert!(j < radices.len());
            assert!(seen.insert(w.digits().to_vec()));
        }
        assert_eq!(seen.len(), 24);
    }
}
