//! Telling a game's change: every write that changes a game ends here, inside its transaction,
//! so that the other nodes hear of it when, and only when, it commits (a PostgreSQL notice sent
//! in the transaction) and the event it makes for people (mail, webhooks, devices) is planned
//! with it or not at all. One place, so that no write can forget either.

use std::sync::Arc;

use super::event_planning::{plan_event, plan_group_events, EventKey, EventRow};
use super::{announce_within, Store, StoreResult};
use crate::domain::mail_event::MailEvent;
use crate::domain::mail_event::MailKind;
use crate::domain::notice::Notice;

/// What a game's change tells.
pub(super) struct GameChange<'a> {
    /// The game.
    pub game_id: &'a str,
    /// Its version after the change; 0 for a change that takes no version (seats, status,
    /// ratings: readers load the game again).
    pub version: u64,
    /// The event it makes for people, with the key that makes planning it twice harmless
    /// (the version, a deadline, a place).
    pub event: Option<(&'a MailEvent, i64)>,
}

impl<'a> GameChange<'a> {
    /// A change of `game_id` to `version` that makes no event.
    pub(super) fn quiet(game_id: &'a str, version: u64) -> GameChange<'a> {
        GameChange {
            game_id,
            version,
            event: None,
        }
    }
}

/// How this store tells changes: notices on PostgreSQL under this node's name, and events by
/// mail as well if this server sends mail.
#[derive(Clone)]
pub(super) struct Telling {
    /// Whether notices are sent (PostgreSQL).
    pub postgres: bool,
    /// This node's name in its notices.
    pub node: Arc<str>,
    /// Whether events go by mail as well as by webhook and push.
    pub plans_mail: bool,
}

impl Telling {
    /// Tells `change` within the transaction `tx`.
    pub(super) async fn within(
        &self,
        tx: &mut sqlx::AnyConnection,
        change: &GameChange<'_>,
    ) -> Result<(), sqlx::Error> {
        let notice = Notice::GameChanged {
            game_id: change.game_id.to_string(),
            version: change.version,
        };
        announce_within(tx, self.postgres, &self.node, &notice).await?;
        if let Some((event, key)) = change.event {
            let key = EventKey::new(change.game_id, key);
            plan_event(tx, event, &key, self.plans_mail).await?;
        }
        Ok(())
    }

    /// Tells every change of a group within `tx`, as [`Telling::within`] tells each. SQLite
    /// sends no notices, and there the group's events are planned with one statement per kind
    /// of event: one round trip to the database's thread instead of one per change that passes
    /// a turn (a quarter of all actions).
    pub(super) async fn all_within(
        &self,
        tx: &mut sqlx::AnyConnection,
        changes: &[GameChange<'_>],
    ) -> Result<(), sqlx::Error> {
        if self.postgres {
            for change in changes {
                self.within(tx, change).await?;
            }
            return Ok(());
        }
        for kind in MailKind::ALL {
            let rows: Vec<EventRow> = changes
                .iter()
                .filter_map(|change| {
                    let (event, key) = change.event?;
                    (event.kind == kind).then(|| EventRow {
                        game_id: change.game_id,
                        key,
                        seat: event.seat.map_or(-1, |seat| i64::from(seat.0)),
                        except_user: event.except_user.as_deref().unwrap_or(""),
                    })
                })
                .collect();
            if !rows.is_empty() {
                plan_group_events(tx, kind, rows, self.plans_mail).await?;
            }
        }
        Ok(())
    }
}

impl Store {
    /// How this store tells changes.
    pub(super) fn telling(&self) -> Telling {
        Telling {
            postgres: self.postgres,
            node: self.node.clone(),
            plans_mail: self.plans_mail,
        }
    }

    /// Tells `change` within `tx` and commits it.
    pub(super) async fn commit_change(
        &self,
        mut tx: sqlx::Transaction<'_, sqlx::Any>,
        change: GameChange<'_>,
    ) -> StoreResult<()> {
        self.telling().within(&mut tx, &change).await?;
        tx.commit().await?;
        Ok(())
    }
}
