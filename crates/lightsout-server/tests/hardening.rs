//! The server against hostile and heavy clients, over real TCP connections: oversized
//! plans, huge answers, deadlines, slow clients, the connection cap and shutdown.
//!
//! Timings are generous (a loaded two-core machine runs these): each test states the
//! bound it checks next to what it would take without the protection. The tests run
//! one at a time so the CPU-heavy ones do not slow the others.

use lightsout::{Board, Game, GameSpec};
use lightsout_server::{serve_on, Limits};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{oneshot, Mutex, MutexGuard};
use tokio::task::JoinHandle;

/// One test at a time (see the module comment); a test that fails releases it too.
static ONE_AT_A_TIME: Mutex<()> = Mutex::const_new(());

/// A server on a loopback port, stopped by [`Server::stop`]; it holds [`ONE_AT_A_TIME`]
/// until it is dropped, at the end of its test.
struct Server {
    addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    done: JoinHandle<Result<(), lightsout_server::ServeError>>,
    _serial: MutexGuard<'static, ()>,
}

impl Server {
    async fn start(limits: Limits) -> Server {
        let serial = ONE_AT_A_TIME.lock().await;
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let (stop, stopped) = oneshot::channel::<()>();
        let done = tokio::spawn(serve_on(listener, limits, async {
            let _ = stopped.await;
        }));
        Server {
            addr,
            stop: Some(stop),
            done,
            _serial: serial,
        }
    }

    /// Starts the shutdown and waits for the server to end; the time it took.
    async fn stop(&mut self) -> Duration {
        let start = Instant::now();
        let _ = self.stop.take().unwrap().send(());
        tokio::time::timeout(Duration::from_secs(30), &mut self.done)
            .await
            .expect("the server stops")
            .unwrap()
            .unwrap();
        start.elapsed()
    }
}

/// A request over a fresh connection (`Connection: close`): status, body, time taken.
async fn call(addr: SocketAddr, method: &str, path: &str, body: &[u8]) -> (u16, Vec<u8>, Duration) {
    let start = Instant::now();
    let mut s = TcpStream::connect(addr).await.unwrap();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).await.unwrap();
    s.write_all(body).await.unwrap();
    let mut out = Vec::new();
    s.read_to_end(&mut out).await.unwrap();
    let (status, body) = split_response(&out);
    (status, body, start.elapsed())
}

/// A fresh connection that has sent `bytes` (a request, or part of one).
async fn send(addr: SocketAddr, bytes: &[u8]) -> TcpStream {
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(bytes).await.unwrap();
    s
}

/// Status and body of a whole HTTP/1.1 response with a `Content-Length`.
fn split_response(raw: &[u8]) -> (u16, Vec<u8>) {
    let text_end = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a complete response head");
    let head = std::str::from_utf8(&raw[..text_end]).unwrap();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    (status, raw[text_end + 4..].to_vec())
}

async fn post(addr: SocketAddr, path: &str, body: &Value) -> (u16, Value, Duration) {
    let (status, bytes, took) = call(addr, "POST", path, body.to_string().as_bytes()).await;
    (status, serde_json::from_slice(&bytes).unwrap(), took)
}

async fn get(addr: SocketAddr, path: &str) -> (u16, Vec<u8>, Duration) {
    call(addr, "GET", path, b"").await
}

/// Polls `/api/health` every 100 ms until `until` resolves; the slowest answer.
async fn slowest_health_while<F: std::future::Future>(
    addr: SocketAddr,
    until: F,
) -> (F::Output, Duration) {
    tokio::pin!(until);
    let mut slowest = Duration::ZERO;
    loop {
        tokio::select! {
            out = &mut until => return (out, slowest),
            _ = tokio::time::sleep(Duration::from_millis(100)) => {
                let (status, _, took) = get(addr, "/api/health").await;
                assert_eq!(status, 200);
                slowest = slowest.max(took);
            }
        }
    }
}

/// The sigma game (plus shape without the pressed cell) on `n x n`.
fn sigma(n: usize) -> Game {
    GameSpec::parse("no_self")
        .unwrap()
        .game(Some((n, n)))
        .unwrap()
}

