//! Which piece of the table each legal action is made on, and the attributes that make that
//! piece clickable: `data-action="i"` for one action, or a chooser for several on one target.

use helvetia_engine::{
    Action, BuildingKind, Cell, Character, Good, Phase, Position, Quarter, Seat, Step, VillageId,
};

/// A piece of the table that legal actions are made on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// A building cell (built or free) of a village.
    Cell(VillageId, Cell),
    /// A village centre (its villagers move into a new building).
    Centre(VillageId),
    /// A dowry coin of this colour in a village centre.
    CentreCoin(VillageId, Seat),
    /// A quarter of a village, for the Night Watchman.
    Quarter(VillageId, Quarter),
    /// A character space.
    Character(Character),
    /// A character tile, wherever it lies.
    CharacterTile(Character),
    /// A kind of building on the display.
    Display(BuildingKind),
    /// A start building in the draft pool.
    DraftPool(BuildingKind),
    /// A start building held by a player (the draft's special case).
    StartBuilding(Seat, BuildingKind),
    /// A good's space on the market.
    Market(Good),
    /// A material of the cost being paid.
    Cost(Good),
    /// No piece on the board: a button in the prompt.
    Button,
}

/// The target of `action` in `position` (the position it is legal in).
pub fn target_of(position: &Position, action: &Action) -> Target {
    let seat = position.to_move();
    let own = seat.map_or(VillageId::Neutral, VillageId::Player);
    match *action {
        Action::DraftPick(kind) => Target::DraftPool(kind),
        Action::DraftTake { from, kind } => Target::StartBuilding(from, kind),
        Action::PlaceNeutral { cell, .. } => Target::Cell(VillageId::Neutral, cell),
        Action::PlaceStart { cell, .. } => Target::Cell(own, cell),
        Action::PlacePair1 { woman, .. } => Target::Cell(own, woman),
        Action::PlacePair2 { .. } | Action::EndTurn | Action::Pass => Target::Button,
        Action::PlacePair3 { cell, .. } => {
            let left = seat.map_or(VillageId::Neutral, |s| {
                VillageId::Player(position.options.previous(s))
            });
            Target::Cell(left, cell)
        }
        Action::Begin(character) => Target::Character(character),
        Action::UseTile(character) => Target::CharacterTile(character),
        Action::NeutralPriest { cell, .. } => Target::Cell(own, cell),
        Action::NeutralBuild(kind) | Action::Build(kind) => Target::Display(kind),
        Action::Work { village, cell, .. } => Target::Cell(village, cell),
        Action::Buy(good) | Action::Pay(good) => Target::Cost(good),
        Action::Place(cell) => {
            let village = match position.phase {
                Phase::Turn { turn, .. } => match turn.step {
                    Step::Place { village, .. } => village,
                    _ => own,
                },
                _ => own,
            };
            Target::Cell(village, cell)
        }
        Action::MoveIn(_) => match position.phase {
            Phase::Turn { turn, .. } => match turn.step {
                Step::MoveIn { village, .. } => Target::Centre(village),
                _ => Target::Centre(own),
            },
            _ => Target::Centre(own),
        },
        Action::Deliver(good) => Target::Market(good),
        Action::Wake { village, quarter } => Target::Quarter(village, quarter),
        Action::Marry { village, cell, .. } => Target::Cell(village, cell),
        Action::TakeDowry(colour) => match position.phase {
            Phase::Turn { turn, .. } => match turn.step {
                Step::Dowry { village } => Target::CentreCoin(village, colour),
                _ => Target::Button,
            },
            _ => Target::Button,
        },
        Action::Birth { cell, .. } => Target::Cell(own, cell),
        Action::ReturnFromSchool { cell, .. } => Target::Cell(own, cell),
    }
}

/// Whether `action` spends the neutral coin (two players, ruling 25): it replaces the whole
/// turn, so its pieces are drawn apart from the ordinary moves on the same board.
pub fn spends_neutral_coin(action: &Action) -> bool {
    matches!(
        action,
        Action::NeutralPriest { .. } | Action::NeutralBuild(_)
    )
}

/// The legal actions grouped by the piece they are made on.
pub struct Targets {
    /// Targets in the order of their first action.
    by_target: Vec<(Target, Vec<usize>)>,
    choosers: Vec<(Target, Vec<usize>)>,
    /// Targets whose every action spends the neutral coin.
    neutral_coin: Vec<Target>,
}

