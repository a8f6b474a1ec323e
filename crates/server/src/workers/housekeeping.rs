//! The node's housekeeping: games idle for too long leave memory; expired sessions and idle
//! rate-limit entries are forgotten, so that nothing grows without bound.

use crate::domain::time::now;
use crate::state::AppState;

/// Every minute: drop games idle for longer than the configured time; every few minutes,
/// forget expired sessions and idle rate-limit entries, so that nothing grows without bound.
pub async fn housekeeping(state: AppState) {
    let mut ticks = tokio::time::interval(std::time::Duration::from_secs(60));
    let mut round = 0u64;
    loop {
        ticks.tick().await;
        round += 1;
        let idle_since = now() - state.config.idle_game_secs as i64;
        let dropped = state.games.evict_idle(idle_since);
        if dropped > 0 {
            tracing::debug!("dropped {dropped} idle games from memory");
        }
        if round % 5 != 1 {
            continue;
        }
        state.auth_limiter.retain_recent();
        state.auth_limiter.shrink_to_fit();
        state.login_limiter.retain_recent();
        state.login_limiter.shrink_to_fit();
        state
            .blocked_token_addresses
            .forget_ended(std::time::Instant::now());
        match state.store.delete_expired_sessions(now()).await {
            Ok(0) => {}
            Ok(n) => tracing::info!("removed {n} expired sessions"),
            Err(error) => tracing::warn!("cannot remove expired sessions: {error}"),
        }
    }
}
