//! HTML pages and static files. The language comes from `?lang=` (remembered in a cookie), the
//! `lang` cookie, or the browser's `Accept-Language`.

use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use crate::accounts::auth::MaybeUser;
use crate::accounts::auth::User;
use crate::accounts::page_context::PageContext;
use crate::chat::lines;
use crate::domain::seats::GameStatus;
use crate::http::error::AppError;
use crate::http::language::LangQuery;
use crate::live::cache::find;
use crate::live::live_game::LiveGame;
use crate::lobby::invitation::{invitation, waiting_room};
use crate::lobby::lists::{summaries, ListKind, LobbyGame};
use crate::play::presenter::{self, ReplayTable};
use crate::play::requests::frame;
use crate::puzzles::daily;
use crate::state::AppState;
use crate::tournaments::view::summary_of;
use helvetia_web::pages::AnalysisStanding;
use helvetia_web::{self as render, pages as web, Lang, Layout};

/// `GET /`, with the puzzle of the day.
pub async fn home(
    State(app): State<AppState>,
    headers: HeaderMap,
    Query(q): Query<LangQuery>,
    user: MaybeUser,
) -> Response {
    let page = PageContext::new(&headers, &q, user);
    let found = daily::teaser(&app, page.lang).await;
    let teaser = found
        .as_ref()
        .map(|(stored, mover)| daily::teaser_words(stored, mover));
    page.ok(web::home(
        page.lang,
        page.user(),
        &page.csrf,
        teaser.as_ref(),
    ))
}

/// The query of the log-in and registration pages: the language, and the page of this site to
/// go to afterwards (an invitation, say).
#[derive(Deserialize)]
pub struct AccountQuery {
    #[serde(flatten)]
    page: LangQuery,
    next: Option<String>,
}

impl AccountQuery {
    /// `next` if it is a path on this site; never another site (`//host`, `/\host`, `https:`).
    fn local_next(&self) -> Option<&str> {
        self.next.as_deref().filter(|next| {
            next.starts_with('/')
                && !next.starts_with("//")
                && !next.contains('\\')
                && !next.chars().any(char::is_control)
        })
    }
}

/// `GET /login`.
pub async fn login(headers: HeaderMap, Query(q): Query<AccountQuery>, user: MaybeUser) -> Response {
    let page = PageContext::new(&headers, &q.page, user);
    page.ok(web::login(
        page.lang,
        page.user(),
        &page.csrf,
        q.local_next(),
    ))
}

/// `GET /register`.
pub async fn register(
    headers: HeaderMap,
    Query(q): Query<AccountQuery>,
    user: MaybeUser,
) -> Response {
    let page = PageContext::new(&headers, &q.page, user);
    page.ok(web::register(
        page.lang,
        page.user(),
        &page.csrf,
        q.local_next(),
    ))
}

/// `GET /rules`.
pub async fn rules(headers: HeaderMap, Query(q): Query<LangQuery>, user: MaybeUser) -> Response {
    let page = PageContext::new(&headers, &q, user);
    page.ok(web::rules(page.lang, page.user(), &page.csrf))
}

/// The query of the lobby: the language, and an invitation (`?game=…&invite=…`).
#[derive(Deserialize)]
pub struct LobbyQuery {
    #[serde(flatten)]
    page: LangQuery,
    invite: Option<String>,
}

/// `GET /lobby`: the lists, and the card of the invitation the link carries.
pub async fn lobby(
    State(app): State<AppState>,
    headers: HeaderMap,
    Query(q): Query<LobbyQuery>,
    user: MaybeUser,
) -> Response {
    let who = user.0.clone();
    let page = PageContext::new(&headers, &q.page, user);
    let list = |games: Vec<LobbyGame>| {
        games
            .into_iter()
            .map(|listed| listed.game)
            .collect::<Vec<_>>()
    };
    let kinds = [
        ListKind::Open,
        ListKind::Mine,
        ListKind::Running,
        ListKind::Finished,
    ];
    let mut lists = Vec::with_capacity(kinds.len());
    for kind in kinds {
        match summaries(&app, kind, who.as_ref(), page.lang).await {
            Ok(games) => lists.push(list(games)),
            Err(error) => return page.error(&error),
        }
    }
    let invitation = match &q.invite {
        Some(token) => match invitation(&app, token, who.as_ref(), page.lang).await {
            Ok(found) => Some(web::Invitation {
                token: token.clone(),
                game: found.map(|listed| listed.game),
            }),
            Err(error) => return page.error(&error),
        },
        None => None,
    };
    let [open, mine, running, finished] = <[_; 4]>::try_from(lists).expect("four lists");
    let entered = match &who {
        Some(user) => match app.store.tournaments_entered(&user.id).await {
            Ok(rows) => rows.iter().map(summary_of).collect(),
            Err(error) => return page.error(&error.into()),
        },
        None => Vec::new(),
    };
    page.ok(web::lobby(
        page.lang,
        page.user(),
        &page.csrf,
        web::LobbyLists {
            open: &open,
            mine: &mine,
            running: &running,
            finished: &finished,
            bot_ratings: &helvetia_ai::ladder::LEVELS.map(|level| (level.key, level.rating)),
            tournaments: &entered,
        },
        invitation.as_ref(),
    ))
}