/// The attributes that make one piece clickable.
pub struct Clickable {
    /// `data-action`: the one action this piece plays.
    pub action: Option<usize>,
    /// `data-chooser`: the id of the chooser listing several actions.
    pub chooser: Option<String>,
    /// Whether every action on the piece spends the neutral coin.
    pub neutral_coin: bool,
}

impl Targets {
    /// Groups `legal` (legal in `position`) by target.
    pub fn new(position: &Position, legal: &[Action]) -> Targets {
        let mut by_target: Vec<(Target, Vec<usize>)> = Vec::new();
        for (index, action) in legal.iter().enumerate() {
            let target = target_of(position, action);
            match by_target.iter_mut().find(|(t, _)| *t == target) {
                Some((_, actions)) => actions.push(index),
                None => by_target.push((target, vec![index])),
            }
        }
        let choosers = by_target
            .iter()
            .filter(|(target, actions)| *target != Target::Button && actions.len() > 1)
            .map(|(target, actions)| (*target, actions.clone()))
            .collect();
        let neutral_coin = by_target
            .iter()
            .filter(|(target, actions)| {
                *target != Target::Button && actions.iter().all(|&i| spends_neutral_coin(&legal[i]))
            })
            .map(|(target, _)| *target)
            .collect();
        Targets {
            by_target,
            choosers,
            neutral_coin,
        }
    }

    /// How `target` is clicked, if any legal action is made on it.
    pub fn clickable(&self, target: Target) -> Option<Clickable> {
        let actions = self.find(target)?;
        if target == Target::Button {
            return None;
        }
        let neutral_coin = self.neutral_coin.contains(&target);
        Some(match actions.as_slice() {
            [single] => Clickable {
                action: Some(*single),
                chooser: None,
                neutral_coin,
            },
            _ => Clickable {
                action: None,
                chooser: Some(self.chooser_id(target)),
                neutral_coin,
            },
        })
    }

    /// Whether a piece on the board spends the neutral coin: the prompt then says what those
    /// pieces are.
    pub fn offers_neutral_coin(&self) -> bool {
        !self.neutral_coin.is_empty()
    }

    /// Every piece that legal actions are made on.
    pub fn all(&self) -> impl Iterator<Item = Target> + '_ {
        self.by_target.iter().map(|(target, _)| *target)
    }

    /// The actions made on `target`.
    pub fn actions(&self, target: Target) -> &[usize] {
        self.find(target).map_or(&[], Vec::as_slice)
    }

    fn find(&self, target: Target) -> Option<&Vec<usize>> {
        self.by_target
            .iter()
            .find(|(t, _)| *t == target)
            .map(|(_, actions)| actions)
    }

    fn chooser_id(&self, target: Target) -> String {
        let n = self
            .choosers
            .iter()
            .position(|(t, _)| *t == target)
            .unwrap_or_default();
        format!("chooser-{n}")
    }

    /// The choosers to render: an id and the actions for each shared target.
    pub fn choosers(&self) -> impl Iterator<Item = (String, Target, &[usize])> + '_ {
        self.choosers
            .iter()
            .enumerate()
            .map(|(n, (target, actions))| (format!("chooser-{n}"), *target, actions.as_slice()))
    }

    /// The actions shown as buttons in the prompt.
    pub fn buttons(&self) -> &[usize] {
        self.actions(Target::Button)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use helvetia_engine::{Game, GameOptions};

    /// Every legal action of many decisions of real games gets exactly one way to click it.
    #[test]
    fn every_legal_action_is_reachable_exactly_once() {
        for players in 2..=4 {
            let mut game = Game::new(GameOptions::for_players(players), 11 + players as u64);
            for step in 0..600 {
                let legal = game.legal_actions();
                let Some(&first) = legal.get(step % legal.len().max(1)) else {
                    break;
                };
                let targets = Targets::new(game.position(), &legal);
                let mut reached = vec![0; legal.len()];
                for (target, actions) in &targets.by_target {
                    match targets.clickable(*target) {
                        Some(Clickable {
                            action: Some(i), ..
                        }) => reached[i] += 1,
                        Some(Clickable {
                            chooser: Some(_), ..
                        })
                        | None => {
                            for &i in actions {
                                reached[i] += 1;
                            }
                        }
                        _ => unreachable!(),
                    }
                }
                assert!(reached.iter().all(|&n| n == 1), "{reached:?} for {legal:?}");
                game.play(first).unwrap();
            }
        }
    }
}
