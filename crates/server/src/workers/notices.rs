//! Change notices between nodes that share one PostgreSQL database, carried by PostgreSQL itself
//! (`NOTIFY`, received through sqlx's `PgListener`): a game changed (its cached copies reload or
//! catch up, and a bot account's event stream hears of it), a chat line was written (its viewers
//! here get it), a session ended (every node forgets it at once), an API token was revoked
//! (the streams opened with it end). SQLite has one node and no notices.

use std::time::Duration;

use sqlx::postgres::PgListener;

use crate::domain::notice::{Notice, CHANNEL};
use crate::state::AppState;

/// Listens to the other nodes' notices for as long as the server runs (PostgreSQL only). When the
/// listening connection drops, notices may have been missed: every cached game is checked against
/// the database and every cached session forgotten.
pub async fn listen(app: AppState, url: String) {
    let mut retry = Duration::from_millis(200);
    let mut listener = loop {
        match connect(&url).await {
            Ok(listener) => break listener,
            Err(error) => {
                tracing::warn!("cannot listen for notices yet: {error}");
                tokio::time::sleep(retry).await;
                retry = (retry * 2).min(Duration::from_secs(5));
            }
        }
    };
    loop {
        match listener.try_recv().await {
            Ok(Some(notification)) => dispatch(&app, notification.payload()),
            Ok(None) => {
                tracing::warn!("notice connection lost; checking every cached game");
                app.sessions.clear();
                app.events.seatings.tell_unknown();
                for live in app.games.all() {
                    crate::live::follow::refresh_later(&app, live, None);
                }
            }
            Err(error) => {
                tracing::warn!("notice connection failed: {error}");
                tokio::time::sleep(Duration::from_millis(500)).await;
            }
        }
    }
}

async fn connect(url: &str) -> Result<PgListener, sqlx::Error> {
    let mut listener = PgListener::connect(url).await?;
    listener.listen(CHANNEL).await?;
    Ok(listener)
}

fn dispatch(app: &AppState, payload: &str) {
    let Some((node, notice)) = Notice::decode(payload) else {
        tracing::warn!("unknown notice {payload:?}");
        return;
    };
    if node == app.store.node() {
        return;
    }
    match notice {
        Notice::GameChanged { game_id, version } => {
            // A game held here is brought up to date, which tells its seats to their followers;
            // of any other, they only hear that something changed.
            match app.games.cached(&game_id) {
                Some(live) => crate::live::follow::refresh_later(app, live, Some(version)),
                None => app.events.seatings.tell_unknown(),
            }
        }
        Notice::ChatPosted { game_id, idx } => {
            if let Some(live) = app.games.cached(&game_id) {
                crate::chat::lines::relay_later(app, live, idx);
            }
        }
        Notice::LoggedOut { token } => app.sessions.forget(&token),
        Notice::TokenRevoked { token_id } => app.open_streams.revoke(&token_id),
    }
}
