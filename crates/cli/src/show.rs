//! `helvetia show`: a game file as people read it.
//!
//! Everything is printed from the [`View`], which has no stack order, so the face-down stacks
//! can only ever appear as sizes.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use helvetia_engine::{
    ActionSource, Branch, BuildingKind, Character, Good, Phase, Position, RulesRevision, Seat, Sex,
    Step, TurnState, View, Village, VillageId, Villager,
};

use crate::failure::exit;
use crate::input::{load, Input};

/// The game file.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A game record or a position (JSON).
    file: PathBuf,
}

/// Prints the state of the game in the file.
pub fn run(args: Args) -> ExitCode {
    exit(load(&args.file).map(|loaded| {
        let played = match &loaded.input {
            Input::Record(record) => Some(record.actions.len()),
            Input::Position => None,
        };
        let scores = loaded
            .game
            .position()
            .options
            .seats()
            .map(|seat| (seat, loaded.game.score(seat)))
            .collect();
        let standings = loaded.game.is_over().then(|| loaded.game.standings());
        print!("{}", render(&loaded.game.view(), played, scores, standings));
    }))
}

type Scores = Vec<(Seat, helvetia_engine::ScoreBreakdown)>;

/// The whole text for `view`.
fn render(
    view: &View,
    played: Option<usize>,
    scores: Scores,
    standings: Option<Vec<helvetia_engine::Standing>>,
) -> String {
    let p = &view.position;
    let mut out = String::new();
    write_header(&mut out, p, played);
    write_players(&mut out, p);
    for id in p.village_ids() {
        write_village(&mut out, id, p.village(id));
    }
    write_market(&mut out, p);
    write_tiles(&mut out, p);
    write_buildings_left(&mut out, view);
    write_scores(&mut out, &scores);
    if let Some(standings) = standings {
        writeln!(out, "\nFinal standings").unwrap();
        for s in standings {
            writeln!(
                out,
                "  {}. {} with {} VP ({} awake villagers)",
                s.rank, s.seat, s.points, s.awake
            )
            .unwrap();
        }
    }
    out
}

fn write_header(out: &mut String, p: &Position, played: Option<usize>) {
    let o = &p.options;
    writeln!(
        out,
        "Helvetia, {}{} players, {:?} setup, {}, target {} VP, {:?}{}",
        match o.rules {
            RulesRevision::Original => "original rules (revision 1), ",
            RulesRevision::Corrected => "",
        },
        o.players,
        o.setup,
        if o.character_tiles {
            "with character tiles"
        } else {
            "without character tiles"
        },
        o.target(),
        o.direction,
        o.round_limit
            .map(|limit| format!(", round limit {limit}"))
            .unwrap_or_default()
    )
    .unwrap();
    if let Some(played) = played {
        writeln!(out, "Actions played: {played}").unwrap();
    }
    writeln!(out, "Round {}, start player {}", p.round, p.start_player).unwrap();
    writeln!(out, "{}", describe_phase(p)).unwrap();
}

/// The phase in words: what is being decided and by whom.
fn describe_phase(p: &Position) -> String {
    match p.phase {
        Phase::Draft { pick, repick } => match repick {
            Some(seat) => format!("Draft: {seat} lost a building and chooses again"),
            None => format!(
                "Draft: pick {} by {}",
                pick + 1,
                p.to_move().map(|s| s.to_string()).unwrap_or_default()
            ),
        },
        Phase::PlaceNeutral { placed } => format!(
            "Setup: {} places neutral building {} of 4",
            p.to_move().map(|s| s.to_string()).unwrap_or_default(),
            placed + 1
        ),
        Phase::PlaceStart { seat } => format!("Setup: {seat} places start buildings"),
        Phase::PlacePair { pair, seat } => format!("Setup: {seat} places villager pair {pair}"),
        Phase::Turn { seat, turn } => format!("Turn of {seat}: {}", describe_turn(&turn)),
        Phase::SchoolReturn { seat } => {
            format!("End of round: {seat} moves school villagers into free buildings")
        }
        Phase::GameOver => "The game is over".into(),
    }
}

