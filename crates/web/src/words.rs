//! The game's words in every language: buildings, goods, characters, and every action as a
//! short phrase for choosers, accessible labels and the game log.

use std::sync::OnceLock;

use fluent_bundle::FluentValue;
use helvetia_engine::{
    Action, BuildingClass, BuildingKind, Cell, Character, Good, Position, Quarter, Seat, Sex,
    Unattached, VillageId,
};

use crate::i18n::Lang;

/// The Fluent id suffix of a building kind: its variant name in lower case.
fn building_id(kind: BuildingKind) -> String {
    format!("{kind:?}").to_lowercase()
}

/// The names of the game's pieces, formatted once per language: a table shows them hundreds
/// of times.
struct Names {
    /// By [`BuildingKind::index`].
    building: Vec<String>,
    /// By [`Good::index`].
    good: Vec<String>,
    /// By [`Character::index`].
    character: Vec<String>,
    /// What each building makes, by [`BuildingKind::index`].
    makes: Vec<String>,
    /// A display tile's title (name, product, cost), by [`BuildingKind::index`].
    tile: Vec<String>,
}

fn names(lang: Lang) -> &'static Names {
    static NAMES: OnceLock<[Names; 5]> = OnceLock::new();
    let all = NAMES.get_or_init(|| {
        Lang::ALL.map(|lang| {
            let good: Vec<String> = Good::ALL
                .into_iter()
                .map(|good| lang.tr(&format!("good-{}", format!("{good:?}").to_lowercase())))
                .collect();
            let building: Vec<String> = BuildingKind::ALL
                .into_iter()
                .map(|kind| lang.tr(&format!("building-{}", building_id(kind))))
                .collect();
            let makes: Vec<String> = BuildingKind::ALL
                .into_iter()
                .map(|kind| makes_with(lang, &good, kind))
                .collect();
            let tile = BuildingKind::ALL
                .into_iter()
                .map(|kind| tile_title(lang, &building, &makes, &good, kind))
                .collect();
            Names {
                building,
                character: Character::ALL
                    .into_iter()
                    .map(|character| lang.tr(&format!("character-{}", character_id(character))))
                    .collect(),
                makes,
                tile,
                good,
            }
        })
    });
    &all[lang as usize]
}

/// "Name – makes …; costs …" for a display tile, from the names already formatted.
fn tile_title(
    lang: Lang,
    building_names: &[String],
    makes: &[String],
    good_names: &[String],
    kind: BuildingKind,
) -> String {
    let key = if kind.class() == BuildingClass::Exchange {
        "table-exchanges"
    } else {
        "table-makes"
    };
    let makes = makes[kind.index()].as_str();
    let cost = cost_with(lang, good_names, kind);
    format!(
        "{} – {}; {}",
        building_names[kind.index()],
        lang.tr_args(key, &[("makes", makes.into())]),
        lang.tr_args("table-cost", &[("cost", cost.into())])
    )
}

/// A building's name, as printed on the tiles of this language's edition.
pub fn building_name(lang: Lang, kind: BuildingKind) -> &'static str {
    &names(lang).building[kind.index()]
}

/// A good's name.
pub fn good_name(lang: Lang, good: Good) -> &'static str {
    &names(lang).good[good.index()]
}

/// The Fluent id suffix of a character.
pub(crate) fn character_id(character: Character) -> &'static str {
    match character {
        Character::Builder => "builder",
        Character::Trader => "trader",
        Character::NightWatchman => "nightwatchman",
        Character::Priest => "priest",
        Character::Midwife => "midwife",
    }
}

/// A character's name.
pub fn character_name(lang: Lang, character: Character) -> &'static str {
    &names(lang).character[character.index()]
}

/// A quarter's name ("top left"…).
pub fn quarter_name(lang: Lang, quarter: Quarter) -> String {
    let id = match quarter {
        Quarter::TopLeft => "top-left",
        Quarter::TopRight => "top-right",
        Quarter::BottomLeft => "bottom-left",
        Quarter::BottomRight => "bottom-right",
    };
    lang.tr(&format!("quarter-{id}"))
}

