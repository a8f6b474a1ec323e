//! The pictures of the rules page, drawn by the table's own code: a village with its quarters,
//! sleeping and waking villagers, a production, the characters, the buildings on offer, the
//! market and the round's status.
//!
//! Each picture starts from one seeded game whose setup is played with the first legal choice,
//! changed by hand where the picture needs it (a complete village, villagers asleep, goods
//! delivered). The reader sees what the table shows in a game, in the same shapes and colours.
//! A picture is drawn without legal actions, so nothing in it can be clicked. The table gives
//! its panels ids (`t-village-0`, …) for live updates; on a page of several pictures they would
//! repeat, and nothing refers to them here, so they are taken out.

use maud::{html, Markup, PreEscaped};

use helvetia_engine::{
    Building, BuildingKind, Cell, Character, Game, GameOptions, Good, Phase, Position, Seat, Sex,
    View, VillageId, Villager,
};

use crate::i18n::Lang;
use crate::table::num::Num;
use crate::table::{board, seat_names, village, Ctx};
use crate::words::good_name;
use crate::{PlayerInfo, TableInput};

/// The game every picture starts from.
const SEED: u64 = 7;
const PLAYERS: u8 = 3;
/// Swiss names, the same in every language.
const NAMES: [&str; 3] = ["Anna", "Beat", "Chiara"];
/// The village most pictures show: the first player's.
const ANNA: VillageId = VillageId::Player(Seat(0));

/// One picture of the rules page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Picture {
    /// A completed village: every ring-1 cell built, the quarters, the village tile.
    Village,
    /// Lying (asleep) and standing (awake) villagers, for the Night Watchman.
    Sleep,
    /// A woodcutter making wood and falling asleep.
    Production,
    /// The five character spaces with coins on them.
    Characters,
    /// The buildings on offer.
    Display,
    /// The market with a few deliveries.
    Market,
    /// Stacks, village tiles, school and score track: what the round end changes.
    Round,
}

impl Picture {
    /// Every picture, in the order of the page (the page lists them in its sections).
    #[cfg(test)]
    pub const ALL: [Picture; 7] = [
        Picture::Village,
        Picture::Characters,
        Picture::Display,
        Picture::Market,
        Picture::Production,
        Picture::Sleep,
        Picture::Round,
    ];

    /// The picture's name, for its `data-picture` attribute and its caption's key.
    pub fn name(self) -> &'static str {
        match self {
            Picture::Village => "village",
            Picture::Sleep => "sleep",
            Picture::Production => "production",
            Picture::Characters => "characters",
            Picture::Display => "display",
            Picture::Market => "market",
            Picture::Round => "round",
        }
    }

    /// The position the picture is drawn from.
    fn position(self) -> Position {
        let mut position = after_setup();
        match self {
            Picture::Village => complete_village(&mut position),
            Picture::Sleep => sleeping_village(&mut position),
            Picture::Characters => coins_on_characters(&mut position),
            Picture::Market => deliveries(&mut position),
            Picture::Production | Picture::Display | Picture::Round => {}
        }
        position
    }
}

/// `picture` with its caption in `lang`.
pub(super) fn picture(lang: Lang, picture: Picture) -> Markup {
    let view = View::of(&picture.position());
    let players: Vec<PlayerInfo> = NAMES
        .iter()
        .enumerate()
        .map(|(seat, name)| PlayerInfo {
            seat: Seat(seat as u8),
            name: (*name).to_string(),
            is_bot: false,
            stands_in: false,
            connected: true,
        })
        .collect();
    let input = TableInput::new("rules", &view, &players, lang);
    let names = seat_names(&input);
    let ctx = Ctx::new(&input, &names);
    let drawing = match picture {
        Picture::Village | Picture::Sleep => village::village_panel(&ctx, ANNA),
        Picture::Production => production(&ctx),
        Picture::Characters => board::characters(&ctx),
        Picture::Display => board::display(&ctx),
        Picture::Market => board::market(&ctx),
        Picture::Round => board::status(&ctx),
    };
    let caption = lang.tr(&format!("rules-picture-{}", picture.name()));
    html! {
        figure class="rules-picture" data-picture=(picture.name()) {
            (PreEscaped(without_ids(&drawing.into_string())))
            figcaption { (caption) }
        }
    }
}

/// `html` without its `id` attributes.
fn without_ids(html: &str) -> String {
    const ID: &str = " id=\"";
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(start) = rest.find(ID) {
        out.push_str(&rest[..start]);
        let value = &rest[start + ID.len()..];
        rest = value.find('"').map_or("", |end| &value[end + 1..]);
    }
    out.push_str(rest);
    out
}

