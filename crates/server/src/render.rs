//! Rendering comes from the web crate: the table fragment, the story, pages and static files.

pub use helvetia_web::{
    pages, render_table, render_table_with, story_lines, EndVote, GameSummary, Lang, PlayerInfo,
    RatingShift, SeatClock, StoryLine, TableCache, TableInput, STATIC_CSS, STATIC_JS,
};
