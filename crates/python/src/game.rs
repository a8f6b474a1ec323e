//! The Python `Game`: the engine's game with its record, spoken to in action ids and JSON.

use helvetia_ai::{BotSpec, Budget};
use helvetia_engine::{Action, BuildingKind, Game, GameOptions, GameRecord, Position, Seat, View};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyTuple};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use std::time::Duration;

use crate::action_ids::{self, NUM_ACTION_IDS};
use crate::observation;

/// A game of Helvetia. Actions are ids below `NUM_ACTIONS` (see `action_to_json`), seats 0-based.
/// Without a `round_limit` option a game of random moves may never end (nobody reaches the
/// target), so simulations should set one.
///
/// What a player may see is `view_json()` and `observation(seat)`: never the order of stacks 2
/// and 3 nor the seed. `position_json()` and `record_json()` are the complete state and history,
/// hidden order and seed included, for tools that are allowed to know them.
#[pyclass(name = "Game", module = "helvetia._engine", skip_from_py_object)]
#[derive(Clone)]
pub struct PyGame {
    pub(crate) game: Game,
    /// Options, seed and actions since the start; `None` for a game made from a position or a
    /// determinization, whose seed is unknown.
    record: Option<GameRecord>,
}

#[pymethods]
impl PyGame {
    /// A new game dealt from `seed`. `options` is the engine's options as a JSON string or a
    /// dict (docs/notation.md); its `players` defaults to the `players` argument.
    #[new]
    #[pyo3(signature = (players = 4, seed = 0, options = None))]
    fn new(players: u8, seed: u64, options: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let options = parse_options(players, options)?;
        options.check().map_err(PyValueError::new_err)?;
        Ok(PyGame {
            game: Game::new(options, seed),
            record: Some(GameRecord::new(options, seed)),
        })
    }

    /// The game in a position (the engine's JSON, hidden stacks included), checked by the engine.
    #[staticmethod]
    fn from_position(position_json: &str) -> PyResult<Self> {
        let position: Position = serde_json::from_str(position_json).map_err(value_error)?;
        let game = Game::from_position(position).map_err(|errors| {
            let problems: Vec<String> = errors
                .iter()
                .map(|e| format!("{}: {}", e.at, e.problem))
                .collect();
            PyValueError::new_err(problems.join("; "))
        })?;
        Ok(PyGame { game, record: None })
    }

    /// A game consistent with a view (the engine's `View` JSON, as `view_json()` gives it and
    /// the server sends it to a player), the unseen tiles of stacks 2 and 3 dealt from `seed`.
    /// Its observations and legal actions are those of the game the view was taken from; the
    /// order of the stacks is this function's guess. It has no record. A view that is not
    /// JSON, or that no game could show, is refused with a `ValueError`.
    #[staticmethod]
    #[pyo3(signature = (view_json, seed = 0))]
    fn from_view(view_json: &str, seed: u64) -> PyResult<Self> {
        Ok(PyGame {
            game: game_from_view(view_json, seed).map_err(PyValueError::new_err)?,
            record: None,
        })
    }

    /// Replays a game record (the engine's JSON: options, seed, actions) with the engine.
    #[staticmethod]
    fn replay(record_json: &str) -> PyResult<Self> {
        let record: GameRecord = serde_json::from_str(record_json).map_err(value_error)?;
        let game = record.replay().map_err(value_error)?;
        Ok(PyGame {
            game,
            record: Some(record),
        })
    }

    /// The number of players.
    #[getter]
    fn players(&self) -> u8 {
        self.game.options().players
    }

    /// The seat whose decision it is, or `None` once the game is over.
    #[getter]
    fn to_move(&self) -> Option<u8> {
        self.game.to_move().map(|seat| seat.0)
    }

    /// Whether the game is over.
    #[getter]
    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// The round being played, from 1.
    #[getter]
    fn round(&self) -> u16 {
        self.game.position().round
    }

    /// How many actions were played since the start (0 without a record).
    #[getter]
    fn actions_played(&self) -> usize {
        self.record.as_ref().map_or(0, |r| r.actions.len())
    }

    /// The legal action ids, ascending (empty once the game is over).
    fn legal_action_ids(&self) -> PyResult<Vec<u32>> {
        let mut ids = self
            .game
            .legal_actions()
            .iter()
            .map(|&action| id_of(action))
            .collect::<PyResult<Vec<u32>>>()?;
        ids.sort_unstable();
        Ok(ids)
    }

