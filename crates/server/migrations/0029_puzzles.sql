-- Puzzles: decisions from games where one action is clearly the best. body is the puzzle as
-- JSON (the public view of its decision, never the seed or the hidden order; the solution; the
-- actions accepted; themes; phase; source), id the first twelve hex digits of its SHA-256, so
-- that adding one twice keeps one. Each puzzle has a Glicko-2 rating of its own, moved by the
-- first attempt of each person (plays counts them, solved those solved; plays also guards the
-- rating's update, read and written in one attempt).
CREATE TABLE puzzles (
    id TEXT PRIMARY KEY,
    body TEXT NOT NULL,
    themes TEXT NOT NULL,
    phase TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    plays BIGINT NOT NULL DEFAULT 0,
    solved BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL
);
CREATE INDEX puzzles_by_rating ON puzzles (rating);

-- A person's puzzle rating, apart from their game ratings.
CREATE TABLE puzzle_ratings (
    user_id TEXT PRIMARY KEY REFERENCES users (id),
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    attempts BIGINT NOT NULL
);

-- Each person's first attempt at each puzzle, the rated one (the primary key lets one count,
-- on any node); later attempts are not stored.
CREATE TABLE puzzle_attempts (
    user_id TEXT NOT NULL REFERENCES users (id),
    puzzle_id TEXT NOT NULL REFERENCES puzzles (id),
    solved BIGINT NOT NULL,
    before_rating DOUBLE PRECISION NOT NULL,
    after_rating DOUBLE PRECISION NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (user_id, puzzle_id)
);
CREATE INDEX puzzle_attempts_by_user ON puzzle_attempts (user_id, at);

-- Whether a finished game was taken to be mined for puzzles (0: not yet; 1: taken, by the node
-- that set it with a guarded update, so that one node mines each game once).
ALTER TABLE games ADD COLUMN puzzles_mined BIGINT NOT NULL DEFAULT 0;
CREATE INDEX games_to_mine ON games (puzzles_mined, status);
