-- "Play now": the pools people wait in, one row per person, player count and pace. A live
-- pool's row is kept while its person's page says they are there (seen, in milliseconds); a
-- turn-based pool's row stays until its person is seated or cancels. bot_after_secs: after
-- that wait a bot may take the last seat (NULL: never).
CREATE TABLE play_now_waiting (
    user_id TEXT NOT NULL REFERENCES users (id),
    players BIGINT NOT NULL,
    pace TEXT NOT NULL,
    since BIGINT NOT NULL,
    seen BIGINT NOT NULL,
    bot_after_secs BIGINT,
    PRIMARY KEY (user_id, players, pace)
);

-- The one row every pairing updates first: the row lock (PostgreSQL) or the write lock (SQLite)
-- it takes makes the nodes pair one at a time.
CREATE TABLE play_now_turn (
    id BIGINT PRIMARY KEY,
    turn BIGINT NOT NULL,
    node TEXT
);
INSERT INTO play_now_turn (id, turn) VALUES (1, 0);

-- The tables a pairing made: its people (account ids in seat order, comma-separated) and
-- whether a bot takes the last seat. The game of id game_id is created once from it
-- (created turns 1 in the transaction that stores the game).
CREATE TABLE play_now_tables (
    game_id TEXT PRIMARY KEY,
    players BIGINT NOT NULL,
    pace TEXT NOT NULL,
    people TEXT NOT NULL,
    bot BIGINT NOT NULL,
    made_at BIGINT NOT NULL,
    created BIGINT NOT NULL DEFAULT 0
);

CREATE INDEX play_now_tables_pending ON play_now_tables (created, made_at);

-- Each person's last table from "play now": the game, and the others at it (comma-separated),
-- whom the next pairing does not seat with them again.
CREATE TABLE play_now_last (
    user_id TEXT PRIMARY KEY REFERENCES users (id),
    game_id TEXT NOT NULL,
    opponents TEXT NOT NULL
);
