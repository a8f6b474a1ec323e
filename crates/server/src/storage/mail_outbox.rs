//! The outbox: the events people are told of (by mail, by webhook, on their devices), and the
//! sending of their mails.
//!
//! An event is planned with the change it tells of (`event_planning`). The row carries its mail's
//! delivery (`state`: `none` when no mail is due), whether its webhook deliveries are still to be made (`hooks`, see
//! `webhook_outbox`) and whether it is still to be told to the person's devices (`push`, see
//! `push_outbox`). Every node that sends mail claims due mails with a guarded update
//! (`claimed_until` must have passed), so one node sends each; a node that stops after claiming
//! leaves the claim to run out and another node sends the mail then.

use sqlx::any::AnyRow;
use sqlx::Row;

use super::event_planning::{plan_event, EventKey};
use super::outbox::Outbox;
use super::vacations::TO_MOVE_AWAY_AT_1;
use super::{Store, StoreResult};
use crate::domain::clock::Clock;
use crate::domain::mail_event::{MailEvent, MailKind};
use crate::domain::seats::GameStatus;

/// One planned mail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MailKey {
    /// To whom.
    pub user_id: String,
    /// About which game.
    pub game_id: String,
    /// What it tells of.
    pub kind: MailKind,
    /// Which event (the game's version, or a deadline).
    pub event_key: i64,
}

/// A claimed mail with everything needed to decide whether it still should go, and to write it.
#[derive(Clone, Debug)]
pub struct MailJob {
    /// The mail.
    pub key: MailKey,
    /// When it was planned (seconds since the epoch).
    pub created_at: i64,
    /// Sending attempts that failed so far.
    pub attempts: u32,
    /// The person's name.
    pub username: String,
    /// Their address, unless they removed it since.
    pub email: Option<String>,
    /// The language of their mails.
    pub language: String,
    /// Whether they still want this kind.
    pub wanted: bool,
    /// The token of their unsubscribe link.
    pub unsubscribe_token: Option<String>,
    /// The game's status now.
    pub status: GameStatus,
    /// Whose decision it is now.
    pub to_move: Option<u8>,
    /// The winners' seats, once finished.
    pub winners: Vec<u8>,
    /// When the running turn's clock runs out (milliseconds since the epoch).
    pub deadline_ms: Option<i64>,
    /// The person's seat, and whether a bot stands in for them.
    pub seat: Option<(u8, bool)>,
    /// Everyone's name, by seat.
    pub players: Vec<String>,
    /// For the end of a tournament: the tournament.
    pub tournament: Option<TournamentOfMail>,
    /// For an invitation to play again: the next game as it is now.
    pub rematch: Option<RematchOfMail>,
    /// Whether the event was told to a device of the person's that is in use.
    pub on_devices: OnDevices,
}

/// Whether an event reached a person by push on a device they use (one they opened the site on
/// within [`ACTIVE_DEVICE_SECS`]), so that it need not be mailed as well.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnDevices {
    /// Pushed, and a device in use took a message since the event was planned.
    Told,
    /// Still to be pushed, to a person with a device in use.
    Pending,
    /// No device in use, or the push failed.
    NotTold,
}

/// A device the person opened the site on within this time is in use.
pub const ACTIVE_DEVICE_SECS: i64 = 14 * 86_400;

/// The tournament a mail tells the end of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentOfMail {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// How many entered.
    pub entrants: u32,
}

/// The next game an invitation to play again tells of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RematchOfMail {
    /// Who asked for it (its creator), by name.
    pub asker: String,
    /// Whether the person's seat there still waits for them: the game is open and they have not
    /// taken a seat in it.
    pub waits: bool,
}

/// How handling a claimed mail ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MailOutcome {
    /// Handed to the SMTP server at this time.
    Sent(i64),
    /// Not sent, and never will be: why.
    Dropped(String),
    /// Not yet: try again at this time (the hourly limit).
    Deferred(i64),
    /// Sending failed; try again at this time.
    Retry {
        /// When.
        at: i64,
        /// The failure.
        error: String,
    },
    /// Sending failed too often.
    Failed(String),
}

