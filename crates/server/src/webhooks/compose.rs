//! The words of a delivery: one line in the person's language naming them (a group chat reads
//! it), and the link to the game (to the tournament, for the end of one).

use helvetia_web::Lang;

use crate::domain::mail_event::MailKind;
use crate::domain::seats::GameStatus;
use crate::mail::compose::Facts;
use crate::storage::MailJob;

/// The line and the link of `job`'s delivery in `lang`, with links under `public_url` (no
/// trailing slash).
pub fn compose(lang: Lang, job: &MailJob, public_url: &str) -> (String, String) {
    let facts = Facts::of(job);
    let key = match job.key.kind {
        MailKind::YourTurn => "webhook-your-turn",
        MailKind::GameStarted => "webhook-started",
        MailKind::GameEnded if job.status == GameStatus::Abandoned => "webhook-abandoned",
        MailKind::GameEnded => "webhook-ended",
        MailKind::ClockLow => "webhook-clock",
        MailKind::TournamentEnded => "webhook-tournament",
        MailKind::Rematch => "webhook-rematch",
    };
    let link = match &job.tournament {
        Some(tournament) if job.key.kind == MailKind::TournamentEnded => {
            format!("{public_url}/tournaments/{}", tournament.id)
        }
        _ => format!("{public_url}/games/{}", job.key.game_id),
    };
    (lang.tr_args(key, &facts.args(job)), link)
}