/// A solvable sigma board, as a request's rows.
fn solvable_sigma(n: usize, seed: u64) -> Vec<String> {
    let game = sigma(n);
    digits(&game.random_solvable(&game.empty_board(), seed).unwrap())
}

fn digits(board: &Board) -> Vec<String> {
    board
        .to_rows()
        .iter()
        .map(|r| r.iter().map(|v| char::from(b'0' + v)).collect())
        .collect()
}

fn presses_of(answer: &Value, rows: usize, cols: usize) -> Board {
    let presses: Vec<Vec<u8>> = serde_json::from_value(answer["presses"].clone()).unwrap();
    Board::from_values(rows, cols, 2, &presses.concat()).unwrap()
}

/// The two requests: a 1000 x 1000 board with a 999 x 999 all-on mask (the
/// server used to build the chase's plan on its async thread until the kernel killed
/// it), and `/api/rules` with a 199 x 199 mask on 100 x 100 (a 489 MB answer after 11 s).
/// Now the first is refused (422) after its plan's closed forms, off the async threads,
/// and the second answers without its reach lists; health answers within a second
/// throughout.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_plans_are_refused_quickly_and_answers_stay_small() {
    let mut server = Server::start(Limits::default()).await;
    let addr = server.addr;
    let mask = vec!["1".repeat(999); 999].join("/");
    let body = json!({"board": vec!["0".repeat(1000); 1000], "rules": {"shape": mask}});
    let ((status, answer, took), slowest) =
        slowest_health_while(addr, post(addr, "/api/solve", &body)).await;
    assert_eq!(status, 422, "{answer}");
    assert!(
        answer["error"].as_str().unwrap().contains("1000x1000"),
        "{answer}"
    );
    // The plan is read off the shape in one pass per orientation (0.06 s here, idle);
    // the margin is for a loaded machine.
    assert!(took < Duration::from_secs(10), "refused after {took:?}");
    assert!(slowest < Duration::from_secs(1), "health took {slowest:?}");

    let mask = vec!["1".repeat(199); 199].join("/");
    let uri = format!("/api/rules?rows=100&cols=100&shape={mask}");
    let ((status, bytes, took), slowest) = slowest_health_while(addr, get(addr, &uri)).await;
    assert_eq!(status, 200);
    assert!(bytes.len() < 1 << 20, "{} bytes", bytes.len());
    let answer: Value = serde_json::from_slice(&bytes).unwrap();
    assert!(answer.get("reach").is_none());
    assert!(answer["reach_omitted"]
        .as_str()
        .unwrap()
        .contains("GET /api/reach"));
    assert_eq!(answer["offsets"].as_array().unwrap().len(), 199 * 199);
    assert!(took < Duration::from_secs(30), "answered after {took:?}");
    assert!(slowest < Duration::from_secs(1), "health took {slowest:?}");
    // A shape small enough still gets its lists.
    let (status, bytes, _) = get(addr, "/api/rules?rows=100&cols=100&shape=king").await;
    assert_eq!(status, 200);
    let answer: Value = serde_json::from_slice(&bytes).unwrap();
    assert_eq!(answer["reach"].as_array().unwrap().len(), 10_000);
    server.stop().await;
}

/// A fewest-press search whose minimum cannot be proven in time (the sigma game on
/// 300 x 300: a huge space of solutions) answers 200 with its best found at the
/// deadline, never 504, and the answer replays.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_search_out_of_time_answers_its_best_found() {
    let limits = Limits {
        time_limit: Duration::from_secs(4),
        ..Limits::default()
    };
    let mut server = Server::start(limits).await;
    let n = 300;
    let sigma = sigma(n);
    let start = sigma.random_solvable(&sigma.empty_board(), 7).unwrap();
    let body =
        json!({"board": digits(&start), "rules": {"shape": "plus", "no_self": true}, "min": true});
    let (status, answer, took) = post(server.addr, "/api/solve", &body).await;
    assert_eq!(status, 200, "{answer}");
    assert!(took < Duration::from_secs(20), "{took:?}");
    assert_eq!(answer["solvable"], json!(true));
    assert_eq!(answer["proven"], json!(false), "{}", answer["proven"]);
    let presses = presses_of(&answer, n, n);
    assert!(sigma
        .is_solution(&start, &sigma.empty_board(), &presses)
        .unwrap());
    assert_eq!(answer["press_count"].as_u64().unwrap(), presses.total());
    server.stop().await;
}

