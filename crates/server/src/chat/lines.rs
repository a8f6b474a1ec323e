//! Chat beside the table, for players and spectators: stored with the game (so replays show it),
//! limited in length and rate, with quick phrases that each reader sees in their language, and a
//! mute per person. If the players chose so when creating the game, spectators' lines are shown
//! to spectators only. Text is sent as data and shown as text, never as markup.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::Json;
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use serde::{Deserialize, Serialize};

use crate::accounts::auth::{MaybeUser, User};
use crate::domain::time::now;
use crate::domain::typed_text::{self, TextError, Typed};
use crate::http::error::{AppError, AppResult, JsonBody};
use crate::http::language::lang_of;
use crate::live::cache::find;
use crate::live::live_game::LiveGame;
use crate::state::AppState;
use crate::storage::{ChatLine, ChatText};
use helvetia_web::Lang;

/// Longest line, in characters.
pub const MAX_CHARS: usize = 500;

/// Lines one person may send at once, and how often after that.
const BURST: u32 = 5;
const ONE_LINE_PER: Duration = Duration::from_secs(2);

/// The quick phrases: keys of messages every language has.
pub const PHRASES: [&str; 6] = [
    "good-luck",
    "have-fun",
    "well-played",
    "thanks",
    "one-moment",
    "sorry",
];

/// The chat's rate limit, per account.
pub fn limiter() -> DefaultKeyedRateLimiter<String> {
    let quota = Quota::with_period(ONE_LINE_PER)
        .expect("a period")
        .allow_burst(std::num::NonZeroU32::new(BURST).expect("a burst"));
    RateLimiter::keyed(quota)
}

/// Body of `POST /api/games/{id}/chat`: a text, or a quick phrase.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PostBody {
    text: Option<String>,
    phrase: Option<String>,
}

/// A line as clients get it: the text in the reader's language for a phrase.
#[derive(Serialize)]
pub struct LineOut {
    idx: u64,
    at: String,
    name: String,
    seat: Option<u8>,
    step: u64,
    phrase: Option<String>,
    text: String,
}

impl LineOut {
    /// The line as the page draws it.
    pub fn for_page(self) -> helvetia_web::pages::ChatEntry {
        helvetia_web::pages::ChatEntry {
            idx: self.idx,
            name: self.name,
            spectator: self.seat.is_none(),
            step: self.step,
            text: self.text,
        }
    }
}

/// `line` as `lang`'s reader sees it.
pub fn line_out(line: &ChatLine, lang: Lang) -> LineOut {
    let (phrase, text) = match &line.text {
        ChatText::Phrase(key) => (Some(key.clone()), lang.tr(&format!("phrase-{key}"))),
        ChatText::Text(text) => (None, text.clone()),
    };
    LineOut {
        idx: line.idx,
        at: crate::domain::time::rfc3339(line.at),
        name: line.name.clone(),
        seat: line.seat,
        step: line.step,
        phrase,
        text,
    }
}

/// Whether a reader in `reader_seat` who muted `muted` sees `line` of a game whose spectators'
/// lines stay among spectators if `spectators_apart`.
pub fn visible(line: &ChatLine, reader_seat: Option<u8>, muted: &[String], apart: bool) -> bool {
    let kept_from_players = apart && line.seat.is_none() && reader_seat.is_some();
    !kept_from_players && !muted.contains(&line.user_id)
}

fn checked_text(body: PostBody) -> AppResult<ChatText> {
    match (body.text, body.phrase) {
        (Some(text), None) => {
            if text.trim().is_empty() {
                return Err(AppError::bad_request("chat-empty"));
            }
            match typed_text::checked(&text, Typed::ChatLine, 1, MAX_CHARS) {
                Ok(text) => Ok(ChatText::Text(text)),
                Err(TextError::Length) => Err(AppError::new(
                    axum::http::StatusCode::PAYLOAD_TOO_LARGE,
                    "chat-too-long",
                )
                .with("max", MAX_CHARS)),
                Err(TextError::Hidden) => Err(AppError::bad_request("chat-one-line")),
            }
        }
        (None, Some(phrase)) if PHRASES.contains(&phrase.as_str()) => Ok(ChatText::Phrase(phrase)),
        (None, Some(_)) => Err(AppError::bad_request("no-such-phrase")),
        _ => Err(AppError::bad_request("chat-unreadable")),
    }
}

