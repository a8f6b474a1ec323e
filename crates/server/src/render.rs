//! Rendering comes from the web crate: the table fragment, the story, pages and static files.

pub use helvetia_web::{
    bot_name, marks_of, pages, recent_turns, render_table, render_table_parts, render_table_with,
    resignation_line, story_lines, suggestion_wanted, EndVote, GameSummary, Lang, Mark, PlayerInfo,
    RatingShift, RecentTurns, RenderedTable, Resignations, SeatClock, StoryLine, TableCache,
    TableInput, TableUpdate, Tutorial, STATIC_CSS, STATIC_JS,
};
