//! The Python `Bot`: one of the engine's bots kept from one decision to the next, so that an MCTS
//! bot that plans its turn plays the rest of the turn from its plan, as it does on the server
//! (`Game.bot_action` builds a bot afresh for each decision).

use std::sync::Mutex;

use helvetia_ai::{Bot, BotSpec};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

use crate::game::{budget_of, id_of, value_error, PyGame};

/// One of the engine's bots: `spec` as on the command line (`random`, `greedy`, `mcts`,
/// `mcts:iterations=2000,plan=off`) and a seed. It sees only the view of the game it is given.
#[pyclass(name = "Bot", module = "helvetia._engine")]
pub struct PyBot {
    name: String,
    /// Behind a lock because Python may share the object between threads; a decision holds it.
    bot: Mutex<Box<dyn Bot>>,
}

#[pymethods]
impl PyBot {
    #[new]
    #[pyo3(signature = (spec = "random", seed = 0))]
    fn new(spec: &str, seed: u64) -> PyResult<Self> {
        let spec: BotSpec = spec.parse().map_err(value_error)?;
        let bot = spec.build(seed);
        Ok(PyBot {
            name: bot.name(),
            bot: Mutex::new(bot),
        })
    }

    /// The bot's name with its parameters, e.g. `mcts:iterations=2000`.
    #[getter]
    fn name(&self) -> String {
        self.name.clone()
    }

    /// Searches run so far (a decision played from the plan of a turn runs none; bots that do
    /// not search never do).
    #[getter]
    fn searches(&self) -> u64 {
        self.bot.lock().map_or(0, |bot| bot.searches())
    }

    /// The id of the action the bot plays in `game`, for the player to move. `iterations` and
    /// `time_ms` (wall-clock milliseconds) replace the budget its spec names, as in
    /// `Game.bot_action`.
    #[pyo3(signature = (game, iterations = None, time_ms = None))]
    fn choose(
        &self,
        game: &PyGame,
        iterations: Option<u32>,
        time_ms: Option<f64>,
    ) -> PyResult<u32> {
        if game.game.is_over() {
            return Err(PyRuntimeError::new_err("the game is over"));
        }
        let budget = budget_of(iterations, time_ms).map_err(value_error)?;
        let mut bot = self
            .bot
            .lock()
            .map_err(|_| PyRuntimeError::new_err("the bot failed in an earlier decision"))?;
        id_of(bot.choose(&game.game.view(), budget))
    }

    fn __repr__(&self) -> String {
        format!("Bot({:?})", self.name)
    }
}