fn describe_turn(turn: &TurnState) -> String {
    let step = match turn.step {
        Step::Choose => "choosing an action or ending the turn".to_string(),
        Step::SelectBuilding => "Baumeister: choosing a building".to_string(),
        Step::Pay {
            kind,
            remaining,
            carried,
        } => format!(
            "Baumeister: paying for {} (still {} Holz, {} Ziegel, {} Stein){}",
            kind.german(),
            remaining.wood,
            remaining.brick,
            remaining.stone,
            carried
                .map(|good| format!(", carrying {}", good.german()))
                .unwrap_or_default()
        ),
        Step::Place { kind, village } => format!("placing {} in {village}", kind.german()),
        Step::MoveIn { village, cell } => {
            format!("choosing who moves into the new building at {cell} of {village}")
        }
        Step::Deliver { carried } => format!(
            "Fuhrmann: producing and delivering{}",
            carried
                .map(|good| format!(", carrying {}", good.german()))
                .unwrap_or_default()
        ),
        Step::Wake => "Nachtwächter: choosing a quarter".to_string(),
        Step::Marry => "Pfarrer: choosing who marries".to_string(),
        Step::Dowry { village } => format!("Pfarrer: taking a dowry coin in {village}"),
        Step::Birth => "Hebamme: choosing a couple and the child".to_string(),
    };
    let mut notes = Vec::new();
    if let Some(character) = turn.regular {
        notes.push(format!(
            "{} chosen, {} action(s)",
            character.german(),
            turn.regular_actions
        ));
    }
    if let Some(character) = turn.tile {
        notes.push(format!("{} tile used", character.german()));
    }
    match turn.source {
        Some(ActionSource::Tile) => notes.push("this action is the tile's".into()),
        Some(ActionSource::Neutral) => notes.push("this action is the neutral coin's".into()),
        Some(ActionSource::Regular) | None => {}
    }
    if turn.closed {
        notes.push("nothing more may follow".into());
    }
    if notes.is_empty() {
        step
    } else {
        format!("{step} [{}]", notes.join("; "))
    }
}

