//! The account's part of the settings page as a bot account: the tokens of a bot account (the
//! page is reached with its session), or, for a person, whether the account may still become
//! one (it has played no game).

use helvetia_web::pages as web;

use crate::accounts::auth::{Credential, User};
use crate::domain::time::rfc3339;
use crate::state::AppState;
use crate::storage::StoreResult;

/// What the settings page shows of `who` as a bot account.
///
/// # Errors
/// Database failure.
pub async fn settings_part(app: &AppState, who: &User) -> StoreResult<web::BotAccount> {
    if who.by != Credential::PersonSession {
        let tokens = app.store.api_tokens(&who.id).await?;
        let when = |seconds: i64| rfc3339(seconds).replace('T', " ").replace('Z', " UTC");
        return Ok(web::BotAccount::Bot(
            tokens
                .into_iter()
                .map(|token| web::TokenLine {
                    id: token.id,
                    name: token.name,
                    created: when(token.created_at),
                    last_used: token.last_used_at.map(when),
                    revoked: token.revoked_at.map(when),
                })
                .collect(),
        ));
    }
    Ok(if app.store.may_become_bot(&who.id).await? {
        web::BotAccount::MayBecomeBot
    } else {
        web::BotAccount::Person
    })
}
