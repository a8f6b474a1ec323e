//! The players' pages: the leaderboard (one per player count) and each player's profile, with
//! their rating history drawn as an SVG chart on the server.

use fluent_bundle::FluentValue;
use maud::{html, Markup};

use super::layout::{document, Page};
use crate::i18n::Lang;

/// One line of the leaderboard.
pub struct LeaderRow {
    /// The player's name.
    pub name: String,
    /// Rating, rounded.
    pub rating: i64,
    /// Its deviation, rounded.
    pub deviation: i64,
    /// Rated games at this player count.
    pub games: i64,
    /// A built-in bot level on the bot ladder (`name` is its level): an anchor, not an account.
    pub built_in: bool,
}

/// Which leaderboard: people's ratings, or the bot ladder (bot accounts, with the built-in
/// levels as anchors).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ladder {
    /// People's ratings.
    People,
    /// Bot accounts' ratings from games among bots.
    Bots,
}

impl Ladder {
    /// The page's address, without its query.
    pub fn path(self) -> &'static str {
        match self {
            Ladder::People => "/leaderboard",
            Ladder::Bots => "/leaderboard/bots",
        }
    }
}

/// Everything a profile shows.
pub struct Profile {
    /// The player's name.
    pub name: String,
    /// Whether it is a bot account (a program playing through the API).
    pub bot: bool,
    /// The last day (UTC) of the vacation they are on now, if they are.
    pub on_vacation_until: Option<String>,
    /// Current ratings: player count, rating, deviation, rated games.
    pub ratings: Vec<(u8, i64, i64, i64)>,
    /// Rating after each rated game, oldest first: player count and rating.
    pub history: Vec<(u8, f64)>,
    /// Their puzzle rating and the puzzles they tried, once they tried one.
    pub puzzles: Option<(i64, i64)>,
    /// Their latest puzzles tried, the latest first.
    pub puzzle_history: Vec<ProfilePuzzle>,
    /// Games started with them in a seat.
    pub played: i64,
    /// Of those, finished.
    pub finished: i64,
    /// Of those, given up: their clock ran out and they did not take the seat back, or the
    /// players ended the game without a result.
    pub abandoned: i64,
    /// Their latest games: id, players, status, when created.
    pub games: Vec<ProfileGame>,
}

/// A puzzle in a profile's list: their first attempt at it, the rated one.
pub struct ProfilePuzzle {
    /// Whether they solved it.
    pub solved: bool,
    /// Their puzzle rating before and after it.
    pub before: i64,
    /// After.
    pub after: i64,
    /// When (RFC 3339).
    pub at: String,
}

/// A game in a profile's list.
pub struct ProfileGame {
    /// The game's id.
    pub id: String,
    /// The players' names.
    pub players: Vec<String>,
    /// `"running"` or `"finished"`.
    pub status: String,
    /// When it was created, as text.
    pub created_at: String,
    /// How it ended for the profile's player, once finished.
    pub result: Option<GameResult>,
}

/// How a finished game ended for one player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// They alone won.
    Won,
    /// They won with others (the tie-break left them level).
    Shared,
    /// Someone else won: the winners' names.
    Lost(Vec<String>),
    /// The game ended without a result (the players voted it off when the clocks ran out).
    NoResult,
}

/// The player counts with a leaderboard.
pub const PLAYER_COUNTS: [u8; 3] = [2, 3, 4];