/// "woman"/"man" (or "girl"/"boy" for a child).
pub fn sex_word(lang: Lang, sex: Sex, child: bool) -> String {
    let id = match (sex, child) {
        (Sex::Female, false) => "woman",
        (Sex::Male, false) => "man",
        (Sex::Female, true) => "girl",
        (Sex::Male, true) => "boy",
    };
    lang.tr(id)
}

/// What a building makes or exchanges, e.g. "grain → cow" or "cow ⇄ bread ⇄ iron".
pub fn building_makes(lang: Lang, kind: BuildingKind) -> &'static str {
    &names(lang).makes[kind.index()]
}

fn makes_with(lang: Lang, good_names: &[String], kind: BuildingKind) -> String {
    let name = |good: Good| good_names[good.index()].as_str();
    if let Some((input, output)) = kind.production() {
        return match input {
            Some(input) => format!("{} → {}", name(input), name(output)),
            None => name(output).to_string(),
        };
    }
    if let Some(set) = kind.exchange_set() {
        return set.iter().map(name).collect::<Vec<_>>().join(" ⇄ ");
    }
    lang.tr("victory-points-3")
}

/// What a building makes, in at most two short lines for its tile: an exchange building's
/// goods are split after the third.
pub fn makes_lines(lang: Lang, kind: BuildingKind) -> Vec<String> {
    match kind.exchange_set() {
        Some(set) if set.len() > 3 => {
            let names: Vec<&str> = set.iter().map(|good| good_name(lang, good)).collect();
            vec![
                names[..3].join(" ⇄ "),
                format!("⇄ {}", names[3..].join(" ⇄ ")),
            ]
        }
        _ => vec![building_makes(lang, kind).to_string()],
    }
}

/// What a display tile shows as its title: name, product, cost.
pub fn tile_description(lang: Lang, kind: BuildingKind) -> &'static str {
    &names(lang).tile[kind.index()]
}

/// A building's cost in words, e.g. "2 wood, 1 stone" (or "free").
pub fn cost_words(lang: Lang, kind: BuildingKind) -> String {
    cost_with(lang, &names(lang).good, kind)
}

fn cost_with(lang: Lang, good_names: &[String], kind: BuildingKind) -> String {
    let cost = kind.cost();
    let parts: Vec<String> = Good::MATERIALS
        .into_iter()
        .filter(|&m| cost.of(m) > 0)
        .map(|m| format!("{} {}", cost.of(m), good_names[m.index()]))
        .collect();
    if parts.is_empty() {
        lang.tr("cost-free")
    } else {
        parts.join(", ")
    }
}

/// Names seats and villages for labels: with player names when known.
pub struct Namer<'a> {
    /// The language.
    pub lang: Lang,
    /// Player names by seat index, if known.
    pub names: &'a [String],
    /// The position the action applies to, to name buildings on cells.
    pub position: Option<&'a Position>,
}

