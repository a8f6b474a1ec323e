//! "Learn by playing": the coach of a tutorial game. At every moment it names the lesson the
//! decision in front of the learner is about (the start, choosing a character, producing,
//! sleeping and waking, building, delivering, marrying, children, the character tiles, the end
//! of a round), with the pieces of the board it is about, and ticks the lessons the learner
//! has done. With two players it explains the neutral coin once, at the learner's second turn.
//!
//! Everything here is a pure function of what the table is drawn from: the view (never the
//! hidden order of stacks 2 and 3), the legal actions of whoever decides, the story so far and
//! the learner's own actions. So the lesson shown always matches the decision on the table, and
//! the checklist needs no state of its own.

use helvetia_engine::{
    Action, Phase, Position, Seat, Step, TurnState, Unattached, View, VillageId,
};

use crate::story::{Stage, StoryLine};

/// A lesson of the checklist, in the order a game teaches them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lesson {
    /// The draft of start buildings, placing them and the three villager pairs.
    Start,
    /// Choosing a character and placing coins on it.
    Characters,
    /// A working villager makes the good of their building.
    Producing,
    /// A villager who worked lies asleep until the Night Watchman wakes their quarter.
    SleepingAndWaking,
    /// The Builder: pay, place, a villager moves in.
    Building,
    /// The Trader: a good to the market.
    Delivering,
    /// The Priest: an unattached villager marries into another village.
    Marrying,
    /// The Midwife: a couple has a child.
    Children,
    /// A character tile: one more action each round.
    CharacterTiles,
    /// The end of a round: tiles, coins back, school, scores, new buildings.
    RoundEnd,
}

impl Lesson {
    /// Every lesson, in the checklist's order.
    pub const ALL: [Lesson; 10] = [
        Lesson::Start,
        Lesson::Characters,
        Lesson::Producing,
        Lesson::SleepingAndWaking,
        Lesson::Building,
        Lesson::Delivering,
        Lesson::Marrying,
        Lesson::Children,
        Lesson::CharacterTiles,
        Lesson::RoundEnd,
    ];

    /// The message of its line in the checklist.
    pub const fn key(self) -> &'static str {
        match self {
            Lesson::Start => "lesson-start",
            Lesson::Characters => "lesson-characters",
            Lesson::Producing => "lesson-producing",
            Lesson::SleepingAndWaking => "lesson-sleeping",
            Lesson::Building => "lesson-building",
            Lesson::Delivering => "lesson-delivering",
            Lesson::Marrying => "lesson-marrying",
            Lesson::Children => "lesson-children",
            Lesson::CharacterTiles => "lesson-tiles",
            Lesson::RoundEnd => "lesson-round-end",
        }
    }

    /// A short name for the page (`data-lesson`), for tests and the style sheet.
    pub const fn name(self) -> &'static str {
        match self {
            Lesson::Start => "start",
            Lesson::Characters => "characters",
            Lesson::Producing => "producing",
            Lesson::SleepingAndWaking => "sleeping",
            Lesson::Building => "building",
            Lesson::Delivering => "delivering",
            Lesson::Marrying => "marrying",
            Lesson::Children => "children",
            Lesson::CharacterTiles => "tiles",
            Lesson::RoundEnd => "round-end",
        }
    }

    const fn bit(self) -> u16 {
        1 << self as u16
    }
}

/// A tutorial game as its table needs it: who learns, and the lessons they have done.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tutorial {
    /// The seat of the person who learns.
    pub learner: Seat,
    done: u16,
    /// The turns the learner has begun (with a character, a tile, the neutral coin or a pass):
    /// one means their first turn is behind them.
    turns_begun: u16,
}

impl Tutorial {
    /// The progress of `learner` in a game whose actions so far are `actions` (each with the
    /// seat that made it) and which now looks like `view`.
    pub fn of<'a>(
        learner: Seat,
        actions: impl IntoIterator<Item = (Seat, &'a Action)>,
        view: &View,
    ) -> Tutorial {
        let mut tutorial = Tutorial {
            learner,
            done: 0,
            turns_begun: 0,
        };
        let mut previous: Option<(Seat, &Action)> = None;
        let pos = &view.position;
        if !is_setup(pos.phase) {
            tutorial.tick(Lesson::Start);
        }
        if pos.round > 1 || matches!(pos.phase, Phase::SchoolReturn { .. }) {
            tutorial.tick(Lesson::RoundEnd);
        }
        for (seat, action) in actions {
            let mid_turn = previous.is_some_and(|(s, a)| s == learner && continues_turn(a));
            previous = Some((seat, action));
            if seat != learner {
                continue;
            }
            if begins_turn(action) && !mid_turn {
                tutorial.turns_begun = tutorial.turns_begun.saturating_add(1);
            }
            let lesson = match action {
                Action::Begin(_) => Lesson::Characters,
                Action::Work { .. } => Lesson::Producing,
                Action::Wake { .. } => Lesson::SleepingAndWaking,
                Action::Place(_) => Lesson::Building,
                Action::Deliver(_) => Lesson::Delivering,
                Action::Marry { .. } => Lesson::Marrying,
                Action::Birth { .. } => Lesson::Children,
                Action::UseTile(_) => Lesson::CharacterTiles,
                Action::ReturnFromSchool { .. } => Lesson::RoundEnd,
                _ => continue,
            };
            tutorial.tick(lesson);
        }
        tutorial
    }

