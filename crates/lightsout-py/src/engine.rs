//! Every call into the `lightsout` library, in one place.
//!
//! The rest of the crate converts between Python and the library's types and runs this
//! module's functions on a worker thread (see `runner.rs`); nothing else calls the solver.
//! Each function takes the [`Budget`] of its call and hands it to the library's budgeted
//! calls (`solve_puzzle`, `analyze_with`, `AllOnSquare::run_within`, `period`), which
//! check its deadline and cancel flag as they go.

use crate::errors::Failure;
use crate::memory;
use lightsout::game::{Preset, RandomBits, PRESETS};
use lightsout::solve::{AllOnMinimum, AllOnSquare, Period};
use lightsout::{
    analyze_with, check_solution, preset, solve_puzzle, sutner_nullity, Answer, Board, Boundary,
    Budget, Error, Fewest, Game, Graph, Method, MinimalOptions, QuietSpace, Rules, RulesSpec,
    SolveOptions, MAX_BASIS_BYTES,
};
use num_bigint::BigUint;

/// Largest shorter side the polynomial-only nullity accepts (the CLI's
/// `analyze --nullity-only` limit: about a minute).
pub const NULLITY_ONLY_MAX_SIDE: usize = 100_000_000;
/// Boards per budget check in the classic nullity table.
const TABLE_CHUNK: usize = 256;
/// Below this estimated work (64-bit word operations) a call runs on the calling thread:
/// a few milliseconds at most, not worth a worker thread or an interruption.
const QUICK_WORK: f64 = 1e6;

/// The rules of a game and what fixes its board: a preset's own board, a graph's nodes,
/// or (for plain rules) the board given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleSet {
    /// The rules.
    pub rules: Rules,
    /// The preset the rules come from.
    pub preset: Option<&'static Preset>,
    /// For graph rules, the number of nodes: boards are `1 x nodes`.
    pub graph_nodes: Option<usize>,
}

impl RuleSet {
    /// The classic rules (plus, open, two states).
    pub fn classic() -> Self {
        Self {
            rules: Rules::classic(),
            preset: None,
            graph_nodes: None,
        }
    }

    /// Rules from a description (a preset name, or boundary, shape, sigma switch and
    /// number of states).
    pub fn from_spec(spec: &RulesSpec) -> Result<Self, Error> {
        Ok(Self {
            rules: spec.rules()?,
            preset: spec.preset(),
            graph_nodes: None,
        })
    }

    /// Rules of a graph: `nodes` lights, and pressing `u` of an edge `(u, v)` changes `v`
    /// (and the other way round unless `directed`).
    pub fn from_graph(
        nodes: usize,
        edges: Vec<(usize, usize)>,
        self_toggle: bool,
        directed: bool,
        modulus: u8,
    ) -> Result<Self, Error> {
        let graph = Graph::new(nodes)
            .edges(edges)
            .self_toggle(self_toggle)
            .directed(directed);
        Ok(Self {
            rules: graph.rules(modulus)?,
            preset: None,
            graph_nodes: Some(nodes),
        })
    }

    /// Number of states per light.
    pub fn modulus(&self) -> u8 {
        self.rules.modulus()
    }

    /// The board size the rules fix (presets and graphs), if any.
    pub fn fixed_size(&self) -> Option<(usize, usize)> {
        match (self.preset, self.graph_nodes) {
            (Some(p), _) => Some((p.rows, p.cols)),
            (None, Some(n)) => Some((1, n)),
            (None, None) => None,
        }
    }

    /// The game of an analysis: the fixed board, or `size` (which must agree with a fixed
    /// one).
    ///
    /// # Errors
    /// No size for plain rules, a size other than the fixed one, and bad sizes.
    pub fn game(&self, size: Option<(usize, usize)>) -> Result<Game, Error> {
        match (self.fixed_size(), size) {
            (Some(fixed), Some(s)) if fixed != s => Err(Error::InvalidRules(match self.preset {
                Some(p) => format!(
                    "preset '{}' is played on a {}x{} board, not {}x{}",
                    p.name, p.rows, p.cols, s.0, s.1
                ),
                None => format!(
                    "the graph's board is 1x{} (one light per node), not {}x{}",
                    fixed.1, s.0, s.1
                ),
            })),
            (Some((rows, cols)), _) | (None, Some((rows, cols))) => {
                Game::new(rows, cols, self.rules.clone())
            }
            (None, None) => Err(Error::InvalidSize(
                "no board size given (rows and cols are needed unless the rules are a preset or a graph)"
                    .into(),
            )),
        }
    }

