//! The analysis beside a finished game's replay: a button to ask for it, its progress while a
//! node works on it, then a chart of each player's chance to win over the rounds (SVG drawn
//! here, on the server) and the three turns that cost the most, each a link to its position.

use helvetia_engine::{Seat, VillageId};
use maud::{html, Markup, PreEscaped};

use crate::table::pieces::colour;
use crate::{evaluation_terms, Lang};

/// Where the analysis of a game stands, for the page.
#[derive(Clone, Debug, PartialEq)]
pub enum AnalysisStanding {
    /// Not asked for yet; `can_ask` when the reader is logged in.
    None {
        /// Whether the reader may ask for it.
        can_ask: bool,
    },
    /// Asked for; `done` of `total` turns analysed (`total` 0 until a node has started).
    Pending {
        /// Turns analysed.
        done: u32,
        /// Turns to analyse.
        total: u32,
    },
    /// Done.
    Done(AnalysisSummary),
    /// It could not be made.
    Failed,
}

/// What the page shows of a finished analysis, already in words.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalysisSummary {
    /// The players' names by seat.
    pub names: Vec<String>,
    /// Each player's chance to win at the start of each round, then at the end.
    pub points: Vec<ChartPoint>,
    /// The costliest turns, costliest first (at most three).
    pub costly: Vec<CostlyTurn>,
    /// Search iterations per turn.
    pub iterations: u32,
}

/// One point of the chart.
#[derive(Clone, Debug, PartialEq)]
pub struct ChartPoint {
    /// The round (0 for the setup); `None` for the end of the game.
    pub round: Option<u16>,
    /// Each seat's chance to win, 0 to 1.
    pub chances: Vec<f32>,
}

/// A turn that cost its player, in words.
#[derive(Clone, Debug, PartialEq)]
pub struct CostlyTurn {
    /// The replay step of the position the turn began in.
    pub step: usize,
    /// The round.
    pub round: u16,
    /// The player.
    pub seat: u8,
    /// Chance to win lost against the preferred turn, 0 to 1.
    pub lost: f32,
    /// The decisions as played.
    pub played: Vec<String>,
    /// The decisions the search prefers.
    pub preferred: Vec<String>,
    /// The evaluation's terms that differ most: the term's key and the victory points by which
    /// the preferred turn is better (negative: worse).
    pub why: Vec<(&'static str, f32)>,
}

/// The analysis section of the replay page.
pub fn panel(lang: Lang, game_id: &str, standing: &AnalysisStanding) -> Markup {
    html! {
        section class="analysis" data-game-id=(game_id) data-state=(state_name(standing)) {
            h2 { (lang.tr("analysis-title")) }
            @match standing {
                AnalysisStanding::None { can_ask: true } => {
                    p { (lang.tr("analysis-explained")) }
                    button type="button" data-analysis-ask { (lang.tr("analysis-ask")) }
                }
                AnalysisStanding::None { can_ask: false } => {
                    p { (lang.tr("analysis-log-in")) }
                }
                AnalysisStanding::Pending { done, total } => {
                    p class="analysis-progress" {
                        (lang.tr("analysis-running")) " "
                        progress value=(done) max=((*total).max(1)) {}
                        " " output { (done) " / " (total) }
                    }
                }
                AnalysisStanding::Failed => p { (lang.tr("analysis-failed")) },
                AnalysisStanding::Done(summary) => (finished(lang, summary)),
            }
        }
    }
}

fn state_name(standing: &AnalysisStanding) -> &'static str {
    match standing {
        AnalysisStanding::None { .. } => "none",
        AnalysisStanding::Pending { .. } => "pending",
        AnalysisStanding::Done(_) => "done",
        AnalysisStanding::Failed => "failed",
    }
}

fn finished(lang: Lang, summary: &AnalysisSummary) -> Markup {
    html! {
        p { (lang.tr("analysis-chart-caption")) }
        (chart(lang, summary))
        h3 { (lang.tr("analysis-costly-title")) }
        @if summary.costly.is_empty() {
            p { (lang.tr("analysis-no-costly")) }
        }
        ol class="analysis-costly" {
            @for turn in &summary.costly {
                li { (costly_turn(lang, summary, turn)) }
            }
        }
        p class="analysis-method" {
            (lang.tr_args("analysis-method", &[("iterations", summary.iterations.into())]))
        }
    }
}