    fn tick(&mut self, lesson: Lesson) {
        self.done |= lesson.bit();
    }

    /// Whether the learner has done `lesson`.
    pub fn has_done(&self, lesson: Lesson) -> bool {
        self.done & lesson.bit() != 0
    }

    /// Whether the learner is at the start of their second turn: the one moment the coach
    /// explains the neutral coin (it is offered at nearly every turn, and once is enough).
    fn second_turn(&self) -> bool {
        self.turns_begun == 1
    }

    /// Whether every lesson is done.
    pub fn is_complete(&self) -> bool {
        Lesson::ALL.iter().all(|&lesson| self.has_done(lesson))
    }
}

/// Whether `action` can be the first decision of a turn.
fn begins_turn(action: &Action) -> bool {
    matches!(
        action,
        Action::Begin(_)
            | Action::UseTile(_)
            | Action::NeutralPriest { .. }
            | Action::NeutralBuild(_)
            | Action::Pass
    )
}

/// Whether the same player may decide on in the turn after `action` (another coin, a tile, a
/// step of the action): their next decision then begins no turn.
fn continues_turn(action: &Action) -> bool {
    matches!(
        action,
        Action::Begin(_)
            | Action::UseTile(_)
            | Action::NeutralBuild(_)
            | Action::Build(_)
            | Action::Buy(_)
            | Action::Pay(_)
            | Action::Place(_)
            | Action::MoveIn(_)
            | Action::Work { .. }
            | Action::Deliver(_)
            | Action::Wake { .. }
            | Action::Marry { .. }
            | Action::TakeDowry(_)
            | Action::Birth { .. }
    )
}

fn is_setup(phase: Phase) -> bool {
    matches!(
        phase,
        Phase::Draft { .. }
            | Phase::PlaceNeutral { .. }
            | Phase::PlaceStart { .. }
            | Phase::PlacePair { .. }
    )
}

/// What the coach explains now: one moment of the game, with its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Moment {
    /// Choosing a start building from the draft.
    Draft,
    /// Placing a neutral start building (two players).
    PlaceNeutral,
    /// Placing the own start buildings around the centre.
    PlaceStart,
    /// Placing the three villager pairs.
    Pairs,
    /// The first coin of a turn goes on a character.
    Choose,
    /// After an action: another coin on the same character, or end the turn.
    Again,
    /// Two players: the neutral coin, instead of a character (explained once).
    NeutralCoin,
    /// Nothing to use the coins for: pass.
    Pass,
    /// The learner's villagers sleep, and the Night Watchman can wake them.
    Sleeping,
    /// A held character tile can be used.
    Tiles,
    /// Builder: choose a building on offer.
    SelectBuilding,
    /// Builder: pay the cost by producing or buying.
    Pay,
    /// Builder: put the building on a free space.
    Place,
    /// Builder: a villager from the centre moves in.
    MoveIn,
    /// Trader: a villager makes a good to deliver.
    Produce,
    /// Trader: the good goes to the market.
    Deliver,
    /// Night Watchman: wake a quarter.
    Wake,
    /// Priest: an unattached villager marries.
    Marry,
    /// Priest: a dowry coin from the centre married into.
    Dowry,
    /// Midwife: a couple has a child.
    Birth,
    /// End of a round: villagers back from school move in.
    SchoolReturn,
    /// The first decision after a round ended.
    RoundOver,
    /// Another player (the bot) decides.
    OthersTurn,
    /// The learner decides, but this table is not theirs (a spectator's).
    LearnersTurn,
    /// The game is over.
    GameOver,
}

