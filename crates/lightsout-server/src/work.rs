//! Running solver work off the async threads, within the server's limits.
//!
//! Every computation is bounded four ways:
//! 1. before it starts, and off the async threads, its cost (work and memory) is
//!    estimated from the size, the rules and the method (the library's [`plan`]), and
//!    refused (422) above the limits, so no request can start hours of work or allocate
//!    past the memory limit;
//! 2. it runs on tokio's blocking pool holding a slot of one of two lanes: `workers`
//!    slots any request may take, and `light_workers` more that only light requests
//!    (estimated at most [`LIGHT_WORK`]) take, so small requests keep their latency
//!    while heavy ones hold every slot of theirs; the rest wait, then get 503. A freed
//!    slot goes to the client holding the fewest (`fair.rs`), so one client's queue of
//!    heavy requests never stands in front of another client's;
//! 3. it gets a [`Budget`] whose deadline is the time left (at most [`LIGHT_SLOT_TIME`]
//!    on a light slot; a fewest-press search's comes [`SEARCH_ANSWER_SHARE`] of it
//!    early, to send its answer): the library stops there and the slot is free again (a
//!    search answers with its best found, or 503 when it found no first solution; other
//!    work with an error that becomes 504). A search waits for a slot only while
//!    [`SEARCH_MIN_TIME_SHARE`] of the time limit is left;
//! 4. the client waits until that deadline, and the budget's cancel flag is set when
//!    it stops waiting (the deadline passed, or the client went away and the handler was
//!    dropped), so the work stops at its next check instead of running on.

