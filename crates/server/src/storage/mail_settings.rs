//! Each account's mail settings: address, language, the kinds wanted, the unsubscribe token.

use sqlx::Row;

use super::{Store, StoreResult};
use crate::domain::mail_event::MailKind;

/// What mail a person wants, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MailSettings {
    /// The address, if they gave one.
    pub email: Option<String>,
    /// The language of their mails (a code such as `de`).
    pub language: String,
    /// The kinds they want, in the order of [`MailKind::SETTINGS`].
    pub wanted: [bool; 5],
}

impl MailSettings {
    /// Whether they want mails of `kind`.
    pub fn wants(&self, kind: MailKind) -> bool {
        self.wanted[MailKind::SETTINGS
            .iter()
            .position(|k| *k == kind.setting())
            .expect("every kind's setting is listed")]
    }
}

impl Store {
    /// The mail settings of an account; `None` if there is no such account.
    ///
    /// # Errors
    /// Database failure.
    pub async fn mail_settings(&self, user_id: &str) -> StoreResult<Option<MailSettings>> {
        let row = sqlx::query(
            "SELECT email, language, mail_your_turn, mail_game_started, mail_game_ended, \
             mail_clock, mail_rematch FROM users WHERE id = $1",
        )
        .bind(user_id)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|row| {
            let flag = |i: usize| -> StoreResult<bool> { Ok(row.try_get::<i64, _>(i)? != 0) };
            Ok(MailSettings {
                email: row.try_get(0)?,
                language: row.try_get(1)?,
                wanted: [flag(2)?, flag(3)?, flag(4)?, flag(5)?, flag(6)?],
            })
        })
        .transpose()
    }

    /// Stores an account's mail settings. The account gets its unsubscribe token the first
    /// time (`new_token`); it keeps it afterwards, so links in mails already sent go on working.
    ///
    /// # Errors
    /// Database failure.
    pub async fn save_mail_settings(
        &self,
        user_id: &str,
        settings: &MailSettings,
        new_token: &str,
    ) -> StoreResult<()> {
        let flag = |on: bool| i64::from(on);
        sqlx::query(
            "UPDATE users SET email = $1, language = $2, mail_your_turn = $3, \
             mail_game_started = $4, mail_game_ended = $5, mail_clock = $6, mail_rematch = $7, \
             unsubscribe_token = COALESCE(unsubscribe_token, $8) WHERE id = $9",
        )
        .bind(settings.email.as_deref())
        .bind(&settings.language)
        .bind(flag(settings.wanted[0]))
        .bind(flag(settings.wanted[1]))
        .bind(flag(settings.wanted[2]))
        .bind(flag(settings.wanted[3]))
        .bind(flag(settings.wanted[4]))
        .bind(new_token)
        .bind(user_id)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The name and mail settings of the account whose unsubscribe token this is.
    ///
    /// # Errors
    /// Database failure.
    pub async fn unsubscriber(&self, token: &str) -> StoreResult<Option<(String, MailSettings)>> {
        let row = sqlx::query("SELECT id, username FROM users WHERE unsubscribe_token = $1")
            .bind(token)
            .fetch_optional(&self.pool)
            .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        let (id, name): (String, String) = (row.try_get(0)?, row.try_get(1)?);
        Ok(self
            .mail_settings(&id)
            .await?
            .map(|settings| (name, settings)))
    }

    /// Turns every kind of mail off for the account whose unsubscribe token this is; false if
    /// no account has it.
    ///
    /// # Errors
    /// Database failure.
    pub async fn unsubscribe(&self, token: &str) -> StoreResult<bool> {
        let changed = sqlx::query(
            "UPDATE users SET mail_your_turn = 0, mail_game_started = 0, mail_game_ended = 0, \
             mail_clock = 0, mail_rematch = 0 WHERE unsubscribe_token = $1",
        )
        .bind(token)
        .execute(&self.pool)
        .await?
        .rows_affected();
        Ok(changed == 1)
    }
}
