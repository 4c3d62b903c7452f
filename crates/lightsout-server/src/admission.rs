//! Who gets one of the server's connections: the connection cap shared fairly among
//! clients, and idle connections making room when it is all taken.
//!
//! A *client* is a peer address: an IPv4 address, or the /64 prefix of an IPv6 one (what
//! one host, or one site, usually holds). A connection is *idle* while no request is in
//! flight on it: silent since it connected, sending half a request head, or kept alive
//! between requests (a request is in flight from its head until its answer is sent). A
//! new connection from client C is
//!
//! 1. admitted when C holds fewer than its share ([`Limits::client_connections`]) and the
//!    server fewer than [`Limits::max_connections`];
//! 2. when C holds its share: admitted in place of C's longest-idle connection, which is
//!    closed at once; refused if every connection of C has a request in flight;
//! 3. when the server is full: admitted in place of the longest-idle connection of the
//!    client holding the most, which is closed at once; refused if none is idle.
//!
//! A refused connection is answered on a lane of its own (see `serve.rs`): one request,
//! health as usual, anything else 429 or 503 naming the limit. That lane holds at most
//! [`REFUSALS`] connections, [`CLIENT_REFUSALS`] of one client; a refused connection
//! past them is closed at once, unanswered.
//!
//! So one client holds at most its share of the connections and a few refusals
//! whatever it does with them, and idle connections, whoever holds them, never keep a
//! new one out: the server accepts at once, always.

use crate::error::ApiError;
use crate::Limits;
use axum::http::StatusCode;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;
use tokio::sync::Notify;

/// Refused connections being answered at once.
pub const REFUSALS: usize = 64;

/// Refused connections of one client being answered at once.
pub const CLIENT_REFUSALS: usize = 4;

/// A client: a peer's IPv4 address, or its IPv6 address's /64 prefix.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Client {
    V4(std::net::Ipv4Addr),
    /// The first 64 bits of the address.
    V6Prefix(u64),
}

impl Client {
    /// The client a peer address belongs to (an IPv4-mapped IPv6 address is its IPv4
    /// address).
    pub fn of(ip: IpAddr) -> Client {
        match ip {
            IpAddr::V4(v4) => Client::V4(v4),
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => Client::V4(v4),
                None => Client::V6Prefix((u128::from(v6) >> 64) as u64),
            },
        }
    }
}

impl std::fmt::Display for Client {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Client::V4(v4) => write!(f, "{v4}"),
            Client::V6Prefix(prefix) => {
                write!(
                    f,
                    "{}/64",
                    std::net::Ipv6Addr::from(u128::from(*prefix) << 64)
                )
            }
        }
    }
}

tokio::task_local! {
    /// The client whose request the current task serves.
    static SERVING: Client;
}

/// Runs `request` (a request's handling) as serving `client`: what it awaits can ask
/// [`serving`] whose request it is (the workers share their slots by client).
pub async fn serve_as<F: std::future::Future>(client: Client, request: F) -> F::Output {
    SERVING.scope(client, request).await
}

/// The client whose request the current task serves; `None` outside [`serve_as`] (the
/// unit tests call the app directly).
pub fn serving() -> Option<Client> {
    SERVING.try_with(|c| *c).ok()
}

/// The open connections, by client.
pub struct Admission {
    max_total: usize,
    max_per_client: usize,
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    open: usize,
    next_id: u64,
    clients: HashMap<Client, HashMap<u64, Conn>>,
    /// Refused connections being answered, in all and by client.
    refusing: usize,
    refusing_by_client: HashMap<Client, usize>,
}

/// An open connection: idle since when (`None` while a request is in flight), and how
/// to ask it to close.
struct Conn {
    idle_since: Option<Instant>,
    close: Arc<Notify>,
}

/// What becomes of a new connection.
pub enum Decision {
    /// Served, holding this ticket until it closes.
    Admitted(Ticket),
    /// Refused: the answer to give its request (429 or 503), and its place on the
    /// refusal lane, held until it closes.
    Refused(ApiError, Refusal),
    /// Refused, and the refusal lane is full (for its client or in all): closed at once.
    Dropped,
}

