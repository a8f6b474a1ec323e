//! Rendering comes from the web crate: the table fragment, log lines, pages and static files.

pub use helvetia_web::{
    log_line_in, pages, render_table, render_table_with, EndVote, GameSummary, Lang, PlayerInfo,
    RatingShift, SeatClock, TableCache, TableInput, STATIC_CSS, STATIC_JS,
};
