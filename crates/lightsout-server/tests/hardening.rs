//! The server against hostile and heavy clients, over real TCP connections: oversized
//! plans, huge answers, deadlines, slow clients, connection hoarding, the connection
//! cap and shutdown.
//!
//! The tests assert outcomes (statuses, answers, which request was served before which
//! ended, connections closed), never how long something took: `scripts/server-hostile`
//! measures that. Timeouts here only keep a broken server from hanging a test. The
//! tests run one at a time so the CPU-heavy ones do not starve the others. Clients
//! that must count as other clients connect from other loopback addresses
//! (127.0.0.2, ...).

use lightsout::{Board, Game, GameSpec};
use lightsout_server::{serve_on, Limits};
use serde_json::{json, Value};
use std::net::{Ipv4Addr, SocketAddr};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpSocket, TcpStream};
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

    /// Starts the shutdown and waits for the server to end (well before its
    /// connections' own timeouts, which the tests set far away).
    async fn stop(&mut self) {
        let _ = self.stop.take().unwrap().send(());
        tokio::time::timeout(GUARD, &mut self.done)
            .await
            .expect("the server stops")
            .unwrap()
            .unwrap();
    }
}

/// How long a test waits for something that must happen before it fails: far more
/// than any of it takes, far less than the timeouts the tests set to tell a fixed server
/// from a broken one.
const GUARD: Duration = Duration::from_secs(60);

/// The test's own address, and other clients'.
const HERE: Ipv4Addr = Ipv4Addr::LOCALHOST;
fn other_client(n: u8) -> Ipv4Addr {
    Ipv4Addr::new(127, 0, 0, 1 + n)
}

/// A fresh connection from address `from`.
async fn connect_from(from: Ipv4Addr, addr: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::from((from, 0))).unwrap();
    socket.connect(addr).await.unwrap()
}

/// A request over a fresh connection from `from` (`Connection: close`): status, body.
async fn call_from(
    from: Ipv4Addr,
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: &[u8],
) -> (u16, Vec<u8>) {
    let mut s = connect_from(from, addr).await;
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).await.unwrap();
    s.write_all(body).await.unwrap();
    let mut out = Vec::new();
    tokio::time::timeout(GUARD, s.read_to_end(&mut out))
        .await
        .expect("an answer")
        .unwrap();
    split_response(&out)
}

async fn call(addr: SocketAddr, method: &str, path: &str, body: &[u8]) -> (u16, Vec<u8>) {
    call_from(HERE, addr, method, path, body).await
}

/// A fresh connection from `from` that has sent `bytes` (a request, or part of one).
async fn send_from(from: Ipv4Addr, addr: SocketAddr, bytes: &[u8]) -> TcpStream {
    let mut s = connect_from(from, addr).await;
    s.write_all(bytes).await.unwrap();
    s
}

async fn send(addr: SocketAddr, bytes: &[u8]) -> TcpStream {
    send_from(HERE, addr, bytes).await
}

/// A connection from `from` with a request in flight: a solve whose body never comes,
/// sent with `Expect: 100-continue`, so the server's `100 Continue` says its handler is
/// reading the body (the body timeout must be long).
async fn busy_from(from: Ipv4Addr, addr: SocketAddr) -> TcpStream {
    let mut s = send_from(
        from,
        addr,
        b"POST /api/solve HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 100\r\nExpect: 100-continue\r\n\r\n",
    )
    .await;
    let mut got = Vec::new();
    let mut buf = [0u8; 256];
    while !got.windows(12).any(|w| w == b"100 Continue") {
        let n = tokio::time::timeout(GUARD, s.read(&mut buf))
            .await
            .expect("100 Continue")
            .unwrap();
        assert!(
            n > 0,
            "closed before 100 Continue: {:?}",
            String::from_utf8_lossy(&got)
        );
        got.extend_from_slice(&buf[..n]);
    }
    s
}

