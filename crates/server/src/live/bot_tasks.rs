//! Which games have a bot task running on this node, and the search slots that bots and hints
//! share (the tasks themselves are `crate::workers::bots`).

use std::collections::HashSet;
use std::sync::Mutex;

use super::search_slots::SearchSlots;

/// Which games have a bot task running on this node, and the search slots they share.
pub struct BotTasks {
    active: Mutex<HashSet<String>>,
    slots: SearchSlots,
}

impl BotTasks {
    /// A runner allowing `parallel` simultaneous searches.
    pub fn new(parallel: usize) -> BotTasks {
        BotTasks {
            active: Mutex::new(HashSet::new()),
            slots: SearchSlots::new(parallel),
        }
    }

    /// Bot tasks running on this node.
    pub fn active(&self) -> usize {
        self.active.lock().expect("bot set").len()
    }

    /// Bot decisions waiting for a search thread.
    pub fn queued(&self) -> usize {
        self.slots.waiting()
    }

    /// The node's search slots, which hints share with the bots.
    pub fn slots(&self) -> &SearchSlots {
        &self.slots
    }

    /// Counts a bot task for game `id` in; false if one runs already.
    pub fn start(&self, id: &str) -> bool {
        self.active.lock().expect("bot set").insert(id.to_string())
    }

    /// Counts the bot task of game `id` out.
    pub fn finish(&self, id: &str) {
        self.active.lock().expect("bot set").remove(id);
    }
}