/// With every heavy slot busy with long searches, a small solve takes a light slot and
/// answers at once (it waited for the heavy work before: 9-10 s, then 503).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn small_requests_keep_their_latency_under_heavy_load() {
    let limits = Limits {
        workers: 1,
        light_workers: 1,
        time_limit: Duration::from_secs(12),
        ..Limits::default()
    };
    let mut server = Server::start(limits).await;
    let addr = server.addr;
    let heavy_body = json!({
        "board": solvable_sigma(300, 3),
        "rules": {"shape": "plus", "no_self": true},
        "min": true,
        "time_limit": 8,
    });
    let heavy: Vec<_> = (0..2)
        .map(|_| {
            let body = heavy_body.clone();
            tokio::spawn(async move { post(addr, "/api/solve", &body).await })
        })
        .collect();
    // Let the heavy ones take the heavy slot (and queue behind it).
    tokio::time::sleep(Duration::from_millis(1500)).await;
    for _ in 0..3 {
        let small = json!({"board": ["10101", "01110", "11011", "01110", "10101"], "min": true});
        let (status, answer, took) = post(addr, "/api/solve", &small).await;
        assert_eq!(status, 200, "{answer}");
        assert_eq!(answer["proven"], json!(true));
        assert!(took < Duration::from_secs(3), "a small solve took {took:?}");
    }
    assert!(
        heavy.iter().all(|h| !h.is_finished()),
        "the heavy work ran meanwhile"
    );
    for h in heavy {
        let (status, answer, _) = h.await.unwrap();
        // The second waited for the first: 200 if it got the slot in time, else 503.
        assert!(status == 200 || status == 503, "{status} {answer}");
    }
    server.stop().await;
}

/// A body sent a byte at a time is cut off at the body timeout with 408, and the
/// connection is closed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_bodies_get_408_and_lose_their_connection() {
    let limits = Limits {
        body_timeout: Duration::from_secs(1),
        ..Limits::default()
    };
    let mut server = Server::start(limits).await;
    let mut s = send(server.addr, b"POST /api/solve HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n").await;
    let start = Instant::now();
    let mut out = Vec::new();
    let mut buf = [0u8; 4096];
    // One byte every 200 ms, until the server answers (or a generous 20 s).
    loop {
        tokio::select! {
            n = s.read(&mut buf) => {
                let n = n.unwrap_or(0);
                if n == 0 { break; }
                out.extend_from_slice(&buf[..n]);
            }
            _ = tokio::time::sleep(Duration::from_millis(200)) => {
                if start.elapsed() > Duration::from_secs(20) { break; }
                let _ = s.write_all(b" ").await;
            }
        }
    }
    let took = start.elapsed();
    let (status, body) = split_response(&out);
    assert_eq!(status, 408, "{}", String::from_utf8_lossy(&body));
    assert!(String::from_utf8_lossy(&body).contains("body timeout"));
    assert!(took < Duration::from_secs(10), "{took:?}");
    server.stop().await;
}

/// 70 clients sending their bodies a byte a second hold neither the workers nor
/// health: health answers within a second, and a small solve too, while they trickle.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_loris_clients_do_not_hold_every_slot() {
    let limits = Limits {
        body_timeout: Duration::from_secs(4),
        ..Limits::default()
    };
    let mut server = Server::start(limits).await;
    let addr = server.addr;
    let mut slow = Vec::new();
    for _ in 0..70 {
        slow.push(send(addr, b"POST /api/solve HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{").await);
    }
    let trickle = async {
        for _ in 0..3 {
            tokio::time::sleep(Duration::from_secs(1)).await;
            for s in &mut slow {
                let _ = s.write_all(b" ").await;
            }
        }
    };
    let small = async {
        tokio::time::sleep(Duration::from_millis(500)).await;
        post(addr, "/api/solve", &json!({"board": ["111", "101", "111"]})).await
    };
    let ((_, (status, _, took)), slowest) =
        slowest_health_while(addr, async { tokio::join!(trickle, small) }).await;
    assert_eq!(status, 200);
    assert!(took < Duration::from_secs(1), "a small solve took {took:?}");
    assert!(slowest < Duration::from_secs(1), "health took {slowest:?}");
    // Past the body timeout every slow client has its 408 and its connection closed.
    for mut s in slow {
        let mut out = Vec::new();
        let read = tokio::time::timeout(Duration::from_secs(15), s.read_to_end(&mut out)).await;
        assert!(read.is_ok(), "a slow connection stayed open");
        if !out.is_empty() {
            assert_eq!(split_response(&out).0, 408);
        }
    }
    server.stop().await;
}

