//! The vacation part of the settings page (`crate::site::settings` puts it on the page): a
//! person's days left and vacations ahead, as [`helvetia_web::pages::VacationPart`].

use helvetia_web::pages::{VacationLine, VacationPart};

use super::requests::VacationOverview;
use crate::domain::vacation::day_text;
use crate::http::error::AppResult;
use crate::state::AppState;

/// The part for `user_id`.
///
/// # Errors
/// Database failure.
pub async fn settings_part(app: &AppState, user_id: &str) -> AppResult<VacationPart> {
    let overview = VacationOverview::of(app, user_id).await?;
    Ok(VacationPart {
        per_year: overview.per_year,
        today: day_text(overview.today),
        days_left: overview
            .years()
            .into_iter()
            .map(|year| (year, overview.days_left(year)))
            .collect(),
        ahead: overview
            .ahead()
            .map(|v| VacationLine {
                id: v.id.clone(),
                from: day_text(v.starts_day),
                last_day: day_text(v.last_day()),
                on: v.is_on(overview.now_ms),
            })
            .collect(),
    })
}