impl Admission {
    /// The connection cap and each client's share, from `limits`.
    pub fn new(limits: &Limits) -> Arc<Self> {
        Arc::new(Self {
            max_total: limits.max_connections.max(1),
            max_per_client: limits.client_connections(),
            state: Mutex::new(State::default()),
        })
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // Nothing panics while holding it; a poisoned lock still holds consistent counts.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Admits a new connection from `client`, closing an idle connection to make room
    /// when needed (see the module comment), or refuses it.
    pub fn admit(self: &Arc<Self>, client: Client) -> Decision {
        let mut state = self.lock();
        let held = state.clients.get(&client).map_or(0, HashMap::len);
        if held >= self.max_per_client {
            if !state.close_longest_idle(client) {
                return self.refuse(state, client, ApiError::new(
                    StatusCode::TOO_MANY_REQUESTS,
                    format!(
                        "too many connections from {client}: it holds {held}, each with a request in flight, and this server allows {} per client ({} in all, --max-connections); try again once one is answered",
                        self.max_per_client, self.max_total
                    ),
                ));
            }
        } else if state.open >= self.max_total {
            let mut holders: Vec<(usize, Client)> = state
                .clients
                .iter()
                .map(|(c, conns)| (conns.len(), *c))
                .collect();
            holders.sort_unstable_by_key(|&(held, _)| std::cmp::Reverse(held));
            if !holders.iter().any(|&(_, c)| state.close_longest_idle(c)) {
                return self.refuse(state, client, ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    format!(
                        "server busy: all {} of its connections have a request in flight (--max-connections); try again",
                        self.max_total
                    ),
                ));
            }
        }
        let id = state.next_id;
        state.next_id += 1;
        state.open += 1;
        let close = Arc::new(Notify::new());
        state.clients.entry(client).or_default().insert(
            id,
            Conn {
                idle_since: Some(Instant::now()),
                close: close.clone(),
            },
        );
        Decision::Admitted(Ticket {
            admission: self.clone(),
            client,
            id,
            close,
        })
    }

    /// A place on the refusal lane for `client`'s connection, answered `why`, or
    /// [`Decision::Dropped`] when the lane has no room for it.
    fn refuse(
        self: &Arc<Self>,
        mut state: MutexGuard<'_, State>,
        client: Client,
        why: ApiError,
    ) -> Decision {
        let of_client = state.refusing_by_client.get(&client).copied().unwrap_or(0);
        if of_client >= CLIENT_REFUSALS || state.refusing >= REFUSALS {
            return Decision::Dropped;
        }
        state.refusing_by_client.insert(client, of_client + 1);
        state.refusing += 1;
        Decision::Refused(
            why,
            Refusal {
                admission: self.clone(),
                client,
            },
        )
    }

    /// Open connections, in all and of `client`.
    #[cfg(test)]
    pub fn open(&self, client: Client) -> (usize, usize) {
        let state = self.lock();
        let of_client = state.clients.get(&client).map_or(0, HashMap::len);
        (state.open, of_client)
    }
}

impl State {
    /// Asks `client`'s longest-idle connection to close, and forgets it (its room is
    /// free at once); false if none of its connections is idle.
    fn close_longest_idle(&mut self, client: Client) -> bool {
        let Some(conns) = self.clients.get_mut(&client) else {
            return false;
        };
        let Some(id) = conns
            .iter()
            .filter_map(|(id, c)| c.idle_since.map(|since| (since, *id)))
            .min()
            .map(|(_, id)| id)
        else {
            return false;
        };
        if let Some(conn) = conns.remove(&id) {
            conn.close.notify_one();
        }
        if conns.is_empty() {
            self.clients.remove(&client);
        }
        self.open -= 1;
        true
    }
}

/// A refused connection's place on the refusal lane, given back when dropped.
pub struct Refusal {
    admission: Arc<Admission>,
    client: Client,
}

impl Drop for Refusal {
    fn drop(&mut self) {
        let mut state = self.admission.lock();
        state.refusing -= 1;
        if let Some(n) = state.refusing_by_client.get_mut(&self.client) {
            *n -= 1;
            if *n == 0 {
                state.refusing_by_client.remove(&self.client);
            }
        }
    }
}

/// An admitted connection's place: it says when a request starts and ends, hears when
/// it must close to make room, and gives its place back when dropped.
pub struct Ticket {
    admission: Arc<Admission>,
    client: Client,
    id: u64,
    close: Arc<Notify>,
}

impl Ticket {
    /// Marks the connection busy (`idle == false`: a request is in flight) or idle.
    /// A connection already closed to make room stays forgotten.
    pub fn set_idle(&self, idle: bool) {
        let mut state = self.admission.lock();
        if let Some(conn) = state
            .clients
            .get_mut(&self.client)
            .and_then(|conns| conns.get_mut(&self.id))
        {
            conn.idle_since = idle.then(Instant::now);
        }
    }

    /// The client holding this connection.
    pub fn client(&self) -> Client {
        self.client
    }