use super::admission;
use super::fair::{FairSlots, SlotPermit};
use axum::http::StatusCode;
use lightsout::Budget;
use lightsout_api::{ApiError, Lane, Limits, Weight};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Most time a job may run on a light slot (the page's own fewest-press searches ask
/// for 3 s); a search stopped there answers with its best found.
pub const LIGHT_SLOT_TIME: Duration = Duration::from_secs(3);

/// Time the client waits past its job's deadline for the job's own answer (a best
/// found, or the library's time-limit error) before giving up on it.
const ANSWER_GRACE: Duration = Duration::from_millis(250);

/// A fewest-press search waits for a slot only while at least this share of the time
/// limit is left (then 503): once it runs, its first solution (the plain solve, not
/// elastic) has that much time, and the search the rest.
const SEARCH_MIN_TIME_SHARE: f64 = 0.5;

/// The share of its time a fewest-press search keeps, at the end, to check and encode
/// its best found: the library's deadline for it comes this much before the answer is
/// due.
const SEARCH_ANSWER_SHARE: f64 = 0.2;

/// The two lanes of computation slots.
pub struct Workers {
    heavy: Arc<FairSlots>,
    light: Arc<FairSlots>,
    heavy_count: usize,
    light_count: usize,
    time_limit: Duration,
}

/// A slot held by a running job, and whether it is one of the light lane's.
struct Slot {
    _permit: SlotPermit,
    light: bool,
}

impl Workers {
    /// The lanes of `limits` (`workers` slots for all, `light_workers` for light work
    /// only); a client waits at most the time limit for a slot and its work.
    pub fn new(limits: &Limits) -> Self {
        let heavy_count = limits.workers.max(1);
        let light_count = limits.light_workers;
        Self {
            heavy: FairSlots::new(heavy_count),
            light: FairSlots::new(light_count),
            heavy_count,
            light_count,
            time_limit: limits.time_limit,
        }
    }

    /// The threads one heavy computation may use: the machine's cores shared among the
    /// heavy slots (light work uses one).
    pub fn threads_per_job(&self) -> usize {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        (cores / self.heavy_count).max(1)
    }

    /// A slot for work of `weight` for `client`: a light job takes a light slot or, if
    /// one frees first, a heavy one.
    async fn acquire(
        &self,
        weight: Weight,
        client: Option<admission::Client>,
    ) -> Result<Slot, crate::fair::Closed> {
        let heavy = |p| Slot {
            _permit: p,
            light: false,
        };
        if weight.lane == Lane::Heavy || self.light_count == 0 {
            return self.heavy.acquire(client).await.map(heavy);
        }
        tokio::select! {
            biased;
            p = self.light.acquire(client) => p.map(|p| Slot { _permit: p, light: true }),
            p = self.heavy.acquire(client) => p.map(heavy),
        }
    }

    /// Runs `job` on the blocking pool in the lane of its `weight`. `job` gets the
    /// budget its work must keep to: the deadline by which its answer is due (for a
    /// fewest-press search, [`SEARCH_ANSWER_SHARE`] of its time earlier, to encode its
    /// best found), a cancel flag set when the client stops waiting, and its share of
    /// the threads.
    ///
    /// # Errors
    ///
    /// `job`'s own; 503 when no slot frees in time (for a search: while at least
    /// [`SEARCH_MIN_TIME_SHARE`] of the time limit is left), and when a search finds no
    /// solution in its time; 504 when other work overruns its deadline.
    pub async fn run<T, F>(&self, what: &'static str, weight: Weight, job: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&Budget) -> Result<T, ApiError> + Send + 'static,
    {
        let start = Instant::now();
        let longest_wait = if weight.search {
            self.time_limit.mul_f64(1.0 - SEARCH_MIN_TIME_SHARE)
        } else {
            self.time_limit
        };
        let client = admission::serving();
        let slot = tokio::time::timeout(longest_wait, self.acquire(weight, client))
            .await
            .map_err(|_| self.busy(weight, longest_wait))?
            .map_err(|_| ApiError::internal("the worker pool is closed"))?;
        let waited = start.elapsed();
        let mut allowed = self.time_limit.saturating_sub(waited);
        let on_light_slot = slot.light && allowed >= LIGHT_SLOT_TIME;
        if slot.light {
            allowed = allowed.min(LIGHT_SLOT_TIME);
        }
        let threads = match weight.lane {
            Lane::Light => 1,
            Lane::Heavy => self.threads_per_job(),
        };
        let work_time = if weight.search {
            allowed.mul_f64(1.0 - SEARCH_ANSWER_SHARE)
        } else {
            allowed
        };
        let cancel = Arc::new(AtomicBool::new(false));
        let budget = Budget::unlimited()
            .with_deadline(Instant::now() + work_time)
            .with_cancel(cancel.clone())
            .with_threads(threads);
        let task = tokio::task::spawn_blocking(move || {
            let _slot = slot; // held until the work ends, even after the client is gone
            job(&budget)
        });
        // Set the flag however this future ends (timeout, or the client gone and the
        // handler dropped), so the work stops at its next budget check.
        let _stop = StopOnDrop(cancel);
        let limit = if on_light_slot {
            format!("the {} a light worker allows", human(LIGHT_SLOT_TIME))
        } else if waited < Duration::from_millis(10) {
            format!(
                "this server's time limit of {} (--time-limit)",
                human(self.time_limit)
            )
        } else {
            format!(
                "the {} left of this server's time limit of {} (--time-limit) after {} waiting for a worker",
                human(allowed),
                human(self.time_limit),
                human(waited)
            )
        };
        let overran = move || {
            if weight.search {
                // The search itself is elastic: only the plain solve that gives its first
                // solution can run out of time, on a server too busy to give it its share.
                ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    format!(
                        "server busy: the {what} found no solution to start its fewest-press search from within {limit} (try again)"
                    ),
                )
            } else {
                ApiError::new(
                    StatusCode::GATEWAY_TIMEOUT,
                    format!("the {what} took longer than {limit}"),
                )
            }
        };
        match tokio::time::timeout(allowed + ANSWER_GRACE, task).await {
            Ok(Ok(Err(e))) if e.status == StatusCode::GATEWAY_TIMEOUT => Err(overran()),
            Ok(Ok(result)) => result,
            Ok(Err(_)) => Err(ApiError::internal(format!(
                "internal error: the {what} failed unexpectedly (please report)"
            ))),
            Err(_) => Err(overran()),
        }
    }

    /// The 503 for work of `weight` that found no free slot within `waited`.
    fn busy(&self, weight: Weight, waited: Duration) -> ApiError {
        let lanes = match weight.lane {
            Lane::Heavy => format!("all {} workers", self.heavy_count),
            Lane::Light => format!(
                "all {} workers (and the {} kept for light requests)",
                self.heavy_count, self.light_count
            ),
        };
        let why = if weight.search {
            format!(
                "{}, and a fewest-press search starts only with at least half of this server's time limit of {} left",
                human(waited),
                human(self.time_limit)
            )
        } else {
            format!("the time limit of {}", human(self.time_limit))
        };
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("server busy: {lanes} stayed busy for {why} (try again)"),
        )
    }
}