impl Moment {
    /// The message id of its title; its text is the same id without `-title`.
    pub const fn key(self) -> &'static str {
        match self {
            Moment::Draft => "coach-draft",
            Moment::PlaceNeutral => "coach-place-neutral",
            Moment::PlaceStart => "coach-place-start",
            Moment::Pairs => "coach-pairs",
            Moment::Choose => "coach-choose",
            Moment::Again => "coach-again",
            Moment::NeutralCoin => "coach-neutral-coin",
            Moment::Pass => "coach-pass",
            Moment::Sleeping => "coach-sleeping",
            Moment::Tiles => "coach-tiles",
            Moment::SelectBuilding => "coach-select-building",
            Moment::Pay => "coach-pay",
            Moment::Place => "coach-place",
            Moment::MoveIn => "coach-move-in",
            Moment::Produce => "coach-produce",
            Moment::Deliver => "coach-deliver",
            Moment::Wake => "coach-wake",
            Moment::Marry => "coach-marry",
            Moment::Dowry => "coach-dowry",
            Moment::Birth => "coach-birth",
            Moment::SchoolReturn => "coach-school-return",
            Moment::RoundOver => "coach-round-over",
            Moment::OthersTurn => "coach-others-turn",
            Moment::LearnersTurn => "coach-learners-turn",
            Moment::GameOver => "coach-game-over",
        }
    }

    /// Every moment, for the tests of the texts.
    pub const ALL: [Moment; 25] = [
        Moment::Draft,
        Moment::PlaceNeutral,
        Moment::PlaceStart,
        Moment::Pairs,
        Moment::Choose,
        Moment::Again,
        Moment::NeutralCoin,
        Moment::Pass,
        Moment::Sleeping,
        Moment::Tiles,
        Moment::SelectBuilding,
        Moment::Pay,
        Moment::Place,
        Moment::MoveIn,
        Moment::Produce,
        Moment::Deliver,
        Moment::Wake,
        Moment::Marry,
        Moment::Dowry,
        Moment::Birth,
        Moment::SchoolReturn,
        Moment::RoundOver,
        Moment::OthersTurn,
        Moment::LearnersTurn,
        Moment::GameOver,
    ];

    /// The lesson of the checklist it teaches, if any.
    pub const fn lesson(self) -> Option<Lesson> {
        Some(match self {
            Moment::Draft | Moment::PlaceNeutral | Moment::PlaceStart | Moment::Pairs => {
                Lesson::Start
            }
            Moment::Choose | Moment::Again | Moment::NeutralCoin | Moment::Pass => {
                Lesson::Characters
            }
            Moment::Sleeping | Moment::Wake => Lesson::SleepingAndWaking,
            Moment::Tiles => Lesson::CharacterTiles,
            Moment::SelectBuilding | Moment::Pay | Moment::Place | Moment::MoveIn => {
                Lesson::Building
            }
            Moment::Produce => Lesson::Producing,
            Moment::Deliver => Lesson::Delivering,
            Moment::Marry | Moment::Dowry => Lesson::Marrying,
            Moment::Birth => Lesson::Children,
            Moment::SchoolReturn | Moment::RoundOver => Lesson::RoundEnd,
            Moment::OthersTurn | Moment::LearnersTurn | Moment::GameOver => return None,
        })
    }
}

/// What the coach shows now: the moment, and the pieces of the table it is about (a CSS
/// selector the script marks with `coach-focus`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Coaching {
    /// The moment.
    pub moment: Moment,
    /// The pieces it is about, as a selector list; empty for none.
    pub focus: String,
}

/// The moment of `view` for `tutorial`'s learner: `legal` are the legal actions of this table
/// (empty unless its viewer decides now), `story` the story so far.
pub fn coaching(
    view: &View,
    legal: &[Action],
    story: &[StoryLine],
    tutorial: &Tutorial,
) -> Coaching {
    let pos = &view.position;
    let learner = tutorial.learner;
    let own = village(VillageId::Player(learner));
    let (moment, focus) = if pos.phase == Phase::GameOver {
        (Moment::GameOver, "#t-end".to_string())
    } else if pos.to_move() != Some(learner) {
        (Moment::OthersTurn, "#t-recent .recent-legend".to_string())
    } else if legal.is_empty() {
        (Moment::LearnersTurn, own.clone())
    } else {
        learners_moment(pos, legal, story, tutorial)
    };
    Coaching { moment, focus }
}

