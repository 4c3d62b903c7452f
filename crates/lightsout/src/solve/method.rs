//! The solving methods: their names, and the one table that maps each to its
//! implementation (adding a method is a file in `methods/`, a variant here and a row in
//! [`SOLVERS`]).

use std::fmt;

/// A solving method. [`Method::Auto`] picks the fastest one that handles the game.
///
/// | method  | idea                                   | cost (m x n board, n <= m)  | rules |
/// |---------|----------------------------------------|-----------------------------|-------|
/// | `brute` | try every press pattern                | O(K^(mn))                   | all |
/// | `rows`  | try every first row, chase the rest    | O(2^n m n)                  | plus, sigma; open; 2 states |
/// | `gauss` | eliminate the mn x mn system           | O((mn)^3 / 64)              | all (GF(2), GF(p), Z_K) |
/// | `chase` | chase symbolically, solve for the unknowns left | O(m n^2 / 64 + n^3 / 64) (plus) | grid rules: open, torus, Klein |
/// | `poly`  | chase twice, solve in GF(2)\[s\]/U_n(s) | O(m n / 64 + n^2 / 64)      | plus, sigma; open; 2 states |
///
/// ```
/// use lightsout::{Game, Method};
/// let m: Method = "chase".parse()?;
/// assert_eq!(m.name(), "chase");
/// assert!("simplex".parse::<Method>().is_err());
/// // What a method says of a game before any work: whether it takes it, and the cost.
/// let game = Game::classic(2000, 2000)?;
/// assert!(Method::Poly.accepts(&game).is_ok());
/// assert!(Method::Gauss.accepts(&game).is_err());
/// assert!(Method::Poly.cost(&game).work < Method::Chase.cost(&game).work);
/// # Ok::<(), lightsout::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Method {
    /// The fastest applicable method.
    #[default]
    Auto,
    /// Every press pattern (full enumeration).
    Brute,
    /// Every first row, the rest by light chasing (first-row enumeration).
    Rows,
    /// Gaussian elimination of the full system.
    Gauss,
    /// Symbolic light chasing, then an n x n system (first-row equations).
    Chase,
    /// The polynomial method (Chebyshev polynomials over GF(2)).
    Poly,
}

impl Method {
    /// Every concrete method, in the order of the seed articles.
    pub const CONCRETE: [Method; 5] = [
        Method::Brute,
        Method::Rows,
        Method::Gauss,
        Method::Chase,
        Method::Poly,
    ];

    /// The methods `auto` chooses among, in its order of preference.
    pub const AUTO_ORDER: [Method; 3] = [Method::Poly, Method::Chase, Method::Gauss];

    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        // In declaration order.
        const NAMES: [&str; 6] = ["auto", "brute", "rows", "gauss", "chase", "poly"];
        NAMES[self as usize]
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