/// True once the server has closed `s` (read gives end of file, or a reset).
async fn closed_by_server(s: &mut TcpStream) -> bool {
    let mut buf = [0u8; 1024];
    loop {
        match tokio::time::timeout(GUARD, s.read(&mut buf)).await {
            Ok(Ok(0) | Err(_)) => return true,
            Ok(Ok(_)) => continue,
            Err(_) => return false,
        }
    }
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

async fn post(addr: SocketAddr, path: &str, body: &Value) -> (u16, Value) {
    let (status, bytes) = call(addr, "POST", path, body.to_string().as_bytes()).await;
    (status, serde_json::from_slice(&bytes).unwrap())
}

async fn get(addr: SocketAddr, path: &str) -> (u16, Vec<u8>) {
    call(addr, "GET", path, b"").await
}

/// Asks `/api/health` every 100 ms until `until` resolves, each answer a 200; the
/// output of `until`.
async fn health_while<F: std::future::Future>(addr: SocketAddr, until: F) -> F::Output {
    tokio::pin!(until);
    loop {
        tokio::select! {
            out = &mut until => return out,
            _ = tokio::time::sleep(Duration::from_millis(100)) => {
                assert_eq!(get(addr, "/api/health").await.0, 200);
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
/// and the second answers without its reach lists; health answers throughout.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_plans_are_refused_and_answers_stay_small() {
    let mut server = Server::start(Limits::default()).await;
    let addr = server.addr;
    let mask = vec!["1".repeat(999); 999].join("/");
    let body = json!({"board": vec!["0".repeat(1000); 1000], "rules": {"shape": mask}});
    let (status, answer) = health_while(addr, post(addr, "/api/solve", &body)).await;
    assert_eq!(status, 422, "{answer}");
    assert!(
        answer["error"].as_str().unwrap().contains("1000x1000"),
        "{answer}"
    );

    let mask = vec!["1".repeat(199); 199].join("/");
    let uri = format!("/api/rules?rows=100&cols=100&shape={mask}");
    let (status, bytes) = health_while(addr, get(addr, &uri)).await;
    assert_eq!(status, 200);
    assert!(bytes.len() < 1 << 20, "{} bytes", bytes.len());
    let answer: Value = serde_json::from_slice(&bytes).unwrap();
    assert!(answer.get("reach").is_none());
    assert!(answer["reach_omitted"]
        .as_str()
        .unwrap()
        .contains("GET /api/reach"));
    assert_eq!(answer["offsets"].as_array().unwrap().len(), 199 * 199);
    // A shape small enough still gets its lists.
    let (status, bytes) = get(addr, "/api/rules?rows=100&cols=100&shape=king").await;
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
    let (status, answer) = post(server.addr, "/api/solve", &body).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["solvable"], json!(true));
    assert_eq!(answer["proven"], json!(false), "{}", answer["proven"]);
    let presses = presses_of(&answer, n, n);
    assert!(sigma
        .is_solution(&start, &sigma.empty_board(), &presses)
        .unwrap());
    assert_eq!(answer["press_count"].as_u64().unwrap(), presses.total());
    server.stop().await;
}

/// Fewest-press searches queued for the one worker: each is answered with its best
/// found (200, and it replays) or told the server is busy (503), never 504. (Before,
/// a search that got its worker late ran out of time before its first solution, and
/// one that got it at once ran past its deadline: 504 either way.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn queued_searches_answer_their_best_or_busy_never_504() {
    let limits = Limits {
        workers: 1,
        light_workers: 0,
        time_limit: Duration::from_secs(3),
        ..Limits::default()
    };
    let mut server = Server::start(limits).await;
    let addr = server.addr;
    let n = 200;
    let searches: Vec<_> = (0..4)
        .map(|seed| {
            let board = solvable_sigma(n, seed);
            let body =
                json!({"board": board, "rules": {"shape": "plus", "no_self": true}, "min": true});
            tokio::spawn(async move { (seed, post(addr, "/api/solve", &body).await) })
        })
        .collect();
    let mut answered = 0;
    for search in searches {
        let (seed, (status, answer)) = search.await.unwrap();
        match status {
            200 => {
                answered += 1;
                let game = sigma(n);
                let start = game.random_solvable(&game.empty_board(), seed).unwrap();
                let presses = presses_of(&answer, n, n);
                assert!(game
                    .is_solution(&start, &game.empty_board(), &presses)
                    .unwrap());
            }
            503 => assert!(
                answer["error"].as_str().unwrap().starts_with("server busy"),
                "{answer}"
            ),
            _ => panic!("{status} {answer}"),
        }
    }
    assert!(answered >= 1, "the first search has the worker at once");
    server.stop().await;
}

/// One client queueing heavy requests does not keep another's out: with one worker
/// busy with the first client's search and two more of its searches queued, the other
/// client's search gets the worker next, before the first client's queue. (Slots went
/// to the oldest request before: the other client waited for the whole queue, then got
/// 503.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn workers_take_turns_between_clients() {
    let limits = Limits {
        workers: 1,
        light_workers: 0,
        time_limit: Duration::from_secs(8),
        ..Limits::default()
    };
    let mut server = Server::start(limits).await;
    let addr = server.addr;
    let n = 200;
    let search = |seed| {
        json!({
            "board": solvable_sigma(n, seed),
            "rules": {"shape": "plus", "no_self": true},
            "min": true,
            "time_limit": 1,
        })
        .to_string()
    };
    let (done, mut finished) = tokio::sync::mpsc::unbounded_channel();
    let send = |who: u8, seed: u64, delay: u64| {
        let (body, done) = (search(seed), done.clone());
        tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(delay)).await;
            let (status, _) = call_from(
                other_client(who),
                addr,
                "POST",
                "/api/solve",
                body.as_bytes(),
            )
            .await;
            done.send((who, seed, status)).unwrap();
        })
    };
    let hog: Vec<_> = (0..3).map(|seed| send(1, seed, 100 * seed)).collect();
    let other = send(2, 9, 700);
    drop(done);
    let mut order = Vec::new();
    while let Some(x) = finished.recv().await {
        order.push(x);
    }
    for task in hog.into_iter().chain([other]) {
        task.await.unwrap();
    }
    let position = |who, seed| order.iter().position(|&(w, s, _)| (w, s) == (who, seed));
    assert_eq!(order[position(2, 9).unwrap()].2, 200, "{order:?}");
    assert!(position(2, 9) < position(1, 2), "{order:?}");
    server.stop().await;
}

