//! What happened besides the decision itself, found by comparing the views before and after
//! it: a turn that ended by itself, tiles won, and every step of a round's end (ruling 20) and
//! of the game's end.
//!
//! Only views are compared, so nothing hidden (the order of stacks 2 and 3) can leak into the
//! story; the engine needs no events of its own.

use helvetia_engine::{
    score, standings, Action, ActionSource, Branch, BuildingKind, Character, Good, Phase, Position,
    ScoreBreakdown, Seat, Standing, TurnState, View, VillageId,
};

/// Something the game did on its own, or a tile a decision won.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoryEvent {
    /// `seat`'s turn ended by itself: nothing was left to do after its last decision.
    TurnEndsByItself { seat: Seat },
    /// The first delivery of a complex good won its good tile.
    GoodTile { seat: Seat, good: Good },
    /// The first to deliver every good of a branch won its branch tile.
    BranchTile { seat: Seat, branch: Branch },
    /// A village was complete: the first or the second village tile.
    VillageTile { seat: Seat, points: u8 },
    /// The round ends: `seat` holds the start player token from now on.
    StartPlayer {
        seat: Seat,
        /// Whether `seat` held it before.
        kept: bool,
        /// Whether `seat` was the last with coins (otherwise the token passed on, ruling 27).
        last_coins: bool,
    },
    /// Step 1: the most coins on a character won its tile.
    CharacterTile {
        seat: Seat,
        character: Character,
        coins: u8,
        from: Option<Seat>,
    },
    /// Step 1: used character tiles are turned face up.
    TilesFaceUp,
    /// Step 2: the coins on the characters go back to their owners.
    CoinsBack,
    /// Step 3: villagers back from school without a free workplace go to the centre.
    SchoolToCentre { seat: Seat, women: u8, men: u8 },
    /// Step 4: this round's children go to school.
    ChildrenToSchool { seat: Seat, girls: u8, boys: u8 },
    /// Step 5: the score track is set to the points counted now (ruling 22).
    Score {
        seat: Seat,
        before: u8,
        now: ScoreBreakdown,
    },
    /// Step 6: buildings dealt to the display, by kind (empty when none are left).
    NewBuildings(Vec<(BuildingKind, u8)>),
    /// The game is over.
    GameOver {
        /// Best first.
        standings: Vec<Standing>,
        /// The target, if someone reached it; otherwise the round limit ended the game.
        target: Option<u8>,
        /// The round limit that ended the game.
        round_limit: Option<u16>,
    },
}

/// The events of `action`, played on `before` and leading to `after`, in the order they
/// happened.
pub fn events(before: &View, action: &Action, after: &View) -> Vec<StoryEvent> {
    let (b, a) = (&before.position, &after.position);
    let mut events = tiles_won(b, a);
    if let Some(seat) = turn_ended_by_itself(b, action, a) {
        events.push(StoryEvent::TurnEndsByItself { seat });
    }
    let round_begins_to_end = matches!(b.phase, Phase::Turn { .. })
        && (a.round != b.round || !matches!(a.phase, Phase::Turn { .. }));
    if round_begins_to_end {
        round_end_start(b, action, a, &mut events);
    }
    if round_begins_to_end || matches!(b.phase, Phase::SchoolReturn { .. }) {
        school_to_centre(b, a, &mut events);
    }
    let finished = a.round != b.round || (a.phase == Phase::GameOver && b.phase != Phase::GameOver);
    if finished {
        round_end_finish(b, a, &mut events);
    }
    events
}

/// The seat whose turn `action` ended without being an end of turn (or a pass): the engine
/// ends a turn with nothing left to do by itself, and the log says so. The neutral coin's
/// action ends the turn by rule (ruling 25): no line for it.
fn turn_ended_by_itself(b: &Position, action: &Action, a: &Position) -> Option<Seat> {
    let Phase::Turn { seat, turn } = b.phase else {
        return None;
    };
    let neutral_coin = matches!(action, Action::NeutralPriest { .. })
        || turn.source == Some(ActionSource::Neutral);
    if matches!(action, Action::EndTurn | Action::Pass) || neutral_coin {
        return None;
    }
    let goes_on = matches!(a.phase,
        Phase::Turn { seat: still, turn } if still == seat && turn != TurnState::fresh());
    (!goes_on).then_some(seat)
}

