//! Decisions that leave coins unused for the rest of the round, so that a table can warn first.
//!
//! A coin in hand buys something only on a later turn of the same round. The round ends right
//! after a turn that leaves at most one colour in play (rulings 9, 27): players with coins in
//! hand who have not passed (coins kept by a player who passed do not count, ruling 8), and in
//! the two-player game the unused neutral coin. A player who ends a turn with coins therefore
//! gets another turn unless every other colour is sure to be gone before it: no neutral coin
//! left, and every other player in play down to their last coin, with no dowry of their own
//! colour that could bring one back (ruling 10): whatever they do, they place it or pass.
//!
//! When that is so, a decision forfeits the coins in hand if it ends the turn while a coin
//! could still have been placed in it:
//!
//! - ending the turn while another action of the character could begin;
//! - using a tile of another character after the regular actions, which closes the turn
//!   (ruling 11), while another regular action could begin;
//! - using the neutral coin (ruling 25), which removes the last colour that kept the round going;
//! - the last step of an action, when another choice at that step would have left another
//!   action of the character possible.
//!
//! Only what every player sees is used, never the order of stacks 2 and 3: a view is enough.

use crate::action::Action;
use crate::census::Census;
use crate::decisions::{apply, legal_in};
use crate::people::Seat;
use crate::people::{Character, VillageId};
use crate::position::{Phase, Position, Step};
use crate::round::in_play;
use crate::turn_actions::{own_dowry_from_a_new_building, own_dowry_within_reach};

/// Why a decision leaves coins unused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ForfeitCause {
    /// Ending the turn: nobody else has coins, so the round ends with it.
    EndTurn,
    /// A tile of another character after the regular actions closes the turn, and the round
    /// ends with it.
    TileClosesTurn,
    /// The neutral coin was the last other colour in play: the round ends after this turn.
    NeutralCoin,
    /// This step ends the action and with it the turn and the round; another choice here
    /// would have left another action possible.
    StepEndsTurn,
}

/// Coins a decision leaves unused for the rest of the round, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Forfeit {
    /// Coins still in the player's hand that buy nothing more this round.
    pub coins: u8,
    /// Why.
    pub cause: ForfeitCause,
}

/// The decisions among `legal` (the legal actions in `position`) that forfeit coins, by index.
///
/// A decision counts only when the player could still use the coins another way: when every
/// legal action leaves them unused (a forced pass, a step whose every choice ends the turn),
/// nothing is listed, since there is nothing to choose instead.
pub fn forfeits(position: &Position, legal: &[Action]) -> Vec<(usize, Forfeit)> {
    let Phase::Turn { seat, turn } = position.phase else {
        return Vec::new();
    };
    let coins = position.player(seat).hand;
    if coins == 0 || !others_surely_out(position, seat) {
        return Vec::new();
    }
    let can_begin = legal.iter().any(|a| matches!(a, Action::Begin(_)));
    // An unused neutral coin keeps the round going after this turn, unless this turn uses it.
    let alone = !(position.options.has_neutral() && position.neutral_coin_available);
    let mut found = Vec::new();
    // Last steps are compared with each other: only a choice that ends the turn while another
    // would not is a decision to forfeit.
    let mut step_enders = Vec::new();
    let mut step_keeps_going = false;
    for (index, &action) in legal.iter().enumerate() {
        let cause = match action {
            Action::EndTurn if can_begin && alone => Some(ForfeitCause::EndTurn),
            Action::UseTile(character)
                if can_begin
                    && alone
                    && turn.regular.is_some_and(|r| r != character)
                    && !(character == Character::Builder
                        && others_may_marry_into(position, seat)) =>
            {
                Some(ForfeitCause::TileClosesTurn)
            }
            Action::NeutralPriest { .. } | Action::NeutralBuild(_) if can_begin => {
                Some(ForfeitCause::NeutralCoin)
            }
            _ if alone && turn.step != Step::Choose => {
                match after_step(position, seat, action) {
                    AfterStep::TurnOver => step_enders.push(index),
                    AfterStep::MayBegin => step_keeps_going = true,
                    AfterStep::Other => {}
                }
                None
            }
            _ => None,
        };
        if let Some(cause) = cause {
            found.push((index, Forfeit { coins, cause }));
        }
    }
    if step_keeps_going {
        let cause = ForfeitCause::StepEndsTurn;
        found.extend(
            step_enders
                .into_iter()
                .map(|index| (index, Forfeit { coins, cause })),
        );
        found.sort_by_key(|&(index, _)| index);
    }
    found
}

/// Whether every other player in play is sure to be out of the round after their next turn:
/// a last coin in hand, none coming back, and no dowry of their colour that a marriage could
/// bring back.
fn others_surely_out(position: &Position, seat: Seat) -> bool {
    position
        .options
        .seats()
        .filter(|&s| s != seat && in_play(position.player(s)))
        .all(|s| {
            let player = position.player(s);
            player.hand == 1 && player.arriving == 0 && !own_dowry_within_reach(position, s)
        })
}

/// Whether another player in play could marry into `seat`'s village for a dowry coin of their
/// own colour once a building there holds a single villager: what the Builder's tile action,
/// played before the turn closes, may offer them (ruling 10).
fn others_may_marry_into(position: &Position, seat: Seat) -> bool {
    position
        .options
        .seats()
        .filter(|&s| s != seat && in_play(position.player(s)))
        .any(|s| own_dowry_from_a_new_building(position, s, VillageId::Player(seat)))
}

/// Where a step of an action leads.
enum AfterStep {
    /// The action is done and the turn is over.
    TurnOver,
    /// The action is done and another action of the character may begin.
    MayBegin,
    /// The action goes on, or is done with nothing to begin.
    Other,
}

fn after_step(position: &Position, seat: Seat, action: Action) -> AfterStep {
    let mut after = position.clone();
    apply(&mut after, action);
    match after.phase {
        Phase::Turn { seat: s, turn } if s == seat && after.round == position.round => {
            let begins = turn.step == Step::Choose
                && legal_in(&after, &Census::of(&after))
                    .iter()
                    .any(|a| matches!(a, Action::Begin(_)));
            if begins {
                AfterStep::MayBegin
            } else {
                AfterStep::Other
            }
        }
        // The step may have given another player a marriage for a dowry of their own colour
        // (a new building with a single villager), and with it a way to stay in the round.
        Phase::Turn { .. } if after.round == position.round && !others_surely_out(&after, seat) => {
            AfterStep::Other
        }
        _ => AfterStep::TurnOver,
    }
}