/// The leaderboard of games of `players`, of people or of bots.
pub fn leaderboard(
    lang: Lang,
    user: Option<&str>,
    csrf: &str,
    (ladder, players): (Ladder, u8),
    rows: &[LeaderRow],
) -> String {
    let page = Page::new(lang, user, csrf, "leaderboard");
    let (title, other, other_key, note) = match ladder {
        Ladder::People => (
            lang.tr("leaderboard-title"),
            Ladder::Bots,
            "leaderboard-to-bots",
            "leaderboard-note",
        ),
        Ladder::Bots => (
            lang.tr("leaderboard-bots-title"),
            Ladder::People,
            "leaderboard-to-people",
            "leaderboard-bots-note",
        ),
    };
    document(
        &page,
        &title,
        html! {
            h1 { (title) }
            p { a href={ (other.path()) "?players=" (players) } { (lang.tr(other_key)) } }
            nav class="tabs" {
                @for count in PLAYER_COUNTS {
                    a href={ (ladder.path()) "?players=" (count) } aria-current=[(count == players).then_some("page")] {
                        (lang.tr_args("leaderboard-players", &[("players", FluentValue::from(count))]))
                    }
                }
            }
            @if rows.is_empty() {
                p class="muted" { (lang.tr("leaderboard-empty")) }
            } @else {
                table class="leaderboard" {
                    thead { tr {
                        th { "#" } th { (lang.tr("end-player")) } th { (lang.tr("profile-rating")) }
                        th { "±" } th { (lang.tr("profile-rated-games")) }
                    } }
                    tbody {
                        @for (i, row) in rows.iter().enumerate() {
                            tr {
                                td { (i + 1) }
                                @if row.built_in {
                                    td { (crate::bot_names::bot_name(lang, &row.name)) " " (super::icons::robot(lang)) }
                                } @else if ladder == Ladder::Bots {
                                    td { a href={ "/players/" (row.name) } { (row.name) } " " (super::icons::robot(lang)) }
                                } @else {
                                    td { a href={ "/players/" (row.name) } { (row.name) } }
                                }
                                td { (row.rating) }
                                td { (row.deviation) }
                                @if row.built_in { td { (lang.tr("leaderboard-anchor")) } } @else { td { (row.games) } }
                            }
                        }
                    }
                }
                p class="muted small" { (lang.tr(note)) }
            }
        },
    )
}

/// A player's profile page.
pub fn profile(lang: Lang, user: Option<&str>, csrf: &str, profile: &Profile) -> String {
    let page = Page::new(lang, user, csrf, "profile");
    document(
        &page,
        &profile.name,
        html! {
            h1 { (profile.name) }
            @if profile.bot {
                p class="bot-account-badge" { (lang.tr("profile-bot-account")) }
            }
            @if let Some(until) = &profile.on_vacation_until {
                p class="vacation-badge" id="on-vacation" {
                    (lang.tr_args("vacation-until", &[("date", until.clone().into())]))
                }
            }
            p class="profile-counts" {
                (lang.tr_args("profile-counts", &[
                    ("played", FluentValue::from(profile.played)),
                    ("finished", FluentValue::from(profile.finished)),
                    ("abandoned", FluentValue::from(profile.abandoned)),
                ]))
            }
            section {
                h2 { (lang.tr("profile-ratings")) }
                @if profile.ratings.is_empty() {
                    p class="muted" { (lang.tr("profile-unrated")) }
                } @else {
                    ul class="profile-ratings" {
                        @for (players, rating, deviation, games) in &profile.ratings {
                            li {
                                (lang.tr_args("leaderboard-players", &[("players", FluentValue::from(*players))]))
                                ": " strong { (rating) } " ± " (deviation) " · "
                                (lang.tr_args("profile-games", &[("games", FluentValue::from(*games))]))
                            }
                        }
                    }
                    // One point makes no line: the chart waits for a second rated game.
                    @if profile.history.len() > 1 {
                        (rating_chart(lang, &profile.history))
                    } @else {
                        p class="muted" { (lang.tr("profile-chart-later")) }
                    }
                }
            }
            section {
                h2 { (lang.tr("puzzles-title")) }
                @match profile.puzzles {
                    Some((rating, tried)) => p class="profile-puzzles" {
                        (lang.tr_args("profile-puzzles", &[
                            ("rating", FluentValue::from(rating)),
                            ("tried", FluentValue::from(tried)),
                        ]))
                    },
                    None => p class="muted" { (lang.tr("profile-no-puzzles")) },
                }
                @if !profile.puzzle_history.is_empty() {
                    h3 { (lang.tr("profile-puzzle-history")) }
                    ul class="puzzle-history" {
                        @for tried in &profile.puzzle_history {
                            li {
                                (lang.tr_args(
                                    if tried.solved { "profile-puzzle-solved" } else { "profile-puzzle-missed" },
                                    &[("before", FluentValue::from(tried.before)), ("after", FluentValue::from(tried.after))],
                                ))
                                " · " span class="muted small" { (super::lobby::readable_time(&tried.at)) }
                            }
                        }
                    }
                }
            }
            section {
                h2 { (lang.tr("profile-latest")) }
                @if profile.games.is_empty() {
                    p class="muted" { (lang.tr("lobby-empty")) }
                } @else {
                    ul class="games" {
                        @for game in &profile.games {
                            li {
                                @if let Some(result) = &game.result {
                                    strong class="result" { (result_words(lang, result)) } " · "
                                }
                                span { (game.players.join(", ")) }
                                " · " span class="muted small" { (super::lobby::readable_time(&game.created_at)) } " "
                                @if game.status == "finished" {
                                    a href={ "/games/" (game.id) "/replay" } { (lang.tr("end-replay")) }
                                } @else {
                                    a href={ "/games/" (game.id) } { (lang.tr("lobby-watch")) }
                                }
                            }
                        }
                    }
                }
            }
        },
    )
}