/// The seeded game once its setup is over: every decision the first legal one.
fn after_setup() -> Position {
    let mut game = Game::new(GameOptions::for_players(PLAYERS), SEED);
    while !matches!(game.position().phase, Phase::Turn { .. }) {
        let first = game.legal_actions()[0];
        game.play(first).expect("a legal setup decision");
    }
    game.position().clone()
}

/// A building of `kind` with `villagers` in it.
fn building(kind: BuildingKind, villagers: &[Villager]) -> Building {
    let mut building = Building::new(kind);
    for villager in villagers {
        building.villagers.push(*villager);
    }
    building
}

fn villager(owner: VillageId, sex: Sex, awake: bool) -> Villager {
    Villager { owner, sex, awake }
}

/// Anna's village completely surrounded, every workplace occupied, and her village tile.
fn complete_village(position: &mut Position) {
    let fillers = [
        BuildingKind::Getreidehof,
        BuildingKind::Brunnenmeister,
        BuildingKind::Bergwerk,
        BuildingKind::Kuhstall,
        BuildingKind::Brauhaus,
        BuildingKind::Backhaus,
        BuildingKind::Marktplatz,
        BuildingKind::Eisenhuette,
    ];
    let village = position.village_mut(ANNA);
    let free: Vec<Cell> = village.free_cells().collect();
    let kinds: Vec<BuildingKind> = fillers
        .into_iter()
        .filter(|kind| !village.has_kind(*kind))
        .collect();
    let mut kinds = kinds.into_iter();
    for (i, cell) in free.iter().enumerate() {
        // The last free cell gets a victory point building, which needs nobody.
        let built = if i + 1 == free.len() {
            building(BuildingKind::Kirche, &[])
        } else {
            let kind = kinds.next().expect("enough kinds to fill ring 1");
            let sex = if i % 2 == 0 { Sex::Female } else { Sex::Male };
            building(kind, &[villager(ANNA, sex, true)])
        };
        village.cells[cell.index()] = Some(built);
    }
    // The waiting villager moved into the first new building.
    village.centre_villagers = [0, 0];
    debug_assert!(village.is_complete());
    position.village_tiles[0] = Some(Seat(0));
}

/// Anna's village with its top left quarter asleep, one of Beat's villagers among them.
fn sleeping_village(position: &mut Position) {
    let beat = VillageId::Player(Seat(1));
    let cells = [
        (
            (-1, -1),
            BuildingKind::Holzfaeller,
            vec![
                villager(ANNA, Sex::Female, false),
                villager(beat, Sex::Male, false),
            ],
        ),
        (
            (0, -1),
            BuildingKind::Ziegelei,
            vec![villager(ANNA, Sex::Male, false)],
        ),
        // Left of the centre: in the top left and the bottom left quarter.
        (
            (-1, 0),
            BuildingKind::Steinmetz,
            vec![villager(ANNA, Sex::Female, false)],
        ),
        (
            (2, -1),
            BuildingKind::Getreidehof,
            vec![villager(ANNA, Sex::Male, true)],
        ),
        (
            (1, 1),
            BuildingKind::Brunnenmeister,
            vec![villager(ANNA, Sex::Female, false)],
        ),
        (
            (0, 1),
            BuildingKind::Bergwerk,
            vec![villager(ANNA, Sex::Male, true)],
        ),
    ];
    let village = position.village_mut(ANNA);
    village.cells = [None; helvetia_engine::CELLS];
    // Nobody waits in the centre: every figure in the picture is in a building.
    village.centre_villagers = [0, 0];
    for ((x, y), kind, people) in cells {
        let cell = Cell::at(x, y).expect("a ring-1 cell");
        village.cells[cell.index()] = Some(building(kind, &people));
    }
}

/// Coins of every player on the characters they chose this round.
fn coins_on_characters(position: &mut Position) {
    for (seat, character, coins) in [
        (0, Character::Builder, 2),
        (1, Character::Trader, 1),
        (2, Character::Builder, 1),
        (1, Character::NightWatchman, 1),
    ] {
        let player = position.player_mut(Seat(seat));
        player.on_characters[character.index()] += coins;
        player.hand = player.hand.saturating_sub(coins);
    }
}

/// A few goods delivered, and the first beer's good tile taken.
fn deliveries(position: &mut Position) {
    for (seat, goods) in [
        (0, &[Good::Wood, Good::Water, Good::Beer][..]),
        (1, &[Good::Wood, Good::Ore][..]),
        (2, &[Good::Grain][..]),
    ] {
        for good in goods {
            position.player_mut(Seat(seat)).delivered.insert(*good);
        }
    }
    if let Some(tile) = Good::Beer.good_tile_index() {
        position.good_tiles[tile] = Some(Seat(0));
    }
}

