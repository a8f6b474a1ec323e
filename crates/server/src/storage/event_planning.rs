//! Planning the events people are told of (by mail, by webhook, on their devices) with the
//! change they tell of.
//!
//! An event is planned by one `INSERT … SELECT` inside the change's transaction, for the
//! people it concerns who have a channel for it: an address and the wish for that kind of mail
//! (on a server that sends mail), a webhook that is not paused, or a device (Web Push). Its
//! primary key (person, game, kind, event) makes planning the same event twice (two nodes
//! planning one clock warning) harmless.

use crate::domain::mail_event::{MailEvent, MailKind};

/// The event a planned notification belongs to.
pub(super) struct EventKey<'a> {
    game_id: &'a str,
    event_key: i64,
}

impl<'a> EventKey<'a> {
    /// The event `event_key` (the game's version after the change, or a deadline) of a game.
    pub(super) fn new(game_id: &'a str, event_key: i64) -> EventKey<'a> {
        EventKey { game_id, event_key }
    }
}

/// The channels an event of one kind reaches a person `u` (a `users` row) through, as SQL
/// over that row: the one place that says who has a channel for what.
pub(super) struct Channels {
    mail: String,
}

/// Whether the person `u` has a webhook that is not paused.
const HOOKS: &str =
    "EXISTS (SELECT 1 FROM webhooks h WHERE h.user_id = u.id AND h.paused_at IS NULL)";

/// Whether the person `u` has a device told of their games (Web Push).
const DEVICES: &str = "EXISTS (SELECT 1 FROM push_subscriptions d WHERE d.user_id = u.id)";

impl Channels {
    /// The channels of `kind`: mail if this server sends it (`mails`) and the person gave an
    /// address and wants the kind; webhooks always (each hook hears of every kind).
    pub(super) fn of(kind: MailKind, mails: bool) -> Channels {
        let mail = if mails {
            format!("(u.email IS NOT NULL AND u.{} <> 0)", kind.setting_column())
        } else {
            "(1 = 0)".to_string()
        };
        Channels { mail }
    }

    /// The `state`, `hooks` and `push` columns of a new row: what each channel still has to
    /// do.
    pub(super) fn columns(&self) -> String {
        format!(
            "CASE WHEN {} THEN 'queued' ELSE 'none' END, \
             CASE WHEN {HOOKS} THEN 'queued' ELSE 'none' END, \
             CASE WHEN {DEVICES} THEN 'queued' ELSE 'none' END",
            self.mail
        )
    }

    /// The condition for a row at all: some channel.
    pub(super) fn any(&self) -> String {
        format!("({} OR {HOOKS} OR {DEVICES})", self.mail)
    }
}

/// Plans `event` within the transaction `tx`, for the people it concerns who have a channel
/// for it ([`Channels`]; mail counts if `mails`): seated people (not bots), and for one seat
/// only while no bot stands in for its person.
pub(super) async fn plan_event(
    tx: &mut sqlx::AnyConnection,
    event: &MailEvent,
    key: &EventKey<'_>,
    mails: bool,
) -> Result<(), sqlx::Error> {
    let channels = Channels::of(event.kind, mails);
    let sql = format!(
        "INSERT INTO mail_outbox (user_id, game_id, kind, event_key, created_at, send_after, \
         state, hooks, push) \
         SELECT s.user_id, s.game_id, $1, $2, $3, $3, {} \
         FROM seats s JOIN users u ON u.id = s.user_id \
         WHERE s.game_id = $4 AND s.kind = 'human' AND {} \
         AND ($5 < 0 OR (s.seat = $5 AND s.stand_in IS NULL)) AND s.user_id <> $6 \
         ON CONFLICT DO NOTHING",
        channels.columns(),
        channels.any()
    );
    sqlx::query(&sql)
        .bind(event.kind.as_str())
        .bind(key.event_key)
        .bind(crate::domain::time::now())
        .bind(key.game_id)
        .bind(event.seat.map_or(-1, |seat| i64::from(seat.0)))
        .bind(event.except_user.as_deref().unwrap_or(""))
        .execute(tx)
        .await?;
    Ok(())
}