/// Good, branch and village tiles that have a holder now and had none before.
fn tiles_won(b: &Position, a: &Position) -> Vec<StoryEvent> {
    let mut events = Vec::new();
    for good in Good::ALL {
        if let Some(index) = good.good_tile_index() {
            if let (None, Some(seat)) = (b.good_tiles[index], a.good_tiles[index]) {
                events.push(StoryEvent::GoodTile { seat, good });
            }
        }
    }
    for branch in Branch::ALL {
        if let (None, Some(seat)) = (
            b.branch_tiles[branch.index()],
            a.branch_tiles[branch.index()],
        ) {
            events.push(StoryEvent::BranchTile { seat, branch });
        }
    }
    for ((before, after), points) in b.village_tiles.iter().zip(a.village_tiles).zip([4, 2]) {
        if let (None, Some(seat)) = (before, after) {
            events.push(StoryEvent::VillageTile { seat, points });
        }
    }
    events
}

/// The start player token, step 1 (character tiles) and step 2 (coins back).
fn round_end_start(b: &Position, action: &Action, a: &Position, events: &mut Vec<StoryEvent>) {
    let seat = a.start_player;
    let actor = b.to_move();
    let holder = b.player(seat);
    events.push(StoryEvent::StartPlayer {
        seat,
        kept: b.start_player == seat,
        last_coins: holder.hand > 0
            && !holder.passed
            && !(actor == Some(seat) && *action == Action::Pass),
    });
    if b.options.character_tiles {
        for character in Character::ALL {
            let i = character.index();
            let (from, to) = (b.character_tiles[i].holder, a.character_tiles[i].holder);
            if let (Some(seat), true) = (to, from != to) {
                events.push(StoryEvent::CharacterTile {
                    seat,
                    character,
                    coins: b.player(seat).on_characters[i],
                    from,
                });
            }
        }
        let used = |p: &Position| {
            p.character_tiles
                .iter()
                .any(|t| t.holder.is_some() && !t.face_up)
        };
        if used(b) && !used(a) {
            events.push(StoryEvent::TilesFaceUp);
        }
    }
    if b.players
        .iter()
        .any(|p| p.on_characters.iter().any(|&c| c > 0))
    {
        events.push(StoryEvent::CoinsBack);
    }
}

/// Step 3 for players without a choice: their villagers back from school go to the centre.
fn school_to_centre(b: &Position, a: &Position, events: &mut Vec<StoryEvent>) {
    for seat in b.options.seats() {
        let village = VillageId::Player(seat);
        let (was, is) = (
            b.village(village).centre_villagers,
            a.village(village).centre_villagers,
        );
        let (women, men) = (is[0].saturating_sub(was[0]), is[1].saturating_sub(was[1]));
        if women + men > 0 {
            events.push(StoryEvent::SchoolToCentre { seat, women, men });
        }
    }
}

/// Steps 4 (children to school), 5 (scores), then 6 (new buildings) or the end of the game.
fn round_end_finish(b: &Position, a: &Position, events: &mut Vec<StoryEvent>) {
    for seat in b.options.seats() {
        let born = b
            .village(VillageId::Player(seat))
            .buildings()
            .fold([0, 0], |sum, (_, building)| {
                [sum[0] + building.newborns[0], sum[1] + building.newborns[1]]
            });
        if born != [0, 0] {
            events.push(StoryEvent::ChildrenToSchool {
                seat,
                girls: born[0],
                boys: born[1],
            });
        }
    }
    for seat in b.options.seats() {
        events.push(StoryEvent::Score {
            seat,
            before: b.player(seat).score_track,
            now: score(a, seat),
        });
    }
    if a.phase == Phase::GameOver {
        let target = a.options.target();
        let reached = a.players.iter().any(|p| p.score_track >= target);
        events.push(StoryEvent::GameOver {
            standings: standings(a),
            target: reached.then_some(target),
            round_limit: (!reached).then_some(a.options.round_limit).flatten(),
        });
    } else {
        let dealt = BuildingKind::ALL
            .into_iter()
            .filter_map(|kind| {
                let more = a.displayed(kind).saturating_sub(b.displayed(kind));
                (more > 0).then_some((kind, more))
            })
            .collect();
        events.push(StoryEvent::NewBuildings(dealt));
    }
}
