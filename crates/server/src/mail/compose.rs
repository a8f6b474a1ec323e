//! The words of a mail, in the person's language: a subject and a plain-text body with the link
//! to the game (to the tournament, for the end of one), to the settings and to unsubscribe.

use crate::domain::seats::GameStatus;
use crate::storage::MailJob;
use helvetia_web::Lang;

use crate::domain::mail_event::MailKind;
use fluent_bundle::FluentValue;

/// A mail's subject and body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Letter {
    /// The subject line.
    pub subject: String,
    /// The plain-text body.
    pub body: String,
}

/// The addresses a mail links to.
#[derive(Clone, Debug)]
pub struct Links {
    /// The game.
    pub game: String,
    /// The tournament, for a mail that tells of the end of one.
    pub tournament: Option<String>,
    /// The person's settings page.
    pub settings: String,
    /// Their unsubscribe link, which works without logging in.
    pub unsubscribe: String,
}

/// What a notification says of its game, written out: the others' names, the winners', the
/// deadline, the tournament (shared by mails and webhooks).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Facts {
    /// The others at the table, by name.
    pub opponents: String,
    /// The winners, by name.
    pub winners: String,
    /// When the running turn's clock runs out (`2026-11-23 14:05 UTC`).
    pub deadline: String,
    /// The tournament's name, for its end.
    pub tournament: String,
    /// How many entered it.
    pub entrants: u32,
    /// Who asks to play again, for an invitation to.
    pub asker: String,
}

impl Facts {
    /// The facts of `job`.
    pub fn of(job: &MailJob) -> Facts {
        let own_seat = job.seat.map(|(seat, _)| usize::from(seat));
        let opponents = job
            .players
            .iter()
            .enumerate()
            .filter(|(seat, _)| Some(*seat) != own_seat)
            .map(|(_, name)| name.as_str())
            .collect::<Vec<_>>()
            .join(", ");
        let winners = job
            .winners
            .iter()
            .filter_map(|seat| job.players.get(usize::from(*seat)))
            .map(String::as_str)
            .collect::<Vec<_>>()
            .join(", ");
        let (tournament, entrants) = job
            .tournament
            .as_ref()
            .map_or((String::new(), 0), |t| (t.name.clone(), t.entrants));
        Facts {
            opponents,
            winners,
            deadline: job.deadline_ms.map(utc_minute).unwrap_or_default(),
            tournament,
            entrants,
            asker: job
                .rematch
                .as_ref()
                .map(|next| next.asker.clone())
                .unwrap_or_default(),
        }
    }

    /// The arguments of the messages about `job`: `name`, `opponents`, `winners`, `deadline`,
    /// `tournament`, `place`, `entrants`, `asker`.
    pub fn args<'a>(&'a self, job: &'a MailJob) -> [(&'static str, FluentValue<'a>); 8] {
        [
            ("name", job.username.as_str().into()),
            ("opponents", self.opponents.as_str().into()),
            ("winners", self.winners.as_str().into()),
            ("deadline", self.deadline.as_str().into()),
            ("tournament", self.tournament.as_str().into()),
            ("place", job.key.event_key.into()),
            ("entrants", self.entrants.into()),
            ("asker", self.asker.as_str().into()),
        ]
    }
}

/// Writes `job`'s mail in `lang`.
pub fn compose(lang: Lang, job: &MailJob, links: &Links) -> Letter {
    let facts = Facts::of(job);
    let args = facts.args(job);
    let (subject, body) = match job.key.kind {
        MailKind::YourTurn => ("mail-your-turn-subject", "mail-your-turn-body"),
        MailKind::GameStarted => ("mail-started-subject", "mail-started-body"),
        MailKind::GameEnded if job.status == GameStatus::Abandoned => {
            ("mail-ended-subject", "mail-abandoned-body")
        }
        MailKind::GameEnded => ("mail-ended-subject", "mail-ended-body"),
        MailKind::ClockLow => ("mail-clock-subject", "mail-clock-body"),
        MailKind::TournamentEnded => ("mail-tournament-subject", "mail-tournament-body"),
        MailKind::Rematch => ("mail-rematch-subject", "mail-rematch-body"),
    };
    let link = |key: &str, url: &str| lang.tr_args(key, &[("url", url.into())]);
    let open = match &links.tournament {
        Some(url) if job.key.kind == MailKind::TournamentEnded => link("mail-open-tournament", url),
        _ => link("mail-open-game", &links.game),
    };
    let body = [
        lang.tr_args(body, &args),
        String::new(),
        open,
        String::new(),
        "-- ".to_string(),
        lang.tr("mail-footer"),
        link("mail-settings", &links.settings),
        link("mail-unsubscribe", &links.unsubscribe),
    ]
    .join("\n");
    Letter {
        subject: lang.tr_args(subject, &args),
        body,
    }
}

/// `ms` since the epoch as `2026-11-23 14:05 UTC`.
fn utc_minute(ms: i64) -> String {
    let stamp = crate::domain::time::rfc3339(ms.div_euclid(1000));
    format!("{} {} UTC", &stamp[..10], &stamp[11..16])
}
