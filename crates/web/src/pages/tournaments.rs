//! Tournaments: the list (upcoming, running, finished) with the form that creates one, and a
//! tournament's page with its entries, standings and every round's tables, linked to their
//! games and replays. The page's script asks for the tournament now and then and redraws its
//! live part when anything changed (a table ended, a round started). The data types are the
//! JSON of `GET /api/tournaments…` as well, so the page and the API show the same thing.

use fluent_bundle::FluentValue;
use maud::{html, Markup};
use serde::Serialize;

use super::layout::{document, Page};
use super::play_now::paces;
use crate::i18n::Lang;

/// Where the pages send their requests.
pub const TOURNAMENTS_API: &str = "/api/tournaments";

/// A tournament in a list.
#[derive(Clone, Debug, Serialize)]
pub struct TournamentSummary {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Its creator's name.
    pub creator: String,
    /// Players per table.
    pub players: u8,
    /// The pace's name (`live-20`, `days-1`, …).
    pub pace: &'static str,
    /// How many rounds.
    pub rounds: u8,
    /// When round 1 starts, RFC 3339.
    pub starts_at: String,
    /// The same, in milliseconds since the epoch.
    pub starts_at_ms: i64,
    /// Live: minutes from one round's start to the next's; 0 turn-based.
    pub round_minutes: u32,
    /// Whether its games are rated.
    pub rated: bool,
    /// The lowest rating that may enter.
    pub min_rating: Option<i32>,
    /// The fewest finished games that may enter.
    pub min_games: u32,
    /// `upcoming`, `running`, `finished` or `cancelled`.
    pub status: &'static str,
    /// The round being played (0 before the start).
    pub round: u32,
    /// How many entered.
    pub entries: u32,
}

/// The lists of the tournaments page.
#[derive(Clone, Debug, Default, Serialize)]
pub struct TournamentLists {
    /// Open for entries, soonest first.
    pub upcoming: Vec<TournamentSummary>,
    /// Being played, newest first.
    pub running: Vec<TournamentSummary>,
    /// Over, newest first.
    pub finished: Vec<TournamentSummary>,
}

/// One entrant.
#[derive(Clone, Debug, Serialize)]
pub struct EntrantView {
    /// Their name.
    pub name: String,
    /// Rating at the tournament's player count, rounded.
    pub rating: i64,
    /// Whether they left after the start (later rounds do not seat them).
    pub withdrawn: bool,
}

/// One line of the standings; points in tournament points (halves show as .5).
#[derive(Clone, Debug, Serialize)]
pub struct StandingView {
    /// 1 for the leader; equal players share a rank.
    pub rank: u32,
    /// The player's name.
    pub name: String,
    /// Tournament points.
    pub points: f64,
    /// Opponents' score, the first tiebreak.
    pub opponents: f64,
    /// Victory points over all tables, the second tiebreak.
    pub vp: u32,
    /// Tables played.
    pub played: u32,
    /// Rounds sat out.
    pub byes: u32,
    /// Whether they left after the start.
    pub withdrawn: bool,
}

/// One player at a table; the result once the table has ended.
#[derive(Clone, Debug, Serialize)]
pub struct TablePlayerView {
    /// Their name.
    pub name: String,
    /// Their rank at the table (1 = won; shared on a tie).
    pub rank: Option<u8>,
    /// Their final victory points.
    pub vp: Option<u32>,
    /// Tournament points this table gave them.
    pub points: Option<f64>,
}

/// One table of a round.
#[derive(Clone, Debug, Serialize)]
pub struct TableView {
    /// Its number, from 1.
    pub table: u32,
    /// Its game.
    pub game: Option<String>,
    /// Its game's status, once created.
    pub status: Option<&'static str>,
    /// Its players, by result once it ended.
    pub players: Vec<TablePlayerView>,
}

/// One round.
#[derive(Clone, Debug, Serialize)]
pub struct RoundView {
    /// Its number, from 1.
    pub round: u32,
    /// Its tables.
    pub tables: Vec<TableView>,
    /// Who sat out.
    pub byes: Vec<String>,
}

/// Where the viewer stands in a tournament.
#[derive(Clone, Debug, Serialize)]
pub struct YouView {
    /// Whether they entered.
    pub entered: bool,
    /// Whether they left after the start.
    pub withdrawn: bool,
    /// Their game in the round being played, while it is played.
    pub game: Option<String>,
    /// Whether their game in the round being played is over: they wait for the next round.
    pub game_over: bool,
}