    /// The game of a given board (`rows x cols` as read), with the CLI's message when a
    /// preset's board has another size.
    ///
    /// # Errors
    /// A board of the wrong size for a preset or graph, and bad sizes.
    pub fn game_for_board(&self, rows: usize, cols: usize) -> Result<Game, Error> {
        if let Some(p) = self.preset {
            if (rows, cols) != (p.rows, p.cols) {
                return Err(Error::InvalidBoard(format!(
                    "the board is {rows}x{cols}, but preset '{}' is played on a {}x{} board",
                    p.name, p.rows, p.cols
                )));
            }
        }
        if let Some(n) = self.graph_nodes {
            if rows * cols != n {
                return Err(Error::InvalidBoard(format!(
                    "the board has {} values, but the graph has {n} nodes",
                    rows * cols
                )));
            }
            return Game::new(1, n, self.rules.clone());
        }
        Game::new(rows, cols, self.rules.clone())
    }

    /// The position to reach when none is given: a preset's goal, else all lights off.
    pub fn default_target(&self, game: &Game) -> Board {
        match self.preset {
            Some(p) => p.goal(),
            None => game.empty_board(),
        }
    }
}

/// Every preset, in the CLI's order.
pub fn presets() -> &'static [Preset] {
    &PRESETS
}

/// The preset called `name`.
///
/// # Errors
/// An unknown name (the message lists the known ones).
pub fn find_preset(name: &str) -> Result<&'static Preset, Error> {
    preset(name)
}

/// Parses a rules description such as `boundary=torus,shape=king,mod=3`.
///
/// # Errors
/// Unknown keys and bad values.
pub fn parse_spec(text: &str) -> Result<RulesSpec, Error> {
    RulesSpec::parse(text)
}

/// The method called `name` (`auto`, `brute`, `rows`, `gauss`, `chase`, `poly`).
///
/// # Errors
/// An unknown name.
pub fn parse_method(name: &str) -> Result<Method, Error> {
    name.parse()
}

/// The boundary called `name` (`open`, `torus`, `klein`, `projective`).
///
/// # Errors
/// An unknown name.
pub fn parse_boundary(name: &str) -> Result<Boundary, Error> {
    name.parse()
}

/// True if solving `game` is cheap enough to run on the calling thread (and, with
/// `minimal`, the fewest-press search too, which needs the nullity: unknown here, so
/// only tiny boards qualify).
pub fn is_quick(game: &Game, method: Method, minimal: bool) -> bool {
    let work = lightsout::estimated_work(game, method);
    if minimal {
        game.cells() <= 64 && work < QUICK_WORK
    } else {
        work < QUICK_WORK
    }
}

/// A position to solve.
#[derive(Clone, Debug)]
pub struct SolveRequest {
    /// The game.
    pub game: Game,
    /// The start position.
    pub start: Board,
    /// The position to reach.
    pub target: Board,
    /// The method.
    pub method: Method,
    /// Whether to search for the fewest presses.
    pub minimal: bool,
}

/// Solves a position with the library's one call: a solution (the fewest-press one when
/// asked, searched until the budget's deadline: the best found if it passes), the
/// nullity, the exact count, and why an unsolvable position is (with a witness when
/// there is one).
///
/// # Errors
/// The library's errors (method limits, bad boards), a budget spent before a solution
/// is found, a basis too large for the fewest-press search, and a solution that fails
/// its replay.
pub fn solve(req: &SolveRequest, budget: &Budget) -> Result<Answer, Failure> {
    check_solve_memory(&req.game, req.method, req.minimal, budget.threads())?;
    let options = SolveOptions {
        method: req.method,
        // No time limit of its own: the call's budget (time_limit=, Ctrl-C) bounds it.
        fewest: req.minimal.then(|| Fewest {
            time_limit: None,
            ..Fewest::default()
        }),
        quiet: false,
        budget: budget.clone(),
    };
    Ok(solve_puzzle(&req.game, &req.start, &req.target, &options)?)
}