/// `POST /api/games/{id}/chat`: adds a line, which every viewer who may read it gets at once.
pub async fn post(
    State(app): State<AppState>,
    Path(id): Path<String>,
    user: User,
    headers: HeaderMap,
    JsonBody(body): JsonBody<PostBody>,
) -> AppResult<Json<LineOut>> {
    let text = checked_text(body)?;
    let live = find(&app, &id).await?;
    if app.chat_limiter.check_key(&user.id).is_err() {
        return Err(AppError::too_many("chat-too-fast", ONE_LINE_PER.as_secs()));
    }
    let (seat, step) = {
        let snapshot = live.snapshot();
        (
            snapshot.seat_of(&user.id).map(|seat| seat.0),
            snapshot.log_len as u64,
        )
    };
    let line = ChatLine {
        idx: 0,
        at: now(),
        user_id: user.id.clone(),
        name: user.name.clone(),
        seat,
        step,
        text,
    };
    let line = app.store.post_chat(&id, line).await?;
    let out = line_out(&line, lang_of(&headers));
    let _ = live.chat.send(Arc::new(line));
    Ok(Json(out))
}

/// `GET /api/games/{id}/chat`: every line the asking person may read.
pub async fn list(
    State(app): State<AppState>,
    Path(id): Path<String>,
    MaybeUser(user): MaybeUser,
    headers: HeaderMap,
) -> AppResult<Json<Vec<LineOut>>> {
    let live = find(&app, &id).await?;
    Ok(Json(
        readable_lines(&app, &live, user.as_ref(), lang_of(&headers)).await?,
    ))
}

/// The lines of `live` that `user` may read, in `lang` (a visitor who is not logged in reads
/// what spectators read).
///
/// # Errors
/// Database failure.
pub async fn readable_lines(
    app: &AppState,
    live: &LiveGame,
    user: Option<&User>,
    lang: Lang,
) -> AppResult<Vec<LineOut>> {
    let snapshot = live.snapshot();
    let seat = user
        .and_then(|user| snapshot.seat_of(&user.id))
        .map(|seat| seat.0);
    let muted = match user {
        Some(user) => app.store.muted_by(&user.id).await?,
        None => Vec::new(),
    };
    let lines = app.store.chat_lines(&live.id, 0).await?;
    Ok(lines
        .iter()
        .filter(|line| visible(line, seat, &muted, snapshot.spectators_apart))
        .map(|line| line_out(line, lang))
        .collect())
}

/// Hands chat line `idx`, written on another node, to this node's viewers of `live`.
pub fn relay_later(app: &AppState, live: Arc<LiveGame>, idx: u64) {
    let app = app.clone();
    tokio::spawn(async move {
        match app.store.chat_lines(&live.id, idx).await {
            Ok(lines) => {
                if let Some(line) = lines.into_iter().find(|line| line.idx == idx) {
                    let _ = live.chat.send(Arc::new(line));
                }
            }
            Err(error) => tracing::warn!(game = %live.id, "chat line {idx} not relayed: {error}"),
        }
    });
}

/// `POST /api/players/{name}/mute`: hides that person's chat lines from the asking person.
pub async fn mute(
    State(app): State<AppState>,
    Path(name): Path<String>,
    user: User,
) -> AppResult<Json<serde_json::Value>> {
    set_mute(&app, &name, &user, true).await
}

/// `POST /api/players/{name}/unmute`.
pub async fn unmute(
    State(app): State<AppState>,
    Path(name): Path<String>,
    user: User,
) -> AppResult<Json<serde_json::Value>> {
    set_mute(&app, &name, &user, false).await
}

async fn set_mute(
    app: &AppState,
    name: &str,
    user: &User,
    muted: bool,
) -> AppResult<Json<serde_json::Value>> {
    let other = app
        .store
        .user_by_name(name)
        .await?
        .ok_or_else(|| AppError::not_found("no-such-player"))?;
    if other.id == user.id {
        return Err(AppError::bad_request("cannot-mute-self"));
    }
    app.store.set_mute(&user.id, &other.id, muted).await?;
    Ok(Json(
        serde_json::json!({ "name": other.username, "muted": muted }),
    ))
}
