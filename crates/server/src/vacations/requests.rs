//! `GET`/`POST /api/settings/vacation` and `POST /api/settings/vacation/end`: a person's
//! vacations, the days left, taking one and ending one early. Each change is stored first (the
//! rules checked against what is stored, nothing written on a refusal), then every running game
//! of theirs learns of it before the answer ([`super::clocks::sync_games_of`]).

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

use super::clocks::sync_games_of;
use crate::accounts::auth::User;
use crate::domain::clock::now_ms;
use crate::domain::time::parse_day;
use crate::domain::vacation::{
    day_from_date, day_of, day_text, days_left, days_taken, year_of, Refusal, Vacation, MAX_DAYS,
    MAX_DAYS_AHEAD,
};
use crate::http::error::{AppError, AppResult, JsonBody};
use crate::state::AppState;

/// Body of `POST /api/settings/vacation`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TakeBody {
    /// The first day, `2026-07-01` (UTC).
    from: String,
    /// How many whole days.
    days: u32,
}

/// Body of `POST /api/settings/vacation/end`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EndBody {
    /// Which vacation; without it, the one the person is on.
    #[serde(default)]
    id: Option<String>,
}

/// A person's vacations as the API and the settings page show them.
pub struct VacationOverview {
    /// Days a year.
    pub per_year: u32,
    /// Today (UTC).
    pub today: i64,
    /// Their vacations of this year and later.
    pub vacations: Vec<Vacation>,
    /// When asked (milliseconds since the epoch).
    pub now_ms: i64,
}

impl VacationOverview {
    /// Reads `user_id`'s vacations now.
    ///
    /// # Errors
    /// Database failure.
    pub async fn of(app: &AppState, user_id: &str) -> AppResult<VacationOverview> {
        let now_ms = now_ms();
        Ok(VacationOverview {
            per_year: app.config.vacation_days_per_year,
            today: day_of(now_ms),
            vacations: app.store.vacations(user_id, now_ms).await?,
            now_ms,
        })
    }

    /// This year and every later year one of the vacations touches.
    pub fn years(&self) -> Vec<i32> {
        let this_year = year_of(self.today);
        let last = self
            .vacations
            .iter()
            .map(|v| year_of(v.last_day()))
            .max()
            .unwrap_or(this_year)
            .max(this_year);
        (this_year..=last).collect()
    }

    /// Days of `year` left.
    pub fn days_left(&self, year: i32) -> u32 {
        days_left(&self.vacations, year, self.per_year)
    }

    /// The vacations not over yet, earliest first.
    pub fn ahead(&self) -> impl Iterator<Item = &Vacation> {
        self.vacations.iter().filter(|v| !v.is_over(self.now_ms))
    }

    /// As JSON (`docs/api.md#vacations`).
    pub fn json(&self) -> Value {
        let years: Vec<Value> = self
            .years()
            .into_iter()
            .map(|year| {
                json!({
                    "year": year,
                    "days_taken": days_taken(&self.vacations, year),
                    "days_left": self.days_left(year),
                })
            })
            .collect();
        let vacations: Vec<Value> = self
            .ahead()
            .map(|v| {
                json!({
                    "id": v.id,
                    "from": day_text(v.starts_day),
                    "last_day": day_text(v.last_day()),
                    "days": v.days,
                    "away_from_ms": v.from_ms(),
                    "away_until_ms": v.until_ms(),
                    "on": v.is_on(self.now_ms),
                })
            })
            .collect();
        json!({
            "days_per_year": self.per_year,
            "today": day_text(self.today),
            "days_left_this_year": self.days_left(year_of(self.today)),
            "years": years,
            "on_vacation": self.vacations.iter().any(|v| v.is_on(self.now_ms)),
            "vacations": vacations,
        })
    }
}

/// `GET /api/settings/vacation`.
pub async fn get(State(app): State<AppState>, user: User) -> AppResult<Json<Value>> {
    Ok(Json(VacationOverview::of(&app, &user.id).await?.json()))
}

/// `POST /api/settings/vacation`: takes a vacation; answers as `GET` does.
pub async fn take(
    State(app): State<AppState>,
    user: User,
    JsonBody(body): JsonBody<TakeBody>,
) -> AppResult<(StatusCode, Json<Value>)> {
    let from =
        parse_day(&body.from).ok_or_else(|| AppError::bad_request("vacation-date-unreadable"))?;
    let per_year = app.config.vacation_days_per_year;
    let taken = app
        .store
        .take_vacation(
            &user.id,
            (day_from_date(from), body.days),
            now_ms(),
            per_year,
        )
        .await?;
    taken.map_err(refused)?;
    learn(&app, &user.id).await;
    let overview = VacationOverview::of(&app, &user.id).await?;
    Ok((StatusCode::CREATED, Json(overview.json())))
}

/// `POST /api/settings/vacation/end`: ends a vacation early (one not begun is cancelled);
/// answers as `GET` does.
pub async fn end(
    State(app): State<AppState>,
    user: User,
    JsonBody(body): JsonBody<EndBody>,
) -> AppResult<Json<Value>> {
    let ended = app
        .store
        .end_vacation(&user.id, body.id.as_deref(), now_ms())
        .await?;
    if ended.is_none() {
        return Err(AppError::not_found("no-vacation"));
    }
    learn(&app, &user.id).await;
    Ok(Json(VacationOverview::of(&app, &user.id).await?.json()))
}

/// Brings the person's games up to date with the change just stored. A failure is left to the
/// vacations worker (the change is stored and marked): the answer does not depend on it.
async fn learn(app: &AppState, user_id: &str) {
    if let Err(error) = sync_games_of(app, user_id).await {
        tracing::warn!("games not yet up to date with a vacation: {error}");
    }
}

/// A refused vacation as the error the person reads.
fn refused(refusal: Refusal) -> AppError {
    match refusal {
        Refusal::DaysOutOfRange => {
            AppError::bad_request("vacation-days-out-of-range").with("max", MAX_DAYS)
        }
        Refusal::StartsInThePast => AppError::bad_request("vacation-in-the-past"),
        Refusal::StartsTooFarAhead => {
            AppError::bad_request("vacation-too-far-ahead").with("days", MAX_DAYS_AHEAD as u64)
        }
        Refusal::Overlaps => AppError::conflict("vacation-overlaps"),
        Refusal::NotEnoughDays { year, left } => AppError::conflict("vacation-days-exceeded")
            .with("year", year.to_string())
            .with("left", left),
    }
}