    /// Resolves once the connection is asked to close to make room for another.
    pub async fn closing(&self) {
        self.close.notified().await;
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut state = self.admission.lock();
        let Some(conns) = state.clients.get_mut(&self.client) else {
            return;
        };
        if conns.remove(&self.id).is_none() {
            return; // closed to make room: already forgotten
        }
        if conns.is_empty() {
            state.clients.remove(&self.client);
        }
        state.open -= 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::Ipv6Addr;

    fn admission(total: usize, per_client: usize) -> Arc<Admission> {
        Admission::new(&Limits {
            max_connections: total,
            max_client_connections: Some(per_client),
            ..Limits::default()
        })
    }

    fn client(last: u8) -> Client {
        Client::of(IpAddr::from([192, 0, 2, last]))
    }

    fn admitted(d: Decision) -> Ticket {
        match d {
            Decision::Admitted(t) => t,
            Decision::Refused(e, _) => panic!("refused: {}", e.message),
            Decision::Dropped => panic!("dropped"),
        }
    }

    fn refused(d: Decision) -> (ApiError, Refusal) {
        match d {
            Decision::Refused(e, r) => (e, r),
            _ => panic!("not refused with an answer"),
        }
    }

    /// True once the ticket has been asked to close.
    fn asked_to_close(t: &Ticket) -> bool {
        let closing = t.closing();
        futures_now(closing)
    }

    /// Polls a future once: true if it is ready.
    fn futures_now(f: impl std::future::Future<Output = ()>) -> bool {
        let waker = std::task::Waker::noop();
        let mut cx = std::task::Context::from_waker(waker);
        let mut f = std::pin::pin!(f);
        f.as_mut().poll(&mut cx).is_ready()
    }

    #[test]
    fn clients_are_addresses_and_ipv6_prefixes() {
        let a: Ipv6Addr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: Ipv6Addr = "2001:db8:1:2:bbbb::9".parse().unwrap();
        let c: Ipv6Addr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(Client::of(a.into()), Client::of(b.into()));
        assert_ne!(Client::of(a.into()), Client::of(c.into()));
        assert_eq!(Client::of(a.into()).to_string(), "2001:db8:1:2::/64");
        let mapped: Ipv6Addr = "::ffff:192.0.2.7".parse().unwrap();
        assert_eq!(Client::of(mapped.into()), client(7));
        assert_eq!(client(7).to_string(), "192.0.2.7");
    }

    /// A client at its share makes room from its own idle connections, oldest first,
    /// and is refused (429, naming the limit) once all of them are busy; other clients
    /// are admitted throughout.
    #[test]
    fn a_client_at_its_share_recycles_its_own_idle_connections() {
        let a = admission(10, 2);
        let first = admitted(a.admit(client(1)));
        let second = admitted(a.admit(client(1)));
        second.set_idle(false);
        let third = admitted(a.admit(client(1)));
        assert!(asked_to_close(&first), "the longest-idle one makes room");
        assert!(!asked_to_close(&second) && !asked_to_close(&third));
        assert_eq!(a.open(client(1)), (2, 2));
        drop(first); // gone already: nothing counted twice
        assert_eq!(a.open(client(1)), (2, 2));
        third.set_idle(false);
        let (e, _refusal) = refused(a.admit(client(1)));
        assert_eq!(e.status, StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(e.kind, "too_many_connections");
        assert!(
            e.message.contains("from 192.0.2.1: it holds 2")
                && e.message.contains("allows 2 per client (10 in all"),
            "{}",
            e.message
        );
        let other = admitted(a.admit(client(2)));
        assert_eq!(a.open(client(2)), (3, 1));
        // An answer sent: the connection is idle again and may make room.
        second.set_idle(true);
        let _fourth = admitted(a.admit(client(1)));
        assert!(asked_to_close(&second));
        drop((other, third));
    }

    /// A full server closes an idle connection of the client holding the most to admit
    /// a newcomer, and refuses (503) only when every connection is busy.
    #[test]
    fn a_full_server_makes_room_from_the_biggest_holder() {
        let a = admission(4, 3);
        let hoarded: Vec<Ticket> = (0..3).map(|_| admitted(a.admit(client(1)))).collect();
        let small = admitted(a.admit(client(2)));
        small.set_idle(true);
        let newcomer = admitted(a.admit(client(3)));
        assert!(asked_to_close(&hoarded[0]));
        assert!(!asked_to_close(&small));
        assert_eq!(a.open(client(1)), (4, 2));
        for t in hoarded.iter().skip(1).chain([&small, &newcomer]) {
            t.set_idle(false);
        }
        let (e, _refusal) = refused(a.admit(client(4)));
        assert_eq!(e.status, StatusCode::SERVICE_UNAVAILABLE);
        assert!(
            e.message.contains("all 4 of its connections"),
            "{}",
            e.message
        );
        drop(newcomer);
        let _later = admitted(a.admit(client(4)));
        assert_eq!(a.open(client(4)), (4, 1));
    }

    /// The refusal lane holds a few connections of each client and a bounded number in
    /// all; past them refused connections are dropped unanswered, and its places come
    /// back as refusals end.
    #[test]
    fn refusals_are_bounded_per_client_and_in_all() {
        let a = admission(1, 1);
        let full = admitted(a.admit(client(0)));
        full.set_idle(false);
        let mut answered = Vec::new();
        for _ in 0..CLIENT_REFUSALS {
            answered.push(refused(a.admit(client(1))));
        }
        assert!(matches!(a.admit(client(1)), Decision::Dropped));
        // Other clients still get answers, up to the lane's size.
        let mut c = 2;
        while answered.len() < REFUSALS {
            for _ in 0..CLIENT_REFUSALS.min(REFUSALS - answered.len()) {
                answered.push(refused(a.admit(client(c))));
            }
            c += 1;
        }
        assert!(matches!(a.admit(client(c)), Decision::Dropped));
        answered.clear();
        let (e, _) = refused(a.admit(client(1)));
        assert_eq!(e.status, StatusCode::SERVICE_UNAVAILABLE);
        let state = a.lock();
        assert_eq!((state.refusing, state.refusing_by_client.len()), (0, 0));
    }
}
