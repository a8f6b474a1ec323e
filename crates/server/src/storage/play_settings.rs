//! Each account's settings of play: whether forced steps are played for them.

use super::account_flags::AccountFlag;
use super::{Store, StoreResult};

impl Store {
    /// Whether the account wants its forced steps played for it; `None` if there is no such
    /// account.
    ///
    /// # Errors
    /// Database failure.
    pub async fn plays_forced_steps(&self, user_id: &str) -> StoreResult<Option<bool>> {
        self.account_flag(user_id, AccountFlag::PlayForcedSteps)
            .await
    }

    /// Stores whether the account wants its forced steps played for it.
    ///
    /// # Errors
    /// Database failure.
    pub async fn set_plays_forced_steps(&self, user_id: &str, on: bool) -> StoreResult<()> {
        self.set_account_flag(user_id, AccountFlag::PlayForcedSteps, on)
            .await
    }
}