/// The moment of the learner's own decision.
fn learners_moment(
    pos: &Position,
    legal: &[Action],
    story: &[StoryLine],
    tutorial: &Tutorial,
) -> (Moment, String) {
    let learner = tutorial.learner;
    let own = village(VillageId::Player(learner));
    let turn = match pos.phase {
        Phase::Draft { .. } => return (Moment::Draft, "#t-display".into()),
        Phase::PlaceNeutral { .. } => {
            return (Moment::PlaceNeutral, village(VillageId::Neutral));
        }
        Phase::PlaceStart { .. } => return (Moment::PlaceStart, own),
        Phase::PlacePair { .. } => return (Moment::Pairs, own),
        Phase::SchoolReturn { .. } => {
            return (Moment::SchoolReturn, format!("#t-status .school, {own}"));
        }
        Phase::GameOver => return (Moment::GameOver, "#t-end".into()),
        Phase::Turn { turn, .. } => turn,
    };
    match turn.step {
        Step::Choose => choosing(pos, &turn, &own, legal, story, tutorial),
        Step::SelectBuilding => (Moment::SelectBuilding, "#t-display".into()),
        Step::Pay { .. } => (
            Moment::Pay,
            format!("#t-prompt .cost, {}", villages_of(legal, own)),
        ),
        Step::Place { village: v, .. } => (Moment::Place, village(v)),
        Step::MoveIn { village: v, .. } => {
            (Moment::MoveIn, format!("{} [data-centre]", village(v)))
        }
        Step::Deliver { .. } if legal.iter().any(|a| matches!(a, Action::Deliver(_))) => {
            (Moment::Deliver, "#t-market".into())
        }
        Step::Deliver { .. } => (Moment::Produce, villages_of(legal, own)),
        Step::Wake => (Moment::Wake, villages_of(legal, own)),
        Step::Marry => {
            let mut focus = villages_of(legal, own);
            let from_school = legal.iter().any(|a| {
                matches!(
                    a,
                    Action::Marry {
                        from: Unattached::School,
                        ..
                    }
                )
            });
            if from_school {
                focus.push_str(", #t-status .school");
            }
            (Moment::Marry, focus)
        }
        Step::Dowry { village: v } => (Moment::Dowry, format!("{} [data-centre]", village(v))),
        Step::Birth => (Moment::Birth, own),
    }
}

/// Between actions: the neutral coin at the second turn, the round's end just seen, a tile,
/// sleepers to wake, or the characters.
fn choosing(
    pos: &Position,
    turn: &TurnState,
    own: &str,
    legal: &[Action],
    story: &[StoryLine],
    tutorial: &Tutorial,
) -> (Moment, String) {
    let learner = tutorial.learner;
    let fresh = turn.regular.is_none() && turn.tile.is_none();
    // Before the round's end, which every round explains again.
    if fresh && pos.options.has_neutral() && tutorial.second_turn() {
        let neutral = village(VillageId::Neutral);
        return (
            Moment::NeutralCoin,
            format!("{neutral}-head, #table .neutral-coin"),
        );
    }
    if fresh && round_just_ended(story, learner) {
        return (Moment::RoundOver, "#t-status, #t-characters".into());
    }
    if legal.iter().any(|a| matches!(a, Action::UseTile(_))) {
        return (Moment::Tiles, format!("{own}-tiles"));
    }
    if legal == [Action::Pass] {
        return (Moment::Pass, format!("{own}-hand"));
    }
    if turn.regular.is_some() {
        return (Moment::Again, "#t-characters".into());
    }
    let can_wake = legal.contains(&Action::Begin(helvetia_engine::Character::NightWatchman));
    if can_wake && !tutorial.has_done(Lesson::SleepingAndWaking) && own_sleepers(pos, learner) {
        return (Moment::Sleeping, format!("{own}, #t-characters"));
    }
    (Moment::Choose, "#t-characters".into())
}

/// Whether a round ended since the learner's last decision: the story's last chapter is a
/// round's end and the learner has not decided since.
fn round_just_ended(story: &[StoryLine], learner: Seat) -> bool {
    let Some(end) = story.iter().rposition(|line| line.stage == Stage::RoundEnd) else {
        return false;
    };
    !story[end + 1..]
        .iter()
        .any(|line| line.seat == Some(learner))
}

/// Whether a villager of the learner sleeps in their own village.
fn own_sleepers(pos: &Position, learner: Seat) -> bool {
    let id = VillageId::Player(learner);
    pos.village(id)
        .buildings()
        .any(|(_, building)| building.villagers.iter().any(|v| v.owner == id && !v.awake))
}

fn village(id: VillageId) -> String {
    format!("#t-village-{}", id.index())
}

/// The villages the legal actions name (work, waking, marrying), or `fallback`.
fn villages_of(legal: &[Action], fallback: String) -> String {
    let mut villages: Vec<VillageId> = Vec::new();
    for action in legal {
        let id = match *action {
            Action::Work { village, .. }
            | Action::Wake { village, .. }
            | Action::Marry { village, .. } => village,
            _ => continue,
        };
        if !villages.contains(&id) {
            villages.push(id);
        }
    }
    if villages.is_empty() {
        return fallback;
    }
    villages
        .into_iter()
        .map(village)
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests;
