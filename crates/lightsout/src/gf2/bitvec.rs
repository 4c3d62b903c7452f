//! Packed vectors over GF(2): 64 bits to a `u64` word, bit `i` in word `i / 64`, at
//! position `i % 64` (least significant first).

use std::fmt;

/// Number of bits in one storage word.
pub const WORD_BITS: usize = 64;

/// Number of `u64` words needed to hold `bits` bits.
#[inline]
pub const fn words_for(bits: usize) -> usize {
    bits.div_ceil(WORD_BITS)
}

/// Mask of the valid bits in the last word of a `bits`-long vector (all ones when `bits`
/// is a multiple of 64 or zero).
#[inline]
pub const fn tail_mask(bits: usize) -> u64 {
    match bits % WORD_BITS {
        0 => u64::MAX,
        r => (1u64 << r) - 1,
    }
}

/// `dst ^= src`, word by word (the compiler vectorises this loop).
#[inline]
pub fn xor_into(dst: &mut [u64], src: &[u64]) {
    for (d, s) in dst.iter_mut().zip(src) {
        *d ^= *s;
    }
}

/// Number of set bits in a word slice.
#[inline]
pub fn count_ones(words: &[u64]) -> u64 {
    words.iter().map(|w| u64::from(w.count_ones())).sum()
}

/// Masks of the lower half of every group of `2^(j+1)` bits in a word, for `j = 0..6`
/// (groups of 2, 4, ..., 64 bits): the steps of the word-level bit permutations.
pub(crate) const LOWER_HALVES: [u64; 6] = [
    0x5555_5555_5555_5555,
    0x3333_3333_3333_3333,
    0x0F0F_0F0F_0F0F_0F0F,
    0x00FF_00FF_00FF_00FF,
    0x0000_FFFF_0000_FFFF,
    0x0000_0000_FFFF_FFFF,
];

/// Adds `v` to `basis`, a basis of vectors of at most 64 bits (one word each), if `v` is
/// not in its span; returns whether it was added. The basis is kept reduced and in
/// decreasing order, so each vector's leading bit is its own and a single pass
/// reduces `v`.
pub(crate) fn extend_word_basis(basis: &mut Vec<u64>, v: u64) -> bool {
    let reduced = basis.iter().fold(v, |v, &b| v.min(v ^ b));
    if reduced == 0 {
        return false;
    }
    basis.push(reduced);
    basis.sort_unstable_by(|a, b| b.cmp(a));
    true
}

/// A vector over GF(2) of fixed length, packed 64 bits per word.
///
/// Bits past `len` in the last word are always zero, so word-wise equality, hashing
/// and popcount are exact.
///
/// ```
/// use lightsout::gf2::BitVec;
/// let mut v = BitVec::zeros(100);
/// v.set(3, true);
/// v.flip(99);
/// assert_eq!(v.count_ones(), 2);
/// assert_eq!(v.iter_ones().collect::<Vec<_>>(), vec![3, 99]);
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct BitVec {
    len: usize,
    words: Vec<u64>,
}

impl BitVec {
    /// The zero vector of length `len`.
    pub fn zeros(len: usize) -> Self {
        Self {
            len,
            words: vec![0; words_for(len)],
        }
    }

    /// The all-ones vector of length `len`.
    pub fn ones(len: usize) -> Self {
        let mut v = Self {
            len,
            words: vec![u64::MAX; words_for(len)],
        };
        v.clear_tail();
        v
    }

    /// Builds a vector from packed words; bits past `len` are cleared.
    ///
    /// # Panics
    /// If `words` is shorter than `len` needs.
    pub fn from_words(len: usize, mut words: Vec<u64>) -> Self {
        assert!(
            words.len() >= words_for(len),
            "too few words for {len} bits"
        );
        words.truncate(words_for(len));
        let mut v = Self { len, words };
        v.clear_tail();
        v
    }

    /// Builds a vector from booleans.
    pub fn from_bools(bits: &[bool]) -> Self {
        let mut v = Self::zeros(bits.len());
        for (i, &b) in bits.iter().enumerate() {
            if b {
                v.set(i, true);
            }
        }
        v
    }

    /// Number of bits.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// True for the vector of length 0.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Bit `i`.
    #[inline]
    pub fn get(&self, i: usize) -> bool {
        debug_assert!(i < self.len);
        self.words[i / WORD_BITS] >> (i % WORD_BITS) & 1 == 1
    }

    /// Sets bit `i` to `value`.
    #[inline]
    pub fn set(&mut self, i: usize, value: bool) {
        debug_assert!(i < self.len);
        let mask = 1u64 << (i % WORD_BITS);
        if value {
            self.words[i / WORD_BITS] |= mask;
        } else {
            self.words[i / WORD_BITS] &= !mask;
        }
    }

    /// Flips bit `i`.
    #[inline]
    pub fn flip(&mut self, i: usize) {
        debug_assert!(i < self.len);
        self.words[i / WORD_BITS] ^= 1u64 << (i % WORD_BITS);
    }

    accessors! {
        /// The packed words.
        words: &[u64],
        /// The packed words, mutable. Callers must keep bits past `len` zero.
        words_mut: &mut [u64] = words,
    }

    /// `self ^= other`.
    ///
    /// # Panics
    /// If the lengths differ.
    #[inline]
    pub fn xor_assign(&mut self, other: &BitVec) {
        assert_eq!(self.len, other.len, "length mismatch");
        xor_into(&mut self.words, &other.words);
    }

    /// Number of ones (the Hamming weight).
    #[inline]
    pub fn count_ones(&self) -> u64 {
        count_ones(&self.words)
    }

    /// True if every bit is zero.
    #[inline]
    pub fn is_zero(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// Inner product over GF(2): the parity of the overlap.
    ///
    /// # Panics
    ///
    /// If the two vectors have different lengths.
    pub fn dot(&self, other: &BitVec) -> bool {
        assert_eq!(self.len, other.len, "length mismatch");
        let ones: u32 = self
            .words
            .iter()
            .zip(&other.words)
            .map(|(a, b)| (a & b).count_ones())
            .sum();
        ones % 2 == 1
    }

    /// Indices of the set bits, in increasing order.
    pub fn iter_ones(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().enumerate().flat_map(|(wi, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let b = w.trailing_zeros() as usize;
                w &= w - 1;
                Some(wi * WORD_BITS + b)
            })
        })
    }

    fn clear_tail(&mut self) {
        if let Some(last) = self.words.last_mut() {
            *last &= tail_mask(self.len);
        }
    }
}

impl fmt::Debug for BitVec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "BitVec[")?;
        for i in 0..self.len {
            write!(f, "{}", u8::from(self.get(i)))?;
        }
        write!(f, "]")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ones_clears_tail_and_counts() {
        for len in [0, 1, 63, 64, 65, 130] {
            let v = BitVec::ones(len);
            assert_eq!(v.count_ones(), len as u64);
            assert_eq!(v.iter_ones().count(), len);
        }
    }

    #[test]
    fn dot_is_parity_of_overlap() {
        let a = BitVec::from_bools(&[true, true, false, true]);
        let b = BitVec::from_bools(&[true, false, true, true]);
        assert!(!a.dot(&b));
        let c = BitVec::from_bools(&[true, false, false, false]);
        assert!(a.dot(&c));
    }
}