/// A finished game's result in words: "Won", "Shared victory", "Lost (winner: anna)".
fn result_words(lang: Lang, result: &GameResult) -> String {
    match result {
        GameResult::Won => lang.tr("profile-result-won"),
        GameResult::Shared => lang.tr("profile-result-shared"),
        GameResult::Lost(winners) => lang.tr_args(
            "profile-result-lost",
            &[("winners", winners.join(", ").into())],
        ),
        GameResult::NoResult => lang.tr("profile-result-none"),
    }
}

/// Chart size in SVG units.
const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 240.0;
const MARGIN: f64 = 36.0;

/// The rating after each rated game as one line per player count: games along, rating up.
pub fn rating_chart(lang: Lang, history: &[(u8, f64)]) -> Markup {
    let low = history.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
    let high = history
        .iter()
        .map(|p| p.1)
        .fold(f64::NEG_INFINITY, f64::max);
    // At least 100 points of rating shown, centred on the history.
    let middle = (low + high) / 2.0;
    let half = ((high - low) / 2.0).max(50.0) * 1.1;
    let (bottom, top) = (middle - half, middle + half);
    let steps = history.len().saturating_sub(1).max(1) as f64;
    let x = |i: usize| MARGIN + (WIDTH - 2.0 * MARGIN) * i as f64 / steps;
    let y = |rating: f64| {
        HEIGHT - MARGIN - (HEIGHT - 2.0 * MARGIN) * (rating - bottom) / (top - bottom)
    };
    let lines: Vec<(u8, String)> = PLAYER_COUNTS
        .iter()
        .filter_map(|&count| {
            let points: Vec<String> = history
                .iter()
                .enumerate()
                .filter(|(_, p)| p.0 == count)
                .map(|(i, p)| format!("{:.1},{:.1}", x(i), y(p.1)))
                .collect();
            (!points.is_empty()).then(|| (count, points.join(" ")))
        })
        .collect();
    html! {
        svg class="rating-chart" viewBox={ "0 0 " (WIDTH) " " (HEIGHT) } role="img"
            aria-label=(lang.tr("profile-chart")) {
            title { (lang.tr("profile-chart")) }
            line class="axis" x1=(MARGIN) y1=(HEIGHT - MARGIN) x2=(WIDTH - MARGIN) y2=(HEIGHT - MARGIN) {}
            line class="axis" x1=(MARGIN) y1=(MARGIN) x2=(MARGIN) y2=(HEIGHT - MARGIN) {}
            text class="tick" x=(MARGIN - 4.0) y=(y(top.round()) + 4.0) text-anchor="end" { (top.round()) }
            text class="tick" x=(MARGIN - 4.0) y=(y(bottom.round()) + 4.0) text-anchor="end" { (bottom.round()) }
            @for (count, points) in &lines {
                polyline class={ "rating-line players-" (count) } points=(points) {}
                @for point in points.split(' ').filter_map(|p| p.split_once(',')) {
                    circle class={ "rating-point players-" (count) } cx=(point.0) cy=(point.1) r="3" {}
                }
                @if let Some(last) = points.rsplit(' ').next().and_then(|p| p.split_once(',')) {
                    text class="line-label" x=(last.0) y=(last.1) dx="4" {
                        (lang.tr_args("leaderboard-players", &[("players", FluentValue::from(*count))]))
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chart_draws_one_line_per_player_count_within_its_frame() {
        let history = [(2, 1500.0), (2, 1562.0), (3, 1480.0), (2, 1600.0)];
        let svg = rating_chart(Lang::En, &history).into_string();
        assert_eq!(svg.matches("<polyline").count(), 2, "{svg}");
        assert!(svg.contains("players-2") && svg.contains("players-3"));
        let numbers: Vec<f64> = svg
            .split("points=\"")
            .skip(1)
            .flat_map(|rest| rest.split('"').next().unwrap().split([' ', ',']))
            .map(|n| n.parse().unwrap())
            .collect();
        assert_eq!(numbers.len(), 8);
        assert!(
            numbers.iter().all(|&n| (0.0..=WIDTH).contains(&n)),
            "{numbers:?}"
        );
    }

    fn profile_with(history: Vec<(u8, f64)>, result: Option<GameResult>) -> String {
        let game = ProfileGame {
            id: "g1".into(),
            players: vec!["anna".into(), "beat".into()],
            status: "finished".into(),
            created_at: "2026-11-21T10:00:00Z".into(),
            result,
        };
        profile(
            Lang::En,
            None,
            "t",
            &Profile {
                name: "anna".into(),
                bot: false,
                on_vacation_until: None,
                ratings: vec![(2, 1520, 290, history.len() as i64)],
                history,
                puzzles: Some((1360, 2)),
                puzzle_history: vec![ProfilePuzzle {
                    solved: true,
                    before: 1340,
                    after: 1360,
                    at: "2026-11-21T11:00:00Z".into(),
                }],
                played: 1,
                finished: 1,
                abandoned: 0,
                games: vec![game],
            },
        )
    }

    #[test]
    fn the_latest_games_say_how_each_ended() {
        let won = profile_with(vec![(2, 1520.0)], Some(GameResult::Won));
        assert!(
            won.contains("<strong class=\"result\">Won</strong>"),
            "{won}"
        );
        let lost = profile_with(
            vec![(2, 1480.0)],
            Some(GameResult::Lost(vec!["beat".into()])),
        );
        assert!(lost.contains("Lost (winner: beat)"), "{lost}");
        let running = profile_with(vec![(2, 1480.0)], None);
        assert!(!running.contains("class=\"result\""));
        assert!(running.contains("Recent puzzles") && running.contains("Solved, 1340 → 1360"));
    }

    #[test]
    fn the_rating_chart_waits_for_a_second_rated_game() {
        let one = profile_with(vec![(2, 1520.0)], Some(GameResult::Won));
        assert!(!one.contains("rating-chart"), "{one}");
        assert!(one.contains("after the second rated game"));
        let two = profile_with(vec![(2, 1520.0), (2, 1540.0)], Some(GameResult::Won));
        assert!(two.contains("<svg class=\"rating-chart\""), "{two}");
    }
}
