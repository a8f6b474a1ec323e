-- Tournaments: Swiss rounds at tables of 2, 3 or 4 (docs/tournaments.md).
--
-- The tables "play now" makes and those a tournament round makes are created the same way
-- (once, whichever node tries), so they share one table, renamed; `rated` says whether the
-- table's game is rated (play now: unless a bot sits at it; a tournament: as it was created).
ALTER TABLE play_now_tables RENAME TO paired_tables;
ALTER TABLE paired_tables ADD COLUMN rated BIGINT NOT NULL DEFAULT 1;
UPDATE paired_tables SET rated = 0 WHERE bot <> 0;

-- One tournament. Times in milliseconds since the epoch. status: upcoming, running, finished,
-- cancelled (too few entries at the start). round: the round being played (0 before the
-- start). round_minutes: live tournaments start round n at starts_at + (n - 1) * round_minutes
-- (or when round n - 1's last game ends, if later); 0 for turn-based ones, whose rounds start
-- when the previous round's games have all ended. turn: every change of the tournament's
-- rounds updates it first, so nodes advance a tournament one at a time.
CREATE TABLE tournaments (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    creator_id TEXT NOT NULL REFERENCES users (id),
    players BIGINT NOT NULL,
    pace TEXT NOT NULL,
    rounds BIGINT NOT NULL,
    starts_at BIGINT NOT NULL,
    round_minutes BIGINT NOT NULL,
    rated BIGINT NOT NULL,
    min_rating BIGINT,
    min_games BIGINT NOT NULL,
    status TEXT NOT NULL,
    round BIGINT NOT NULL DEFAULT 0,
    round_started_at BIGINT,
    turn BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    finished_at BIGINT
);
CREATE INDEX tournaments_by_status ON tournaments (status, starts_at);

-- Who entered, in entry order.
CREATE TABLE tournament_entries (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id),
    user_id TEXT NOT NULL REFERENCES users (id),
    entered_at BIGINT NOT NULL,
    PRIMARY KEY (tournament_id, user_id)
);
CREATE INDEX tournament_entries_by_user ON tournament_entries (user_id);

-- Each round's tables (their people are in paired_tables, their game in games once created)
-- and byes (table_no 0, game_id NULL, one row per player sitting out).
CREATE TABLE tournament_seats (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id),
    round BIGINT NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id),
    table_no BIGINT NOT NULL,
    game_id TEXT,
    PRIMARY KEY (tournament_id, round, user_id)
);
CREATE INDEX tournament_seats_by_game ON tournament_seats (game_id);

-- A finished table's result as the tournament counts it: each player's rank (1 = winner,
-- shared on a tie) and final victory points. Written once, when the worker sees the game end.
CREATE TABLE tournament_results (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id),
    round BIGINT NOT NULL,
    game_id TEXT NOT NULL,
    user_id TEXT NOT NULL REFERENCES users (id),
    rank BIGINT NOT NULL,
    vp BIGINT NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX tournament_results_by_tournament ON tournament_results (tournament_id, round);
