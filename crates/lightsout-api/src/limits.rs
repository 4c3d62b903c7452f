//! The limits a request is checked against, and the weight of its work: what every
//! transport shares. (The server's own limits, of connections and bodies, are fields
//! here too, so that `/api/capabilities` lists them; the browser's worker has none of
//! those to apply.)

use crate::error::ApiError;
use lightsout::{plan, Game, Method, Plan};
use std::time::Duration;

/// The limits of a transport (docs/http-api.md, "Limits" and "Server limits and
/// fairness"). [`Limits::default`] is the server's; [`Limits::browser`] the page's
/// worker's.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Most cells in a board of any request.
    pub max_cells: u64,
    /// Most time a client waits for one computation.
    pub time_limit: Duration,
    /// Most estimated word operations of one computation (checked before it starts).
    pub max_work: u64,
    /// Most estimated bytes one computation may allocate (checked before it starts).
    /// Default: the process's memory limit (`lightsout_formats::memory`, 3/4 of the
    /// available memory or `--memory-limit`) shared among every slot that can run at
    /// once, so their estimates together stay within it.
    pub max_memory: u64,
    /// Computation slots open to every request (the heavy lane).
    pub workers: usize,
    /// Further slots only light requests (estimated work at most
    /// 2^24 word operations, a few milliseconds) may take, so they keep their latency
    /// while heavy ones run.
    pub light_workers: usize,
    /// Bytes of request bodies held in memory at once, over all requests; a reader
    /// waits for room (up to the body timeout).
    pub max_body_memory: usize,
    /// Open connections at once. When they are all taken, a new connection takes the
    /// place of an idle one (no request in flight) of the client holding the most, or is
    /// refused with 503 when none is idle (`admission.rs`).
    pub max_connections: usize,
    /// Open connections at once from one client (an IPv4 address, or an IPv6 /64); a
    /// client at it gets a new connection in place of its own longest-idle one, or 429
    /// when all of its connections are busy. `None`: [`Limits::client_connections`]'s
    /// default, from `max_connections`.
    pub max_client_connections: Option<usize>,
    /// Most time a client may take to send a request's headers (and that an idle
    /// keep-alive connection stays open); the connection is closed past it.
    pub header_timeout: Duration,
    /// Most time a client may take to send a request's body (408 past it).
    pub body_timeout: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
        let light_workers = 2;
        let slots = (workers + light_workers) as u64;
        Self {
            max_cells: 1_000_000,
            time_limit: Duration::from_secs(10),
            max_work: 1 << 35,
            // Without a known limit (not Linux), 1 GiB a computation.
            max_memory: lightsout_formats::memory::memory_limit()
                .bytes
                .map_or(1 << 30, |bytes| bytes / slots),
            workers,
            light_workers,
            max_body_memory: 256 << 20,
            max_connections: 512,
            max_client_connections: None,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
        }
    }
}

impl Limits {
    /// Most connections one client may hold: `max_client_connections`, by default an
    /// eighth of `max_connections` but at least 8 (64 of 512), never more than
    /// `max_connections`.
    pub fn client_connections(&self) -> usize {
        let total = self.max_connections.max(1);
        self.max_client_connections
            .unwrap_or((total / 8).max(8))
            .clamp(1, total)
    }

    /// Most bytes of a request body: enough for a board and a target of `max_cells`
    /// cells written as number lists (`0,` per cell), with room to spare.
    pub fn max_body_bytes(&self) -> usize {
        usize::try_from(self.max_cells.saturating_mul(8).saturating_add(1 << 20))
            .unwrap_or(usize::MAX)
    }
}

impl Limits {
    /// The limits of the browser's worker (the static site): one computation at a time
    /// on one thread, boards up to 2000 x 2000, no connections or bodies of its own to
    /// bound (a page's own requests), a minute a computation (Cancel stops it sooner).
    pub fn browser() -> Self {
        Self {
            max_cells: 4_000_000,
            time_limit: Duration::from_secs(60),
            max_work: 1 << 35,
            // wasm32's memory is at most 4 GiB; a computation keeps well within it.
            max_memory: 1 << 30,
            workers: 1,
            light_workers: 0,
            ..Self::default()
        }
    }
}

/// Estimated work (64-bit word operations, the library's [`lightsout::solve::Cost::work`]) up
/// to which a request is light: a few milliseconds.
pub const LIGHT_WORK: f64 = (1u64 << 24) as f64;

/// A fewest-press search is light on boards of at most this many cells (its time is
/// not in the estimate: it runs until it has proven its answer or its time is up).
pub const LIGHT_MIN_CELLS: usize = 1024;

/// Which lane a computation may run in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lane {
    /// Estimated at most [`LIGHT_WORK`]: takes a light slot, or any slot that is free.
    Light,
    /// Takes only the slots open to every request.
    Heavy,
}

/// What the workers need to know of a computation: its lane, and whether it is a
/// fewest-press search, which answers its best found at its deadline (so it is given
/// an earlier deadline, to encode that answer in time, and never ends in a 504).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weight {
    /// The lane its slot comes from.
    pub lane: Lane,
    /// True for a fewest-press search (answers its best found at its deadline).
    pub search: bool,
}

impl Weight {
    /// Light work (a light slot, or any free slot).
    pub const LIGHT: Weight = Weight {
        lane: Lane::Light,
        search: false,
    };

