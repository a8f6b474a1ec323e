//! How the tutorial's browser test decides, as a newcomer who follows the coach would: it takes
//! what serves a lesson still open in the coach's checklist (a tile when one is offered, the
//! character of an open lesson, delivering, marrying, a child, waking, placing a building,
//! working), then the move the prompt suggests, then any legal action. To win a character tile
//! it puts its coins on the character where it is ahead of the bot.

use helvetia_engine::{Action, Character, Phase, Position, Seat, Step};
use rand_chacha::ChaCha8Rng;
use rand_core::RngCore;

/// The lesson of the checklist a character's action teaches (its `data-lesson` name), and how
/// much sooner than the others to take it: the Trader first, while villagers are still awake
/// to make a good, the Priest before a new building takes the unattached villagers in, the
/// Night Watchman last, once someone sleeps.
fn lesson_of(character: Character) -> (&'static str, u32) {
    match character {
        Character::Trader => ("delivering", 66),
        Character::Priest => ("marrying", 65),
        Character::Builder => ("building", 64),
        Character::Midwife => ("children", 63),
        Character::NightWatchman => ("sleeping", 62),
    }
}

/// The index in `legal` of the learner's next decision in `position`. `open` are the lessons the
/// coach has not ticked yet (by `data-lesson` name), `suggestion` the move the prompt suggests.
pub fn choose(
    position: &Position,
    learner: Seat,
    legal: &[Action],
    open: &[String],
    suggestion: Option<usize>,
    rng: &mut ChaCha8Rng,
) -> usize {
    let is_open = |lesson: &str| open.iter().any(|o| o == lesson);
    let scores: Vec<u32> = legal
        .iter()
        .map(|action| score(position, learner, legal, action, &is_open))
        .collect();
    let best = scores.iter().copied().max().unwrap_or(0);
    if best == 0 {
        if let Some(index) = suggestion {
            return index;
        }
    }
    let tied: Vec<usize> = (0..legal.len()).filter(|&i| scores[i] == best).collect();
    tied[rng.next_u64() as usize % tied.len()]
}

/// How much `action` serves the open lessons; 0 for not at all.
fn score(
    position: &Position,
    learner: Seat,
    legal: &[Action],
    action: &Action,
    is_open: &impl Fn(&str) -> bool,
) -> u32 {
    let again = match position.phase {
        Phase::Turn { turn, .. } => turn.step == Step::Choose && turn.regular.is_some(),
        _ => false,
    };
    let wants_tile = is_open("tiles") && !holds_a_tile(position, learner);
    match *action {
        Action::UseTile(_) if is_open("tiles") => 100,
        Action::Deliver(_) if is_open("delivering") => 90,
        Action::Marry { .. } if is_open("marrying") => 90,
        Action::Birth { .. } if is_open("children") => 90,
        Action::Wake { .. } if is_open("sleeping") => 90,
        Action::Place(_) if is_open("building") => 90,
        Action::Work { .. } if is_open("producing") => 80,
        // The Trader's good is made before it goes to the market.
        Action::Work { .. } if is_open("delivering") && trading(position) => 70,
        Action::Begin(character) if !again && is_open(lesson_of(character).0) => {
            lesson_of(character).1
        }
        // Nobody awake to make a good for the Trader: wake them first.
        Action::Begin(Character::NightWatchman)
            if !again
                && is_open("delivering")
                && !legal.contains(&Action::Begin(Character::Trader)) =>
        {
            61
        }
        Action::Begin(character) if wants_tile => {
            // Ahead of the bot on this character, or as little behind as can be.
            let lead = coins_on(position, learner, character) as i32
                - coins_on(position, other(learner), character) as i32;
            (40 + lead * 5).clamp(1, 59) as u32
        }
        _ => 0,
    }
}

fn trading(position: &Position) -> bool {
    matches!(position.phase, Phase::Turn { turn, .. } if matches!(turn.step, Step::Deliver { .. }))
}

fn holds_a_tile(position: &Position, seat: Seat) -> bool {
    position
        .character_tiles
        .iter()
        .any(|tile| tile.holder == Some(seat))
}

fn coins_on(position: &Position, seat: Seat, character: Character) -> u8 {
    position.player(seat).on_characters[character.index()]
}

/// The other seat of a game for two.
fn other(seat: Seat) -> Seat {
    Seat(1 - seat.0)
}
