//! The JSON objects the commands print (the same shapes the web API answers with).

use lightsout::research::Period;
use lightsout::solve::UnsolvableReason;
use lightsout::{Answer, Board, Fewest, Method};
use num_bigint::BigUint;
use serde::ser::{SerializeSeq, Serializer};
use serde::Serialize;

/// The rows of a board as JSON (a list of rows of numbers), written cell by cell as it
/// is serialized: nothing the size of the board is built, so an answer of any size
/// streams into its writer.
#[derive(Clone, Copy, Debug)]
pub struct Grid<'a>(pub &'a Board);

impl Serialize for Grid<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let board = self.0;
        let mut rows = serializer.serialize_seq(Some(board.rows()))?;
        for r in 0..board.rows() {
            rows.serialize_element(&GridRow(board, r))?;
        }
        rows.end()
    }
}

/// Row `.1` of a [`Grid`].
struct GridRow<'a>(&'a Board, usize);

impl Serialize for GridRow<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let GridRow(board, r) = *self;
        let mut cells = serializer.serialize_seq(Some(board.cols()))?;
        for c in 0..board.cols() {
            cells.serialize_element(&board.get(r, c))?;
        }
        cells.end()
    }
}

/// Several boards as a JSON list of [`Grid`]s (`analyze`'s quiet patterns).
#[derive(Clone, Copy, Debug)]
pub struct Grids<'a>(pub &'a [Board]);

impl Serialize for Grids<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(Grid))
    }
}

/// `solve --json`: exactly one object. `G` is how a board is held: rows of numbers
/// (the default, for answers kept in memory), or a [`Grid`] that streams the rows of a
/// board of any size.
#[derive(Serialize, Debug)]
pub struct SolveReport<G = Vec<Vec<u8>>> {
    pub rows: usize,
    pub cols: usize,
    pub method: &'static str,
    pub solvable: bool,
    pub nullity: usize,
    /// Number of solutions, exact, as a decimal string (it can exceed any integer type).
    pub solutions: String,
    pub press_count: u64,
    pub presses: Option<G>,
    /// True if `presses` is a proven fewest-press solution.
    pub minimal: bool,
    /// With --min: whether the search covered every solution.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proven: Option<bool>,
    /// When unsolvable: why, in one sentence.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// When unsolvable: why, as a stable name for programs (`witness` or `rank_test`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason_kind: Option<&'static str>,
    /// When unsolvable: a quiet pattern with an odd overlap with the board.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub witness: Option<G>,
    /// With `-o FILE`: the file the presses went to (`presses` is then null).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output: Option<String>,
}

impl<G> SolveReport<G> {
    /// A solvable board's report with its counts; the presses, the minimal-search
    /// verdict and the output file are left for the caller to fill in.
    pub fn solved(
        rows: usize,
        cols: usize,
        method: Method,
        nullity: usize,
        count: &BigUint,
        press_count: u64,
    ) -> Self {
        Self {
            rows,
            cols,
            method: method.name(),
            solvable: true,
            nullity,
            solutions: count.to_string(),
            press_count,
            presses: None,
            minimal: false,
            proven: None,
            reason: None,
            reason_kind: None,
            witness: None,
            output: None,
        }
    }

    /// An unsolvable board's report: why, and the quiet pattern that shows it, if any.
    pub fn unsolvable(
        rows: usize,
        cols: usize,
        method: Method,
        nullity: usize,
        reason: UnsolvableReason,
        witness: Option<G>,
    ) -> Self {
        Self {
            solvable: false,
            solutions: "0".into(),
            reason: Some(reason.describe().to_string()),
            reason_kind: Some(reason.name()),
            witness,
            ..Self::solved(rows, cols, method, nullity, &BigUint::ZERO, 0)
        }
    }

    /// The report of the library's [`Answer`]: the same fields, as the JSON shape has
    /// them, each grid (`presses`, `witness`) written by `grid`.
    pub fn of_answer_with(
        rows: usize,
        cols: usize,
        answer: &Answer,
        grid: impl Fn(&Board) -> G,
    ) -> Self {
        match (&answer.presses, &answer.unsolvable) {
            (Some(presses), _) => Self {
                presses: Some(grid(presses)),
                minimal: answer.is_proven_fewest(),
                proven: answer.fewest.map(|f| f == Fewest::Proven),
                ..Self::solved(
                    rows,
                    cols,
                    answer.method,
                    answer.nullity,
                    &answer.count,
                    presses.total(),
                )
            },
            (None, why) => Self::unsolvable(
                rows,
                cols,
                answer.method,
                answer.nullity,
                why.as_ref()
                    .map_or(UnsolvableReason::RankTest, |u| u.reason),
                why.as_ref().and_then(|u| u.witness.as_ref()).map(grid),
            ),
        }
    }
}

impl SolveReport {
    /// The report of the library's [`Answer`], its grids as lists of rows of numbers.
    pub fn of_answer(rows: usize, cols: usize, answer: &Answer) -> Self {
        Self::of_answer_with(rows, cols, answer, Board::to_rows)
    }
}

/// `solve --all --json`: one line per solution (`G` as in [`SolveReport`]).
#[derive(Serialize, Debug)]
pub struct SolutionLine<G = Vec<Vec<u8>>> {
    pub press_count: u64,
    pub presses: G,
}

/// `solve --all --json`: the last line.
#[derive(Serialize, Debug)]
pub struct AllSummary {
    pub total: String,
    pub printed: u64,
}

/// `analyze --json`. `Q` holds the quiet patterns: lists of rows (the default), or
/// [`Grids`] that stream them.
#[derive(Serialize, Debug)]
pub struct AnalyzeReport<Q = Vec<Vec<Vec<u8>>>> {
    pub rows: usize,
    pub cols: usize,
    pub method: &'static str,
    /// Exact even past 2^64 (`analyze --nullity-only` of a huge board).
    pub rank: u128,
    pub nullity: usize,
    /// Number of solvable start positions, as a decimal string.
    pub solvable_positions: String,
    /// Omitted with --nullity-only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub quiet_patterns: Option<Q>,
}

/// `table --json`: one line per n.
#[derive(Serialize, Debug)]
pub struct TableLine {
    pub n: u64,
    pub nullity: usize,
}

/// `table --rect --json`: one line per board `m x n` (m <= n).
#[derive(Serialize, Debug)]
pub struct RectLine {
    pub m: u64,
    pub n: u64,
    pub nullity: usize,
}

/// `GET /api/period`, and `period --json` with its method and time: the solution period
/// of a two-state game (the library's [`lightsout::research::period`]): how many solve steps
/// bring every board back (`order`) and the all-on board back (`all_on_period`). Exact
/// integers, as decimal strings (they may pass 2^53).
#[derive(Serialize, Debug)]
pub struct PeriodReport {
    pub rows: usize,
    pub cols: usize,
    pub singular: bool,
    pub order: String,
    pub all_on_period: String,
    pub all_on_in_core: bool,
}

impl PeriodReport {
    /// The report of the period `p` of a `rows x cols` game.
    pub fn of_period(rows: usize, cols: usize, p: &Period) -> Self {
        PeriodReport {
            rows,
            cols,
            singular: p.singular,
            order: p.order.to_string(),
            all_on_period: p.all_on_period.to_string(),
            all_on_in_core: p.all_on_in_core,
        }
    }
}