/// A woodcutter before and after making wood: standing, then lying.
fn production(ctx: &Ctx) -> Markup {
    let worker = |awake| {
        building(
            BuildingKind::Holzfaeller,
            &[villager(ANNA, Sex::Female, awake)],
        )
    };
    let wood = format!("+1 {}", good_name(ctx.lang, Good::Wood));
    let title = ctx.lang.tr("rules-production-title");
    let (width, height) = (200.0, 80.0);
    html! {
        figure class="panel making" {
            svg viewBox={ "0 0 " (width) " " (height) } role="group" aria-label=(title) xmlns="http://www.w3.org/2000/svg" {
                title { (title) }
                rect class="village-ground" x="1" y="1" width=(Num(width - 2.0)) height=(Num(height - 2.0)) rx="10" {}
                (village::building_tile(ctx, ANNA, (10.0, 10.0), &worker(true), village::TileWords::Whole))
                path d="M74 44 H124 M117 38 L125 44 L117 50" fill="none" stroke="#555" stroke-width="2" {}
                text class="small" x="100" y="34" text-anchor="middle" { (wood) }
                (village::building_tile(ctx, ANNA, (130.0, 10.0), &worker(false), village::TileWords::Whole))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use helvetia_engine::Quarter;

    #[test]
    fn the_pictures_show_what_their_captions_say() {
        let drawing = |picture| picture_html(Lang::En, picture);
        let village = drawing(Picture::Village);
        assert!(
            village.contains("class=\"village-tile\""),
            "the village tile"
        );
        assert!(
            village.contains("free-cell ring2"),
            "the second ring is open"
        );
        assert!(village.contains("class=\"quarter-lines\""));
        let sleep = drawing(Picture::Sleep);
        assert_eq!(sleep.matches("data-state=\"asleep\"").count(), 5);
        assert_eq!(sleep.matches("data-state=\"awake\"").count(), 2);
        let production = drawing(Picture::Production);
        assert_eq!(production.matches("data-state=\"awake\"").count(), 1);
        assert_eq!(production.matches("data-state=\"asleep\"").count(), 1);
        assert!(production.contains("+1 wood"));
        let market = drawing(Picture::Market);
        assert_eq!(
            market.matches("class=\"cube\"").count(),
            6,
            "six deliveries"
        );
        let characters = drawing(Picture::Characters);
        assert_eq!(
            characters.matches("class=\"coins-on-character\"").count(),
            4
        );
    }

    #[test]
    fn the_completed_village_meets_the_rule() {
        let position = Picture::Village.position();
        assert!(position.village(ANNA).is_complete());
        assert_eq!(position.village_tiles[0], Some(Seat(0)));
    }

    #[test]
    fn the_top_left_quarter_holds_the_sleepers_the_caption_names() {
        let position = Picture::Sleep.position();
        let sleepers_in = |quarter: Option<Quarter>| -> Vec<(BuildingKind, VillageId)> {
            position
                .village(ANNA)
                .buildings()
                .filter(|(cell, _)| quarter.is_none_or(|q| cell.in_quarter(q)))
                .flat_map(|(_, b)| {
                    b.villagers
                        .iter()
                        .filter(|v| !v.awake)
                        .map(|v| (b.kind, v.owner))
                })
                .collect()
        };
        let woken = sleepers_in(Some(Quarter::TopLeft));
        assert_eq!(woken.len(), 4);
        assert!(woken.contains(&(BuildingKind::Holzfaeller, VillageId::Player(Seat(1)))));
        assert!(woken.contains(&(BuildingKind::Steinmetz, ANNA)));
        assert!(
            Cell::at(-1, 0).unwrap().in_quarter(Quarter::BottomLeft),
            "two quarters"
        );
        let asleep_elsewhere: Vec<_> = sleepers_in(None)
            .into_iter()
            .filter(|s| !woken.contains(s))
            .collect();
        assert_eq!(asleep_elsewhere, [(BuildingKind::Brunnenmeister, ANNA)]);
    }

    #[test]
    fn ids_are_taken_out_and_nothing_else() {
        assert_eq!(
            without_ids(
                "<figure class=\"panel\" id=\"t-market\" data-id=\"x\"><g id=\"a\"></g></figure>"
            ),
            "<figure class=\"panel\" data-id=\"x\"><g></g></figure>"
        );
    }

    fn picture_html(lang: Lang, which: Picture) -> String {
        picture(lang, which).into_string()
    }
}