/// Checks the memory of a solve of `game` against the limit before it starts: the
/// method's working memory (the library's estimate), the start and target held, the
/// answer, a witness and the answer's uint8 array; a fewest-press search also holds the
/// quiet patterns and a few candidates a thread.
///
/// # Errors
/// [`memory::Refused`] naming the board and the method.
pub fn check_solve_memory(
    game: &Game,
    method: Method,
    minimal: bool,
    threads: usize,
) -> Result<(), memory::Refused> {
    let board = memory::board_bytes(game);
    let mut extra = board.saturating_mul(4).saturating_add(game.cells() as u64);
    if minimal {
        extra = extra
            .saturating_add(quiet_bytes_bound(game, None))
            .saturating_add(board.saturating_mul(4 * threads as u64));
    }
    memory::check_plan(game, method, extra, "solving")
}

/// Checks the memory of enumerating the solutions of `game` (see `all_solutions`):
/// a solve, the quiet patterns, the start and target held and `ahead` solutions
/// computed ahead of the caller.
///
/// # Errors
/// [`memory::Refused`] naming the board and the method.
pub fn check_enumeration_memory(
    game: &Game,
    method: Method,
    ahead: usize,
) -> Result<(), memory::Refused> {
    let boards = memory::board_bytes(game).saturating_mul(ahead as u64 + 4);
    memory::check_plan(
        game,
        method,
        quiet_bytes_bound(game, None).saturating_add(boards),
        "every solution of",
    )
}

/// The most bytes the quiet patterns of `game` can take: `nullity` of its boards (for
/// the plus and sigma rules on open boards the nullity is computed, cheaply, when not
/// given; else at most one a cell), and never more than the library's
/// [`MAX_BASIS_BYTES`] (it refuses a larger basis before building it).
pub fn quiet_bytes_bound(game: &Game, nullity: Option<usize>) -> u64 {
    let nullity = nullity.unwrap_or_else(|| match game.rules().plus_family() {
        Some(self_toggle) => sutner_nullity(game.rows(), game.cols(), self_toggle),
        None => game.cells(),
    });
    memory::board_bytes(game)
        .saturating_mul(nullity as u64)
        .min(MAX_BASIS_BYTES)
}

/// Errors if holding `nullity` quiet patterns of `game` would take more than the
/// library's [`MAX_BASIS_BYTES`]; `what` names the call that needs them.
fn check_basis_size(game: &Game, nullity: usize, what: &str) -> Result<(), Error> {
    let bytes =
        board_bytes(game.rows(), game.cols(), game.modulus()).saturating_mul(nullity as u64);
    if bytes > MAX_BASIS_BYTES {
        return Err(Error::LimitExceeded(format!(
            "{what} needs the {nullity} quiet patterns of this {}x{} board in memory ({}), more than the limit of {}",
            game.rows(),
            game.cols(),
            human_bytes(bytes),
            human_bytes(MAX_BASIS_BYTES)
        )));
    }
    Ok(())
}

/// Bytes the library takes for one board (saturating).
pub fn board_bytes(rows: usize, cols: usize, modulus: u8) -> u64 {
    let row_bytes = if modulus == 2 {
        cols.div_ceil(64) as u64 * 8
    } else {
        cols as u64
    };
    (rows as u64).saturating_mul(row_bytes)
}

/// A byte count for messages: `512 B`, `1.5 GiB` (the library's, as the CLI writes it).
pub use lightsout::human_bytes;

/// The structure of a game.
#[derive(Clone, Debug)]
pub struct AnalysisOutcome {
    /// The method used.
    pub method: Method,
    /// Rank of the toggle matrix.
    pub rank: usize,
    /// Dimension of the quiet patterns (generators for a composite K).
    pub nullity: usize,
    /// The quiet patterns.
    pub quiet: QuietSpace,
}

