//! The list a decision's legal actions are written into. Every part of the rules fills one, so
//! it sits below them all, apart from the game that hands it out.

use arrayvec::ArrayVec;

use crate::action::Action;

/// Capacity of [`ActionList`].
///
/// The widest decision is the Priest's marriage: two sources (centre, school) for each single
/// villager of the other sex in another village. Opponents can hold at most 45 single villagers
/// on workplaces (46 workplace tiles, no kind twice in one village), so at most 90 actions.
/// Work steps are at most 16 own villagers × 5 outputs = 80; a neutral placement 4 kinds ×
/// 10 cells × 2 sexes = 80; the Night Watchman's choice at most 5 villages × 4 quarters = 20
/// (only quarters where someone sleeps, ruling 8); a fresh turn at most 5 characters, 5 tiles,
/// 10 neutral marriages × 2 sexes and 24 neutral buildings, or a lone `Pass`.
/// `tests/it/capacity.rs` builds the widest marriage choice and the widest wake.
///
/// The list is never empty while the game goes on. When nothing else is possible it is exactly
/// `[Pass]`: a forced pass, after which the player is out for the round (ruling 8). `Pass` is
/// offered beside other actions only to a player without coins (who may decline the neutral
/// coin); a player with coins never chooses to pass.
pub const ACTION_CAPACITY: usize = 128;

/// The legal actions of one decision, on the stack.
pub type ActionList = ArrayVec<Action, ACTION_CAPACITY>;