/// `GET /games/{id}`: the table page; needs a log-in, as the WebSocket does (without one, the
/// log-in page, which comes back here).
pub async fn game(
    State(app): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Query(q): Query<LangQuery>,
    user: MaybeUser,
) -> Response {
    let who = user.0.clone();
    let page = PageContext::new(&headers, &q, user);
    let live = match find(&app, &id).await {
        Ok(live) => live,
        Err(error) => return page.error(&error.into()),
    };
    // Anyone may watch a game that has started; joining its waiting room needs an account.
    let Some(user) = who else {
        if live.snapshot().status == GameStatus::Open {
            let log_in = web::with_next("/login", Some(&format!("/games/{id}")));
            return axum::response::Redirect::to(&log_in).into_response();
        }
        return watch_logged_out(&app, &live, &page, &id).await;
    };
    live.read_in(page.lang).await;
    let snapshot = live.snapshot();
    let viewer = snapshot.seat_of(&user.id);
    // A game that has not started shows its waiting room, which the board page holds.
    if page.text_mode && snapshot.status != GameStatus::Open {
        return text_game(&page, &snapshot, viewer, &id);
    }
    let table = presenter::table_html(&snapshot, viewer, page.lang);
    let chat = match chat_entries(&app, &live, Some(&user), page.lang).await {
        Ok(chat) => chat,
        Err(error) => return page.error(&error),
    };
    let waiting = match waiting_room(&app, &live, &user, page.lang).await {
        Ok(waiting) => waiting,
        Err(error) => return page.error(&error),
    };
    let plays_forced_steps = match app.store.plays_forced_steps(&user.id).await {
        Ok(on) => on,
        Err(error) => return page.error(&error.into()),
    };
    page.ok(web::game(
        page.lang,
        page.user(),
        &page.csrf,
        web::GameTable {
            game_id: &id,
            seat: viewer,
            initial_table_html: &table,
            waiting: waiting.as_ref(),
            plays_forced_steps,
        },
        (&chat, web::Phrases(&lines::PHRASES)),
    ))
}

/// The game page for a visitor who is not logged in: the table as spectators see it, kept live
/// over the WebSocket, and the chat to read (writing needs an account).
async fn watch_logged_out(
    app: &AppState,
    live: &LiveGame,
    page: &PageContext,
    id: &str,
) -> Response {
    live.read_in(page.lang).await;
    if page.text_mode {
        return text_game(page, &live.snapshot(), None, id);
    }
    let table = presenter::table_html(&live.snapshot(), None, page.lang);
    let chat = match chat_entries(app, live, None, page.lang).await {
        Ok(chat) => chat,
        Err(error) => return page.error(&error),
    };
    page.ok(web::game(
        page.lang,
        None,
        &page.csrf,
        web::GameTable {
            game_id: id,
            seat: None,
            initial_table_html: &table,
            waiting: None,
            plays_forced_steps: None,
        },
        (&chat, web::Phrases(&lines::PHRASES)),
    ))
}

/// The game page in text mode, for a person who chose it (`?table=text`).
fn text_game(
    page: &PageContext,
    snapshot: &crate::live::snapshot::Snapshot,
    viewer: Option<helvetia_engine::Seat>,
    id: &str,
) -> Response {
    let table = presenter::text_html(snapshot, viewer, page.lang);
    page.ok(web::text_game(
        page.lang,
        page.user(),
        &page.csrf,
        &web::TextGame {
            game_id: id,
            seat: viewer,
            initial_html: &table,
        },
    ))
}

/// The step a replay page opens at: `?step=N` (the text mode's step links), else the end.
#[derive(Deserialize)]
pub struct ReplayStep {
    step: Option<usize>,
}