/// A tournament with everything its page shows.
#[derive(Clone, Debug, Serialize)]
pub struct TournamentView {
    /// What it is.
    #[serde(flatten)]
    pub tournament: TournamentSummary,
    /// Entrants in entry order.
    pub entrants: Vec<EntrantView>,
    /// The standings, best first.
    pub standings: Vec<StandingView>,
    /// Rounds, first first.
    pub rounds: Vec<RoundView>,
    /// The viewer, if signed in.
    pub you: Option<YouView>,
    /// Changes whenever anything shown changes.
    pub stamp: String,
}

/// Tournament points as a reader writes them: 1.5 with the language's decimal sign, whole
/// points without one.
fn points(lang: Lang, value: f64) -> String {
    let places = if value.fract() == 0.0 { 0 } else { 1 };
    lang.decimal(value as f32, places, false)
}

fn pace_words(lang: Lang, pace: &str) -> String {
    paces(lang)
        .into_iter()
        .find(|(name, _)| name == pace)
        .map_or_else(|| pace.to_string(), |(_, words)| words)
}

fn status_words(lang: Lang, summary: &TournamentSummary) -> String {
    match summary.status {
        "running" => lang.tr_args(
            "tournament-status-running",
            &[
                ("round", FluentValue::from(summary.round)),
                ("rounds", FluentValue::from(summary.rounds)),
            ],
        ),
        status => lang.tr(&format!("tournament-status-{status}")),
    }
}

/// A start time: UTC in the page, shown in the reader's own time zone by the script.
fn start_time(summary: &TournamentSummary) -> Markup {
    html! { time datetime=(summary.starts_at) data-local-time="" { (summary.starts_at.replace('T', " ").replace('Z', " UTC")) } }
}

/// A short list of tournaments, each a link with where it stands (the lobby's "my
/// tournaments").
pub(crate) fn tournament_links(lang: Lang, tournaments: &[TournamentSummary]) -> Markup {
    html! {
        ul class="tournament-links" {
            @for t in tournaments {
                li { a href={ "/tournaments/" (t.id) } { (t.name) } " – " (status_words(lang, t)) }
            }
        }
    }
}

fn list_table(lang: Lang, heading: &str, tournaments: &[TournamentSummary]) -> Markup {
    html! {
        section class="card" {
            h2 { (heading) }
            @if tournaments.is_empty() {
                p class="muted" { (lang.tr("tournaments-none")) }
            } @else {
                table class="tournaments" {
                    thead { tr {
                        th { (lang.tr("tournament-name")) }
                        th { (lang.tr("tournament-table-size")) }
                        th { (lang.tr("play-now-pace")) }
                        th { (lang.tr("tournament-starts")) }
                        th { (lang.tr("tournament-entries")) }
                        th { (lang.tr("tournament-status")) }
                    } }
                    // Each cell names its column (`data-label`): on a phone a row is shown as
                    // lines of a label and its value, the table being wider than the screen.
                    tbody {
                        @for t in tournaments {
                            tr {
                                td data-label=(lang.tr("tournament-name")) { a href={ "/tournaments/" (t.id) } { (t.name) } }
                                td data-label=(lang.tr("tournament-table-size")) { (t.players) }
                                td data-label=(lang.tr("play-now-pace")) { (pace_words(lang, t.pace)) }
                                td data-label=(lang.tr("tournament-starts")) { (start_time(t)) }
                                td data-label=(lang.tr("tournament-entries")) { (t.entries) }
                                td data-label=(lang.tr("tournament-status")) { (status_words(lang, t)) }
                            }
                        }
                    }
                }
            }
        }
    }
}

fn create_form(lang: Lang) -> Markup {
    html! {
        section class="card" {
            h2 { (lang.tr("tournament-create")) }
            form id="tournament-form" data-api=(TOURNAMENTS_API) novalidate {
                label for="tournament-name" { (lang.tr("tournament-name")) }
                input id="tournament-name" name="name" required minlength="3" maxlength="60";
                label for="tournament-players" { (lang.tr("tournament-table-size")) }
                select id="tournament-players" name="players" {
                    @for n in 2..=4u8 { option value=(n) selected[n == 4] { (n) } }
                }
                label for="tournament-pace" { (lang.tr("play-now-pace")) }
                select id="tournament-pace" name="pace" {
                    @for (value, words) in paces(lang) { option value=(value) { (words) } }
                }
                label for="tournament-rounds" { (lang.tr("tournament-rounds")) }
                input id="tournament-rounds" name="rounds" type="number" min="1" max="10" value="3";
                label for="tournament-start" { (lang.tr("tournament-starts")) }
                input id="tournament-start" name="starts_at" type="datetime-local" required;
                label for="tournament-round-minutes" { (lang.tr("tournament-round-minutes")) }
                input id="tournament-round-minutes" name="round_minutes" type="number" min="10" max="600"
                    placeholder=(lang.tr("tournament-round-minutes-default"));
                label class="check" {
                    input type="checkbox" name="rated" checked;
                    " " (lang.tr("tournament-rated"))
                }
                label for="tournament-min-rating" { (lang.tr("tournament-min-rating")) }
                input id="tournament-min-rating" name="min_rating" type="number" min="0" max="3000";
                label for="tournament-min-games" { (lang.tr("tournament-min-games")) }
                input id="tournament-min-games" name="min_games" type="number" min="0" max="1000" value="0";
                p class="hint" { (lang.tr("tournament-create-note")) }
                p class="form-error" role="alert" hidden {}
                button type="submit" class="primary" data-working=(lang.tr("form-working")) {
                    (lang.tr("tournament-create-submit"))
                }
            }
        }
    }
}

