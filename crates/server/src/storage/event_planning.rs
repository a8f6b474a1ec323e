//! Planning the events people are told of (by mail, by webhook, on their devices) with the
//! change they tell of.
//!
//! An event is planned by one `INSERT … SELECT` inside the change's transaction (a group of log
//! writes plans all its events of one kind with one statement on SQLite), for the
//! people it concerns who have a channel for it: an address and the wish for that kind of mail
//! (on a server that sends mail), a webhook that is not paused, or a device (Web Push). Its
//! primary key (person, game, kind, event) makes planning the same event twice (two nodes
//! planning one clock warning) harmless.

use std::sync::LazyLock;

use super::padded_values::{bind_nulls, padded, sized, values, SIZES};
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

/// Values of a planned event in a group's statement: the game, the event's key, the seat it is
/// for (-1: every seat), the person it leaves out ("": nobody).
const EVENT_WIDTH: usize = 4;

/// An event one write of a group makes, as a row of the group's events of its kind.
#[derive(Debug)]
pub(super) struct EventRow<'a> {
    /// The game.
    pub game_id: &'a str,
    /// The event's key (the game's version after the write).
    pub key: i64,
    /// The seat it is for, or -1 for every seat.
    pub seat: i64,
    /// The person it leaves out, or "".
    pub except_user: &'a str,
}

/// The plans of a group's events of each kind (in [`MailKind::ALL`]'s order), on a server that
/// sends mail or not, by padded size.
static GROUP_PLANS: LazyLock<[[[String; SIZES]; MailKind::ALL.len()]; 2]> = LazyLock::new(|| {
    [false, true].map(|mails| {
        MailKind::ALL
            .map(|kind| std::array::from_fn(|size| group_plan_sql(kind, mails, padded(size))))
    })
});

/// The plans of `rows` events of `kind`, each as [`plan_event`] plans one: the events' values
/// come first, then the kind and the time (twice). A padding row's game is NULL and joins no
/// seat.
fn group_plan_sql(kind: MailKind, mails: bool, rows: usize) -> String {
    let channels = Channels::of(kind, mails);
    format!(
        "WITH planned (game_id, event_key, seat, except_user) AS (VALUES {}) \
         INSERT INTO mail_outbox (user_id, game_id, kind, event_key, created_at, send_after, \
         state, hooks, push) \
         SELECT s.user_id, s.game_id, ?, p.event_key, ?, ?, {} \
         FROM planned p JOIN seats s ON s.game_id = p.game_id JOIN users u ON u.id = s.user_id \
         WHERE s.kind = 'human' AND {} \
         AND (p.seat < 0 OR (s.seat = p.seat AND s.stand_in IS NULL)) \
         AND s.user_id <> p.except_user \
         ON CONFLICT DO NOTHING",
        values(rows, EVENT_WIDTH),
        channels.columns(),
        channels.any()
    )
}

/// SQLite: plans the events of `rows` (a group's, all of `kind`, at most
/// [`super::padded_values::MOST_ROWS`]) within `tx` with one statement, as [`plan_event`]
/// plans each.
pub(super) async fn plan_group_events(
    tx: &mut sqlx::AnyConnection,
    kind: MailKind,
    rows: Vec<EventRow<'_>>,
    mails: bool,
) -> Result<(), sqlx::Error> {
    let (size, padding) = sized(rows.len(), EVENT_WIDTH);
    let at = MailKind::ALL
        .iter()
        .position(|&each| each == kind)
        .expect("every kind is in ALL");
    let mut query = sqlx::query(GROUP_PLANS[usize::from(mails)][at][size].as_str());
    for row in rows {
        query = query
            .bind(row.game_id)
            .bind(row.key)
            .bind(row.seat)
            .bind(row.except_user);
    }
    let now = crate::domain::time::now();
    bind_nulls(query, padding)
        .bind(kind.as_str())
        .bind(now)
        .bind(now)
        .execute(tx)
        .await?;
    Ok(())
}
