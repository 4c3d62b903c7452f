//! Every command and flag, in one place.
//!
//! The doc comments below are clap's help texts (shown as written), not rustdoc prose:
//! JSON examples like `[[u,v],...]` are not links.
#![allow(rustdoc::broken_intra_doc_links)]

use clap::{Args, Parser, Subcommand};
use lightsout::{GameSpec, Method, Rules};
use lightsout_formats::detect::Format;
use std::path::PathBuf;

/// Exact Lights Out solver: any size, every classic algorithm, and a polynomial method
/// faster than all of them.
///
/// Exit codes: 0 solved (or done), 1 no solution, 2 bad input or usage, 3 other failure.
#[derive(Parser, Debug)]
#[command(name = "lightsout", version = VERSION, propagate_version = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// Most memory for what is read or built from input (boards, bitmaps, graphs), e.g.
    /// 4G or 512M: checked before allocating (exit 2 when over, naming the limit).
    /// Default: 3/4 of the least of the available memory, the cgroup's and `ulimit -v`.
    #[arg(long, global = true, value_name = "BYTES", value_parser = parse_memory_limit)]
    pub memory_limit: Option<u64>,
    /// Draw no progress lines. Long work (solve --min, min-table, period, the streamed
    /// solve of a huge bitmap) shows one on stderr when it is a terminal, else never.
    #[arg(long, global = true)]
    pub no_progress: bool,
}

/// What `--version` prints after the name: the version and the commit the binary was
/// built from (`build.rs`: git, or `LIGHTSOUT_COMMIT`, else "unknown").
pub const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (commit ",
    env!("LIGHTSOUT_COMMIT"),
    ")"
);

/// `--memory-limit`: bytes, or a number with K, M, G or T.
fn parse_memory_limit(s: &str) -> Result<u64, String> {
    lightsout_formats::memory::parse_bytes(s).map_err(|e| e.to_string())
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Solve a board: print a press pattern that turns every light off (or reaches --target).
    ///
    /// The board comes from FILE, from stdin (FILE '-' or piped input), or is the all-on
    /// board of --size. With no input at all it solves the all-on 5x5 board.
    /// Board text: one row per line, cells 0/1 (spaces optional) or ./#; blank lines
    /// are ignored.
    Solve(SolveArgs),
    /// Rank, nullity, number of solvable positions and a basis of the quiet patterns.
    Analyze(AnalyzeArgs),
    /// Nullity of every n x n board, n = 1..=MAX (OEIS A159257 for the classic rules,
    /// A165738 with --boundary torus).
    Table(TableArgs),
    /// Make a random board of any size (deterministic for a seed).
    Random(RandomArgs),
    /// Replay a press pattern on a board: exit 0 if it solves it, 1 if not.
    Verify(VerifyArgs),
    /// List the presets (the real puzzles' rules), one line each.
    Presets(PresetsArgs),
    /// Serve the web app (play and solve in the browser) and its JSON API.
    ///
    /// Open the printed address in a browser. One log line per request goes to stderr
    /// (RUST_LOG=warn silences them); Ctrl-C stops the server cleanly.
    Serve(ServeArgs),
    /// Fewest presses that solve the all-on n x n board, n = 1..=MAX (OEIS A075464 on
    /// the open board): one line `n a(n) d proven|bound` per n.
    ///
    /// Exhaustive (cut by the board's symmetries) up to --max-proven-nullity, else the
    /// best pattern found within --time-limit-per-n. Resume an interrupted run with
    /// --from.
    MinTable(MinTableArgs),
    /// The solution period: how many times a board must be replaced by its solution to
    /// come back (docs/variants.md, "Solution period"). Two states only.
    ///
    /// --size MxN for one board, or --max N for a table `n order all_on_period singular
    /// all_on_in_core` of the n x n boards.
    Period(PeriodArgs),
    /// Print the completion script of a shell (bash, zsh, fish, powershell or elvish).
    ///
    /// bash: `source <(lightsout completions bash)`, or save it in
    /// /etc/bash_completion.d/; zsh: save it as `_lightsout` in a directory of $fpath;
    /// fish: save it in ~/.config/fish/completions/lightsout.fish.
    Completions(CompletionsArgs),
    /// Print the manual page (roff; `lightsout man | man -l -`), or write it and one page
    /// per command into a directory.
    Man(ManArgs),
}

#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