/// `n` with the singular or plural noun.
fn count(n: u8, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn by_sex(counts: [u8; 2]) -> String {
    format!(
        "{}, {}",
        count(counts[Sex::Female.index()], "woman", "women"),
        count(counts[Sex::Male.index()], "man", "men")
    )
}

fn write_players(out: &mut String, p: &Position) {
    writeln!(out, "\nPlayers").unwrap();
    for seat in p.options.seats() {
        let player = p.player(seat);
        let on: Vec<String> = Character::ALL
            .iter()
            .filter(|c| player.on_characters[c.index()] > 0)
            .map(|c| format!("{} {}", c.german(), player.on_characters[c.index()]))
            .collect();
        writeln!(
            out,
            "  {seat}: {} in hand{}, on characters: {}",
            count(player.hand, "coin", "coins"),
            if player.arriving > 0 {
                format!(" (+{} arriving next turn)", player.arriving)
            } else {
                String::new()
            },
            if on.is_empty() {
                "none".to_string()
            } else {
                on.join(", ")
            }
        )
        .unwrap();
        writeln!(
            out,
            "      school: {}; supply: {}; score track {}",
            by_sex(player.school),
            by_sex(player.supply),
            player.score_track
        )
        .unwrap();
        let unplaced: Vec<String> = BuildingKind::START
            .iter()
            .filter_map(|kind| {
                let n = player.start_buildings[kind.start_index()?];
                (n > 0).then(|| format!("{} ×{n}", kind.german()))
            })
            .collect();
        if !unplaced.is_empty() {
            writeln!(
                out,
                "      start buildings to place: {}",
                unplaced.join(", ")
            )
            .unwrap();
        }
    }
    if p.options.has_neutral() {
        writeln!(
            out,
            "  neutral coin: {}",
            if p.neutral_coin_available {
                "available"
            } else {
                "used this round"
            }
        )
        .unwrap();
    }
}

fn owner_name(owner: VillageId) -> String {
    match owner {
        VillageId::Player(seat) => seat.to_string(),
        VillageId::Neutral => "neutral".into(),
    }
}

fn villager_text(v: &Villager) -> String {
    format!(
        "{} {} ({})",
        owner_name(v.owner),
        match v.sex {
            Sex::Female => "woman",
            Sex::Male => "man",
        },
        if v.awake { "awake" } else { "asleep" }
    )
}

fn write_village(out: &mut String, id: VillageId, village: &Village) {
    let coins: Vec<String> = village
        .centre_coins
        .iter()
        .enumerate()
        .filter(|(_, &n)| n > 0)
        .map(|(seat, n)| format!("{n} of {}", Seat(seat as u8)))
        .collect();
    let name = match id {
        VillageId::Player(seat) => format!("{seat}'s village"),
        VillageId::Neutral => "Neutral village".into(),
    };
    writeln!(
        out,
        "\n{name}: centre {}; dowry coins: {}",
        by_sex(village.centre_villagers),
        if coins.is_empty() {
            "none".to_string()
        } else {
            coins.join(", ")
        }
    )
    .unwrap();
    for (cell, building) in village.buildings() {
        let people: Vec<String> = building.villagers.iter().map(villager_text).collect();
        let newborns = if building.newborns == [0, 0] {
            String::new()
        } else {
            format!(
                "; newborns: {}, {}",
                count(building.newborns[Sex::Female.index()], "girl", "girls"),
                count(building.newborns[Sex::Male.index()], "boy", "boys")
            )
        };
        writeln!(
            out,
            "  {:>7} {:<15} {}{newborns}",
            cell.to_string(),
            building.kind.german(),
            if people.is_empty() {
                "empty".to_string()
            } else {
                people.join(" + ")
            }
        )
        .unwrap();
    }
}

fn write_market(out: &mut String, p: &Position) {
    writeln!(out, "\nMarket deliveries").unwrap();
    for seat in p.options.seats() {
        let goods: Vec<&str> = p.player(seat).delivered.iter().map(Good::german).collect();
        writeln!(
            out,
            "  {seat}: {}",
            if goods.is_empty() {
                "none".to_string()
            } else {
                goods.join(", ")
            }
        )
        .unwrap();
    }
}

fn holder(slot: &Option<Seat>) -> String {
    slot.map(|seat| seat.to_string())
        .unwrap_or_else(|| "open".into())
}

fn write_tiles(out: &mut String, p: &Position) {
    let goods: Vec<String> = Good::ALL
        .iter()
        .filter_map(|good| {
            let index = good.good_tile_index()?;
            Some(format!(
                "{} {}",
                good.german(),
                holder(&p.good_tiles[index])
            ))
        })
        .collect();
    writeln!(out, "\nGood tiles: {}", goods.join(", ")).unwrap();
    let branches: Vec<String> = Branch::ALL
        .iter()
        .map(|b| {
            format!(
                "{:?} ({} VP) {}",
                b,
                b.points(),
                holder(&p.branch_tiles[b.index()])
            )
        })
        .collect();
    writeln!(out, "Branch tiles: {}", branches.join(", ")).unwrap();
    writeln!(
        out,
        "Village tiles: 4 VP {}, 2 VP {}",
        holder(&p.village_tiles[0]),
        holder(&p.village_tiles[1])
    )
    .unwrap();
    if p.options.character_tiles {
        let tiles: Vec<String> = Character::ALL
            .iter()
            .map(|c| {
                let tile = &p.character_tiles[c.index()];
                format!(
                    "{} {}{}",
                    c.german(),
                    holder(&tile.holder),
                    if tile.holder.is_some() && !tile.face_up {
                        " (used)"
                    } else {
                        ""
                    }
                )
            })
            .collect();
        writeln!(out, "Character tiles: {}", tiles.join(", ")).unwrap();
    }
}

fn kinds_text(counts: &[u8], kinds: &[BuildingKind]) -> String {
    let list: Vec<String> = kinds
        .iter()
        .zip(counts)
        .filter(|(_, &n)| n > 0)
        .map(|(kind, &n)| {
            if n == 1 {
                kind.german().to_string()
            } else {
                format!("{} ×{n}", kind.german())
            }
        })
        .collect();
    if list.is_empty() {
        "none".into()
    } else {
        list.join(", ")
    }
}

fn write_buildings_left(out: &mut String, view: &View) {
    let p = &view.position;
    writeln!(
        out,
        "\nDisplay: {}",
        kinds_text(&p.display, &BuildingKind::ALL)
    )
    .unwrap();
    writeln!(
        out,
        "Face-down stacks: stack 2 has {} tiles, stack 3 has {} tiles",
        view.stack2_size, view.stack3_size
    )
    .unwrap();
    if p.draft_pool != [0; 5] {
        writeln!(
            out,
            "Draft pool: {}",
            kinds_text(&p.draft_pool, &BuildingKind::START)
        )
        .unwrap();
    }
    if p.boxed != [0; 5] {
        writeln!(
            out,
            "Returned to the box: {}",
            kinds_text(&p.boxed, &BuildingKind::START)
        )
        .unwrap();
    }
}

fn write_scores(out: &mut String, scores: &Scores) {
    writeln!(out, "\nScore").unwrap();
    for (seat, s) in scores {
        writeln!(
            out,
            "  {seat}: {} VP = start player {} + deliveries {} + good tiles {} + character tiles {} + buildings {} + branch tiles {} + village tiles {}",
            s.total,
            s.start_player,
            s.deliveries,
            s.good_tiles,
            s.character_tiles,
            s.buildings,
            s.branch_tiles,
            s.village_tiles
        )
        .unwrap();
    }
}
