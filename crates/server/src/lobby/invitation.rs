//! An open game as an invitation link and the waiting room show it, before it starts.

use helvetia_engine::Seat;

use super::lists::{away_in, summary, LobbyGame};
use crate::accounts::auth::User;
use crate::domain::seats::{GameStatus, Occupant};
use crate::http::error::AppResult;
use crate::live::live_game::LiveGame;
use crate::names::seat_name;
use crate::state::AppState;
use crate::storage::{GameFilter, ListedGame};
use helvetia_web as render;
use helvetia_web::Lang;

/// The open game that invitation `token` is for, as the lobby lists it; `None` if there is
/// none (a wrong token, a seat already taken, a game started or cancelled).
///
/// # Errors
/// Database failure.
pub async fn invitation(
    app: &AppState,
    token: &str,
    user: Option<&User>,
    lang: Lang,
) -> AppResult<Option<LobbyGame>> {
    let filter = GameFilter::Invited {
        token: token.to_string(),
    };
    let found: Vec<ListedGame> = app
        .store
        .list_games(&filter)
        .await?
        .into_iter()
        .take(1)
        .collect();
    let away = away_in(app, &found).await?;
    Ok(found
        .into_iter()
        .next()
        .map(|game| summary(game, user, lang, &away)))
}

/// The waiting room of game `live` as `user` sees it, while the game has not started; `None`
/// once it has. Only the host sees the invitation links.
///
/// # Errors
/// Database failure.
pub async fn waiting_room(
    app: &AppState,
    live: &std::sync::Arc<LiveGame>,
    user: &User,
    lang: Lang,
) -> AppResult<Option<render::pages::WaitingRoom>> {
    use render::pages::{WaitingRoom, WaitingSeat};
    let snapshot = live.snapshot();
    if snapshot.status != GameStatus::Open {
        return Ok(None);
    }
    let creator_id = live.lock().await.creator_id.clone();
    let viewer_is_host = creator_id == user.id;
    let seated_host = snapshot.seats.iter().find_map(|seat| match &seat.occupant {
        Occupant::Human {
            user_id, username, ..
        } if *user_id == creator_id => Some(username.clone()),
        _ => None,
    });
    let host = match seated_host {
        Some(name) => name,
        None => app
            .store
            .username_of(&creator_id)
            .await?
            .unwrap_or_default(),
    };
    let seats = snapshot
        .seats
        .iter()
        .map(|seat| match &seat.occupant {
            Occupant::Open => WaitingSeat::Open,
            Occupant::Invite { token } => WaitingSeat::Invited {
                link: viewer_is_host.then(|| format!("/lobby?invite={token}")),
            },
            Occupant::InvitedBot { username, .. } => WaitingSeat::BotInvited(username.clone()),
            Occupant::Human { .. } | Occupant::Bot { .. } => WaitingSeat::Taken(
                seat_name(&snapshot.seats, Seat(seat.seat), lang),
                seat.shown_as_bot(),
            ),
        })
        .collect();
    Ok(Some(WaitingRoom {
        game_id: live.id.to_string(),
        host,
        viewer_is_host,
        viewer_seated: snapshot.seat_of(&user.id).is_some(),
        seats,
    }))
}