/// The mails' columns of the outbox's rows.
const MAILS: Outbox = Outbox {
    table: "mail_outbox",
    key_where: "user_id = $1 AND game_id = $2 AND kind = $3 AND event_key = $4",
    state: "state",
    claimed_until: "claimed_until",
    claimed_by: Some("claimed_by"),
    attempts: "attempts",
};

const JOB_COLUMNS: &str = "o.user_id, o.game_id, o.kind, o.event_key, o.created_at, o.attempts, \
     u.username, u.email, u.language, u.unsubscribe_token, \
     g.status, g.to_move, g.winners, g.deadline, s.seat, s.stand_in";

impl Store {
    /// Plans `event` as a change of its own (for changes made outside a transaction of the
    /// store's own), for every channel.
    ///
    /// # Errors
    /// Database failure.
    pub async fn plan_event(
        &self,
        game_id: &str,
        event: &MailEvent,
        event_key: i64,
    ) -> StoreResult<()> {
        let mut conn = self.pool.acquire().await?;
        let key = EventKey::new(game_id, event_key);
        plan_event(&mut conn, event, &key, self.plans_mail).await?;
        Ok(())
    }

    /// Plans a clock warning for every person whose running turn ends within `within_ms` of
    /// `now_ms`, if that turn began with more time than that (a live game's short turns are not
    /// warned of) and they are not on vacation. Returns how many games were looked at. The
    /// mail and webhook senders both call it; the second planning of one warning changes nothing.
    ///
    /// # Errors
    /// Database failure.
    pub async fn plan_clock_warnings(&self, now_ms: i64, within_ms: i64) -> StoreResult<usize> {
        // Nobody is warned while on vacation: their clock stands still, and the warning comes
        // when the deadline is near again after it.
        let rows = sqlx::query(&format!(
            "SELECT id, clock, deadline FROM games g WHERE status = 'running' \
             AND deadline > $1 AND deadline <= $2 AND NOT {TO_MOVE_AWAY_AT_1}"
        ))
        .bind(now_ms)
        .bind(now_ms + within_ms)
        .fetch_all(&self.pool)
        .await?;
        for row in &rows {
            let game_id: String = row.try_get(0)?;
            let deadline: i64 = row.try_get(2)?;
            let clock: Option<String> = row.try_get(1)?;
            let Some(running) = clock
                .and_then(|clock| serde_json::from_str::<Clock>(&clock).ok())
                .and_then(|clock| clock.running)
            else {
                continue;
            };
            if deadline - running.since_ms <= within_ms {
                continue;
            }
            let event = MailEvent {
                kind: MailKind::ClockLow,
                seat: Some(helvetia_engine::Seat(running.seat)),
                except_user: None,
            };
            self.plan_event(&game_id, &event, deadline).await?;
        }
        Ok(rows.len())
    }

    /// Up to `limit` queued mails due at `now` that nobody holds a claim on; a "your turn" mail
    /// is due `your_turn_delay` seconds after it was planned, so that a person at the table who
    /// moves at once gets none.
    ///
    /// # Errors
    /// Database failure.
    pub async fn due_mails(
        &self,
        now: i64,
        your_turn_delay: i64,
        limit: i64,
    ) -> StoreResult<Vec<MailKey>> {
        let rows = sqlx::query(
            "SELECT user_id, game_id, kind, event_key FROM mail_outbox \
             WHERE state = 'queued' AND claimed_until < $1 \
             AND send_after <= CASE WHEN kind = 'your_turn' THEN $2 ELSE $1 END \
             ORDER BY send_after LIMIT $3",
        )
        .bind(now)
        .bind(now - your_turn_delay)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().filter_map(parse_key).collect()
    }

    /// Claims a queued mail for this node until `until`: true if no other node holds it.
    ///
    /// # Errors
    /// Database failure.
    pub async fn claim_mail(&self, key: &MailKey, now: i64, until: i64) -> StoreResult<bool> {
        let key = (
            key.user_id.as_str(),
            key.game_id.as_str(),
            key.kind.as_str(),
            key.event_key,
        );
        Ok(self.claim_from(&MAILS, key, now, until).await?.is_some())
    }