/// With every heavy slot busy with long searches, a small solve takes a light slot and
/// answers while they run (it waited for the heavy work before: 9-10 s, then 503).
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
        let (status, answer) = post(addr, "/api/solve", &small).await;
        assert_eq!(status, 200, "{answer}");
        assert_eq!(answer["proven"], json!(true));
    }
    assert!(
        heavy.iter().all(|h| !h.is_finished()),
        "the heavy work ran meanwhile"
    );
    for h in heavy {
        let (status, answer) = h.await.unwrap();
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
    let mut out = Vec::new();
    let mut buf = [0u8; 4096];
    // One byte every 200 ms (fewer than the 100 declared before the guard) until the
    // server answers.
    let trickle = async {
        loop {
            tokio::select! {
                n = s.read(&mut buf) => {
                    let n = n.unwrap_or(0);
                    if n == 0 { break; }
                    out.extend_from_slice(&buf[..n]);
                }
                _ = tokio::time::sleep(Duration::from_millis(200)) => {
                    let _ = s.write_all(b" ").await;
                }
            }
        }
    };
    tokio::time::timeout(GUARD, trickle)
        .await
        .expect("cut off before the 100 bytes were sent");
    let (status, body) = split_response(&out);
    assert_eq!(status, 408, "{}", String::from_utf8_lossy(&body));
    assert!(String::from_utf8_lossy(&body).contains("body timeout"));
    server.stop().await;
}