/// Rank, nullity and quiet patterns of `game`.
///
/// # Errors
/// The library's errors, a spent budget, and quiet patterns too large to hold.
pub fn analyze(game: &Game, method: Method, budget: &Budget) -> Result<AnalysisOutcome, Failure> {
    budget.check()?;
    let mut nullity = None;
    if let Some(self_toggle) = game.rules().plus_family() {
        // The nullity is cheap here: refuse a basis too large before building it.
        let d = sutner_nullity(game.rows(), game.cols(), self_toggle);
        check_basis_size(game, d, "analyze")?;
        nullity = Some(d);
    }
    memory::check_plan(game, method, quiet_bytes_bound(game, nullity), "analyzing")?;
    let a = analyze_with(game, method, budget)?;
    check_basis_size(game, a.quiet.dimension(), "analyze")?;
    Ok(AnalysisOutcome {
        method: a.method,
        rank: a.rank,
        nullity: a.nullity,
        quiet: a.quiet,
    })
}

/// Most bits of an exact count of positions (2^32 bits: a 512 MiB integer).
const MAX_COUNT_BITS: f64 = 4_294_967_296.0;

/// The number of solvable start positions of `game`, exact: `K^cells` divided by the
/// number of quiet patterns (as `lightsout analyze` counts them).
///
/// # Errors
/// A number too large to hold (more than 2^32 bits).
pub fn solvable_positions(game: &Game, quiet: &QuietSpace) -> Result<BigUint, Failure> {
    let bits = game.cells() as f64 * f64::from(game.modulus()).log2();
    if bits > MAX_COUNT_BITS {
        return Err(Error::LimitExceeded(format!(
            "the number of positions of a {}x{} board has about {bits:.0} bits, more than the limit of 2^32",
            game.rows(),
            game.cols()
        ))
        .into());
    }
    // The number, the library's intermediate ones, and Python's int of it.
    memory::check(
        (bits / 8.0 * 4.0) as u64,
        &format!(
            "the number of positions of a {}x{} board",
            game.rows(),
            game.cols()
        ),
    )?;
    Ok(quiet.solvable_positions())
}

/// The nullity of a `rows x cols` board: from polynomials alone for the plus and sigma
/// rules on open two-state boards (any size up to a shorter side of
/// [`NULLITY_ONLY_MAX_SIDE`]), else from an analysis.
///
/// # Errors
/// Bad sizes, the size limit, and the analysis' errors.
pub fn nullity(
    set: &RuleSet,
    size: Option<(usize, usize)>,
    method: Method,
    budget: &Budget,
) -> Result<usize, Failure> {
    if let (Some(self_toggle), Some((rows, cols)), None) =
        (set.rules.plus_family(), size, set.preset)
    {
        if rows == 0 || cols == 0 {
            return Err(Error::InvalidSize(format!(
                "{rows}x{cols}: a board needs at least one row and one column"
            ))
            .into());
        }
        if rows.min(cols) > NULLITY_ONLY_MAX_SIDE {
            return Err(Error::LimitExceeded(format!(
                "the nullity from polynomials handles a shorter side of at most {NULLITY_ONLY_MAX_SIDE} (about a minute); {rows}x{cols} is larger"
            ))
            .into());
        }
        budget.check()?;
        return Ok(sutner_nullity(rows, cols, self_toggle));
    }
    let game = set.game(size)?;
    analysis_nullity(&game, method, budget)
}

/// The nullity of `game` from an analysis, after checking its memory (the method's and
/// the quiet patterns').
fn analysis_nullity(game: &Game, method: Method, budget: &Budget) -> Result<usize, Failure> {
    memory::check_plan(game, method, quiet_bytes_bound(game, None), "analyzing")?;
    Ok(analyze_with(game, method, budget)?.nullity)
}

