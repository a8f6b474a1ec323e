-- Vacations (docs/api.md#vacations): a person away for whole UTC days, from starts_day (days
-- since 1970-01-01) for days (fewer once ended early, the days begun); taken_at and ended_at in
-- milliseconds since the epoch. While one runs, that person's clocks in turn-based games stand
-- still: each such game's clock holds its people's times away, and its deadline counts them.
CREATE TABLE vacations (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id),
    starts_day BIGINT NOT NULL,
    days BIGINT NOT NULL,
    taken_at BIGINT NOT NULL,
    ended_at BIGINT
);
CREATE INDEX vacations_by_user ON vacations (user_id, starts_day);

-- Accounts whose games' clocks have not yet learnt of a vacation change: written in the
-- change's transaction (its row lock also makes one person's changes one at a time), removed
-- once every game was brought up to date, by the request or, after a crash, by any node's
-- vacations worker. changes counts the changes, so that one made meanwhile is not removed.
CREATE TABLE vacation_syncs (
    user_id TEXT PRIMARY KEY REFERENCES users (id),
    changes BIGINT NOT NULL
);