    /// The legal actions as `(id, engine JSON, label)`, in the engine's order.
    fn legal_actions(&self) -> PyResult<Vec<(u32, String, String)>> {
        self.game
            .legal_actions()
            .iter()
            .map(|&action| Ok((id_of(action)?, action_json(action), action.label())))
            .collect()
    }

    /// One byte per action id, 1 where the action is legal: `NUM_ACTIONS` bytes.
    fn action_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let mut mask = vec![0u8; NUM_ACTION_IDS as usize];
        for &action in &self.game.legal_actions() {
            mask[id_of(action)? as usize] = 1;
        }
        Ok(PyBytes::new(py, &mask))
    }

    /// Plays the action with this id; refuses an illegal one and leaves the game unchanged.
    fn play(&mut self, action_id: u32) -> PyResult<()> {
        self.play_action(action_of(action_id)?)
    }

    /// Plays an action given as the engine's JSON, e.g. `'{"Begin": "Builder"}'`.
    fn play_json(&mut self, action_json: &str) -> PyResult<()> {
        let action: Action = serde_json::from_str(action_json).map_err(value_error)?;
        self.play_action(action)
    }

    /// What every player sees, as the engine's `View` JSON: the position with stacks 2 and 3
    /// emptied and only their sizes given. No seed.
    fn view_json(&self) -> String {
        serde_json::to_string(&self.game.view()).expect("a view serialises")
    }

    /// `seat`'s observation: `OBSERVATION_LENGTH` little-endian float32 numbers, made from the
    /// view alone (`observation_layout()` names their sections).
    fn observation<'py>(&self, py: Python<'py>, seat: u8) -> PyResult<Bound<'py, PyBytes>> {
        let seat = self.seat(seat)?;
        let values = observation::observe(&self.game.view(), seat);
        let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
        Ok(PyBytes::new(py, &bytes))
    }

    /// Victory points now, by seat.
    fn scores(&self) -> Vec<u32> {
        self.game
            .options()
            .seats()
            .map(|seat| u32::from(self.game.score(seat).total))
            .collect()
    }

    /// Standings with the tie-break applied, best first: `(seat, points, awake villagers, rank)`.
    fn standings(&self) -> Vec<(u8, u8, u8, u8)> {
        self.game
            .standings()
            .iter()
            .map(|s| (s.seat.0, s.points, s.awake, s.rank))
            .collect()
    }

    /// By seat: 1.0 for each winner (rank 1 after the tie-break) once the game is over, else 0.0.
    fn returns(&self) -> Vec<f64> {
        let mut returns = vec![0.0; usize::from(self.players())];
        if self.game.is_over() {
            for standing in self.game.standings() {
                if standing.rank == 1 {
                    returns[standing.seat.index()] = 1.0;
                }
            }
        }
        returns
    }

    /// A copy that plays on independently.
    #[pyo3(name = "clone")]
    fn clone_game(&self) -> Self {
        self.clone()
    }

    fn __copy__(&self) -> Self {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        self.clone()
    }

    /// The complete state as the engine's position JSON, including the hidden order of stacks
    /// 2 and 3: for analysis and saving, never to show a player.
    fn position_json(&self) -> String {
        serde_json::to_string(self.game.position()).expect("a position serialises")
    }

    /// The game record (options, seed, actions) as the engine's JSON, which `Game.replay` and
    /// the `helvetia` command line replay. Refused for a game without a known seed.
    fn record_json(&self) -> PyResult<String> {
        let record = self.record.as_ref().ok_or_else(|| {
            PyRuntimeError::new_err(
                "this game was made from a position or a determinization: it has no record",
            )
        })?;
        Ok(serde_json::to_string(record).expect("a record serialises"))
    }

    /// A game consistent with what the players see, the unseen tiles of stacks 2 and 3 dealt
    /// anew from `seed` (the engine's determinization, as the MCTS bot uses it). Its seed is
    /// unknown, so it has no record.
    fn determinize(&self, seed: u64) -> Self {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        PyGame {
            game: self.game.view().determinize(&mut rng),
            record: None,
        }
    }

    /// The id of the action one of the engine's bots would play here, seeing only the view:
    /// `spec` as on the command line (`random`, `greedy`, `mcts:500`). `iterations` and
    /// `time_ms` (wall-clock milliseconds, fractions allowed) replace the budget the spec names;
    /// with both, the first reached stops the search. Bots that do not search ignore them.
    ///
    /// Every call builds the bot afresh, so an MCTS bot that plans its turn (the default) runs
    /// a planning search, `plan_budget` (1.5) times the budget, on every call; with `plan=off`
    /// in the spec it searches for the budget itself. A `Bot` keeps its plan between calls.
    #[pyo3(signature = (spec = "random", seed = 0, iterations = None, time_ms = None))]
    fn bot_action(
        &self,
        spec: &str,
        seed: u64,
        iterations: Option<u32>,
        time_ms: Option<f64>,
    ) -> PyResult<u32> {
        if self.game.is_over() {
            return Err(PyRuntimeError::new_err("the game is over"));
        }
        let spec: BotSpec = spec.parse().map_err(value_error)?;
        let budget = budget_of(iterations, time_ms).map_err(PyValueError::new_err)?;
        id_of(spec.build(seed).choose(&self.game.view(), budget))
    }

    /// The tiles on the display by kind (24 counts) and the sizes of stacks 2 and 3: what the
    /// players learn when tiles are drawn.
    fn display_and_stacks(&self) -> (Vec<u32>, u8, u8) {
        let position = self.game.position();
        (
            position.display.iter().map(|&n| u32::from(n)).collect(),
            position.stack2.len() as u8,
            position.stack3.len() as u8,
        )
    }

    /// Pickling keeps the position and the record.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let restore = py.get_type::<PyGame>().getattr("_restore")?;
        let record = self
            .record
            .as_ref()
            .map(|r| serde_json::to_string(r).expect("a record serialises"));
        let args = (self.position_json(), record).into_pyobject(py)?;
        PyTuple::new(py, [restore, args.into_any()])
    }

    #[staticmethod]
    #[pyo3(signature = (position_json, record_json = None))]
    fn _restore(position_json: &str, record_json: Option<&str>) -> PyResult<Self> {
        let mut restored = PyGame::from_position(position_json)?;
        restored.record = record_json
            .map(serde_json::from_str)
            .transpose()
            .map_err(value_error)?;
        Ok(restored)
    }

    fn __repr__(&self) -> String {
        let state = match self.game.to_move() {
            Some(seat) => format!("{seat} to move"),
            None => "over".into(),
        };
        format!(
            "<helvetia.Game {} players, round {}, {state}>",
            self.players(),
            self.round()
        )
    }
}

