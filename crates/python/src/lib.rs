//! The native module `helvetia._engine`: the engine for Python, with a fixed numbering of actions
//! ([`action_ids`]) and a fixed-length observation vector ([`observation`]) for learning and
//! search libraries. The Python package `helvetia` around it adds the PettingZoo environment and
//! the OpenSpiel game; `docs/python.md` describes both.

pub mod action_ids;
mod bot;
mod game;
mod learn;
pub mod observation;

use pyo3::prelude::*;

use crate::bot::PyBot;
use crate::game::{action_json, action_of, id_of, value_error, PyGame};

/// The engine's JSON of the action with this id.
#[pyfunction]
fn action_to_json(action_id: u32) -> PyResult<String> {
    Ok(action_json(action_of(action_id)?))
}

/// A short description of the action with this id, e.g. `build Metzgerei`.
#[pyfunction]
fn action_label(action_id: u32) -> PyResult<String> {
    Ok(action_of(action_id)?.label())
}

/// The id of an action given as the engine's JSON.
#[pyfunction]
fn action_id(action_json: &str) -> PyResult<u32> {
    let action = serde_json::from_str(action_json).map_err(value_error)?;
    id_of(action)
}

/// The blocks of the action-id space: `(variant, first id, size, field ranges)`.
#[pyfunction]
fn action_blocks() -> Vec<(&'static str, u32, u32, Vec<u32>)> {
    action_ids::BLOCKS
        .iter()
        .zip(action_ids::BLOCK_OFFSETS)
        .map(|(block, offset)| (block.name, offset, block.size(), block.radices.to_vec()))
        .collect()
}

/// The sections of the observation vector: `(name, offset, length)`.
#[pyfunction]
fn observation_layout() -> Vec<(String, usize, usize)> {
    observation::layout()
        .into_iter()
        .map(|s| (s.name, s.offset, s.len))
        .collect()
}

#[pymodule]
#[pyo3(name = "_engine")]
fn engine_module(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<PyGame>()?;
    module.add_class::<PyBot>()?;
    module.add("NUM_ACTIONS", action_ids::NUM_ACTION_IDS)?;
    module.add("OBSERVATION_LENGTH", observation::OBSERVATION_LENGTH)?;
    module.add_function(wrap_pyfunction!(action_to_json, module)?)?;
    module.add_function(wrap_pyfunction!(action_label, module)?)?;
    module.add_function(wrap_pyfunction!(action_id, module)?)?;
    module.add_function(wrap_pyfunction!(action_blocks, module)?)?;
    module.add_function(wrap_pyfunction!(observation_layout, module)?)?;
    module.add_function(wrap_pyfunction!(learn::value_shares, module)?)?;
    module.add_function(wrap_pyfunction!(learn::builtin_value_network, module)?)?;
    Ok(())
}
