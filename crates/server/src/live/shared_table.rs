//! A snapshot's table for everyone who sees the same, with the messages built from it: sockets
//! that were sent the same table before (the player who waits and the spectators, after most
//! decisions) get the same message, built once rather than once per socket.

use std::sync::{Arc, Mutex, OnceLock, Weak};

use axum::extract::ws::Utf8Bytes;

use helvetia_web::{RenderedTable, TableUpdate};

/// How many earlier tables a table keeps messages for: sockets rarely had more than two.
const KEPT_MESSAGES: usize = 4;

/// A rendered table and the messages that lead to it.
pub struct SharedTable {
    table: Arc<RenderedTable>,
    /// The whole table, for sockets that have none yet.
    whole: OnceLock<Utf8Bytes>,
    /// By the table a socket had: the message that makes it this one (`None`: it is already).
    /// Weak, so that a table never keeps the ones before it alive; while it is held, the
    /// earlier table's address cannot be reused by another.
    since: Mutex<Vec<(Weak<RenderedTable>, Option<Utf8Bytes>)>>,
}

impl SharedTable {
    /// Shares `table`.
    pub fn new(table: RenderedTable) -> Self {
        SharedTable {
            table: Arc::new(table),
            whole: OnceLock::new(),
            since: Mutex::new(Vec::new()),
        }
    }

    /// The table, to remember as what a socket was sent.
    pub fn table(&self) -> &Arc<RenderedTable> {
        &self.table
    }

    /// What a socket that was sent `before` last (`None`: nothing yet) is sent now, or `None`
    /// if it has this table already.
    pub fn message_since(&self, before: Option<&Arc<RenderedTable>>) -> Option<Utf8Bytes> {
        let Some(before) = before else {
            return Some(self.whole.get_or_init(|| self.table.html().into()).clone());
        };
        // A poisoned lock only means a panic while building a message: build it again.
        let mut since = self
            .since
            .lock()
            .unwrap_or_else(|poison| poison.into_inner());
        if let Some((_, message)) = since
            .iter()
            .find(|(table, _)| std::ptr::eq(table.as_ptr(), Arc::as_ptr(before)))
        {
            return message.clone();
        }
        let message = match self.table.update_since(Some(before)) {
            TableUpdate::Whole(html) | TableUpdate::Changes(html) => Some(Utf8Bytes::from(html)),
            TableUpdate::Unchanged => None,
        };
        if since.len() < KEPT_MESSAGES {
            since.push((Arc::downgrade(before), message.clone()));
        }
        message
    }
}
