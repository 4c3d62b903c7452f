//! What a chase stores for each press: affine forms over GF(2) or Z_K (the symbolic
//! chase), many binary patterns bit-sliced, or plain values (the numeric chase).

use super::*;
use std::collections::BTreeMap;

/// What the chase does with each press and equation: build affine forms, or compute
/// values.
pub(super) trait Store {
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
pub(super) struct Gf2Forms {
    /// Words per form in this store: `w1 - w0` rounded up to a multiple of 8.
    pub(super) width: usize,
    pub(super) w1: usize,
    pub(super) kernel: XorKernel,
    pub(super) constant: Option<(usize, u64)>,
    pub(super) n: usize,
    /// The band slot of each press row (`p mod (h + 1)`, looked up: no division in the
    /// inner loop).
    pub(super) slot: Vec<u32>,
    pub(super) band: Vec<u64>,
    pub(super) offsets: Vec<usize>,
    pub(super) saved: BTreeMap<usize, Vec<u64>>,
    pub(super) scratch: Vec<u64>,
    pub(super) eqs: Vec<u64>,
    pub(super) equations: usize,
    pub(super) w0: usize,
}

impl Gf2Forms {
    pub(super) fn new(plan: &Plan, (w0, w1): (usize, usize)) -> Self {
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
    pub(super) fn offset(&self, p: usize, c: usize) -> usize {
        (self.slot[p] as usize * self.n + c) * self.width
    }

    /// `scratch = XOR of the sources' forms`.
    pub(super) fn gather(&mut self, sources: &[(usize, usize)], saved: bool) {
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
pub(super) struct ZkForms {
    pub(super) k: u8,
    pub(super) width: usize,
    pub(super) n: usize,
    pub(super) slots: usize,
    pub(super) band: Vec<u8>,
    pub(super) saved: BTreeMap<usize, Vec<u8>>,
    pub(super) acc: Vec<u8>,
    /// The equations, `width` entries each: coefficients, then the right-hand side.
    pub(super) eqs: Vec<u8>,
}

impl ZkForms {
    pub(super) fn new(plan: &Plan) -> Self {
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
    pub(super) fn offset(&self, p: usize, c: usize) -> usize {
        ((p % self.slots) * self.n + c) * self.width
    }

    /// `acc = sum of the sources' forms` (mod K).
    pub(super) fn gather(&mut self, sources: &[(usize, usize)], saved: bool) {
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

/// Many binary press patterns at once, bit-sliced: each cell holds a word per 64
/// patterns, bit `k` the press of pattern `k` (the quiet patterns of a kernel basis in
/// one chase). Right-hand sides are zero.
pub(super) struct Sliced<'a> {
    pub(super) n: usize,
    pub(super) width: usize,
    /// For unknown `u`: its value in each pattern, packed.
    pub(super) unknowns: &'a [Vec<u64>],
    pub(super) values: Vec<u64>,
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
pub(super) struct Numeric<'a> {
    pub(super) k: u8,
    pub(super) n: usize,
    pub(super) x: &'a [u8],
    pub(super) values: Vec<u8>,
    pub(super) violated: bool,
}

impl Numeric<'_> {
    pub(super) fn sum(&self, sources: &[(usize, usize)]) -> u8 {
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