/// The tournaments page: the lists, and the form for a person signed in.
pub fn tournaments(lang: Lang, user: Option<&str>, csrf: &str, lists: &TournamentLists) -> String {
    let page = Page::new(lang, user, csrf, "tournaments");
    let title = lang.tr("tournaments-title");
    document(
        &page,
        &title,
        html! {
            h1 { (title) }
            p { (lang.tr("tournaments-intro")) }
            (list_table(lang, &lang.tr("tournaments-upcoming"), &lists.upcoming))
            (list_table(lang, &lang.tr("tournaments-running"), &lists.running))
            @if user.is_some() { (create_form(lang)) }
            (list_table(lang, &lang.tr("tournaments-finished"), &lists.finished))
        },
    )
}

fn facts(lang: Lang, t: &TournamentSummary) -> Markup {
    // Each term with its value in a `div` (allowed in a `dl`), so that the pairs wrap as one
    // strip across the page instead of a column as tall as the screen.
    html! {
        dl class="facts" {
            div { dt { (lang.tr("tournament-status")) } dd { (status_words(lang, t)) } }
            div { dt { (lang.tr("tournament-creator")) } dd { a href={ "/players/" (t.creator) } { (t.creator) } } }
            div { dt { (lang.tr("tournament-table-size")) } dd { (t.players) } }
            div { dt { (lang.tr("play-now-pace")) } dd { (pace_words(lang, t.pace)) } }
            div { dt { (lang.tr("tournament-rounds")) } dd { (t.rounds) } }
            div { dt { (lang.tr("tournament-starts")) } dd { (start_time(t)) } }
            @if t.round_minutes > 0 {
                div { dt { (lang.tr("tournament-round-minutes")) } dd { (t.round_minutes) } }
            }
            div { dt { (lang.tr("tournament-rated")) } dd { (lang.tr(if t.rated { "tournament-yes" } else { "tournament-no" })) } }
            @if let Some(min) = t.min_rating {
                div { dt { (lang.tr("tournament-min-rating")) } dd { (min) } }
            }
            @if t.min_games > 0 {
                div { dt { (lang.tr("tournament-min-games")) } dd { (t.min_games) } }
            }
        }
    }
}

fn standings(lang: Lang, view: &TournamentView) -> Markup {
    html! {
        section class="card" {
            h2 { (lang.tr("tournament-standings")) }
            table class="standings" {
                thead { tr {
                    th { "#" } th { (lang.tr("end-player")) } th { (lang.tr("tournament-points")) }
                    th { (lang.tr("tournament-opponents")) } th { (lang.tr("tournament-vp")) }
                    th { (lang.tr("tournament-played")) }
                } }
                tbody {
                    @for line in &view.standings {
                        tr {
                            td { (line.rank) }
                            td {
                                a href={ "/players/" (line.name) } { (line.name) }
                                @if line.withdrawn { " " span class="muted" { (lang.tr("tournament-withdrew")) } }
                            }
                            td { (points(lang, line.points)) }
                            td { (points(lang, line.opponents)) }
                            td { (line.vp) }
                            td {
                                (line.played)
                                @if line.byes > 0 { " " (lang.tr_args("tournament-byes", &[("byes", FluentValue::from(line.byes))])) }
                            }
                        }
                    }
                }
            }
            p class="hint" { (lang.tr("tournament-tiebreaks")) }
        }
    }
}

