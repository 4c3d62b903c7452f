//! Dense matrices over Z_K.

use crate::error::Error;
use crate::game::Game;
use std::fmt;

/// Errors unless `2 <= modulus`.
pub(crate) fn check_modulus(modulus: u8) -> Result<(), Error> {
    if modulus < 2 {
        return Err(Error::invalid_rules(format!(
            "modulus {modulus}: arithmetic mod K needs K between 2 and 255"
        )));
    }
    Ok(())
}

/// A dense `rows x cols` matrix over Z_K (the integers modulo `K`, `2 <= K <= 255`),
/// row-major, one byte per entry. Every entry is below the modulus.
///
/// ```
/// use lightsout::zk::ZkMatrix;
/// let mut a = ZkMatrix::zeros(2, 3, 5)?;
/// a.set(0, 0, 4);
/// a.add(0, 0, 3); // 4 + 3 = 2 (mod 5)
/// a.set(1, 2, 1);
/// assert_eq!(a.get(0, 0), 2);
/// assert_eq!(a.mul_vec(&[1, 2, 3]), vec![2, 3]);
/// # Ok::<(), lightsout::Error>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct ZkMatrix {
    rows: usize,
    cols: usize,
    modulus: u8,
    data: Vec<u8>,
}

impl ZkMatrix {
    /// The zero matrix.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidRules`] if `modulus < 2`.
    ///
    /// # Panics
    /// If `rows * cols` overflows `usize`.
    pub fn zeros(rows: usize, cols: usize, modulus: u8) -> Result<Self, Error> {
        check_modulus(modulus)?;
        let len = rows.checked_mul(cols).expect("matrix size overflows usize");
        Ok(Self {
            rows,
            cols,
            modulus,
            data: vec![0; len],
        })
    }

    /// The `n x n` identity matrix.
    ///
    /// ```
    /// use lightsout::zk::ZkMatrix;
    /// let i = ZkMatrix::identity(3, 4)?;
    /// assert_eq!(i.mul_vec(&[3, 1, 2]), vec![3, 1, 2]);
    /// # Ok::<(), lightsout::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`Error::InvalidRules`] if `modulus < 2`.
    ///
    /// # Panics
    /// If `n * n` overflows `usize`.
    pub fn identity(n: usize, modulus: u8) -> Result<Self, Error> {
        let mut m = Self::zeros(n, n, modulus)?;
        for i in 0..n {
            m.set(i, i, 1);
        }
        Ok(m)
    }

    /// A matrix from row-major entries (`rows * cols` of them, each below `modulus`).
    ///
    /// ```
    /// use lightsout::zk::ZkMatrix;
    /// let a = ZkMatrix::from_vec(2, 2, 6, vec![1, 2, 3, 4])?;
    /// assert_eq!(a.get(1, 0), 3);
    /// assert!(ZkMatrix::from_vec(1, 1, 6, vec![6]).is_err());
    /// # Ok::<(), lightsout::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`Error::InvalidRules`] if `modulus < 2`, [`Error::SizeMismatch`] unless there are
    /// `rows * cols` entries, [`Error::InvalidBoard`] naming the first entry not below
    /// `modulus`.
    pub fn from_vec(rows: usize, cols: usize, modulus: u8, data: Vec<u8>) -> Result<Self, Error> {
        check_modulus(modulus)?;
        if Some(data.len()) != rows.checked_mul(cols) {
            return Err(Error::SizeMismatch {
                expected: format!("{rows}x{cols} = {} entries", rows.saturating_mul(cols)),
                found: format!("{} entries", data.len()),
            });
        }
        check_entries(&data, modulus)?;
        Ok(Self {
            rows,
            cols,
            modulus,
            data,
        })
    }

    /// A matrix from its rows (all of one length, entries below `modulus`). An empty
    /// slice gives the `0 x 0` matrix.
    ///
    /// ```
    /// use lightsout::zk::ZkMatrix;
    /// let a = ZkMatrix::from_rows(&[vec![1, 0, 2], vec![0, 1, 1]], 3)?;
    /// assert_eq!((a.rows(), a.cols()), (2, 3));
    /// assert!(ZkMatrix::from_rows(&[vec![1, 0], vec![1]], 3).is_err());
    /// # Ok::<(), lightsout::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`Error::SizeMismatch`] naming the first row of another length than the first;
    /// otherwise those of [`ZkMatrix::from_vec`].
    pub fn from_rows<R: AsRef<[u8]>>(rows: &[R], modulus: u8) -> Result<Self, Error> {
        let cols = rows.first().map_or(0, |r| r.as_ref().len());
        let mut data = Vec::with_capacity(rows.len() * cols);
        for (i, r) in rows.iter().enumerate() {
            let r = r.as_ref();
            if r.len() != cols {
                return Err(Error::SizeMismatch {
                    expected: format!("rows of {cols} entries"),
                    found: format!("row {i} with {} entries", r.len()),
                });
            }
            data.extend_from_slice(r);
        }
        Self::from_vec(rows.len(), cols, modulus, data)
    }

