//! Yes-or-no settings kept in an account's row: each is read and stored the same way, by the
//! column that holds it.

use sqlx::Row;

use super::{Store, StoreResult};

/// A yes-or-no setting of an account.
#[derive(Clone, Copy)]
pub(super) enum AccountFlag {
    /// Whether its forced steps are played for it.
    PlayForcedSteps,
    /// Whether its name is left out of exports.
    ExportAnonymous,
}

impl AccountFlag {
    fn select_sql(self) -> &'static str {
        match self {
            AccountFlag::PlayForcedSteps => "SELECT play_forced_steps FROM users WHERE id = $1",
            AccountFlag::ExportAnonymous => "SELECT export_anonymous FROM users WHERE id = $1",
        }
    }

    fn update_sql(self) -> &'static str {
        match self {
            AccountFlag::PlayForcedSteps => "UPDATE users SET play_forced_steps = $1 WHERE id = $2",
            AccountFlag::ExportAnonymous => "UPDATE users SET export_anonymous = $1 WHERE id = $2",
        }
    }
}

impl Store {
    /// The account's `flag`; `None` if there is no such account.
    pub(super) async fn account_flag(
        &self,
        user_id: &str,
        flag: AccountFlag,
    ) -> StoreResult<Option<bool>> {
        let row = sqlx::query(flag.select_sql())
            .bind(user_id)
            .fetch_optional(&self.pool)
            .await?;
        row.map(|row| Ok(row.try_get::<i64, _>(0)? != 0))
            .transpose()
    }

    /// Stores the account's `flag`.
    pub(super) async fn set_account_flag(
        &self,
        user_id: &str,
        flag: AccountFlag,
        on: bool,
    ) -> StoreResult<()> {
        sqlx::query(flag.update_sql())
            .bind(i64::from(on))
            .bind(user_id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }
}
