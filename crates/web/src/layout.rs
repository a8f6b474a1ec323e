//! How wide the viewer's screen is, as far as the table's drawing cares.

use serde::Deserialize;

/// The arrangement of the village panels. The table is otherwise the same on every screen
/// (the style sheet sizes it); a village is not, because its smallest text must stay
/// readable on a phone, and six cells side by side are too wide for that.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Layout {
    /// A desk or a tablet: each village six cells wide, as on the board.
    #[default]
    Wide,
    /// A phone: each village three cells wide, its west half above its east half (they meet
    /// in the middle of the centre, where the quarters meet too).
    Narrow,
}

impl Layout {
    /// Every layout, in the order of [`Layout::index`].
    pub const ALL: [Layout; 2] = [Layout::Wide, Layout::Narrow];

    /// Position in [`Layout::ALL`], for tables kept per layout.
    pub const fn index(self) -> usize {
        self as usize
    }
}
