//! Tables made to be seated in a new game ("play now"'s pairings and tournament rounds): each
//! is stored first, then its game is created once, whichever node tries (the table is marked
//! created in the transaction that stores the game), and a table whose node stopped half-way
//! is found and created by another.

use helvetia_engine::Seat;
use sqlx::Row;

use super::bot_accounts::keep_persons;
use super::game_changes::GameChange;
use super::games::persons_of;
use super::{decode_error, GameRecordRow, Store, StoreError, StoreResult};
use crate::domain::clock::Clock;
use crate::domain::mail_event::MailEvent;
use crate::domain::play_now::Pace;

/// A table a pairing made, with its people's names: what its game is created from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairedTable {
    /// The id its game gets.
    pub game_id: String,
    /// Its player count.
    pub players: u8,
    /// Its pace.
    pub pace: Pace,
    /// Its people: account id and name, in seat order.
    pub people: Vec<(String, String)>,
    /// Whether a bot takes the last seat.
    pub bot: bool,
    /// Whether its game is rated.
    pub rated: bool,
    /// Whether its people are mailed when its game starts.
    pub mail_at_start: bool,
}

impl Store {
    /// Tables made before `made_before_ms` whose game is not stored yet (the node that made
    /// them stopped before creating it), for any node to create.
    ///
    /// # Errors
    /// Database failure or a row that does not parse.
    pub async fn unseated_tables(&self, made_before_ms: i64) -> StoreResult<Vec<PairedTable>> {
        let rows = sqlx::query(
            "SELECT game_id, players, pace, people, bot, rated, mail_at_start FROM paired_tables \
             WHERE created = 0 AND made_at < $1 ORDER BY made_at LIMIT 50",
        )
        .bind(made_before_ms)
        .fetch_all(&self.pool)
        .await?;
        let mut tables = Vec::with_capacity(rows.len());
        for row in &rows {
            let players: i64 = row.try_get(1)?;
            let pace: String = row.try_get(2)?;
            let people: String = row.try_get(3)?;
            let mut named = Vec::new();
            for id in people.split(',').filter(|id| !id.is_empty()) {
                let name = self.username_of(id).await?.unwrap_or_default();
                named.push((id.to_string(), name));
            }
            tables.push(PairedTable {
                game_id: row.try_get(0)?,
                players: players as u8,
                pace: Pace::parse(&pace).ok_or_else(|| decode_error(&format!("pace {pace}")))?,
                people: named,
                bot: row.try_get::<i64, _>(4)? != 0,
                rated: row.try_get::<i64, _>(5)? != 0,
                mail_at_start: row.try_get::<i64, _>(6)? != 0,
            });
        }
        Ok(tables)
    }

    /// Stores the game of a table "play now" made, already running (`to_move` decides, its
    /// clock running), with the mail that calls for; once: the table is marked created in the
    /// same transaction.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] if the table's game was created already (nothing is written),
    /// or a database failure.
    pub async fn create_table_game(
        &self,
        game: &GameRecordRow,
        to_move: Option<Seat>,
        mail: Option<&MailEvent>,
    ) -> StoreResult<()> {
        let mut tx = self.pool.begin().await?;
        let claimed =
            sqlx::query("UPDATE paired_tables SET created = 1 WHERE game_id = $1 AND created = 0")
                .bind(&game.id)
                .execute(&mut *tx)
                .await?
                .rows_affected();
        if claimed != 1 {
            return Err(StoreError::Conflict);
        }
        keep_persons(&mut tx, persons_of(game)).await?;
        self.insert_game(&mut tx, game).await?;
        sqlx::query("UPDATE games SET to_move = $1, deadline = $2 WHERE id = $3")
            .bind(to_move.map(|seat| i64::from(seat.0)))
            .bind(game.clock.as_ref().and_then(Clock::deadline_ms))
            .bind(&game.id)
            .execute(&mut *tx)
            .await?;
        let change = GameChange {
            game_id: &game.id,
            version: 0,
            event: mail.map(|mail| (mail, 0)),
        };
        self.commit_change(tx, change).await
    }
}