#[derive(Args, Debug)]
pub struct ManArgs {
    /// Write lightsout.1 and a page per command (lightsout-solve.1, ...) into DIR
    /// instead of printing lightsout.1.
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

/// The rules of the game.
#[derive(Args, Debug, Clone, Default)]
pub struct RulesArgs {
    /// A real puzzle's board and rules: classic, mini, deluxe, 2000, cube, merlin or
    /// xl25 (see `lightsout presets`). Excludes the other rule flags.
    #[arg(long, value_name = "NAME", help_heading = "Rules")]
    pub preset: Option<String>,
    /// How the edges are glued: open (default), torus, klein or projective.
    #[arg(long, help_heading = "Rules")]
    pub boundary: Option<String>,
    /// What a press reaches: plus (default), x, king, knight, or a mask like 010/111/010
    /// (centre = the pressed cell).
    #[arg(long, help_heading = "Rules")]
    pub shape: Option<String>,
    /// A press leaves its own light alone (with the plus shape: the sigma game).
    #[arg(long, help_heading = "Rules")]
    pub no_self: bool,
    /// Number of states per light (2..=255, default 2); a press adds 1 mod K.
    #[arg(long = "mod", value_name = "K",
          value_parser = clap::value_parser!(u32).range(2..=255), help_heading = "Rules")]
    pub modulus: Option<u32>,
}

impl RulesArgs {
    /// The flags as the library's rules description (errors name the bad flag value).
    pub fn spec(&self) -> Result<GameSpec, lightsout::Error> {
        let mut spec = GameSpec::default();
        let flags = [
            ("preset", self.preset.clone()),
            ("boundary", self.boundary.clone()),
            ("shape", self.shape.clone()),
            ("mod", self.modulus.map(|k| k.to_string())),
        ];
        for (key, value) in flags {
            if let Some(v) = value {
                spec.set(key, &v)?;
            }
        }
        spec.no_self = self.no_self;
        Ok(spec)
    }

    /// The rules the flags describe (errors name the bad flag value).
    pub fn rules(&self) -> Result<Rules, lightsout::Error> {
        self.spec()?.rules()
    }

    /// True if any grid rule flag was given (not counting `--preset`).
    pub fn any(&self) -> bool {
        self.boundary.is_some() || self.shape.is_some() || self.no_self || self.modulus.is_some()
    }
}

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// Board file ('-' for stdin).
    pub file: Option<PathBuf>,
    /// Board size MxN: without FILE, solve the all-on board of this size.
    #[arg(long, value_parser = parse_size)]
    pub size: Option<(usize, usize)>,
    /// Target position file (same format and size; default: all lights off, or the
    /// preset's goal).
    #[arg(long, value_name = "FILE")]
    pub target: Option<PathBuf>,
    /// Play on a graph from a JSON file: {"nodes":N,"edges":[[u,v],...],"lights":[...],
    /// "target":[...],"self":true,"directed":false} (docs/variants.md, "Graphs").
    #[arg(long, value_name = "FILE", conflicts_with_all = ["file", "size", "target", "preset", "boundary", "shape", "no_self"])]
    pub graph: Option<PathBuf>,
    /// Algorithm: auto, brute, rows, gauss, chase or poly.
    #[arg(long, default_value = "auto", value_parser = parse_method)]
    pub method: Method,
    /// Find the solution with the fewest presses (proven minimal when the solutions
    /// span at most 32 dimensions; else the best found, marked not proven).
    #[arg(long, conflicts_with = "all")]
    pub min: bool,
    /// With --min: stop searching after this many seconds and print the best found.
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0, value_parser = parse_seconds, requires = "min")]
    pub time_limit: f64,
    /// Print every solution (up to --limit).
    #[arg(long)]
    pub all: bool,
    /// With --all: stop after this many solutions.
    #[arg(long, default_value_t = 1000, requires = "all")]
    pub limit: u64,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub rules: RulesArgs,
    /// Write the press pattern to FILE (atomically) instead of stdout; stdout gets the
    /// summary. The format follows the extension (.pbm, .png, .txt) or --format.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Board format of files without a telling extension, stdin and stdout (default:
    /// from the extension, else from the first bytes, else text).
    #[arg(long, value_parser = parse_format)]
    pub format: Option<Format>,
}