fn costly_turn(lang: Lang, summary: &AnalysisSummary, turn: &CostlyTurn) -> Markup {
    let name = summary
        .names
        .get(turn.seat as usize)
        .cloned()
        .unwrap_or_default();
    let lost = format!("{:.0}", turn.lost * 100.0);
    html! {
        p class="analysis-turn-head" {
            (swatch(usize::from(turn.seat)))
            " "
            (lang.tr_args("analysis-turn", &[
                ("round", turn.round.into()),
                ("name", name.into()),
                ("lost", lost.into()),
            ]))
            " "
            button type="button" data-jump-step=(turn.step) { (lang.tr("analysis-show-position")) }
        }
        p { strong { (lang.tr("analysis-played")) } " " (turn.played.join(" · ")) }
        p { strong { (lang.tr("analysis-preferred")) } " " (turn.preferred.join(" · ")) }
        @if !turn.why.is_empty() {
            p {
                strong { (lang.tr("analysis-why")) } " " (evaluation_terms(lang, &turn.why))
            }
        }
    }
}

/// Chart size in SVG units.
const WIDTH: f32 = 640.0;
const HEIGHT: f32 = 220.0;
const LEFT: f32 = 44.0;
const BOTTOM: f32 = 28.0;
const TOP: f32 = 10.0;
const RIGHT: f32 = 12.0;

/// A line per player over the rounds, 0–100 % up the side, with its name in the legend.
fn chart(lang: Lang, summary: &AnalysisSummary) -> Markup {
    let points = &summary.points;
    let steps = points.len().saturating_sub(1).max(1) as f32;
    let x = |i: usize| LEFT + (WIDTH - LEFT - RIGHT) * i as f32 / steps;
    let y = |chance: f32| TOP + (HEIGHT - TOP - BOTTOM) * (1.0 - chance.clamp(0.0, 1.0));
    let mut grid = String::new();
    for percent in [0u8, 25, 50, 75, 100] {
        let at = y(f32::from(percent) / 100.0);
        grid.push_str(&format!(
            r##"<line x1="{LEFT}" y1="{at:.1}" x2="{:.1}" y2="{at:.1}" stroke="#ddd"/><text x="{:.1}" y="{:.1}" text-anchor="end" font-size="11">{percent} %</text>"##,
            WIDTH - RIGHT,
            LEFT - 6.0,
            at + 4.0
        ));
    }
    for (i, point) in points.iter().enumerate() {
        let label = match point.round {
            Some(round) => round.to_string(),
            None => lang.tr("analysis-end"),
        };
        grid.push_str(&format!(
            r#"<text x="{:.1}" y="{:.1}" text-anchor="middle" font-size="11">{}</text>"#,
            x(i),
            HEIGHT - 8.0,
            maud::html! { (label) }.into_string()
        ));
    }
    let lines: String = summary
        .names
        .iter()
        .enumerate()
        .map(|(seat, name)| {
            let path: Vec<String> = points
                .iter()
                .enumerate()
                .map(|(i, p)| format!("{:.1},{:.1}", x(i), y(p.chances.get(seat).copied().unwrap_or(0.0))))
                .collect();
            maud::html! {
                polyline class="analysis-line" data-seat=(seat) fill="none" stroke-width="2.5"
                    stroke=(colour(VillageId::Player(Seat(seat as u8)))) stroke-dasharray=[dashes(seat)]
                    points=(path.join(" ")) { title { (name) } }
            }
            .into_string()
        })
        .collect();
    let title = lang.tr("analysis-chart-title");
    html! {
        figure class="analysis-chart" {
            svg viewBox={ "0 0 " (WIDTH) " " (HEIGHT) } role="img" aria-label=(title) {
                title { (title) }
                (PreEscaped(grid))
                (PreEscaped(lines))
            }
            // Each name beside a piece of its line, drawn in its colour and dashes: the
            // legend says whose line is whose without relying on colour alone.
            figcaption class="analysis-legend" {
                @for (seat, name) in summary.names.iter().enumerate() {
                    span class="legend-entry" data-seat=(seat) { (swatch(seat)) " " (name) }
                    " "
                }
            }
        }
    }
}