    /// The claimed mail `key` with its person, game and seat as they are now.
    ///
    /// # Errors
    /// Database failure.
    pub async fn mail_job(&self, key: &MailKey) -> StoreResult<Option<MailJob>> {
        let wanted = key.kind.setting_column();
        let row = sqlx::query(&format!(
            "SELECT {JOB_COLUMNS}, u.{wanted}, o.push, \
             CASE WHEN EXISTS (SELECT 1 FROM push_subscriptions d WHERE d.user_id = o.user_id \
             AND d.last_seen_at >= $5 AND d.last_sent_at >= o.created_at) THEN 1 ELSE 0 END, \
             CASE WHEN EXISTS (SELECT 1 FROM push_subscriptions d WHERE d.user_id = o.user_id \
             AND d.last_seen_at >= $5) THEN 1 ELSE 0 END FROM mail_outbox o \
             JOIN users u ON u.id = o.user_id JOIN games g ON g.id = o.game_id \
             LEFT JOIN seats s ON s.game_id = o.game_id AND s.user_id = o.user_id \
             WHERE o.user_id = $1 AND o.game_id = $2 AND o.kind = $3 AND o.event_key = $4"
        ))
        .bind(&key.user_id)
        .bind(&key.game_id)
        .bind(key.kind.as_str())
        .bind(key.event_key)
        .bind(crate::domain::time::now() - ACTIVE_DEVICE_SECS)
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        let mut job = parse_job(&row, key.clone())?;
        let seats = self.seats_of(&key.game_id).await?;
        let lang = helvetia_web::Lang::from_code(&job.language).unwrap_or(helvetia_web::Lang::En);
        job.players = seats
            .iter()
            .map(|seat| crate::names::seat_name(&seats, helvetia_engine::Seat(seat.seat), lang))
            .collect();
        match key.kind {
            MailKind::TournamentEnded => job.tournament = self.tournament_of_mail(key).await?,
            MailKind::Rematch => job.rematch = self.rematch_of_mail(key).await?,
            _ => {}
        }
        Ok(Some(job))
    }

    /// The next game of the finished game that `key` invites to play again.
    async fn rematch_of_mail(&self, key: &MailKey) -> StoreResult<Option<RematchOfMail>> {
        let row = sqlx::query(
            "SELECT u.username, CASE WHEN r.status = 'open' AND NOT EXISTS (SELECT 1 FROM seats s \
             WHERE s.game_id = r.id AND s.user_id = $2) THEN 1 ELSE 0 END \
             FROM games g JOIN games r ON r.id = g.rematch_id JOIN users u ON u.id = r.creator_id \
             WHERE g.id = $1",
        )
        .bind(&key.game_id)
        .bind(&key.user_id)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|row| {
            Ok(RematchOfMail {
                asker: row.try_get(0)?,
                waits: row.try_get::<i64, _>(1)? != 0,
            })
        })
        .transpose()
    }

    /// The tournament whose end `key` tells: the one `key`'s game was a table of.
    async fn tournament_of_mail(&self, key: &MailKey) -> StoreResult<Option<TournamentOfMail>> {
        let row = sqlx::query(
            "SELECT t.id, t.name, (SELECT COUNT(*) FROM tournament_entries e \
             WHERE e.tournament_id = t.id) FROM tournament_seats s \
             JOIN tournaments t ON t.id = s.tournament_id \
             WHERE s.game_id = $1 AND s.user_id = $2",
        )
        .bind(&key.game_id)
        .bind(&key.user_id)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|row| {
            Ok(TournamentOfMail {
                id: row.try_get(0)?,
                name: row.try_get(1)?,
                entrants: row.try_get::<i64, _>(2)? as u32,
            })
        })
        .transpose()
    }

    /// When the last mail about `game_id` went to `user_id`, if one did.
    ///
    /// # Errors
    /// Database failure.
    pub async fn last_mail_sent(&self, user_id: &str, game_id: &str) -> StoreResult<Option<i64>> {
        let row = sqlx::query(
            "SELECT MAX(sent_at) FROM mail_outbox WHERE user_id = $1 AND game_id = $2 \
             AND state = 'sent'",
        )
        .bind(user_id)
        .bind(game_id)
        .fetch_one(&self.pool)
        .await?;
        Ok(row.try_get::<Option<i64>, _>(0)?)
    }

    /// Records how handling the claimed mail `key` ended, and gives up the claim.
    ///
    /// # Errors
    /// Database failure.
    pub async fn finish_mail(&self, key: &MailKey, outcome: &MailOutcome) -> StoreResult<()> {
        let (state, sent_at, send_after, note, failed): (_, Option<i64>, Option<i64>, _, _) =
            match outcome {
                MailOutcome::Sent(at) => ("sent", Some(*at), None, None, 0),
                MailOutcome::Dropped(why) => ("dropped", None, None, Some(why.as_str()), 0),
                MailOutcome::Deferred(at) => ("queued", None, Some(*at), None, 0),
                MailOutcome::Retry { at, error } => {
                    ("queued", None, Some(*at), Some(error.as_str()), 1)
                }
                MailOutcome::Failed(error) => ("failed", None, None, Some(error.as_str()), 1),
            };
        sqlx::query(
            "UPDATE mail_outbox SET state = $1, sent_at = $2, \
             send_after = COALESCE($3, send_after), note = $4, attempts = attempts + $5, \
             claimed_until = 0 \
             WHERE user_id = $6 AND game_id = $7 AND kind = $8 AND event_key = $9",
        )
        .bind(state)
        .bind(sent_at)
        .bind(send_after)
        .bind(note)
        .bind(failed)
        .bind(&key.user_id)
        .bind(&key.game_id)
        .bind(key.kind.as_str())
        .bind(key.event_key)
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}

