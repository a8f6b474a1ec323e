//! Chat lines and mutes in the database. A line's number is the next free one in its game; two
//! nodes writing at once cannot take the same number (the primary key), and the loser retries.

use sqlx::any::AnyRow;
use sqlx::Row;

use super::{decode_error, Store, StoreError, StoreResult};
use crate::domain::notice::Notice;

/// What a line says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChatText {
    /// A quick phrase, by key: each reader sees it in their language.
    Phrase(String),
    /// What the author wrote.
    Text(String),
}

/// One chat line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatLine {
    /// Its number in the game's chat, from 0.
    pub idx: u64,
    /// When it was written (seconds since the epoch).
    pub at: i64,
    /// The author's account.
    pub user_id: String,
    /// The author's name.
    pub name: String,
    /// The author's seat; `None` for a spectator.
    pub seat: Option<u8>,
    /// Actions in the log when it was written.
    pub step: u64,
    /// What it says.
    pub text: ChatText,
}

/// Tries at taking the next line number when other nodes write at the same moment.
const NUMBER_TRIES: usize = 5;

const LINE_COLUMNS: &str = "c.idx, c.at, c.user_id, u.username, c.seat, c.step, c.phrase, c.body";

impl Store {
    /// Adds a line to `game_id`'s chat and tells the other nodes. Answers it with its number.
    ///
    /// # Errors
    /// Database failure.
    pub async fn post_chat(&self, game_id: &str, mut line: ChatLine) -> StoreResult<ChatLine> {
        let (phrase, body) = match &line.text {
            ChatText::Phrase(key) => (Some(key.as_str()), None),
            ChatText::Text(text) => (None, Some(text.as_str())),
        };
        for attempt in 1..=NUMBER_TRIES {
            // One statement takes the number and writes the line, so that it holds the write
            // lock from the start (a read that later wants to write can be refused on SQLite).
            let inserted = sqlx::query(
                "INSERT INTO chat (game_id, idx, at, user_id, seat, step, phrase, body) \
                 SELECT $1, COALESCE(MAX(idx) + 1, 0), $2, $3, $4, $5, $6, $7 \
                 FROM chat WHERE game_id = $1 RETURNING idx",
            )
            .bind(game_id)
            .bind(line.at)
            .bind(&line.user_id)
            .bind(line.seat.map(i64::from))
            .bind(line.step as i64)
            .bind(phrase)
            .bind(body)
            .fetch_one(&self.pool)
            .await;
            let idx: i64 = match inserted.map_err(StoreError::from) {
                Ok(row) => row.try_get(0)?,
                Err(StoreError::Conflict) if attempt < NUMBER_TRIES => continue,
                Err(error) => return Err(error),
            };
            line.idx = idx as u64;
            self.announce(&Notice::ChatPosted {
                game_id: game_id.to_string(),
                idx: line.idx,
            })
            .await?;
            return Ok(line);
        }
        Err(StoreError::Conflict)
    }

    /// `game_id`'s chat lines from number `from` on.
    ///
    /// # Errors
    /// Database failure or a line that does not parse.
    pub async fn chat_lines(&self, game_id: &str, from: u64) -> StoreResult<Vec<ChatLine>> {
        let rows = sqlx::query(&format!(
            "SELECT {LINE_COLUMNS} FROM chat c JOIN users u ON u.id = c.user_id \
             WHERE c.game_id = $1 AND c.idx >= $2 ORDER BY c.idx"
        ))
        .bind(game_id)
        .bind(from as i64)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(parse_line).collect()
    }

    /// The accounts `user_id` has muted.
    ///
    /// # Errors
    /// Database failure.
    pub async fn muted_by(&self, user_id: &str) -> StoreResult<Vec<String>> {
        let rows = sqlx::query("SELECT muted_id FROM mutes WHERE user_id = $1")
            .bind(user_id)
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|row| Ok(row.try_get(0)?))
            .collect::<StoreResult<_>>()
    }

    /// Mutes (or unmutes) `muted_id` for `user_id`.
    ///
    /// # Errors
    /// Database failure.
    pub async fn set_mute(&self, user_id: &str, muted_id: &str, muted: bool) -> StoreResult<()> {
        let sql = if muted {
            "INSERT INTO mutes (user_id, muted_id) VALUES ($1, $2) ON CONFLICT DO NOTHING"
        } else {
            "DELETE FROM mutes WHERE user_id = $1 AND muted_id = $2"
        };
        sqlx::query(sql)
            .bind(user_id)
            .bind(muted_id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}

fn parse_line(row: &AnyRow) -> StoreResult<ChatLine> {
    let idx: i64 = row.try_get(0)?;
    let seat: Option<i64> = row.try_get(4)?;
    let step: i64 = row.try_get(5)?;
    let phrase: Option<String> = row.try_get(6)?;
    let body: Option<String> = row.try_get(7)?;
    let text = match (phrase, body) {
        (Some(key), None) => ChatText::Phrase(key),
        (None, Some(text)) => ChatText::Text(text),
        _ => return Err(decode_error(&format!("chat line {idx}"))),
    };
    Ok(ChatLine {
        idx: idx as u64,
        at: row.try_get(1)?,
        user_id: row.try_get(2)?,
        name: row.try_get(3)?,
        seat: seat.map(|seat| seat as u8),
        step: step as u64,
        text,
    })
}
