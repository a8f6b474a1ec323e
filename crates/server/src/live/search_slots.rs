//! The bot search slots of a node (`--bot-threads`), shared fairly between accounts: waiting
//! searches are served account by account in turn (the account that created the game), not in
//! arrival order, so that one account's many bot games cannot make another's bot wait behind
//! all of them. Within an account, searches go in arrival order.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

use tokio::sync::oneshot;

/// The slots and who waits for them.
pub struct SearchSlots {
    state: Arc<Mutex<Waiting>>,
}

#[derive(Default)]
struct Waiting {
    free: usize,
    /// Accounts with waiting searches, in the order they are served.
    turn: VecDeque<String>,
    /// Each such account's waiting searches, oldest first.
    queues: HashMap<String, VecDeque<oneshot::Sender<Slot>>>,
    waiting: usize,
}

/// A search slot, given back when dropped.
pub struct Slot {
    state: Arc<Mutex<Waiting>>,
}

impl SearchSlots {
    /// `count` slots.
    pub fn new(count: usize) -> SearchSlots {
        SearchSlots {
            state: Arc::new(Mutex::new(Waiting {
                free: count.max(1),
                ..Waiting::default()
            })),
        }
    }

    /// Waits for a slot for a search of `account`'s game.
    pub async fn acquire(&self, account: &str) -> Slot {
        let receiver = {
            let mut state = self.state.lock().expect("search slots");
            if state.free > 0 && state.waiting == 0 {
                state.free -= 1;
                return Slot {
                    state: self.state.clone(),
                };
            }
            let (sender, receiver) = oneshot::channel();
            let queue = state.queues.entry(account.to_string()).or_default();
            if queue.is_empty() {
                state.turn.push_back(account.to_string());
            }
            state
                .queues
                .get_mut(account)
                .expect("just added")
                .push_back(sender);
            state.waiting += 1;
            receiver
        };
        match receiver.await {
            Ok(slot) => slot,
            // Never dropped unsent while the slots exist; if it were, take a slot anyway.
            Err(_) => Slot {
                state: self.state.clone(),
            },
        }
    }

    /// Searches waiting for a slot.
    pub fn waiting(&self) -> usize {
        self.state.lock().expect("search slots").waiting
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut state = self.state.lock().expect("search slots");
        // Hand the slot to the next account's oldest search, skipping searches given up.
        while let Some(account) = state.turn.pop_front() {
            let queue = state.queues.get_mut(&account).expect("a queue per account");
            let next = queue.pop_front().expect("an account in turn waits");
            if queue.is_empty() {
                state.queues.remove(&account);
            } else {
                state.turn.push_back(account);
            }
            state.waiting -= 1;
            let slot = Slot {
                state: self.state.clone(),
            };
            match next.send(slot) {
                Ok(()) => return,
                // The waiter is gone; its slot came back to us: forget it without a drop.
                Err(slot) => std::mem::forget(slot),
            }
        }
        state.free += 1;
    }
}
