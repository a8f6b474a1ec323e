-- The newest actions of the log on SQLite, appended without an index: an action added to
-- `actions` changes its game's page of the key `(game_id, idx)`, one page of the write-ahead
-- log for each game in a commit, and a commit holds most running games. Here a commit's
-- actions share a page or two; the log writer moves them into `actions` (sorted, each game's
-- page changed once for many) when a few thousand have gathered. Every read of a game's log
-- reads both tables; PostgreSQL appends to `actions` and leaves this table empty.
CREATE TABLE recent_actions (
    game_id TEXT NOT NULL REFERENCES games (id),
    idx BIGINT NOT NULL,
    seat BIGINT NOT NULL,
    action TEXT NOT NULL
);
