//! The learned evaluation's network, evaluated by hand: features → one hidden layer (ReLU) →
//! one logit per player → a softmax over the players at the table, each player's predicted
//! share of victory.
//!
//! The weights come from the JSON that `python -m helvetia.learn --out` writes; the one the
//! bots use is built in ([`ValueNetwork::builtin`]). An evaluation allocates nothing: the
//! hidden layer lives on the stack, so the search may call it at every leaf.

use std::sync::OnceLock;

use helvetia_engine::{Position, Seat, MAX_PLAYERS};
use serde::Deserialize;

use super::features::{features, seat_after, FEATURES, PER_PLAYER};

/// The most hidden units a network may have (the size of the stack buffer).
pub const MAX_HIDDEN: usize = 256;

/// The name in the weights file that says what it holds.
pub const FORMAT: &str = "helvetia-value-network";

/// The built-in weights, and the command that made them (in the file).
const BUILTIN: &str = include_str!("value_network.json");

/// The weights file as written by the Python package.
#[derive(Deserialize)]
struct Document {
    format: String,
    version: u32,
    features: usize,
    hidden: usize,
    players: usize,
    hidden_weights: Vec<Vec<f32>>,
    hidden_bias: Vec<f32>,
    output_weights: Vec<Vec<f32>>,
    output_bias: Vec<f32>,
}

/// A network predicting each player's share of victory from [`features`].
#[derive(Clone, Debug, PartialEq)]
pub struct ValueNetwork {
    hidden: usize,
    /// `hidden` rows of [`FEATURES`] weights.
    hidden_weights: Vec<f32>,
    hidden_bias: Vec<f32>,
    /// [`MAX_PLAYERS`] rows of `hidden` weights.
    output_weights: Vec<f32>,
    output_bias: [f32; MAX_PLAYERS],
}

/// Why a weights file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetworkError(pub String);

impl std::fmt::Display for NetworkError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for NetworkError {}

impl ValueNetwork {
    /// The network the bots use, read once from the weights built into the crate.
    pub fn builtin() -> &'static ValueNetwork {
        static NETWORK: OnceLock<ValueNetwork> = OnceLock::new();
        NETWORK.get_or_init(|| {
            ValueNetwork::from_json(BUILTIN).expect("the built-in weights are a valid network")
        })
    }

    /// The built-in weights as their JSON, with the command that made them.
    pub fn builtin_json() -> &'static str {
        BUILTIN
    }

    /// Reads weights in the JSON that `python -m helvetia.learn --out` writes.
    ///
    /// # Errors
    /// When the text is not such a file, or its sizes do not fit these features.
    pub fn from_json(text: &str) -> Result<ValueNetwork, NetworkError> {
        let bad = |what: String| NetworkError(what);
        let doc: Document =
            serde_json::from_str(text).map_err(|e| bad(format!("not a weights file: {e}")))?;
        if doc.format != FORMAT || doc.version != 1 {
            return Err(bad(format!("not a {FORMAT} file of version 1")));
        }
        if doc.features != FEATURES || doc.players != MAX_PLAYERS {
            return Err(bad(format!(
                "made for {} features and {} players, not {FEATURES} and {MAX_PLAYERS}",
                doc.features, doc.players
            )));
        }
        if doc.hidden == 0 || doc.hidden > MAX_HIDDEN {
            return Err(bad(format!(
                "{} hidden units: 1 to {MAX_HIDDEN}",
                doc.hidden
            )));
        }
        let rows_fit = |rows: &[Vec<f32>], count: usize, len: usize| {
            rows.len() == count && rows.iter().all(|row| row.len() == len)
        };
        if !rows_fit(&doc.hidden_weights, doc.hidden, FEATURES)
            || doc.hidden_bias.len() != doc.hidden
            || !rows_fit(&doc.output_weights, MAX_PLAYERS, doc.hidden)
            || doc.output_bias.len() != MAX_PLAYERS
        {
            return Err(bad(
                "the weights' sizes do not match `features` and `hidden`".into(),
            ));
        }
        let all = doc
            .hidden_weights
            .iter()
            .chain(&doc.output_weights)
            .flatten();
        let finite = all
            .chain(&doc.hidden_bias)
            .chain(&doc.output_bias)
            .all(|w| w.is_finite());
        if !finite {
            return Err(bad("a weight is not a finite number".into()));
        }
        Ok(ValueNetwork {
            hidden: doc.hidden,
            hidden_weights: doc.hidden_weights.concat(),
            hidden_bias: doc.hidden_bias,
            output_weights: doc.output_weights.concat(),
            output_bias: doc.output_bias.try_into().expect("checked above"),
        })
    }

    /// Hidden units.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// Each player's share of victory from `features`, in the features' order of players (the
    /// viewer first); zero for seats nobody holds. The shares add up to one.
    pub fn shares(&self, features: &[f32; FEATURES]) -> [f32; MAX_PLAYERS] {
        let mut hidden = [0.0f32; MAX_HIDDEN];
        for (h, unit) in hidden[..self.hidden].iter_mut().enumerate() {
            let row = &self.hidden_weights[h * FEATURES..(h + 1) * FEATURES];
            let sum: f32 = row.iter().zip(features).map(|(w, x)| w * x).sum();
            *unit = (sum + self.hidden_bias[h]).max(0.0);
        }
        let players = players_of(features);
        let mut logits = [f32::NEG_INFINITY; MAX_PLAYERS];
        for (p, logit) in logits[..players].iter_mut().enumerate() {
            let row = &self.output_weights[p * self.hidden..(p + 1) * self.hidden];
            let sum: f32 = row
                .iter()
                .zip(&hidden[..self.hidden])
                .map(|(w, x)| w * x)
                .sum();
            *logit = sum + self.output_bias[p];
        }
        let top = logits[..players].iter().copied().fold(f32::MIN, f32::max);
        let mut shares = [0.0f32; MAX_PLAYERS];
        let mut total = 0.0;
        for p in 0..players {
            shares[p] = (logits[p] - top).exp();
            total += shares[p];
        }
        for share in &mut shares[..players] {
            *share /= total;
        }
        shares
    }

    /// Each seat's share of victory in `position` as `viewer` sees it, by seat (zero for
    /// seats nobody holds).
    pub fn evaluate(&self, position: &Position, viewer: Seat) -> [f32; MAX_PLAYERS] {
        let by_offset = self.shares(&features(position, viewer));
        let players = position.options.players;
        let mut by_seat = [0.0; MAX_PLAYERS];
        for (offset, share) in by_offset.iter().take(usize::from(players)).enumerate() {
            by_seat[seat_after(viewer, offset, players).index()] = *share;
        }
        by_seat
    }
}

/// The number of players the features' table numbers give (2, 3 or 4; the first one set).
fn players_of(features: &[f32; FEATURES]) -> usize {
    let table = &features[MAX_PLAYERS * PER_PLAYER..MAX_PLAYERS * PER_PLAYER + 3];
    let mut best = 0;
    for (i, &x) in table.iter().enumerate() {
        if x > table[best] {
            best = i;
        }
    }
    2 + best
}