fn parse_key(row: &AnyRow) -> Option<StoreResult<MailKey>> {
    let key = || -> StoreResult<Option<MailKey>> {
        let kind: String = row.try_get(2)?;
        let Some(kind) = MailKind::parse(&kind) else {
            tracing::warn!("outbox: unknown mail kind {kind:?} left queued");
            return Ok(None);
        };
        Ok(Some(MailKey {
            user_id: row.try_get(0)?,
            game_id: row.try_get(1)?,
            kind,
            event_key: row.try_get(3)?,
        }))
    };
    key().transpose()
}

fn parse_job(row: &AnyRow, key: MailKey) -> StoreResult<MailJob> {
    let status: String = row.try_get(10)?;
    let status = GameStatus::parse(&status)
        .ok_or_else(|| super::decode_error(&format!("game status {status}")))?;
    let winners: Option<String> = row.try_get(12)?;
    let seat: Option<i64> = row.try_get(14)?;
    let stand_in: Option<String> = row.try_get(15)?;
    Ok(MailJob {
        key,
        created_at: row.try_get(4)?,
        attempts: row.try_get::<i64, _>(5)? as u32,
        username: row.try_get(6)?,
        email: row.try_get(7)?,
        language: row.try_get(8)?,
        unsubscribe_token: row.try_get(9)?,
        status,
        to_move: row.try_get::<Option<i64>, _>(11)?.map(|seat| seat as u8),
        winners: winners
            .iter()
            .flat_map(|list| list.split(','))
            .filter_map(|seat| seat.parse().ok())
            .collect(),
        deadline_ms: row.try_get(13)?,
        seat: seat.map(|seat| (seat as u8, stand_in.is_some())),
        wanted: row.try_get::<i64, _>(16)? != 0,
        players: Vec::new(),
        tournament: None,
        rematch: None,
        on_devices: {
            let push: String = row.try_get(17)?;
            let told_in_use = row.try_get::<i64, _>(18)? != 0;
            let in_use = row.try_get::<i64, _>(19)? != 0;
            match push.as_str() {
                "sent" if told_in_use => OnDevices::Told,
                "queued" if in_use => OnDevices::Pending,
                _ => OnDevices::NotTold,
            }
        },
    })
}
