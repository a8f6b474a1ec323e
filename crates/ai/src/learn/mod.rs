//! A learned evaluation: positions recorded from self-play, the features a model reads, and
//! the model itself (trained in Python, `crates/python/python/helvetia/learn.py`).
//!
//! Data flows one way: [`positions`] turns finished games into labelled rows of [`features`];
//! the Python package trains on those rows and writes the weights; [`network`] reads them
//! and evaluates positions, for the search among others.

pub mod features;
pub mod network;
pub mod positions;