/// A piece of `seat`'s line, in its colour and dashes, for the legend and the costly turns.
fn swatch(seat: usize) -> Markup {
    html! {
        svg class="legend-swatch" viewBox="0 0 32 10" width="32" height="10" aria-hidden="true" {
            line x1="1" y1="5" x2="31" y2="5" stroke-width="2.5"
                stroke=(colour(VillageId::Player(Seat(seat as u8)))) stroke-dasharray=[dashes(seat)] {}
        }
    }
}

/// The dash pattern of `seat`'s line: solid, dashed, dotted, dash-dot. Lines told apart by
/// their shape as well as their colour.
fn dashes(seat: usize) -> Option<&'static str> {
    ["", "9 4", "2 4", "10 4 2 4"]
        .get(seat)
        .copied()
        .filter(|d| !d.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary() -> AnalysisSummary {
        AnalysisSummary {
            names: vec![
                "anna".into(),
                "Bot 1 (casual)".into(),
                "Bot 2 (casual)".into(),
            ],
            points: vec![
                ChartPoint {
                    round: Some(1),
                    chances: vec![0.3, 0.4, 0.3],
                },
                ChartPoint {
                    round: None,
                    chances: vec![1.0, 0.0, 0.0],
                },
            ],
            costly: vec![CostlyTurn {
                step: 12,
                round: 1,
                seat: 1,
                lost: 0.25,
                played: vec!["end turn".into()],
                preferred: vec!["build".into()],
                why: vec![("buildings", -0.5)],
            }],
            iterations: 100,
        }
    }

    /// The legend's entries: each one's stroke, dashes and name.
    fn legend(html: &str) -> Vec<(String, String, String)> {
        let legend = &html[html.find("analysis-legend").expect("a legend")..];
        legend
            .split("class=\"legend-entry\"")
            .skip(1)
            .map(|entry| {
                let attr = |name: &str| {
                    entry
                        .split(&format!(" {name}=\""))
                        .nth(1)
                        .map_or("", |rest| &rest[..rest.find('"').unwrap()])
                        .to_string()
                };
                let name = entry[entry.find("</svg>").unwrap() + 6..]
                    .split('<')
                    .next()
                    .unwrap()
                    .trim()
                    .to_string();
                (attr("stroke"), attr("stroke-dasharray"), name)
            })
            .collect()
    }

    #[test]
    fn the_legend_draws_each_players_line_beside_their_name() {
        let html = panel(Lang::En, "g1", &AnalysisStanding::Done(summary())).into_string();
        // The page's security policy allows no inline style: a colour there would not show.
        assert!(!html.contains("style="), "{html}");
        let entries = legend(&html);
        assert_eq!(entries.len(), 3, "{html}");
        for (seat, (stroke, dashes, name)) in entries.iter().enumerate() {
            assert_eq!(name, &summary().names[seat]);
            let line = html
                .split("class=\"analysis-line\"")
                .nth(seat + 1)
                .expect("a line per player");
            assert!(line.contains(&format!("stroke=\"{stroke}\"")), "{line}");
            if !dashes.is_empty() {
                assert!(line.contains(&format!("stroke-dasharray=\"{dashes}\"")));
            }
        }
        // Told apart by the shape of the line, not its colour alone.
        let mut shapes: Vec<&String> = entries.iter().map(|(_, dashes, _)| dashes).collect();
        shapes.dedup();
        assert_eq!(shapes.len(), 3, "{entries:?}");
    }

    #[test]
    fn points_are_written_as_each_language_writes_numbers() {
        let points = |lang: Lang| {
            let html = panel(lang, "g1", &AnalysisStanding::Done(summary())).into_string();
            html.contains("-0,5")
        };
        assert!(points(Lang::De));
        assert!(points(Lang::Fr));
        assert!(points(Lang::It));
        assert!(!points(Lang::En));
        assert_eq!(Lang::De.decimal(-0.5, 1, true), "-0,5");
        assert_eq!(Lang::En.decimal(-0.5, 1, true), "-0.5");
        assert_eq!(Lang::It.decimal(1.3, 1, true), "+1,3");
        assert_eq!(Lang::Zh.decimal(2.0, 1, false), "2.0");
    }
}