/// Sets its flag when dropped.
struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// `1.5 s`, `250 ms` (to the millisecond).
pub fn human(d: Duration) -> String {
    if d >= Duration::from_secs(1) {
        let seconds = format!("{:.3}", d.as_secs_f64());
        format!("{} s", seconds.trim_end_matches('0').trim_end_matches('.'))
    } else {
        format!("{} ms", d.as_millis())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lightsout::{analyze_within, Boundary, Game, Method, Rules, Shape};
    use std::sync::mpsc;

    fn workers(heavy: usize, light: usize, time_limit: Duration) -> Workers {
        Workers::new(&Limits {
            workers: heavy,
            light_workers: light,
            time_limit,
            ..Limits::default()
        })
    }

    /// Starts `job` on a heavy slot of `w` and returns once it runs.
    async fn start_heavy(
        w: &Arc<Workers>,
        job: impl FnOnce(&Budget) + Send + 'static,
    ) -> tokio::task::JoinHandle<Result<(), ApiError>> {
        let (started, running) = mpsc::channel();
        let holder = w.clone();
        let handle = tokio::spawn(async move {
            holder
                .run("solve", Weight::HEAVY, move |b| {
                    let _ = started.send(());
                    job(b);
                    Ok(())
                })
                .await
        });
        tokio::task::spawn_blocking(move || running.recv_timeout(Duration::from_secs(10)))
            .await
            .unwrap()
            .unwrap();
        handle
    }

    /// A heavy fewest-press search.
    const SEARCH: Weight = Weight {
        lane: Lane::Heavy,
        search: true,
    };

    /// A search's library deadline comes a fifth of its time early, to encode its best
    /// found; other work gets all of it.
    #[tokio::test]
    async fn a_search_keeps_time_to_answer() {
        let limit = Duration::from_secs(100);
        let w = workers(1, 0, limit);
        let left = |weight| w.run("solve", weight, |b| Ok(b.time_left().unwrap()));
        let search = left(SEARCH).await.unwrap();
        let plain = left(Weight::HEAVY).await.unwrap();
        assert!(
            search <= limit.mul_f64(1.0 - SEARCH_ANSWER_SHARE),
            "{search:?}"
        );
        assert!(
            plain > limit.mul_f64(1.0 - SEARCH_ANSWER_SHARE),
            "{plain:?}"
        );
    }

    /// A search that finds no first solution in its time (the library's time-limit
    /// error, or work that ignores its budget) is a 503, the server being too busy to
    /// give it its time, never a 504; the same for other work is a 504.
    #[tokio::test]
    async fn a_search_out_of_time_is_busy_not_a_timeout() {
        let w = workers(1, 0, Duration::from_millis(100));
        let out_of_time = |weight| {
            w.run("solve", weight, |_| -> Result<(), _> {
                Err(lightsout::Error::TimeLimit.into())
            })
        };
        let e = out_of_time(SEARCH).await.unwrap_err();
        assert_eq!(e.status, StatusCode::SERVICE_UNAVAILABLE);
        assert!(e.message.contains("found no solution"), "{}", e.message);
        assert_eq!(
            out_of_time(Weight::HEAVY).await.unwrap_err().status,
            StatusCode::GATEWAY_TIMEOUT
        );
        let ignores_budget = w
            .run("solve", SEARCH, |_| {
                std::thread::sleep(Duration::from_millis(600));
                Ok(())
            })
            .await;
        assert_eq!(
            ignores_budget.unwrap_err().status,
            StatusCode::SERVICE_UNAVAILABLE
        );
    }

    /// A search waits for a slot only while half the time limit is left: then it is
    /// told the server is busy, and why; other work waits for the whole limit.
    #[tokio::test]
    async fn a_search_starts_only_with_half_the_time_left() {
        let w = Arc::new(workers(1, 0, Duration::from_millis(400)));
        let (release, released) = mpsc::channel::<()>();
        // Holds the only slot until released (ignoring its budget).
        let held = start_heavy(&w, move |_| {
            let _ = released.recv_timeout(Duration::from_secs(30));
        })
        .await;
        let e = w.run("solve", SEARCH, |_| Ok(())).await.unwrap_err();
        assert_eq!(e.status, StatusCode::SERVICE_UNAVAILABLE);
        assert!(
            e.message.contains("stayed busy for 200 ms")
                && e.message
                    .contains("at least half of this server's time limit of 400 ms"),
            "{}",
            e.message
        );
        release.send(()).unwrap();
        let _ = held.await;
    }

    #[tokio::test]
    async fn work_that_ignores_its_budget_answers_504_and_keeps_its_slot() {
        let w = workers(1, 0, Duration::from_millis(50));
        let slow = w
            .run("solve", Weight::HEAVY, |_| {
                std::thread::sleep(Duration::from_millis(600));
                Ok(())
            })
            .await;
        assert_eq!(slow.unwrap_err().status, StatusCode::GATEWAY_TIMEOUT);
        // The slow job still holds the only slot: the next request waits, then gets 503.
        let next = w.run("solve", Weight::HEAVY, |_| Ok(())).await;
        assert_eq!(next.unwrap_err().status, StatusCode::SERVICE_UNAVAILABLE);
        tokio::time::sleep(Duration::from_millis(800)).await;
        assert!(w.run("solve", Weight::HEAVY, |_| Ok(1)).await.is_ok());
    }

    /// A real elimination of seconds stops at its deadline: the 504 comes at about the
    /// time limit, and the slot is free for the next request at once.
    #[tokio::test]
    async fn the_deadline_stops_library_work_and_frees_the_slot() {
        // The elimination below takes 0.36 s on an idle 2-core machine (the largest
        // board gauss accepts): the deadline must be well inside that on any machine.
        let limit = Duration::from_millis(40);
        let w = workers(1, 0, limit);
        let plane = Game::new(
            140,
            140,
            Rules::new(Shape::plus(), Boundary::Projective, 2).unwrap(),
        )
        .unwrap();
        // 19,600 unknowns: about 10^10 estimated word operations.
        assert!(Method::Gauss.accepts(&plane).is_ok());
        let work = Method::Gauss.cost(&plane).work;
        assert!(work > 1e10, "{work:e}");
        let r = w
            .run("analysis", Weight::HEAVY, move |b| {
                Ok(analyze_within(&plane, Method::Gauss, b)?.rank)
            })
            .await;
        // An error, not the rank: the deadline stopped the elimination.
        let e = r.unwrap_err();
        assert_eq!(e.status, StatusCode::GATEWAY_TIMEOUT);
        assert!(e.message.contains("time limit of 40 ms"), "{}", e.message);
        // The next request gets the only slot (it would wait 40 ms, then get 503, if the
        // elimination were still running).
        assert_eq!(w.run("solve", Weight::HEAVY, |_| Ok(7)).await.unwrap(), 7);
    }

    /// The handler dropped (the client went away) sets the cancel flag: the job sees it
    /// and its slot is free again.
    #[tokio::test]
    async fn a_dropped_request_cancels_its_work() {
        let w = workers(1, 0, Duration::from_secs(30));
        let (saw_cancel, cancelled) = mpsc::channel();
        let running = w.run("solve", Weight::HEAVY, move |b| {
            let give_up = Instant::now() + Duration::from_secs(20);
            while !b.is_cancelled() && Instant::now() < give_up {
                std::thread::sleep(Duration::from_millis(2));
            }
            let _ = saw_cancel.send(b.is_cancelled());
            Ok(())
        });
        // The client stops waiting after 100 ms: the future is dropped unfinished.
        assert!(tokio::time::timeout(Duration::from_millis(100), running)
            .await
            .is_err());
        let seen =
            tokio::task::spawn_blocking(move || cancelled.recv_timeout(Duration::from_secs(10)))
                .await
                .unwrap();
        assert_eq!(seen, Ok(true));
        let next = tokio::time::timeout(
            Duration::from_secs(10),
            w.run("solve", Weight::HEAVY, |_| Ok(1)),
        );
        assert_eq!(next.await.unwrap().unwrap(), 1);
    }

    /// With every heavy slot held, a light job still runs at once (on a light slot,
    /// with at most LIGHT_SLOT_TIME), while a heavy one waits.
    #[tokio::test]
    async fn light_work_keeps_its_own_slots() {
        let w = Arc::new(workers(1, 1, Duration::from_secs(20)));
        let heavy = start_heavy(&w, |b| {
            while b.check().is_ok() {
                std::thread::sleep(Duration::from_millis(2));
            }
        })
        .await;
        let left = tokio::time::timeout(
            Duration::from_secs(10),
            w.run("solve", Weight::LIGHT, |b| Ok(b.time_left())),
        )
        .await
        .expect("a light job does not wait for the heavy one")
        .unwrap();
        // It ran while the heavy job (20 s of budget) still held its slot.
        assert!(
            !heavy.is_finished(),
            "the light job waited for the heavy one"
        );
        assert!(left.unwrap() <= LIGHT_SLOT_TIME, "{left:?}");
        // A heavy job does wait: the only heavy slot is taken.
        let waiting = tokio::time::timeout(
            Duration::from_millis(300),
            w.run("solve", Weight::HEAVY, |_| Ok(())),
        );
        assert!(waiting.await.is_err());
        heavy.abort();
    }

    #[tokio::test]
    async fn a_panicking_job_is_a_500_not_a_crash() {
        let w = workers(1, 0, Duration::from_secs(5));
        let r: Result<(), _> = w.run("solve", Weight::HEAVY, |_| panic!("boom")).await;
        assert_eq!(r.unwrap_err().status, StatusCode::INTERNAL_SERVER_ERROR);
        assert!(w.run("solve", Weight::HEAVY, |_| Ok(())).await.is_ok());
    }
}