#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    /// Board size MxN (not with --preset or --graph).
    #[arg(long, value_parser = parse_size, required_unless_present_any = ["preset", "graph"])]
    pub size: Option<(usize, usize)>,
    /// Analyse a graph from a JSON file (see `solve --graph`; lights and target unused).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["size", "preset", "boundary", "shape", "no_self"])]
    pub graph: Option<PathBuf>,
    /// Algorithm: auto, brute, rows, gauss, chase or poly.
    #[arg(long, default_value = "auto", value_parser = parse_method)]
    pub method: Method,
    /// Only the nullity, from polynomials (no board is built; any size).
    #[arg(long)]
    pub nullity_only: bool,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub rules: RulesArgs,
}

#[derive(Args, Debug)]
pub struct TableArgs {
    /// Largest n (also `--to`: with `--from`, one shard of a table split over jobs).
    #[arg(long, visible_alias = "to", value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub max: u64,
    /// Print JSON lines ({"n":..,"nullity":..}) instead of text.
    #[arg(long)]
    pub json: bool,
    /// Every rectangle: print `m n nullity` for 1 <= m <= n <= MAX.
    #[arg(long)]
    pub rect: bool,
    /// Start at n = K (to resume an interrupted table).
    #[arg(long, value_name = "K", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub from: u64,
    #[command(flatten)]
    pub rules: RulesArgs,
    /// Compute every n directly instead of the odd n by the 2n+1 law (d(2n+1) = 2 d(n)
    /// + 2 when 3 divides n + 1, else 2 d(n); Boyles 2022).
    #[arg(long)]
    pub direct: bool,
    /// With rule flags: give up (exit 2) when one n takes longer than this many
    /// seconds (the lines before it are printed, each as it is found).
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0, value_parser = parse_seconds)]
    pub time_limit: f64,
    /// Also compute every K-th odd n directly and stop with an error (exit 3) if the
    /// 2n+1 law disagrees; a count of the checks goes to stderr.
    #[arg(long, value_name = "K", conflicts_with = "direct",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub check_law: Option<u64>,
}

#[derive(Args, Debug)]
pub struct RandomArgs {
    /// Board size MxN.
    #[arg(value_parser = parse_size)]
    pub size: (usize, usize),
    /// Seed of the generator (same seed, same board).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Probability of a light being on (of a press, with --solvable).
    #[arg(long, default_value_t = 0.5, value_parser = parse_probability)]
    pub density: f64,
    /// Make a board that has a solution: random presses applied to a blank board.
    #[arg(long)]
    pub solvable: bool,
    /// Output file (atomically; format from the extension or --format); default stdout.
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Output format (default: from the extension, else text).
    #[arg(long, value_parser = parse_format)]
    pub format: Option<Format>,
}

#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// The start board.
    pub board: PathBuf,
    /// The press pattern (1 = press), same size.
    pub presses: PathBuf,
    /// The position to reach (default: all lights off, or the preset's goal).
    #[arg(long, value_name = "FILE")]
    pub target: Option<PathBuf>,
    /// Format of files without a telling extension (default: from the first bytes).
    #[arg(long, value_parser = parse_format)]
    pub format: Option<Format>,
    #[command(flatten)]
    pub rules: RulesArgs,
}

fn parse_probability(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(p) if (0.0..=1.0).contains(&p) => Ok(p),
        _ => Err(format!("'{s}' is not a probability from 0 to 1")),
    }
}

#[derive(Args, Debug)]
pub struct PresetsArgs {
    /// Print JSON lines ({"name":..,"title":..,"rows":..,"cols":..,"states":..,"rules":..}).
    #[arg(long)]
    pub json: bool,
}

/// Parses `MxN` (or `N` for a square).
pub fn parse_size(s: &str) -> Result<(usize, usize), String> {
    let bad = || format!("'{s}' is not a size: expected MxN, e.g. 5x5");
    let (m, n) = match s.split_once(['x', 'X']) {
        Some((m, n)) => (m, n),
        None => (s, s),
    };
    let parse = |t: &str| t.trim().parse::<usize>().map_err(|_| bad());
    let (m, n) = (parse(m)?, parse(n)?);
    if m == 0 || n == 0 {
        return Err(format!(
            "'{s}': a board needs at least one row and one column"
        ));
    }
    Ok((m, n))
}

