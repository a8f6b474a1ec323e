-- Ratings: Glicko-2 per player count. A game is rated if it was created rated with people in
-- every seat; rating_done makes rating it happen once, whichever node finishes it.
ALTER TABLE games ADD COLUMN rated BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN rating_done BIGINT NOT NULL DEFAULT 0;

CREATE TABLE ratings (
    user_id TEXT NOT NULL REFERENCES users (id),
    players BIGINT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    PRIMARY KEY (user_id, players)
);

-- Each rated game's effect on each of its players: the end screen and the rating history.
CREATE TABLE rating_changes (
    game_id TEXT NOT NULL REFERENCES games (id),
    user_id TEXT NOT NULL REFERENCES users (id),
    players BIGINT NOT NULL,
    seat BIGINT NOT NULL,
    before_rating DOUBLE PRECISION NOT NULL,
    after_rating DOUBLE PRECISION NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

CREATE INDEX ratings_by_rating ON ratings (players, rating);
CREATE INDEX rating_changes_by_user ON rating_changes (user_id, at);
CREATE INDEX games_to_rate ON games (rating_done, rated, status);
