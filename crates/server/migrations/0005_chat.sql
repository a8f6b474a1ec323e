-- Chat beside the table, stored with the game: step is the number of actions in the log when a
-- line was written (a replay shows it from there on); a line is either a quick phrase (a key,
-- shown in each reader's language) or a text. seat is NULL for a spectator's line.
CREATE TABLE chat (
    game_id TEXT NOT NULL REFERENCES games (id),
    idx BIGINT NOT NULL,
    at BIGINT NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id),
    seat BIGINT,
    step BIGINT NOT NULL,
    phrase TEXT,
    body TEXT,
    PRIMARY KEY (game_id, idx)
);

-- Whom each person does not want to read.
CREATE TABLE mutes (
    user_id TEXT NOT NULL REFERENCES users (id),
    muted_id TEXT NOT NULL REFERENCES users (id),
    PRIMARY KEY (user_id, muted_id)
);

-- Whether spectators' lines are shown to spectators only (the players chose so).
ALTER TABLE games ADD COLUMN spectators_apart BIGINT NOT NULL DEFAULT 0;
