//! Running solver work off the async threads, within the server's limits.
//!
//! The library cannot be interrupted, so every computation is bounded three ways:
//! 1. before it starts, its cost is estimated from the size, the rules and the method,
//!    and refused (422) above the work budget, so no request can start hours of work;
//! 2. it runs on tokio's blocking pool holding one of `workers` permits, so however many
//!    requests arrive, at most `workers` computations run (the rest wait, then get 503);
//! 3. the client waits at most the time limit (then 504); a computation that overruns
//!    finishes in the background, still holding its permit, and is bounded by step 1.

use super::error::ApiError;
use super::Limits;
use axum::http::StatusCode;
use lightsout::{Game, Method};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

/// Estimated cost, in 64-bit word operations, of solving (or analysing) `game` with the
/// concrete `method`. Deliberately simple: the leading term of each method's cost.
pub fn cost(game: &Game, method: Method) -> f64 {
    let (m, n) = (game.rows() as f64, game.cols() as f64);
    let (long, short) = (m.max(n), m.min(n));
    let cells = m * n;
    let words = |bits: f64| (bits / 64.0).ceil();
    match method {
        Method::Poly => 4.0 * long * words(short) + short * short,
        Method::Chase => long * short * words(short) + short * short * words(short),
        Method::Rows => 2f64.powf(short) * long * words(short),
        Method::Brute => f64::from(game.modulus()).powf(cells) * cells,
        // Elimination of the full cells x cells system (also the fallback for any method
        // this estimate does not know); over GF(2) with Four Russians tables, 8 columns a
        // table look-up.
        _ if game.modulus() == 2 => cells * cells * words(cells) / 8.0,
        _ => cells * cells * cells,
    }
}

/// Errors (422) if `work` word operations exceed the budget.
pub fn check_budget(
    limits: &Limits,
    game: &Game,
    method: Method,
    work: f64,
) -> Result<(), ApiError> {
    if work > limits.max_work as f64 {
        return Err(ApiError::unprocessable(format!(
            "a {}x{} board with rules '{}' needs about {:.1e} word operations with method '{}', more than this server's limit of {:.1e} (--max-work)",
            game.rows(),
            game.cols(),
            game.rules().describe(),
            work,
            method.name(),
            limits.max_work as f64
        )));
    }
    Ok(())
}

/// The bounded pool of computation slots.
pub struct Workers {
    slots: Arc<Semaphore>,
    count: usize,
    time_limit: Duration,
}

impl Workers {
    pub fn new(count: usize, time_limit: Duration) -> Self {
        Self {
            slots: Arc::new(Semaphore::new(count)),
            count,
            time_limit,
        }
    }

    /// Runs `job` on the blocking pool. `job` gets the instant by which its answer is due
    /// (for work that can stop early, like the minimal-press search).
    pub async fn run<T, F>(&self, what: &'static str, job: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(Instant) -> Result<T, ApiError> + Send + 'static,
    {
        let start = Instant::now();
        let permit = tokio::time::timeout(self.time_limit, self.slots.clone().acquire_owned())
            .await
            .map_err(|_| {
                ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    format!(
                        "server busy: all {} workers stayed busy for the time limit of {} (try again)",
                        self.count,
                        human(self.time_limit)
                    ),
                )
            })?
            .map_err(|_| ApiError::internal("the worker pool is closed"))?;
        let remaining = self.time_limit.saturating_sub(start.elapsed());
        let deadline = Instant::now() + remaining;
        let task = tokio::task::spawn_blocking(move || {
            let _slot = permit; // held until the work ends, even after a timeout
            job(deadline)
        });
        match tokio::time::timeout(remaining, task).await {
            Ok(Ok(result)) => result,
            Ok(Err(_)) => Err(ApiError::internal(format!(
                "internal error: the {what} failed unexpectedly (please report)"
            ))),
            Err(_) => Err(ApiError::new(
                StatusCode::GATEWAY_TIMEOUT,
                format!(
                    "the {what} took longer than this server's time limit of {} (--time-limit)",
                    human(self.time_limit)
                ),
            )),
        }
    }
}

/// `1.5 s`, `250 ms`.
pub fn human(d: Duration) -> String {
    if d >= Duration::from_secs(1) {
        format!("{} s", d.as_secs_f64())
    } else {
        format!("{} ms", d.as_millis())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lightsout::{Boundary, Rules, Shape};

    #[test]
    fn costs_grow_with_the_method() {
        let g = Game::classic(100, 100).unwrap();
        assert!(cost(&g, Method::Poly) < cost(&g, Method::Chase));
        assert!(cost(&g, Method::Chase) < cost(&g, Method::Gauss));
        assert!(cost(&g, Method::Gauss) < cost(&g, Method::Rows));
        assert!(cost(&g, Method::Brute).is_infinite() || cost(&g, Method::Brute) > 1e300);
        let torus = Game::new(
            120,
            120,
            Rules::new(Shape::plus(), Boundary::Torus, 2).unwrap(),
        )
        .unwrap();
        // 14,400^3 / 64 / 8 word operations: about 5.8e9.
        let c = cost(&torus, Method::Gauss);
        assert!((5.5e9..6.0e9).contains(&c), "{c}");
    }

    #[tokio::test]
    async fn overrunning_work_answers_504_and_keeps_its_slot() {
        let w = Workers::new(1, Duration::from_millis(50));
        let slow = w
            .run("solve", |_| {
                std::thread::sleep(Duration::from_millis(300));
                Ok(())
            })
            .await;
        assert_eq!(slow.unwrap_err().status, StatusCode::GATEWAY_TIMEOUT);
        // The slow job still holds the only slot: the next request waits, then gets 503.
        let next = w.run("solve", |_| Ok(())).await;
        assert_eq!(next.unwrap_err().status, StatusCode::SERVICE_UNAVAILABLE);
        tokio::time::sleep(Duration::from_millis(400)).await;
        assert!(w.run("solve", |_| Ok(1)).await.is_ok());
    }

    #[tokio::test]
    async fn a_panicking_job_is_a_500_not_a_crash() {
        let w = Workers::new(1, Duration::from_secs(5));
        let r: Result<(), _> = w.run("solve", |_| panic!("boom")).await;
        assert_eq!(r.unwrap_err().status, StatusCode::INTERNAL_SERVER_ERROR);
        assert!(w.run("solve", |_| Ok(())).await.is_ok());
    }
}
