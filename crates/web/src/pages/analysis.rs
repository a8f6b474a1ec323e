//! The analysis beside a finished game's replay: a button to ask for it, its progress while a
//! node works on it, then a chart of each player's chance to win over the rounds (SVG drawn
//! here, on the server) and the three turns that cost the most, each a link to its position.

use helvetia_engine::{Seat, VillageId};
use maud::{html, Markup, PreEscaped};

use crate::table::pieces::colour;
use crate::Lang;

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
            span class="seat-dot" style={ "background:" (colour(VillageId::Player(Seat(turn.seat)))) } {}
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
                strong { (lang.tr("analysis-why")) } " "
                @for (i, (term, points)) in turn.why.iter().enumerate() {
                    @if i > 0 { ", " }
                    (lang.tr_args(&format!("analysis-term-{term}"), &[("points", format!("{points:+.1}").into())]))
                }
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
    let lines: String = (0..summary.names.len())
        .map(|seat| {
            let path: Vec<String> = points
                .iter()
                .enumerate()
                .map(|(i, p)| format!("{:.1},{:.1}", x(i), y(p.chances.get(seat).copied().unwrap_or(0.0))))
                .collect();
            format!(
                r#"<polyline class="analysis-line" data-seat="{seat}" fill="none" stroke-width="2.5" stroke="{}" points="{}"/>"#,
                colour(VillageId::Player(Seat(seat as u8))),
                path.join(" ")
            )
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
            figcaption class="analysis-legend" {
                @for (seat, name) in summary.names.iter().enumerate() {
                    span { span class="seat-dot" style={ "background:" (colour(VillageId::Player(Seat(seat as u8)))) } {} " " (name) }
                    " "
                }
            }
        }
    }
}
