//! The settings page's part on Web Push: the person's devices as the page lists them.

use helvetia_web::pages as web;

use crate::accounts::auth::User;
use crate::domain::time::rfc3339;
use crate::state::AppState;
use crate::storage::StoreResult;

/// The devices of `who`, oldest first.
///
/// # Errors
/// Database failure.
pub async fn settings_part(app: &AppState, who: &User) -> StoreResult<Vec<web::DeviceLine>> {
    let when = |seconds: i64| rfc3339(seconds).replace('T', " ").replace('Z', " UTC");
    Ok(app
        .store
        .push_devices(&who.id)
        .await?
        .into_iter()
        .map(|device| web::DeviceLine {
            id: device.id,
            label: device.label,
            added: when(device.created_at),
            last_sent: device.last_sent_at.map(when),
        })
        .collect())
}