impl Namer<'_> {
    /// The player at `seat`: their name, or "player 2".
    pub fn seat(&self, seat: Seat) -> String {
        self.names.get(seat.index()).cloned().unwrap_or_else(|| {
            self.lang
                .tr_args("player-n", &[("n", FluentValue::from(seat.0 + 1))])
        })
    }

    /// Whose colour: a player's name, or "the neutral village".
    pub fn owner(&self, owner: VillageId) -> String {
        match owner {
            VillageId::Player(seat) => self.seat(seat),
            VillageId::Neutral => self.village(VillageId::Neutral),
        }
    }

    /// "Anna's village" or "the neutral village".
    pub fn village(&self, village: VillageId) -> String {
        match village {
            VillageId::Player(seat) => self
                .lang
                .tr_args("village-of", &[("name", self.seat(seat).into())]),
            VillageId::Neutral => self.lang.tr("neutral-village"),
        }
    }

    /// A cell: the building on it if there is one, else its row and column in the village's
    /// grid of 5 rows and 6 columns, counted from the top left as the village is drawn.
    pub fn cell(&self, village: VillageId, cell: Cell) -> String {
        let (x, y) = cell.coords();
        let (row, column) = (y + 3, x + 3);
        let building = self
            .position
            .and_then(|p| p.village(village).cells[cell.index()].as_ref());
        match building {
            Some(b) => building_name(self.lang, b.kind).to_string(),
            None => self.lang.tr_args(
                "cell-at",
                &[
                    ("row", FluentValue::from(row)),
                    ("column", FluentValue::from(column)),
                ],
            ),
        }
    }

    /// The village whose cells `action` names, for an actor at `seat`.
    fn own(&self, seat: Option<Seat>) -> VillageId {
        seat.map_or(VillageId::Neutral, VillageId::Player)
    }

    /// `action` as a short phrase, e.g. "build Metzgerei". `actor` is the player deciding, used to
    /// name cells of their own village.
    pub fn action(&self, action: &Action, actor: Option<Seat>) -> String {
        let lang = self.lang;
        fn s<'a>(v: impl Into<FluentValue<'a>>) -> FluentValue<'a> {
            v.into()
        }
        match *action {
            Action::DraftPick(kind) => lang.tr_args(
                "act-draft-pick",
                &[("building", s(building_name(lang, kind)))],
            ),
            Action::DraftTake { from, kind } => lang.tr_args(
                "act-draft-take",
                &[
                    ("building", s(building_name(lang, kind))),
                    ("name", s(self.seat(from))),
                ],
            ),
            Action::PlaceNeutral { kind, cell, sex } => lang.tr_args(
                "act-place-neutral",
                &[
                    ("building", s(building_name(lang, kind))),
                    ("cell", s(self.cell(VillageId::Neutral, cell))),
                    ("villager", s(sex_word(lang, sex, false))),
                ],
            ),
            Action::PlaceStart { kind, cell } => lang.tr_args(
                "act-place-start",
                &[
                    ("building", s(building_name(lang, kind))),
                    ("cell", s(self.cell(self.own(actor), cell))),
                ],
            ),
            Action::PlacePair1 { woman, man } => lang.tr_args(
                "act-place-pair1",
                &[
                    ("woman", s(self.cell(self.own(actor), woman))),
                    ("man", s(self.cell(self.own(actor), man))),
                ],
            ),
            Action::PlacePair2 { worker } => lang.tr_args(
                "act-place-pair2",
                &[
                    ("worker", s(sex_word(lang, worker, false))),
                    ("pupil", s(sex_word(lang, worker.opposite(), false))),
                ],
            ),
            Action::PlacePair3 { spouse, cell } => {
                let left = match (self.position, actor) {
                    (Some(p), Some(seat)) => VillageId::Player(p.options.previous(seat)),
                    _ => VillageId::Neutral,
                };
                lang.tr_args(
                    "act-place-pair3",
                    &[
                        ("spouse", s(sex_word(lang, spouse, false))),
                        ("other", s(sex_word(lang, spouse.opposite(), false))),
                        ("cell", s(self.cell(left, cell))),
                    ],
                )
            }
            Action::Begin(character) => lang.tr_args(
                "act-begin",
                &[("character", s(character_name(lang, character)))],
            ),
            Action::UseTile(character) => lang.tr_args(
                "act-use-tile",
                &[("character", s(character_name(lang, character)))],
            ),
            Action::EndTurn => lang.tr("act-end-turn"),
            Action::Pass => lang.tr("act-pass"),
            Action::NeutralPriest { sex, cell } => lang.tr_args(
                "act-neutral-priest",
                &[
                    ("villager", s(sex_word(lang, sex, false))),
                    ("cell", s(self.cell(self.own(actor), cell))),
                ],
            ),
            Action::NeutralBuild(kind) => lang.tr_args(
                "act-neutral-build",
                &[("building", s(building_name(lang, kind)))],
            ),
            Action::Build(kind) => {
                lang.tr_args("act-build", &[("building", s(building_name(lang, kind)))])
            }
            Action::Work {
                village,
                cell,
                into,
            } => lang.tr_args(
                "act-work",
                &[
                    ("cell", s(self.cell(village, cell))),
                    ("village", s(self.village(village))),
                    ("good", s(good_name(lang, into))),
                ],
            ),
            Action::Buy(good) => lang.tr_args("act-buy", &[("good", s(good_name(lang, good)))]),
            Action::Pay(good) => lang.tr_args("act-pay", &[("good", s(good_name(lang, good)))]),
            Action::Place(cell) => {
                let village = match self.position.map(|p| p.phase) {
                    Some(helvetia_engine::Phase::Turn { turn, .. }) => match turn.step {
                        helvetia_engine::Step::Place { village, .. } => village,
                        _ => self.own(actor),
                    },
                    _ => self.own(actor),
                };
                lang.tr_args(
                    "act-place",
                    &[
                        ("cell", s(self.cell(village, cell))),
                        ("village", s(self.village(village))),
                    ],
                )
            }
            Action::MoveIn(sex) => lang.tr_args(
                "act-move-in",
                &[("villager", s(sex_word(lang, sex, false)))],
            ),
            Action::Deliver(good) => {
                lang.tr_args("act-deliver", &[("good", s(good_name(lang, good)))])
            }
            Action::Wake { village, quarter } => lang.tr_args(
                "act-wake",
                &[
                    ("quarter", s(quarter_name(lang, quarter))),
                    ("village", s(self.village(village))),
                ],
            ),
            Action::Marry {
                from,
                sex,
                village,
                cell,
            } => lang.tr_args(
                match from {
                    Unattached::Centre => "act-marry-centre",
                    Unattached::School => "act-marry-school",
                },
                &[
                    ("villager", s(sex_word(lang, sex, false))),
                    ("cell", s(self.cell(village, cell))),
                    ("village", s(self.village(village))),
                ],
            ),
            Action::TakeDowry(colour) => {
                lang.tr_args("act-take-dowry", &[("name", s(self.seat(colour)))])
            }
            Action::Birth { cell, sex } => lang.tr_args(
                "act-birth",
                &[
                    ("child", s(sex_word(lang, sex, true))),
                    ("cell", s(self.cell(self.own(actor), cell))),
                ],
            ),
            Action::ReturnFromSchool { sex, cell } => lang.tr_args(
                "act-return-from-school",
                &[
                    ("villager", s(sex_word(lang, sex, false))),
                    ("cell", s(self.cell(self.own(actor), cell))),
                ],
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_building_good_and_character_has_a_name_in_every_language() {
        for lang in Lang::ALL {
            for kind in BuildingKind::ALL {
                let name = building_name(lang, kind);
                assert!(!name.contains('⟨'), "{}: {kind:?}", lang.code());
            }
            for good in Good::ALL {
                assert!(
                    !good_name(lang, good).contains('⟨'),
                    "{}: {good:?}",
                    lang.code()
                );
            }
            for character in Character::ALL {
                let name = character_name(lang, character);
                assert!(!name.contains('⟨'), "{}: {character:?}", lang.code());
            }
        }
        assert_eq!(
            building_name(Lang::De, BuildingKind::Metzgerei),
            "Metzgerei"
        );
        assert_eq!(building_name(Lang::En, BuildingKind::Metzgerei), "Butcher");
        assert_eq!(character_name(Lang::Fr, Character::Trader), "Charretier");
    }

    #[test]
    fn what_buildings_make_reads_as_a_chain() {
        assert_eq!(
            building_makes(Lang::En, BuildingKind::Kuhstall),
            "grain → cow"
        );
        assert_eq!(building_makes(Lang::De, BuildingKind::Holzfaeller), "Holz");
        assert_eq!(
            building_makes(Lang::En, BuildingKind::Rindermarkt),
            "cow ⇄ bread ⇄ iron"
        );
        assert_eq!(
            cost_words(Lang::En, BuildingKind::Metzgerei),
            "2 brick, 1 stone"
        );
    }
}