impl PyGame {
    fn play_action(&mut self, action: Action) -> PyResult<()> {
        self.game.play(action).map_err(value_error)?;
        if let Some(record) = &mut self.record {
            record.actions.push(action);
        }
        Ok(())
    }

    fn seat(&self, seat: u8) -> PyResult<Seat> {
        if seat < self.players() {
            Ok(Seat(seat))
        } else {
            Err(PyValueError::new_err(format!(
                "seat {seat} is not in a game of {} players",
                self.players()
            )))
        }
    }
}

/// The budget of `Game.bot_action`: `iterations` and/or a time of `time_ms` milliseconds,
/// which must be a positive, finite number.
pub(crate) fn budget_of(iterations: Option<u32>, time_ms: Option<f64>) -> Result<Budget, String> {
    let time = match time_ms {
        None => None,
        Some(ms) if ms.is_finite() && ms > 0.0 => Some(
            Duration::try_from_secs_f64(ms / 1000.0)
                .map_err(|_| format!("time_ms {ms} is too long"))?,
        ),
        Some(ms) => return Err(format!("time_ms must be a positive number, not {ms}")),
    };
    Ok(Budget {
        iterations,
        time,
        until: None,
    })
}

/// A game consistent with the view in `view_json`, the unseen tiles dealt from `seed` by the
/// engine's determinization (so it is the game `determinize(seed)` gives of the game the view was
/// taken from). The view comes from outside, so it is checked first: its stacks empty, their
/// sizes those of the unseen tiles, stack 3 whole while stack 2 has tiles, and the position with
/// the unseen tiles in the stacks passing every check of `Game.from_position`.
pub(crate) fn game_from_view(view_json: &str, seed: u64) -> Result<Game, String> {
    let view: View = serde_json::from_str(view_json).map_err(|e| format!("not a view: {e}"))?;
    view.position.options.check()?;
    if !view.position.stack2.is_empty() || !view.position.stack3.is_empty() {
        return Err("a view shows no tile of stacks 2 and 3, only their sizes".into());
    }
    let unseen = view.unseen();
    let unseen_total: u32 = unseen.iter().map(|&n| u32::from(n)).sum();
    let sizes = u32::from(view.stack2_size) + u32::from(view.stack3_size);
    if unseen_total != sizes {
        return Err(format!(
            "the view's stacks hold {sizes} tiles, but {unseen_total} tiles are unseen"
        ));
    }
    let stack3_total: u32 = BuildingKind::ALL
        .iter()
        .map(|kind| u32::from(kind.tiles()[3]))
        .sum();
    // Stack 3 is untouched until stack 2 is empty: while stack 2 has tiles, all of stack 3's
    // are among the unseen, and the rest of the unseen tiles are stack 2's.
    let stack3_whole = view.stack2_size == 0
        || (u32::from(view.stack3_size) == stack3_total
            && BuildingKind::ALL
                .iter()
                .all(|kind| unseen[kind.index()] >= kind.tiles()[3]));
    if !stack3_whole {
        return Err("stack 3 must be whole while stack 2 has tiles".into());
    }
    // The unseen tiles in the stacks, unshuffled: a position the engine checks in full.
    let mut position = view.position.clone();
    for kind in BuildingKind::ALL {
        let in_stack3 = if view.stack2_size > 0 {
            kind.tiles()[3]
        } else {
            unseen[kind.index()]
        };
        for n in 0..unseen[kind.index()] {
            let pushed = if n < in_stack3 {
                position.stack3.try_push(kind).is_ok()
            } else {
                position.stack2.try_push(kind).is_ok()
            };
            if !pushed {
                return Err("the view's stacks are larger than the game's".into());
            }
        }
    }
    Game::from_position(position).map_err(|errors| {
        let problems: Vec<String> = errors.iter().map(ToString::to_string).collect();
        format!("no game shows this view: {}", problems.join("; "))
    })?;
    // The same tiles in the same stacks, in the order the seed deals them.
    let game = view.determinize(&mut ChaCha8Rng::seed_from_u64(seed));
    debug_assert_eq!(game.view(), view);
    Ok(game)
}