/// Nullities of the `n x n` boards for `n = 1..=max_n` (`rect`: of every `m x n`, as
/// rows of a `max_n x max_n` table), by the polynomial method for the plus and sigma
/// rules and by analysis otherwise.
///
/// # Errors
/// Presets and graphs (their board is fixed), bad rules for some `n`, a spent budget.
pub fn table(
    set: &RuleSet,
    max_n: usize,
    rect: bool,
    method: Method,
    budget: &Budget,
) -> Result<Vec<Vec<usize>>, Failure> {
    if set.preset.is_some() || set.graph_nodes.is_some() {
        return Err(Error::InvalidRules(
            "table runs over n x n boards; a preset or a graph fixes the board, so it does not apply"
                .into(),
        )
        .into());
    }
    let plus = set.rules.plus_family();
    let one = |m: usize, n: usize| -> Result<usize, Failure> {
        match plus {
            Some(self_toggle) => Ok(sutner_nullity(m, n, self_toggle)),
            None => {
                let game = Game::new(m, n, set.rules.clone())
                    .map_err(|e| Error::InvalidRules(format!("{m}x{n}: {e}")))?;
                analysis_nullity(&game, method, budget)
            }
        }
    };
    if rect {
        let mut rows = memory::try_with_capacity(max_n, "the table")?;
        for m in 1..=max_n {
            let mut row = memory::try_with_capacity(max_n, "a row of the table")?;
            for n in 1..=max_n {
                budget.check()?;
                // The plus rules are symmetric under transposition: reuse m > n.
                let d = match (plus, n < m) {
                    (Some(_), true) => rows.get(n - 1).map_or(0, |r: &Vec<usize>| r[m - 1]),
                    _ => one(m, n)?,
                };
                row.push(d);
            }
            rows.push(row);
        }
        return Ok(rows);
    }
    let mut out = memory::try_with_capacity(max_n, "the table")?;
    if set.rules.is_classic() {
        let mut n = 1;
        while n <= max_n {
            budget.check()?;
            let end = (n + TABLE_CHUNK).min(max_n + 1);
            out.extend(lightsout::solve::nullity_squares(n..end));
            n = end;
        }
    } else {
        for n in 1..=max_n {
            budget.check()?;
            out.push(one(n, n)?);
        }
    }
    Ok(vec![out])
}

/// The fewest presses that turn off the all-on `n x n` board of the plus-shaped press
/// (`lightsout min-table`'s search, the library's [`AllOnSquare`]): exhaustive over one
/// solution per symmetry orbit when the nullity is at most `max_nullity` (proven), else
/// the local search's best (not proven); the budget's deadline and cancel flag stop
/// either with the best pattern found so far, not proven. The answer is replayed on the
/// board by the library.
///
/// # Errors
/// `n = 0` or an absurd `n`, a boundary other than open and torus, the solvers' limits,
/// a budget spent before any pattern is found, and a pattern that fails its replay.
pub fn fewest_presses_all_on(
    n: usize,
    boundary: Boundary,
    max_nullity: usize,
    budget: &Budget,
) -> Result<AllOnMinimum, Failure> {
    budget.check()?;
    // No time limit or threads of their own: the call's budget carries both.
    let opts = MinimalOptions {
        max_nullity,
        time_limit: None,
        threads: None,
    };
    let square = AllOnSquare::new(n, boundary, &opts)?;
    // The memory of a fewest-press solve of the board (a solve, the quiet patterns, a
    // few candidates a thread, the answer's uint8 array).
    let game = Game::new(n, n, Rules::new(lightsout::Shape::plus(), boundary, 2)?)?;
    let board = memory::board_bytes(&game);
    memory::check_plan(
        &game,
        Method::Auto,
        quiet_bytes_bound(&game, None)
            .saturating_add(board.saturating_mul(4 * budget.threads() as u64 + 2))
            .saturating_add(game.cells() as u64),
        "the fewest presses of",
    )?;
    Ok(square.run_within(budget)?)
}

/// The solution period of a two-state game (`lightsout period`): the order of the solve
/// map and the eventual period of the all-on board under it, exact (the library's
/// [`lightsout::solve::period`]).
///
/// # Errors
/// More than two states, rules the library's methods do not cover at this size, a spent
/// budget.
pub fn period(game: &Game, budget: &Budget) -> Result<Period, Error> {
    lightsout::solve::period(game, budget)
}

/// Sends every solution of `start -> target` to `send` (each replayed first), in the
/// library's Gray-code order: `particular` plus each quiet pattern. Stops when `send`
/// returns false or after `limit` solutions.
///
/// # Errors
/// A solution that fails its replay (a bug).
pub fn each_solution(
    game: &Game,
    start: &Board,
    target: &Board,
    space: SolutionSpace,
    limit: Option<u64>,
    mut send: impl FnMut(Board) -> bool,
) -> Result<(), Error> {
    let limit = limit.map_or(usize::MAX, |l| usize::try_from(l).unwrap_or(usize::MAX));
    for presses in space.quiet.solutions(space.particular)?.take(limit) {
        check_solution(game, start, target, &presses)?;
        if !send(presses) {
            break;
        }
    }
    Ok(())
}