/// Half a request header is cut off at the header timeout.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn headers_that_never_end_are_cut_off() {
    let limits = Limits {
        header_timeout: Duration::from_secs(1),
        ..Limits::default()
    };
    let mut server = Server::start(limits).await;
    let mut s = send(
        server.addr,
        b"GET /api/health HTTP/1.1\r\nHost: t\r\nX-Slow: ",
    )
    .await;
    let start = Instant::now();
    let mut out = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(15), s.read_to_end(&mut out)).await;
    assert!(read.is_ok(), "the half-sent request kept its connection");
    assert!(start.elapsed() >= Duration::from_millis(900));
    server.stop().await;
}

/// Shutdown does not wait for a connection that sent half a header, nor for idle
/// keep-alive ones (it used to hang until the client gave up).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_closes_idle_and_half_open_connections() {
    let limits = Limits {
        header_timeout: Duration::from_secs(120),
        ..Limits::default()
    };
    let mut server = Server::start(limits).await;
    let half = send(
        server.addr,
        b"POST /api/solve HTTP/1.1\r\nHost: t\r\nContent-Le",
    )
    .await;
    // An idle keep-alive connection, after one answer.
    let mut idle = send(server.addr, b"GET /api/health HTTP/1.1\r\nHost: t\r\n\r\n").await;
    let mut buf = [0u8; 1024];
    assert!(idle.read(&mut buf).await.unwrap() > 0);
    tokio::time::sleep(Duration::from_millis(200)).await;
    let took = server.stop().await;
    assert!(took < Duration::from_secs(5), "shutdown took {took:?}");
    for mut s in [half, idle] {
        let mut out = Vec::new();
        let read = tokio::time::timeout(Duration::from_secs(5), s.read_to_end(&mut out)).await;
        assert!(read.is_ok(), "a connection stayed open after shutdown");
    }
}

/// A request in flight at shutdown still gets its answer.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_lets_requests_in_flight_finish() {
    let mut server = Server::start(Limits::default()).await;
    let addr = server.addr;
    let body = json!({
        "board": solvable_sigma(200, 5),
        "rules": {"shape": "plus", "no_self": true},
        "min": true,
        "time_limit": 2,
    });
    let running = tokio::spawn(async move { post(addr, "/api/solve", &body).await });
    tokio::time::sleep(Duration::from_millis(700)).await;
    let took = server.stop().await;
    let (status, answer, _) = running.await.unwrap();
    assert_eq!(status, 200, "{answer}");
    assert!(took < Duration::from_secs(15), "shutdown took {took:?}");
}

/// Past the connection cap, a connection waits unaccepted until one closes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_connection_cap_holds_new_connections_back() {
    let limits = Limits {
        max_connections: 2,
        ..Limits::default()
    };
    let mut server = Server::start(limits).await;
    let addr = server.addr;
    let first = TcpStream::connect(addr).await.unwrap();
    let _second = TcpStream::connect(addr).await.unwrap();
    tokio::time::sleep(Duration::from_millis(200)).await;
    let third = tokio::spawn(async move { get(addr, "/api/health").await });
    tokio::time::sleep(Duration::from_millis(700)).await;
    assert!(
        !third.is_finished(),
        "a third connection was served past the cap of 2"
    );
    drop(first);
    let (status, _, _) = tokio::time::timeout(Duration::from_secs(10), third)
        .await
        .expect("served once a connection closed")
        .unwrap();
    assert_eq!(status, 200);
    server.stop().await;
}