/// `GET /games/{id}/replay`: opens at the final position (the text mode at `?step=N`).
pub async fn replay(
    State(app): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Query(q): Query<LangQuery>,
    step: Result<Query<ReplayStep>, QueryRejection>,
    user: MaybeUser,
) -> Response {
    let who = user.0.clone();
    let page = PageContext::new(&headers, &q, user);
    let live = match find(&app, &id).await {
        Ok(live) => live,
        Err(error) => return page.error(&error.into()),
    };
    let total = live.snapshot().log_len;
    if page.text_mode {
        let step = match step {
            Ok(Query(ReplayStep { step })) => step.unwrap_or(total),
            Err(rejection) => return page.error(&rejection.into()),
        };
        let viewer = who.and_then(|user| live.snapshot().seat_of(&user.id));
        return text_replay(&app, &page, (&id, viewer), step).await;
    }
    let chat = match &who {
        Some(user) => chat_entries(&app, &live, Some(user), page.lang).await,
        None => Ok(Vec::new()),
    };
    let frame = frame(
        &app,
        &id,
        total,
        (page.lang, ReplayTable::Board(Layout::Wide)),
    )
    .await;
    let analysis = match frame {
        Ok(_) => crate::analysis::requests::for_page(&app, &live, page.lang, who.is_some()).await,
        Err(_) => Ok(AnalysisStanding::None { can_ask: false }),
    };
    match (frame, chat, analysis) {
        (Ok((_, html, total)), Ok(chat), Ok(analysis)) => page.ok(web::replay(
            page.lang,
            page.user(),
            &page.csrf,
            &web::Replay {
                game_id: &id,
                initial_table_html: &html,
                total_steps: total,
                chat_lines: &chat,
                analysis: &analysis,
            },
        )),
        (Err(error), _, _) | (_, Err(error), _) | (_, _, Err(error)) => page.error(&error),
    }
}

/// The replay page in text mode at `step`, for a person who chose it.
async fn text_replay(
    app: &AppState,
    page: &PageContext,
    (id, viewer): (&str, Option<helvetia_engine::Seat>),
    step: usize,
) -> Response {
    match frame(app, id, step, (page.lang, ReplayTable::Text(viewer))).await {
        Ok((_, html, total)) => page.ok(web::text_replay(
            page.lang,
            page.user(),
            &page.csrf,
            &web::TextReplay {
                game_id: id,
                seat: viewer,
                step: (step, total),
                initial_html: &html,
            },
        )),
        Err(error) => page.error(&error),
    }
}

/// The chat lines `user` may read, for a page.
async fn chat_entries(
    app: &AppState,
    live: &LiveGame,
    user: Option<&User>,
    lang: Lang,
) -> Result<Vec<web::ChatEntry>, AppError> {
    let lines = lines::readable_lines(app, live, user, lang).await?;
    Ok(lines.into_iter().map(lines::LineOut::for_page).collect())
}

/// A 404 page for unknown paths (JSON under `/api/`).
pub async fn not_found(headers: HeaderMap, uri: axum::http::Uri, user: MaybeUser) -> Response {
    let error = AppError::not_found("no-such-page").with("path", uri.path().to_string());
    if uri.path().starts_with("/api/") {
        return error.into_response();
    }
    let q = LangQuery {
        lang: None,
        table: None,
    };
    PageContext::new(&headers, &q, user).error(&error)
}

/// `GET /static/app.js`.
pub async fn script() -> Response {
    (
        [
            (CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (CACHE_CONTROL, "public, max-age=300"),
        ],
        render::STATIC_JS,
    )
        .into_response()
}

/// `GET /static/text.js`: the text mode's script.
pub async fn text_script() -> Response {
    (
        [
            (CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (CACHE_CONTROL, "public, max-age=300"),
        ],
        render::STATIC_TEXT_JS,
    )
        .into_response()
}

/// `GET /static/icon.svg` and `GET /favicon.ico`: the site's icon.
pub async fn icon() -> Response {
    (
        [
            (CONTENT_TYPE, "image/svg+xml"),
            (CACHE_CONTROL, "public, max-age=86400"),
        ],
        render::STATIC_ICON,
    )
        .into_response()
}

/// `GET /static/app.css`.
pub async fn style() -> Response {
    (
        [
            (CONTENT_TYPE, "text/css; charset=utf-8"),
            (CACHE_CONTROL, "public, max-age=300"),
        ],
        render::STATIC_CSS,
    )
        .into_response()
}
