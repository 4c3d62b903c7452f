//! Every call into the `lightsout` library, in one place.
//!
//! The rest of the crate converts between Python and the library's types and runs this
//! module's functions on a worker thread (see `runner.rs`); nothing else calls the solver.
//! Each function takes the [`Budget`] of its call and hands it to the library's budgeted
//! calls (`solve_within`, `analyze_within`, `AllOnSquare::run_within`, `period`), which
//! check its deadline and cancel flag as they go.

use crate::errors::Failure;
use crate::memory;
use lightsout::fewest::MinimalOptions;
use lightsout::game::{preset, Preset, RandomBits, PRESETS};
use lightsout::research::{AllOnMinimum, AllOnSquare, NullityTable, Period, TableOptions};
use lightsout::solve::{FewestSearch, MAX_BASIS_BYTES};
use lightsout::{
    analyze_within, solve_within, Answer, Board, Boundary, Budget, Error, Game, GameSpec, Method,
    QuietSpace, Rules, SolveOptions,
};
use num_bigint::BigUint;

/// Below this estimated work (64-bit word operations) a call runs on the calling thread:
/// a few milliseconds at most, not worth a worker thread or an interruption.
const QUICK_WORK: f64 = 1e6;

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
pub fn parse_spec(text: &str) -> Result<GameSpec, Error> {
    GameSpec::parse(text)
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
    let work = method.cost(game).work;
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
    let mut options = SolveOptions::default().with_method(req.method);
    if req.minimal {
        // No time limit of its own: the call's budget (time_limit=, Ctrl-C) bounds it.
        options = options.with_fewest(FewestSearch::default().within(None));
    }
    Ok(solve_within(
        &req.game,
        &req.start,
        &req.target,
        &options,
        budget,
    )?)
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

/// The most bytes the quiet patterns of `game` can take: `nullity` of its boards (when
/// not given, the engine's when it is cheap to know, else at most one a cell), and never
/// more than the library's [`MAX_BASIS_BYTES`] (it refuses a larger basis before
/// building it).
pub fn quiet_bytes_bound(game: &Game, nullity: Option<usize>) -> u64 {
    let nullity = nullity
        .or_else(|| game.nullity_if_cheap())
        .unwrap_or_else(|| game.cells());
    memory::board_bytes(game)
        .saturating_mul(nullity as u64)
        .min(MAX_BASIS_BYTES)
}

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
    // Where the nullity is cheap, a basis too large is refused before it is built.
    let nullity = game.nullity_if_cheap();
    if let Some(d) = nullity {
        QuietSpace::check_memory(game, d)?;
    }
    memory::check_plan(game, method, quiet_bytes_bound(game, nullity), "analyzing")?;
    let a = analyze_within(game, method, budget)?;
    QuietSpace::check_memory(game, a.quiet.dimension())?;
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
        return Err(Error::LimitExceeded(lightsout::Limit::Cells {
            what: "an exact count of positions (2^32 bits)",
            cells: game.cells() as u64,
            max: (MAX_COUNT_BITS / f64::from(game.modulus()).log2()) as u64,
        })
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

/// The nullity of a `rows x cols` board (or the board the rules fix): the engine's
/// ([`GameSpec::nullity_within`]: from polynomials alone for the plus and sigma rules on
/// an open two-state board, else from one solve of the empty board, whose memory is
/// checked first: no quiet pattern is built).
///
/// # Errors
/// Bad sizes, the engine's limit, the memory limit, and the solve's errors.
pub fn nullity(
    spec: &GameSpec,
    size: Option<(usize, usize)>,
    method: Method,
    budget: &Budget,
) -> Result<usize, Failure> {
    // The solve holds the method's memory: checked first. (A board too large to be a
    // game is left to the engine: its polynomial path takes any size, its refusal names
    // the rule.)
    if let Ok(game) = spec.game(size) {
        if game.nullity_if_cheap().is_none() {
            memory::check_plan(&game, method, 0, "the nullity of")?;
        }
    }
    Ok(spec.nullity_within(size, method, budget)?)
}

/// Nullities of the `n x n` boards for `n = 1..=max_n` (`rect`: of every `m x n`, as
/// rows of a `max_n x max_n` table), as the engine's [`NullityTable`] plans them (the
/// 2n+1 law for the classic squares), its jobs run here one after the other.
///
/// # Errors
/// Presets, graphs and per-cell rules (their board is fixed), the engine's limits, the
/// memory limit, a spent budget.
pub fn table(
    spec: &GameSpec,
    max_n: usize,
    rect: bool,
    method: Method,
    budget: &Budget,
    mut report: impl FnMut(u64, u64),
) -> Result<Vec<Vec<usize>>, Failure> {
    let options = TableOptions {
        rectangles: rect,
        method,
        ..TableOptions::default()
    };
    let mut table = NullityTable::new(spec, 1, max_n, options)?;
    let mut out: Vec<Vec<usize>> = if rect {
        let mut rows = memory::try_with_capacity(max_n, "the table")?;
        for _ in 0..max_n {
            let mut row = memory::try_with_capacity(max_n, "a row of the table")?;
            row.resize(max_n, 0);
            rows.push(row);
        }
        rows
    } else {
        vec![memory::try_with_capacity(max_n, "the table")?]
    };
    // Progress as the CLI's bar counts it: the work of each board, weighted by its size.
    let total = table.weight_of(1, max_n);
    let mut done = 0u64;
    report(done, total);
    while let Some(block) = table.next_block(256, 1) {
        let weight = block.weight();
        let results = block
            .jobs()
            .iter()
            .map(|job| job.run(budget))
            .collect::<Result<Vec<_>, _>>()?;
        for e in table.finish(block, results)? {
            if rect {
                // The plus family is symmetric under transposition: m x n = n x m.
                out[e.rows - 1][e.cols - 1] = e.nullity;
                out[e.cols - 1][e.rows - 1] = e.nullity;
            } else {
                out[0].push(e.nullity);
            }
        }
        done = done.saturating_add(weight).min(total);
        report(done, total);
    }
    Ok(out)
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
/// [`lightsout::research::period`]).
///
/// # Errors
/// More than two states, rules the library's methods do not cover at this size, a spent
/// budget.
pub fn period(game: &Game, budget: &Budget) -> Result<Period, Error> {
    lightsout::research::period(game, budget)
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
        if !game.is_solution(start, target, &presses)? {
            return Err(Error::Internal("a solution failed its replay".into()));
        }
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
    let options = SolveOptions::default().with_method(method).with_quiet();
    let answer = solve_within(game, start, target, &options, budget)?;
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