fn parse_method(s: &str) -> Result<Method, String> {
    s.parse().map_err(|e: lightsout::Error| e.to_string())
}

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Address to listen on (port 0 picks a free port; the address is printed).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: String,
    /// Longest a client waits for one computation, in seconds (then 504).
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0,
          value_parser = parse_seconds)]
    pub time_limit: f64,
    /// Most cells in a board of any request (then 413).
    #[arg(long, default_value_t = 1_000_000,
          value_parser = clap::value_parser!(u64).range(1..=(1u64 << 40)))]
    pub max_cells: u64,
    /// Most estimated 64-bit word operations of one computation, checked before it
    /// starts (then 422).
    #[arg(long, default_value_t = 1u64 << 35, value_parser = clap::value_parser!(u64).range(1..))]
    pub max_work: u64,
    /// Computations running at once (default: the number of cores).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub workers: Option<u64>,
    /// Extra slots kept for light requests, so small solves keep their latency while
    /// heavy ones run (default 2; docs/http-api.md, "Server limits and fairness").
    #[arg(long, value_parser = clap::value_parser!(u64).range(0..=1024))]
    pub light_workers: Option<u64>,
    /// Most open connections (default 512). Every connection is accepted: past the cap
    /// a new one takes the place of the longest-idle connection of the client holding
    /// the most, else it is answered 503.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=65_536))]
    pub max_connections: Option<u64>,
    /// Most connections one client (an IPv4 address, an IPv6 /64) holds (default: an
    /// eighth of --max-connections, at least 8). Past it a new one takes the place of
    /// the client's own longest-idle connection, else it is answered 429.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=65_536))]
    pub client_connections: Option<u64>,
    /// Longest a client may take to send a request's headers, in seconds (also closes
    /// idle keep-alive connections; default 10).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub header_timeout: Option<f64>,
    /// Longest a client may take to send a request's body, in seconds (then 408;
    /// default 10).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub body_timeout: Option<f64>,
}

fn parse_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v > 0.0 && v <= 86_400.0 => Ok(v),
        _ => Err(format!(
            "'{s}' is not a time limit: expected seconds, more than 0 and at most 86400"
        )),
    }
}

/// `--format`: text, pbm or png.
fn parse_format(s: &str) -> Result<Format, String> {
    s.parse()
        .map_err(|e: lightsout_formats::FormatError| e.to_string())
}

#[derive(Args, Debug)]
pub struct MinTableArgs {
    /// Largest n.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=2000))]
    pub max: u64,
    /// Start at n = K (to resume an interrupted table).
    #[arg(long, value_name = "K", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub from: u64,
    /// The board: open (default, OEIS A075464) or torus.
    #[arg(long)]
    pub boundary: Option<String>,
    /// Stop each n's search after this many seconds and print the best found, marked
    /// `bound`.
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0, value_parser = parse_seconds)]
    pub time_limit_per_n: f64,
    /// Search every solution when the quiet patterns span at most this many dimensions
    /// (each one more doubles the work); above it, the best found.
    #[arg(long, value_name = "D", default_value_t = 44,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(0..=64))]
    pub max_proven_nullity: usize,
    /// Threads of the search (default: every core).
    #[arg(long, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1024))]
    pub threads: Option<usize>,
    /// Append each n's press pattern to FILE: a line `n a(n) d proven|bound`, then the
    /// rows in hex (cells as binary digits left to right, four to a digit).
    #[arg(long, value_name = "FILE")]
    pub patterns: Option<PathBuf>,
    /// Only plan: print `n d candidates` (the solutions the symmetric search would
    /// examine) without searching.
    #[arg(long)]
    pub plan: bool,
    /// Print JSON lines ({"n","presses","nullity","proven","candidates","pieces","seconds"}).
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct PeriodArgs {
    /// Board size MxN.
    #[arg(long, value_parser = parse_size, required_unless_present = "max", conflicts_with = "max")]
    pub size: Option<(usize, usize)>,
    /// A table for the n x n boards, n = --from..=MAX.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub max: Option<u64>,
    /// With --max: start at n = K (to resume an interrupted table).
    #[arg(long, value_name = "K", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..), requires = "max")]
    pub from: u64,
    /// Give up (exit 2) after this many seconds per board: factoring 2^k - 1 for the
    /// orders can take long on some sizes.
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0, value_parser = parse_seconds)]
    pub time_limit: f64,
    /// Print JSON (one object, or one line per n with --max).
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub rules: RulesArgs,
}