/// Options from a JSON string or a dict; `players` fills in a missing player count.
fn parse_options(players: u8, options: Option<&Bound<'_, PyAny>>) -> PyResult<GameOptions> {
    let Some(options) = options else {
        return Ok(GameOptions::for_players(players));
    };
    let text: String = match options.extract::<String>() {
        Ok(text) => text,
        Err(_) => {
            let json = PyModule::import(options.py(), "json")?;
            json.call_method1("dumps", (options,))?.extract()?
        }
    };
    let mut value: serde_json::Value = serde_json::from_str(&text).map_err(value_error)?;
    let object = value
        .as_object_mut()
        .ok_or_else(|| PyValueError::new_err("options must be a JSON object"))?;
    object.entry("players").or_insert(players.into());
    serde_json::from_value(value).map_err(value_error)
}

/// The action with this id, or a `ValueError`.
pub(crate) fn action_of(action_id: u32) -> PyResult<Action> {
    action_ids::decode(action_id).ok_or_else(|| {
        PyValueError::new_err(format!(
            "no action has id {action_id}; ids are below {NUM_ACTION_IDS}"
        ))
    })
}

/// The id of a legal action; every legal action has one (tested), so a failure is a bug.
pub(crate) fn id_of(action: Action) -> PyResult<u32> {
    action_ids::encode(action)
        .ok_or_else(|| PyRuntimeError::new_err(format!("the action {action:?} has no id (a bug)")))
}

pub(crate) fn action_json(action: Action) -> String {
    serde_json::to_string(&action).expect("an action serialises")
}