    /// Heavy work (only the slots open to every request).
    pub const HEAVY: Weight = Weight {
        lane: Lane::Heavy,
        search: false,
    };

    /// The weight of work estimated at `work` word operations.
    pub fn of_work(work: f64) -> Weight {
        if work <= LIGHT_WORK {
            Weight::LIGHT
        } else {
            Weight::HEAVY
        }
    }

    /// The weight of a solve estimated at `work` on a board of `cells` cells, with a
    /// fewest-press search if `min`.
    pub fn of_solve(work: f64, cells: usize, min: bool) -> Weight {
        let lane = if min && cells > LIGHT_MIN_CELLS {
            Lane::Heavy
        } else {
            Weight::of_work(work).lane
        };
        Weight { lane, search: min }
    }
}

/// The method that will run `method` on `game` and its cost, after checking that it
/// accepts the game and that the estimates fit the limits: the library's [`plan`],
/// which allocates nothing of the game's size. Slow for huge shapes (a second for a
/// 999 x 999 mask), so it runs off the async threads.
///
/// # Errors
///
/// 422: the method's refusal (naming a method that accepts the game, or saying none
/// does), or an estimate over `--max-work` or the memory limit.
pub fn planned(limits: &Limits, game: &Game, method: Method) -> Result<Plan, ApiError> {
    let p = plan(game, method)?;
    let what = || {
        format!(
            "a {}x{} board with rules '{}' needs about",
            game.rows(),
            game.cols(),
            game.rules().describe()
        )
    };
    if p.cost.work > limits.max_work as f64 {
        return Err(ApiError::unprocessable(format!(
            "{} {:.1e} word operations with method '{}', more than this server's limit of {:.1e} (--max-work)",
            what(),
            p.cost.work,
            p.method.name(),
            limits.max_work as f64
        )));
    }
    if p.cost.memory > limits.max_memory {
        return Err(ApiError::unprocessable(format!(
            "{} {} MiB of memory with method '{}', more than this server's limit of {} MiB per computation (its memory limit shared among its workers; --memory-limit)",
            what(),
            p.cost.memory >> 20,
            p.method.name(),
            limits.max_memory >> 20
        )));
    }
    Ok(p)
}

/// Errors (400 for an empty side, 413 past the cell limit) unless `rows x cols` is a
/// board these limits take; checked before anything of that size is allocated.
pub fn check_cells(limits: &Limits, rows: u64, cols: u64) -> Result<(usize, usize), ApiError> {
    if rows == 0 || cols == 0 {
        return Err(ApiError::bad_request(format!(
            "board {rows}x{cols}: a board needs at least one row and one column"
        )));
    }
    match rows.checked_mul(cols) {
        Some(n) if n <= limits.max_cells => Ok((rows as usize, cols as usize)),
        _ => Err(ApiError::too_large(format!(
            "board {rows}x{cols} has more than this server's limit of {} cells",
            limits.max_cells
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use http::StatusCode;
    use lightsout::{Boundary, Rules, Shape};

    fn torus(n: usize) -> Game {
        Game::new(n, n, Rules::new(Shape::plus(), Boundary::Torus, 2).unwrap()).unwrap()
    }

    #[test]
    fn the_limits_use_the_library_plan() {
        let limits = Limits {
            max_work: 1 << 28,
            ..Limits::default()
        };
        // The chase makes an 80x80 torus cheap; eliminating its 6,400 cells is not.
        let p = planned(&limits, &torus(80), Method::Auto).unwrap();
        assert_eq!(p.method, Method::Chase);
        assert_eq!(p.cost, Method::Chase.cost(&torus(80)));
        assert!(Method::Gauss.accepts(&torus(80)).is_ok());
        let e = planned(&limits, &torus(80), Method::Gauss).unwrap_err();
        assert_eq!(e.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(
            e.message.contains("80x80") && e.message.contains("--max-work"),
            "{}",
            e.message
        );
        // The memory estimate is checked too.
        let tight = Limits {
            max_memory: p.cost.memory - 1,
            ..Limits::default()
        };
        let e = planned(&tight, &torus(300), Method::Auto).unwrap_err();
        assert!(e.message.contains("MiB of memory"), "{}", e.message);
        // A method's refusal is the library's, with its hint.
        let e = planned(&limits, &torus(300), Method::Poly).unwrap_err();
        assert_eq!(e.status, StatusCode::UNPROCESSABLE_ENTITY);
    }

    #[test]
    fn weights_follow_the_estimate_and_the_search() {
        let search = |lane| Weight { lane, search: true };
        assert_eq!(Weight::of_work(1e3), Weight::LIGHT);
        assert_eq!(Weight::of_work(LIGHT_WORK * 2.0), Weight::HEAVY);
        assert_eq!(Weight::of_solve(1e3, 25, true), search(Lane::Light));
        assert_eq!(Weight::of_solve(1e3, 25, false), Weight::LIGHT);
        assert_eq!(
            Weight::of_solve(1e3, LIGHT_MIN_CELLS + 1, true),
            search(Lane::Heavy)
        );
        assert_eq!(
            Weight::of_solve(1e3, LIGHT_MIN_CELLS + 1, false),
            Weight::LIGHT
        );
        assert_eq!(Weight::of_solve(LIGHT_WORK * 2.0, 25, false), Weight::HEAVY);
    }
}