    /// A matrix whose entry `(r, c)` is `f(r, c)` reduced modulo `modulus`.
    ///
    /// ```
    /// use lightsout::zk::ZkMatrix;
    /// let a = ZkMatrix::from_fn(2, 2, 4, |r, c| (r + 3 * c) as i64 - 1)?;
    /// assert_eq!(a.row(0), &[3, 2]); // -1, 2
    /// assert_eq!(a.row(1), &[0, 3]); //  0, 3
    /// # Ok::<(), lightsout::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`Error::InvalidRules`] if `modulus < 2`.
    ///
    /// # Panics
    /// If `rows * cols` overflows `usize`.
    pub fn from_fn(
        rows: usize,
        cols: usize,
        modulus: u8,
        mut f: impl FnMut(usize, usize) -> i64,
    ) -> Result<Self, Error> {
        let mut m = Self::zeros(rows, cols, modulus)?;
        for r in 0..rows {
            for c in 0..cols {
                m.data[r * cols + c] = f(r, c).rem_euclid(i64::from(modulus)) as u8;
            }
        }
        Ok(m)
    }

    /// The toggle matrix of a game, modulo its number of states: entry `(light, button)`
    /// is 1 when pressing `button` changes `light` (cells numbered row-major), else 0.
    /// The game's position `b` and target `t` then lead to the system `A x = t - b`.
    ///
    /// ```
    /// use lightsout::zk::ZkMatrix;
    /// use lightsout::{Boundary, Game, Rules, Shape};
    /// let game = Game::new(2, 2, Rules::new(Shape::plus(), Boundary::Open, 3)?)?;
    /// let a = ZkMatrix::toggle(&game);
    /// assert_eq!((a.rows(), a.modulus()), (4, 3));
    /// assert_eq!(a.row(0), &[1, 1, 1, 0]); // light 0 is changed by buttons 0, 1 and 2
    /// # Ok::<(), lightsout::Error>(())
    /// ```
    ///
    /// # Panics
    /// If `cells * cells` overflows `usize` (a game's modulus is always valid); callers
    /// bound the size first, as [`crate::zk::solve_game`] does.
    pub fn toggle(game: &Game) -> Self {
        let n = game.cells();
        let mut m = Self::zeros(n, n, game.modulus()).expect("a game's modulus is valid");
        let mut reached = Vec::new();
        for button in 0..n {
            game.reached(button, &mut reached);
            for &light in &reached {
                m.set(light, button, 1);
            }
        }
        m
    }

    accessors! {
        /// Number of rows.
        rows: usize,
        /// Number of columns.
        cols: usize,
        /// The modulus `K`.
        modulus: u8,
    }

    /// Entry `(r, c)`.
    ///
    /// # Panics
    /// If `(r, c)` is out of range.
    #[inline]
    pub fn get(&self, r: usize, c: usize) -> u8 {
        assert!(
            r < self.rows && c < self.cols,
            "index ({r}, {c}) out of range"
        );
        self.data[r * self.cols + c]
    }

    /// Sets entry `(r, c)` to `value`.
    ///
    /// # Panics
    /// If `(r, c)` is out of range or `value >= modulus`.
    #[inline]
    pub fn set(&mut self, r: usize, c: usize, value: u8) {
        assert!(
            r < self.rows && c < self.cols,
            "index ({r}, {c}) out of range"
        );
        assert!(
            value < self.modulus,
            "value {value} is not below the modulus {}",
            self.modulus
        );
        self.data[r * self.cols + c] = value;
    }

    /// Adds `delta` to entry `(r, c)`, modulo `K`.
    ///
    /// # Panics
    /// If `(r, c)` is out of range.
    #[inline]
    pub fn add(&mut self, r: usize, c: usize, delta: u8) {
        assert!(
            r < self.rows && c < self.cols,
            "index ({r}, {c}) out of range"
        );
        let v = &mut self.data[r * self.cols + c];
        *v = ((u16::from(*v) + u16::from(delta)) % u16::from(self.modulus)) as u8;
    }

