//! The table in parts: the root's opening tag, the parts a browser can replace one by one
//! (each one element with a stable `id`: the prompt, the clocks, each village, …), the fixed
//! markup around them, and the log. Joined, they are the table's HTML; compared with the parts
//! a browser already has, they are what it needs to be told ([`super::changes`]).

use std::sync::Arc;

use maud::Render;

use super::log::LogHtml;
use tags::opening_tag_of;

pub(super) mod tags;

pub(crate) use tags::opening_tag;

/// The table for one viewer, as parts.
#[derive(Debug)]
pub struct RenderedTable {
    /// The opening tag of the root element (`<div class="table-root" data-version=…>`).
    pub(crate) root: String,
    pub(crate) pieces: Vec<Piece>,
    pub(crate) log: LogHtml,
}

/// One piece of the table, in order.
#[derive(Debug)]
pub(crate) enum Piece {
    /// Markup between parts, the same in every table of a game in one language (the panels'
    /// frame, the log's button).
    Frame(String),
    /// An element with a stable `id`, replaced whole when it changes.
    Part { id: String, html: PartHtml },
}

/// A part's HTML: shared with the panel cache, or drawn for this table only.
#[derive(Debug)]
pub(crate) enum PartHtml {
    Kept(Arc<str>),
    Drawn(String),
}

impl PartHtml {
    pub fn as_str(&self) -> &str {
        match self {
            PartHtml::Kept(html) => html,
            PartHtml::Drawn(html) => html,
        }
    }

    /// Whether both are the same markup; a panel copied from the cache twice is the same
    /// without looking at its text.
    pub fn same_as(&self, other: &PartHtml) -> bool {
        match (self, other) {
            (PartHtml::Kept(a), PartHtml::Kept(b)) if Arc::ptr_eq(a, b) => true,
            _ => self.as_str() == other.as_str(),
        }
    }
}

impl Render for PartHtml {
    fn render_to(&self, buffer: &mut String) {
        buffer.push_str(self.as_str());
    }
}

impl Piece {
    /// A part: `markup` is one element whose `id` is `id`.
    pub fn part(id: String, html: PartHtml) -> Piece {
        debug_assert!(
            opening_tag_of(html.as_str()).contains(&format!(" id=\"{id}\"")),
            "part {id} is one element with its id"
        );
        Piece::Part { id, html }
    }

    fn as_str(&self) -> &str {
        match self {
            Piece::Frame(html) => html,
            Piece::Part { html, .. } => html.as_str(),
        }
    }
}

impl RenderedTable {
    /// The whole table's HTML.
    pub fn html(&self) -> String {
        let mut html = String::with_capacity(self.len());
        html.push_str(&self.root);
        for piece in &self.pieces {
            html.push_str(piece.as_str());
        }
        self.log.write(&mut html);
        html.push_str(ROOT_CLOSE);
        html
    }

    /// The length of [`RenderedTable::html`], without joining it.
    pub fn len(&self) -> usize {
        self.root.len()
            + self.pieces.iter().map(|p| p.as_str().len()).sum::<usize>()
            + self.log.len()
            + ROOT_CLOSE.len()
    }

    /// Never: the root is always there.
    pub fn is_empty(&self) -> bool {
        false
    }
}

const ROOT_CLOSE: &str = "</div>";