pub(crate) fn value_error(error: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(error.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::observation::observe;
    use helvetia_engine::SetupMode;
    use rand_core::RngCore;

    fn sorted_ids(game: &Game) -> Vec<u32> {
        let mut ids: Vec<u32> = game
            .legal_actions()
            .iter()
            .map(|&action| action_ids::encode(action).expect("an id"))
            .collect();
        ids.sort_unstable();
        ids
    }

    /// Positions of random games of every player count and both setups: the game made from the
    /// view shows the same view, so every seat's observation and the legal actions are the same.
    #[test]
    fn a_game_from_a_view_observes_and_moves_like_the_game_it_was_taken_from() {
        let mut rng = ChaCha8Rng::seed_from_u64(21);
        let mut checked = 0;
        for game_number in 0..12u64 {
            let mut options = GameOptions::for_players(2 + (game_number % 3) as u8);
            if game_number % 2 == 1 {
                options.setup = SetupMode::Letters;
            }
            options.character_tiles = game_number % 4 < 2;
            options.round_limit = Some(12);
            let mut game = Game::new(options, game_number);
            let mut decisions = 0;
            loop {
                if decisions % 7 == 0 || game.is_over() {
                    let view_json = serde_json::to_string(&game.view()).unwrap();
                    let seed = rng.next_u64();
                    let made = game_from_view(&view_json, seed).unwrap();
                    assert_eq!(made.view(), game.view());
                    assert_eq!(made.is_over(), game.is_over());
                    assert_eq!(made.to_move(), game.to_move());
                    assert_eq!(sorted_ids(&made), sorted_ids(&game));
                    for seat in game.options().seats() {
                        assert_eq!(observe(&made.view(), seat), observe(&game.view(), seat));
                    }
                    checked += 1;
                }
                if game.is_over() {
                    break;
                }
                let legal = game.legal_actions();
                game.play(legal[(rng.next_u64() % legal.len() as u64) as usize])
                    .unwrap();
                decisions += 1;
            }
        }
        assert!(checked > 300, "only {checked} positions checked");
    }

    #[test]
    fn different_seeds_deal_the_unseen_tiles_differently() {
        let game = Game::new(GameOptions::for_players(2), 9);
        let view_json = serde_json::to_string(&game.view()).unwrap();
        let orders: std::collections::HashSet<_> = (0..8)
            .map(|seed| {
                game_from_view(&view_json, seed)
                    .unwrap()
                    .position()
                    .stack2
                    .clone()
            })
            .collect();
        assert!(orders.len() > 1);
        // The same seed deals as the engine's determinization does.
        let determinized = game.view().determinize(&mut ChaCha8Rng::seed_from_u64(3));
        assert_eq!(game_from_view(&view_json, 3).unwrap(), determinized);
    }

    #[test]
    fn views_no_game_could_show_are_refused() {
        assert!(game_from_view("not json", 0).is_err());
        assert!(game_from_view("{}", 0).is_err());
        // A game where stack 2 has been drawn from but is not empty.
        let mut game = Game::new(GameOptions::for_players(3), 4);
        let full = game.position().stack2.len();
        while game.position().stack2.len() == full {
            let first = game.legal_actions()[0];
            game.play(first).unwrap();
        }
        let view = game.view();
        assert!(view.stack2_size > 0);
        // A position is not a view: it shows the stacks.
        let position = serde_json::to_value(game.position()).unwrap();
        let mut shown = serde_json::to_value(&view).unwrap();
        shown["position"] = position;
        let error = game_from_view(&shown.to_string(), 0).unwrap_err();
        assert!(error.contains("only their sizes"), "{error}");
        // Sizes that do not add up to the unseen tiles.
        let mut wrong = serde_json::to_value(&view).unwrap();
        wrong["stack2_size"] = (view.stack2_size - 1).into();
        let error = game_from_view(&wrong.to_string(), 0).unwrap_err();
        assert!(error.contains("tiles are unseen"), "{error}");
        // Stack 3 touched while stack 2 has tiles.
        let mut wrong = serde_json::to_value(&view).unwrap();
        wrong["stack2_size"] = (view.stack2_size + 1).into();
        wrong["stack3_size"] = (view.stack3_size - 1).into();
        let error = game_from_view(&wrong.to_string(), 0).unwrap_err();
        assert!(error.contains("stack 3 must be whole"), "{error}");
        // Out-of-range options.
        let mut wrong = serde_json::to_value(&view).unwrap();
        wrong["position"]["options"]["players"] = 7.into();
        let error = game_from_view(&wrong.to_string(), 0).unwrap_err();
        assert!(error.contains("players must be"), "{error}");
        // A tile taken off the display: the tiles no longer add up.
        let mut wrong = serde_json::to_value(&view).unwrap();
        let shown = view.position.display.iter().position(|&n| n > 0).unwrap();
        wrong["position"]["display"][shown] = (view.position.display[shown] - 1).into();
        let error = game_from_view(&wrong.to_string(), 0).unwrap_err();
        assert!(error.contains("tiles"), "{error}");
    }

    #[test]
    fn a_bot_budget_takes_iterations_and_positive_times() {
        assert_eq!(budget_of(None, None), Ok(Budget::default()));
        assert_eq!(budget_of(Some(50), None), Ok(Budget::iterations(50)));
        assert_eq!(
            budget_of(Some(50), Some(2.5)),
            Ok(Budget {
                iterations: Some(50),
                time: Some(Duration::from_micros(2500)),
                until: None,
            })
        );
        assert_eq!(budget_of(None, Some(300.0)), Ok(Budget::millis(300)));
        for bad in [0.0, -1.0, f64::NAN, f64::INFINITY] {
            let error = budget_of(None, Some(bad)).unwrap_err();
            assert!(error.contains("positive"), "{error}");
        }
        assert!(budget_of(None, Some(1e30)).is_err());
    }
}