    /// Row `r` as a slice.
    ///
    /// # Panics
    /// If `r` is out of range.
    #[inline]
    pub fn row(&self, r: usize) -> &[u8] {
        &self.data[r * self.cols..(r + 1) * self.cols]
    }

    /// All entries, row-major.
    #[inline]
    pub fn as_slice(&self) -> &[u8] {
        &self.data
    }

    /// The product `A x` modulo `K`.
    ///
    /// # Panics
    /// If `x.len() != cols`.
    pub fn mul_vec(&self, x: &[u8]) -> Vec<u8> {
        assert_eq!(
            x.len(),
            self.cols,
            "vector length must equal the column count"
        );
        let k = u64::from(self.modulus);
        (0..self.rows)
            .map(|r| {
                // A u64 holds 2^47 products of bytes; reduce once per row.
                let s: u64 = self
                    .row(r)
                    .iter()
                    .zip(x)
                    .map(|(&a, &b)| u64::from(a) * u64::from(b))
                    .sum();
                (s % k) as u8
            })
            .collect()
    }

    /// The transpose.
    pub fn transpose(&self) -> Self {
        // Same entries, same modulus: nothing to check again.
        let mut data = vec![0; self.data.len()];
        for r in 0..self.rows {
            for c in 0..self.cols {
                data[c * self.rows + r] = self.data[r * self.cols + c];
            }
        }
        Self {
            rows: self.cols,
            cols: self.rows,
            modulus: self.modulus,
            data,
        }
    }
}

/// Errors if some entry is not below `modulus`.
pub(crate) fn check_entries(values: &[u8], modulus: u8) -> Result<(), Error> {
    match values.iter().position(|&v| v >= modulus) {
        Some(i) => Err(Error::InvalidBoard(format!(
            "entry {i} is {}, not below the modulus {modulus}",
            values[i]
        ))),
        None => Ok(()),
    }
}

impl fmt::Debug for ZkMatrix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "ZkMatrix {}x{} mod {}",
            self.rows, self.cols, self.modulus
        )?;
        fmt::Display::fmt(self, f)
    }
}

/// One row a line, entries separated by spaces.
impl fmt::Display for ZkMatrix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..self.rows {
            let line: Vec<String> = self.row(r).iter().map(u8::to_string).collect();
            writeln!(f, "{}", line.join(" "))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn construction_checks() {
        assert!(ZkMatrix::zeros(2, 2, 1).is_err());
        assert!(ZkMatrix::zeros(2, 2, 0).is_err());
        assert!(ZkMatrix::zeros(0, 0, 2).is_ok());
        assert!(ZkMatrix::from_vec(2, 2, 3, vec![0, 1, 2]).is_err());
        assert!(ZkMatrix::from_vec(2, 2, 3, vec![0, 1, 2, 3]).is_err());
        let a = ZkMatrix::from_rows(&[[1u8, 2], [3, 4]], 255).unwrap();
        assert_eq!(a.transpose().row(0), &[1, 3]);
        assert_eq!(a.transpose().transpose(), a);
        let e: &[Vec<u8>] = &[];
        let z = ZkMatrix::from_rows(e, 7).unwrap();
        assert_eq!((z.rows(), z.cols()), (0, 0));
    }

    #[test]
    #[should_panic(expected = "not below the modulus")]
    fn set_rejects_large_values() {
        ZkMatrix::zeros(1, 1, 4).unwrap().set(0, 0, 4);
    }

    #[test]
    fn mul_vec_matches_definition() {
        let a = ZkMatrix::from_fn(3, 4, 255, |r, c| (r * 100 + c * 77) as i64).unwrap();
        let x = [254u8, 200, 3, 128];
        let y = a.mul_vec(&x);
        for r in 0..3 {
            let s: u64 = (0..4)
                .map(|c| u64::from(a.get(r, c)) * u64::from(x[c]))
                .sum();
            assert_eq!(u64::from(y[r]), s % 255);
        }
        assert_eq!(ZkMatrix::zeros(2, 0, 3).unwrap().mul_vec(&[]), vec![0, 0]);
    }

    #[test]
    fn display() {
        let a = ZkMatrix::from_rows(&[[1u8, 2], [3, 0]], 4).unwrap();
        assert_eq!(a.to_string(), "1 2\n3 0\n");
    }
}