fn round_section(lang: Lang, round: &RoundView) -> Markup {
    html! {
        section class="card round" {
            h3 { (lang.tr_args("tournament-round", &[("round", FluentValue::from(round.round))])) }
            ol class="round-tables" {
                @for table in &round.tables {
                    li {
                        strong { (lang.tr_args("tournament-table", &[("table", FluentValue::from(table.table))])) }
                        " "
                        @if let Some(game) = &table.game {
                            @match table.status {
                                Some("finished") | Some("abandoned") => a href={ "/games/" (game) "/replay" } { (lang.tr("tournament-replay")) },
                                Some(_) => a href={ "/games/" (game) } { (lang.tr("tournament-watch")) },
                                None => span class="muted" { (lang.tr("tournament-seating")) },
                            }
                        }
                        ul {
                            @for player in &table.players {
                                li {
                                    (player.name)
                                    @if let (Some(rank), Some(vp), Some(gained)) = (player.rank, player.vp, player.points) {
                                        " – " (lang.tr_args("tournament-table-result", &[
                                            ("rank", FluentValue::from(rank)),
                                            ("vp", FluentValue::from(vp)),
                                            ("points", FluentValue::from(points(lang, gained))),
                                        ]))
                                    }
                                }
                            }
                        }
                    }
                }
            }
            @if !round.byes.is_empty() {
                p { (lang.tr("tournament-bye-list")) " " (round.byes.join(", ")) }
            }
        }
    }
}

/// What the page redraws when the tournament changes.
fn live_part(lang: Lang, view: &TournamentView, signed_in: bool) -> Markup {
    let t = &view.tournament;
    html! {
        div id="tournament-live" data-stamp=(view.stamp) {
            (facts(lang, t))
            @if let Some(you) = &view.you {
                @if let Some(game) = &you.game {
                    @if t.status == "running" {
                        p class="notice" role="status" {
                            (lang.tr("tournament-your-table")) " "
                            a class="button primary" href={ "/games/" (game) } { (lang.tr("tournament-go-to-table")) }
                        }
                    }
                }
                @if t.status == "running" && you.game_over && !you.withdrawn {
                    p class="notice" role="status" {
                        @if t.round < u32::from(t.rounds) {
                            (lang.tr("tournament-game-over-next-round"))
                        } @else {
                            (lang.tr("tournament-game-over-last-round"))
                        }
                    }
                }
                @if t.status == "running" && you.entered {
                    p {
                        @if you.withdrawn {
                            (lang.tr("tournament-you-withdrew"))
                        } @else {
                            button type="button" data-tournament-action="withdraw"
                                data-confirm=(lang.tr("tournament-leave-confirm")) { (lang.tr("tournament-leave")) }
                        }
                    }
                    p class="form-error" role="alert" hidden {}
                }
                @if t.status == "upcoming" {
                    p {
                        @if you.entered {
                            (lang.tr("tournament-entered")) " "
                            button type="button" data-tournament-action="withdraw" { (lang.tr("tournament-withdraw")) }
                        } @else {
                            button type="button" class="primary" data-tournament-action="enter" { (lang.tr("tournament-enter")) }
                        }
                    }
                    p class="form-error" role="alert" hidden {}
                }
            } @else if !signed_in && t.status == "upcoming" {
                p { a href="/login" { (lang.tr("tournament-sign-in")) } }
            }
            div class="tournament-columns" {
                div {
                    @if !view.standings.is_empty() && t.status != "upcoming" {
                        (standings(lang, view))
                    }
                    (entrants(lang, view))
                }
                @if !view.rounds.is_empty() {
                    div {
                        @for round in view.rounds.iter().rev() {
                            (round_section(lang, round))
                        }
                    }
                }
            }
        }
    }
}

fn entrants(lang: Lang, view: &TournamentView) -> Markup {
    html! {
        section class="card" {
            h2 { (lang.tr_args("tournament-entrants", &[("count", FluentValue::from(view.entrants.len()))])) }
            @if view.entrants.is_empty() {
                p class="muted" { (lang.tr("tournament-no-entrants")) }
            } @else {
                ol class="entrants" {
                    @for entrant in &view.entrants {
                        li {
                            a href={ "/players/" (entrant.name) } { (entrant.name) } " (" (entrant.rating) ")"
                            @if entrant.withdrawn { " " span class="muted" { (lang.tr("tournament-withdrew")) } }
                        }
                    }
                }
            }
        }
    }
}

/// A tournament's page.
pub fn tournament(lang: Lang, user: Option<&str>, csrf: &str, view: &TournamentView) -> String {
    let page = Page::new(lang, user, csrf, "tournament");
    let t = &view.tournament;
    document(
        &page,
        &t.name,
        html! {
            div id="tournament" data-api={ (TOURNAMENTS_API) "/" (t.id) }
                data-round-started=(lang.tr("tournament-round-started")) data-over=(lang.tr("tournament-over")) {
                p { a href="/tournaments" { (lang.tr("tournaments-back")) } }
                h1 { (t.name) }
                (live_part(lang, view, user.is_some()))
            }
        },
    )
}
