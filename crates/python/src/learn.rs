//! The ai crate's learned evaluation for Python: the Rust network's shares of victory, so that
//! `helvetia.learn` can check that what it trained is what the bots compute.

use helvetia_ai::learn::features::FEATURES;
use helvetia_ai::learn::network::ValueNetwork;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// Each row's shares of victory by the network in `weights_json` (the built-in one when
/// `None`), computed as the bots compute them. Rows are feature vectors of recorded positions.
#[pyfunction]
#[pyo3(signature = (rows, weights_json=None))]
pub fn value_shares(rows: Vec<Vec<f32>>, weights_json: Option<&str>) -> PyResult<Vec<[f32; 4]>> {
    let owned;
    let network = match weights_json {
        Some(text) => {
            owned = ValueNetwork::from_json(text).map_err(|e| PyValueError::new_err(e.0))?;
            &owned
        }
        None => ValueNetwork::builtin(),
    };
    rows.iter()
        .map(|row| {
            let features: &[f32; FEATURES] = row.as_slice().try_into().map_err(|_| {
                PyValueError::new_err(format!("a row of {} numbers, not {FEATURES}", row.len()))
            })?;
            Ok(network.shares(features))
        })
        .collect()
}

/// The built-in network's weights file, with the command that made it.
#[pyfunction]
pub fn builtin_value_network() -> &'static str {
    ValueNetwork::builtin_json()
}
