//! Running solver work off the async threads, within the server's limits.
//!
//! Every computation is bounded four ways:
//! 1. before it starts, its cost is estimated from the size, the rules and the method
//!    (the library's `estimated_work`), and refused (422) above the work budget, so no
//!    request can start hours of work;
//! 2. it runs on tokio's blocking pool holding one of `workers` permits, so however many
//!    requests arrive, at most `workers` computations run (the rest wait, then get 503),
//!    each on a bounded number of threads (the cores shared among the workers);
//! 3. it gets a [`Budget`] whose deadline is the time left: the library stops there
//!    (a fewest-press search answers with the best found, other work with an error that
//!    becomes 504);
//! 4. the client waits at most the time limit (then 504), and the budget's cancel flag
//!    is set then, so work the library could not stop at its deadline stops at its next
//!    check instead of running on.

use super::error::ApiError;
use super::Limits;
use axum::http::StatusCode;
use lightsout::{estimated_work, Budget, Game, Method};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

/// Errors (422) if the library's estimate of the work of `method` on `game`
/// ([`estimated_work`], in 64-bit word operations) exceeds the budget.
pub fn check_budget(limits: &Limits, game: &Game, method: Method) -> Result<(), ApiError> {
    let work = estimated_work(game, method);
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
    /// `count` slots; a client waits at most `time_limit` for a slot and its work.
    pub fn new(count: usize, time_limit: Duration) -> Self {
        Self {
            slots: Arc::new(Semaphore::new(count)),
            count,
            time_limit,
        }
    }

    /// The threads one computation may use: the machine's cores shared among the slots.
    pub fn threads_per_job(&self) -> usize {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        (cores / self.count.max(1)).max(1)
    }

    /// Runs `job` on the blocking pool. `job` gets the budget its work must keep to: the
    /// deadline by which its answer is due, a cancel flag set when the client stops
    /// waiting, and its share of the threads.
    pub async fn run<T, F>(&self, what: &'static str, job: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&Budget) -> Result<T, ApiError> + Send + 'static,
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
        let cancel = Arc::new(AtomicBool::new(false));
        let budget = Budget::unlimited()
            .with_deadline(Instant::now() + remaining)
            .with_cancel(cancel.clone())
            .with_threads(self.threads_per_job());
        let task = tokio::task::spawn_blocking(move || {
            let _slot = permit; // held until the work ends, even after a timeout
            job(&budget)
        });
        // Set the flag however this future ends (timeout, or the client gone and the
        // handler dropped), so the work stops at its next budget check.
        let _stop = StopOnDrop(cancel);
        match tokio::time::timeout(remaining, task).await {
            Ok(Ok(Err(e))) if e.status == StatusCode::GATEWAY_TIMEOUT => Err(ApiError::new(
                StatusCode::GATEWAY_TIMEOUT,
                format!(
                    "the {what} took longer than this server's time limit of {} (--time-limit)",
                    human(self.time_limit)
                ),
            )),
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

/// Sets its flag when dropped.
struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
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
    fn the_budget_uses_the_library_estimate() {
        let limits = Limits {
            max_work: 1 << 30,
            ..Limits::default()
        };
        let torus =
            |n| Game::new(n, n, Rules::new(Shape::plus(), Boundary::Torus, 2).unwrap()).unwrap();
        // The chase makes a 300x300 torus cheap; eliminating its 90,000 cells is not.
        assert!(check_budget(&limits, &torus(300), Method::Auto).is_ok());
        let e = check_budget(&limits, &torus(300), Method::Gauss).unwrap_err();
        assert_eq!(e.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(e.message.contains("300x300") && e.message.contains("--max-work"));
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