/// 70 connections (from 7 clients) sending their bodies a byte a second hold neither
/// the workers nor health: health answers, and a small solve too, while they trickle.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_loris_clients_do_not_hold_every_slot() {
    let limits = Limits {
        body_timeout: Duration::from_secs(4),
        ..Limits::default()
    };
    let mut server = Server::start(limits).await;
    let addr = server.addr;
    let mut slow = Vec::new();
    for i in 0..70 {
        slow.push(send_from(other_client(1 + i % 7), addr, b"POST /api/solve HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{").await);
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
    // The small solve is answered while the slow clients still trickle.
    let (status, _) = health_while(addr, async {
        tokio::pin!(trickle);
        tokio::select! {
            biased;
            answer = small => answer,
            _ = &mut trickle => panic!("the small solve waited for the slow clients"),
        }
    })
    .await;
    assert_eq!(status, 200);
    // Past the body timeout every slow client has its 408 and its connection closed.
    for mut s in slow {
        let mut out = Vec::new();
        let read = tokio::time::timeout(GUARD, s.read_to_end(&mut out)).await;
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
    assert!(
        closed_by_server(&mut s).await,
        "the half-sent request kept its connection"
    );
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
    // Within the guard, far less than the 120 s header timeout it used to wait for.
    server.stop().await;
    for mut s in [half, idle] {
        assert!(
            closed_by_server(&mut s).await,
            "a connection stayed open after shutdown"
        );
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
    server.stop().await;
    let (status, answer) = running.await.unwrap();
    assert_eq!(status, 200, "{answer}");
}

/// One client holding more idle connections than the whole cap (silent since they
/// connected, the header timeout an hour away) keeps nobody out: it holds at most its
/// share, its oldest connections closed to make room for its newest, and another
/// client is served. (Before, the cap held every later connection in the listen queue
/// until the header timeout.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_hoarding_connections_keeps_nobody_out() {
    let limits = Limits {
        max_connections: 64,
        header_timeout: Duration::from_secs(3600),
        ..Limits::default()
    };
    assert_eq!(limits.client_connections(), 8);
    let mut server = Server::start(limits).await;
    let addr = server.addr;
    let hoarder = other_client(1);
    let mut hoard = Vec::new();
    for _ in 0..100 {
        hoard.push(connect_from(hoarder, addr).await);
    }
    let (status, body) = get(addr, "/api/health").await;
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&body));
    // The hoarder's own new connection is served too, in place of an idle one of its.
    let (status, _) = call_from(hoarder, addr, "GET", "/api/health", b"").await;
    assert_eq!(status, 200);
    // Its first connections were closed to make room.
    for s in hoard.iter_mut().take(10) {
        assert!(
            closed_by_server(s).await,
            "an idle hoarded connection stayed"
        );
    }
    server.stop().await;
}

/// A client whose every connection has a request in flight is refused a further one:
/// a request on it is answered 429 naming the limit, and health still answers, to it
/// and to others.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_over_its_share_gets_429_and_health() {
    let limits = Limits {
        max_client_connections: Some(2),
        body_timeout: Duration::from_secs(3600),
        ..Limits::default()
    };
    let mut server = Server::start(limits).await;
    let addr = server.addr;
    let busy_client = other_client(1);
    let _busy = [
        busy_from(busy_client, addr).await,
        busy_from(busy_client, addr).await,
    ];
    let body = json!({"board": ["11", "11"]}).to_string();
    let (status, answer) =
        call_from(busy_client, addr, "POST", "/api/solve", body.as_bytes()).await;
    let answer: Value = serde_json::from_slice(&answer).unwrap();
    assert_eq!(status, 429, "{answer}");
    let e = answer["error"].as_str().unwrap();
    assert!(
        e.contains("too many connections from 127.0.0.2") && e.contains("allows 2 per client"),
        "{e}"
    );
    let (status, _) = call_from(busy_client, addr, "GET", "/api/health", b"").await;
    assert_eq!(status, 200);
    let (status, _) = call(addr, "POST", "/api/solve", body.as_bytes()).await;
    assert_eq!(status, 200);
    server.stop().await;
}

/// When every connection of the server is busy, a new one is refused (503, health
/// still answered); once one is idle, a new one takes its place.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_server_refuses_only_when_every_connection_is_busy() {
    let limits = Limits {
        max_connections: 2,
        body_timeout: Duration::from_secs(3600),
        header_timeout: Duration::from_secs(3600),
        ..Limits::default()
    };
    let mut server = Server::start(limits).await;
    let addr = server.addr;
    let busy = busy_from(other_client(1), addr).await;
    let mut busy_too = busy_from(other_client(2), addr).await;
    let newcomer = other_client(3);
    let (status, answer) = call_from(newcomer, addr, "POST", "/api/solve", b"{}").await;
    assert_eq!(status, 503, "{}", String::from_utf8_lossy(&answer));
    assert!(String::from_utf8_lossy(&answer).contains("all 2 of its connections"));
    let (status, _) = call_from(newcomer, addr, "GET", "/api/health", b"").await;
    assert_eq!(status, 200);
    // The second busy connection's request answered (a bad body): it is idle, kept
    // alive, and the next newcomer takes its place.
    busy_too.write_all(&[b' '; 100]).await.unwrap();
    let mut answer = [0u8; 64];
    let n = busy_too.read(&mut answer).await.unwrap();
    assert!(String::from_utf8_lossy(&answer[..n]).contains("400"));
    let (status, _) = call_from(newcomer, addr, "GET", "/api/health", b"").await;
    assert_eq!(status, 200);
    assert!(closed_by_server(&mut busy_too).await);
    drop(busy);
    server.stop().await;
}
