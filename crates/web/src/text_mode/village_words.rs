//! A village in words, as a person would walk it: its owner's supplies, the centre, then each
//! built field by ring and quarter with the people in it. Every villager is named by the same
//! title the drawn table gives its figure.

use fluent_bundle::FluentValue;

use helvetia_engine::{Cell, Quarter, Seat, Sex, VillageId, Villager};

use crate::table::village::{newborn_title, villager_title};
use crate::table::Ctx;
use crate::words::{building_makes, building_name, quarter_name};

/// The name `v NAME` looks for: the player's name, or the neutral village's.
pub(crate) fn short_name(ctx: &Ctx, village: VillageId) -> String {
    match village {
        VillageId::Player(seat) => ctx.namer.seat(seat),
        VillageId::Neutral => ctx.namer.village(village),
    }
}

/// Where `cell` lies: its ring, the quarters it belongs to, and its row and column in the
/// drawn grid (two fields of a ring can share their quarters).
pub(crate) fn place(ctx: &Ctx, cell: Cell) -> String {
    let (x, y) = cell.coords();
    let quarters: Vec<String> = Quarter::ALL
        .into_iter()
        .filter(|&quarter| cell.in_quarter(quarter))
        .map(|quarter| quarter_name(ctx.lang, quarter))
        .collect();
    ctx.lang.tr_args(
        "text-field",
        &[
            ("ring", FluentValue::from(cell.ring())),
            ("quarters", quarters.join(" / ").into()),
            ("row", FluentValue::from(y + 3)),
            ("column", FluentValue::from(x + 3)),
        ],
    )
}

/// The whole village in words.
pub(crate) fn describe(ctx: &Ctx, village: VillageId) -> String {
    let lang = ctx.lang;
    let pos = ctx.pos;
    let v = pos.village(village);
    let mut parts = vec![format!("{}:", ctx.namer.village(village))];
    match village {
        VillageId::Player(seat) => parts.push(supplies(ctx, seat)),
        VillageId::Neutral if pos.neutral_coin_available => {
            parts.push(format!("{}.", lang.tr("table-neutral-coin")));
        }
        VillageId::Neutral => parts.push(format!("{}.", lang.tr("table-neutral-coin-used"))),
    }
    let mut centre: Vec<String> = Vec::new();
    for sex in Sex::ALL {
        for _ in 0..v.centre_villagers[sex.index()] {
            let villager = Villager {
                owner: village,
                sex,
                awake: true,
            };
            centre.push(villager_title(ctx, &villager).to_string());
        }
    }
    for seat in (0..4u8).map(Seat) {
        for _ in 0..v.centre_coins[seat.index()] {
            centre.push(lang.tr_args("table-coin", &[("name", ctx.namer.seat(seat).into())]));
        }
    }
    let centre = if centre.is_empty() {
        lang.tr("text-nobody")
    } else {
        centre.join("; ")
    };
    parts.push(format!("{}: {centre}.", lang.tr("table-centre")));
    let mut free = [0u8; 2];
    for cell in Cell::all() {
        match &v.cells[cell.index()] {
            Some(building) => {
                let mut people: Vec<String> = building
                    .villagers
                    .as_slice()
                    .iter()
                    .map(|villager| villager_title(ctx, villager).to_string())
                    .collect();
                for sex in Sex::ALL {
                    for _ in 0..building.newborns[sex.index()] {
                        people.push(newborn_title(ctx, village, sex));
                    }
                }
                let people = if people.is_empty() {
                    lang.tr("text-empty-building")
                } else {
                    people.join("; ")
                };
                parts.push(format!(
                    "{}: {} ({}), {people}.",
                    place(ctx, cell),
                    building_name(lang, building.kind),
                    building_makes(lang, building.kind),
                ));
            }
            None => free[usize::from(cell.ring() - 1)] += 1,
        }
    }
    // Ring 2 is open for building only once ring 1 is full: its free fields count from then.
    let open = if v.ring1_full() {
        free[0] + free[1]
    } else {
        free[0]
    };
    parts.push(lang.tr_args("text-free-fields", &[("count", FluentValue::from(open))]));
    parts.join(" ")
}

/// A player's coins and people still to place.
fn supplies(ctx: &Ctx, seat: Seat) -> String {
    let lang = ctx.lang;
    let player = ctx.pos.player(seat);
    let hand = lang.tr_args("table-hand", &[("count", FluentValue::from(player.hand))]);
    let supply = lang.tr_args(
        "table-supply",
        &[
            ("women", FluentValue::from(player.supply[0])),
            ("men", FluentValue::from(player.supply[1])),
        ],
    );
    format!("{hand}. {supply}.")
}