/// The solutions of a position: one of them plus the quiet patterns.
#[derive(Clone, Debug)]
pub struct SolutionSpace {
    /// One solution.
    pub particular: Board,
    /// The quiet patterns.
    pub quiet: QuietSpace,
}

/// The solutions of `start -> target`, for [`each_solution`] (`None` if there is no
/// solution), and their exact number.
///
/// # Errors
/// The library's errors, a basis too large to hold, a spent budget.
pub fn solution_space(
    game: &Game,
    start: &Board,
    target: &Board,
    method: Method,
    budget: &Budget,
) -> Result<(Option<SolutionSpace>, BigUint), Error> {
    let options = SolveOptions {
        method,
        fewest: None,
        quiet: true,
        budget: budget.clone(),
    };
    let answer = solve_puzzle(game, start, target, &options)?;
    let space = match (answer.presses, answer.quiet) {
        (Some(particular), Some(quiet)) => Some(SolutionSpace { particular, quiet }),
        _ => None,
    };
    Ok((space, answer.count))
}

/// True if `presses` takes `start` to `target` in `game`.
///
/// # Errors
/// Boards that do not fit the game.
pub fn verify(game: &Game, start: &Board, target: &Board, presses: &Board) -> Result<bool, Error> {
    game.is_solution(start, target, presses)
}

/// The lights a press pattern changes, from all off.
///
/// # Errors
/// A press pattern that does not fit the game.
pub fn effect(game: &Game, presses: &Board) -> Result<Board, Error> {
    game.effect(presses)
}

/// A random board of `game`, from the library's generator (the CLI's): two states,
/// each light on with probability `density` (for 1/2, [`Board::random`]; the same seed
/// gives `lightsout random`'s board); `solvable`, the lights of such random presses
/// (for the classic rules, the CLI's `random --solvable` board). K states: for
/// `density` 1/2 [`Board::random`] (uniform cells); else each cell non-zero with
/// probability `density`, then uniform in `1..K`.
///
/// # Errors
/// A density outside 0..=1 (or not a number).
pub fn random_board(
    game: &Game,
    seed: u64,
    density: f64,
    solvable: bool,
) -> Result<Board, Failure> {
    if !(0.0..=1.0).contains(&density) {
        return Err(Error::InvalidBoard(format!(
            "density {density} is not a probability (expected 0 to 1)"
        ))
        .into());
    }
    let (rows, cols, k) = (game.rows(), game.cols(), game.modulus());
    // The boards made on the way (at most three; the lights of the presses, two more),
    // and the uint8 array the caller makes of the answer.
    let copies = if density == 0.5 { 1 } else { 3 } + if solvable { 2 } else { 0 };
    memory::check(
        memory::board_bytes(game)
            .saturating_mul(copies)
            .saturating_add(rows.saturating_mul(cols) as u64),
        &format!("a random {rows}x{cols} board"),
    )?;
    let board = if density == 0.5 {
        Board::random(rows, cols, k, seed)?
    } else {
        // Bitmap-ordered rows (the CLI's order) into the library's (least significant
        // bit first).
        let mut lights = RandomBits::new(seed, density);
        let mut row = vec![0u64; cols.div_ceil(64)];
        let mut mask = Board::try_new(rows, cols, 2)?;
        let bits = mask
            .bits_mut()
            .ok_or_else(|| Error::Internal("a two-state board without bits".into()))?;
        for r in 0..rows {
            lights.row(cols, &mut row);
            for (dst, src) in bits.row_mut(r).iter_mut().zip(&row) {
                *dst = src.reverse_bits();
            }
        }
        if k == 2 {
            mask
        } else {
            // Non-zero cells uniform in 1..K: 1 + a uniform value of K - 1 states.
            let levels = Board::random(rows, cols, k - 1, seed ^ 0x9e37_79b9_7f4a_7c15)?;
            let mut board = Board::try_new(rows, cols, k)?;
            for r in 0..rows {
                for c in 0..cols {
                    if mask.get(r, c) == 1 {
                        board.set(r, c, 1 + levels.get(r, c));
                    }
                }
            }
            board
        }
    };
    if solvable {
        Ok(game.effect(&board)?)
    } else {
        Ok(board)
    }
}
