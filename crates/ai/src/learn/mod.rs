//! A learned evaluation: positions recorded from self-play, the features a model reads, and
//! the model itself (trained in Python, `crates/python/python/helvetia/learn`).
//!
//! Data flows one way: [`positions`] turns finished games into labelled rows of [`features`];
//! the Python package trains on those rows and writes the weights.

pub mod features;
pub mod positions;
