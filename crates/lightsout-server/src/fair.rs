//! Computation slots shared fairly among clients: a freed slot goes to the waiting
//! request of the client holding the fewest slots (among equals, the client served
//! least recently; then its oldest request), not simply to the oldest request. So a client that queues many heavy
//! requests gets the slots while nobody else wants them, and takes turns with anyone
//! who does: its queue never stands in front of another client's request.
//!
//! Requests with no client (the unit tests, which call the app directly) share one.

use crate::admission::Client;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::oneshot;

/// A number of slots, handed out fairly.
pub struct FairSlots {
    state: Mutex<State>,
}

struct State {
    free: usize,
    in_use: HashMap<Option<Client>, usize>,
    /// In the order they came.
    waiting: VecDeque<Waiter>,
    /// When each client holding or waiting for a slot was last given one (`clock`).
    served: HashMap<Option<Client>, u64>,
    clock: u64,
}

struct Waiter {
    client: Option<Client>,
    give: oneshot::Sender<SlotPermit>,
}

/// A slot, given back when dropped.
pub struct SlotPermit {
    slots: Option<Arc<FairSlots>>,
    client: Option<Client>,
}

/// The slots are gone (never: they live as long as the app).
#[derive(Debug)]
pub struct Closed;

impl FairSlots {
    /// `count` free slots.
    pub fn new(count: usize) -> Arc<Self> {
        Arc::new(Self {
            state: Mutex::new(State {
                free: count,
                in_use: HashMap::new(),
                waiting: VecDeque::new(),
                served: HashMap::new(),
                clock: 0,
            }),
        })
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // Nothing panics while holding it.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A slot for `client`: at once if one is free, else when its turn comes. Dropping
    /// the future gives up its turn (a slot given to it meanwhile goes to the next).
    pub async fn acquire(self: &Arc<Self>, client: Option<Client>) -> Result<SlotPermit, Closed> {
        let turn = {
            let mut state = self.lock();
            if state.free > 0 {
                state.free -= 1;
                state.serve(client);
                return Ok(self.permit(client));
            }
            let (give, turn) = oneshot::channel();
            state.waiting.push_back(Waiter { client, give });
            turn
        };
        turn.await.map_err(|_| Closed)
    }

    fn permit(self: &Arc<Self>, client: Option<Client>) -> SlotPermit {
        SlotPermit {
            slots: Some(self.clone()),
            client,
        }
    }

    /// Gives `client`'s slot back: to the next waiter in turn, or to the free ones.
    fn release(self: &Arc<Self>, client: Option<Client>) {
        let mut from = client;
        loop {
            let next = {
                let mut state = self.lock();
                if let Some(n) = state.in_use.get_mut(&from) {
                    *n -= 1;
                    if *n == 0 {
                        state.in_use.remove(&from);
                    }
                }
                let next = state.next_in_turn();
                if let Some(w) = &next {
                    state.serve(w.client);
                } else {
                    state.free += 1;
                }
                state.forget_gone();
                match next {
                    Some(w) => w,
                    None => return,
                }
            };
            // Sent outside the lock: a permit dropped on the way gives itself back.
            match next.give.send(self.permit(next.client)) {
                Ok(()) => return,
                // The waiter gave up just now: on to the next one.
                Err(mut unwanted) => {
                    unwanted.slots = None;
                    from = next.client;
                }
            }
        }
    }
}

impl State {
    /// Counts a slot given to `client`, now.
    fn serve(&mut self, client: Option<Client>) {
        *self.in_use.entry(client).or_default() += 1;
        self.clock += 1;
        self.served.insert(client, self.clock);
    }

    /// Removes and returns the waiter whose turn it is: of the clients waiting, the one
    /// holding the fewest slots, then the one served least recently, its first request;
    /// waiters that gave up are dropped.
    fn next_in_turn(&mut self) -> Option<Waiter> {
        self.waiting.retain(|w| !w.give.is_closed());
        let turn = |i: usize, w: &Waiter| {
            let held = self.in_use.get(&w.client).copied().unwrap_or(0);
            let served = self.served.get(&w.client).copied().unwrap_or(0);
            (held, served, i)
        };
        let (at, _) = self
            .waiting
            .iter()
            .enumerate()
            .min_by_key(|&(i, w)| turn(i, w))?;
        self.waiting.remove(at)
    }

    /// Forgets when clients that neither hold nor wait for a slot were served.
    fn forget_gone(&mut self) {
        let (in_use, waiting) = (&self.in_use, &self.waiting);
        self.served
            .retain(|c, _| in_use.contains_key(c) || waiting.iter().any(|w| w.client == *c));
    }
}

impl Drop for SlotPermit {
    fn drop(&mut self) {
        if let Some(slots) = self.slots.take() {
            slots.release(self.client);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::IpAddr;

    fn client(n: u8) -> Option<Client> {
        Some(Client::of(IpAddr::from([192, 0, 2, n])))
    }

    /// Client 1 queues three requests before client 2 queues two: as the one slot frees,
    /// the clients take turns (client 2 first: client 1 had the slot), then client 1's
    /// last one.
    #[tokio::test]
    async fn a_freed_slot_goes_to_the_client_holding_fewest() {
        let slots = FairSlots::new(1);
        let first = slots.acquire(client(1)).await.unwrap();
        let (order, got) = tokio::sync::mpsc::unbounded_channel();
        let mut waiting = Vec::new();
        for (k, (who, n)) in [(1, 0), (1, 1), (1, 2), (2, 0), (2, 1)]
            .into_iter()
            .enumerate()
        {
            let (mine, order) = (slots.clone(), order.clone());
            waiting.push(tokio::spawn(async move {
                let permit = mine.acquire(client(who)).await.unwrap();
                order.send((who, n)).unwrap();
                drop(permit);
            }));
            // Each in the queue before the next.
            while slots.lock().waiting.len() <= k {
                tokio::task::yield_now().await;
            }
        }
        drop(order);
        drop(first);
        for w in waiting {
            w.await.unwrap();
        }
        let mut got = got;
        let mut served = Vec::new();
        while let Some(x) = got.recv().await {
            served.push(x);
        }
        assert_eq!(served, [(2, 0), (1, 0), (2, 1), (1, 1), (1, 2)]);
        let state = slots.lock();
        assert_eq!((state.free, state.served.len()), (1, 0));
    }

    /// A waiter that gives up loses its turn and no slot: the slot goes to the next, and
    /// every slot comes back in the end.
    #[tokio::test]
    async fn giving_up_loses_the_turn_not_the_slot() {
        let slots = FairSlots::new(1);
        let held = slots.acquire(client(1)).await.unwrap();
        let gave_up = tokio::time::timeout(
            std::time::Duration::from_millis(10),
            slots.acquire(client(2)),
        )
        .await;
        assert!(gave_up.is_err());
        let next = {
            let slots = slots.clone();
            tokio::spawn(async move { slots.acquire(client(3)).await.map(drop) })
        };
        while slots.lock().waiting.iter().all(|w| w.client != client(3)) {
            tokio::task::yield_now().await;
        }
        drop(held);
        next.await.unwrap().unwrap();
        let state = slots.lock();
        assert_eq!(
            (
                state.free,
                state.in_use.len(),
                state.waiting.len(),
                state.served.len()
            ),
            (1, 0, 0, 0)
        );
    }
}
