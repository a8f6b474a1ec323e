-- Post-game analyses: at most one per finished game, asked for by a person and made by
-- whichever node claims it first (claimed_until guards the claim, so a node that dies leaves it
-- to run out and another node takes it up). state: queued | running | done | failed.
-- done_turns / total_turns tell the progress; result is the analysis as JSON once done.
CREATE TABLE analyses (
    game_id TEXT PRIMARY KEY REFERENCES games (id),
    state TEXT NOT NULL DEFAULT 'queued',
    requested_by TEXT NOT NULL REFERENCES users (id),
    requested_at BIGINT NOT NULL,
    iterations BIGINT NOT NULL,
    done_turns BIGINT NOT NULL DEFAULT 0,
    total_turns BIGINT NOT NULL DEFAULT 0,
    claimed_by TEXT,
    claimed_until BIGINT NOT NULL DEFAULT 0,
    result TEXT,
    finished_at BIGINT
);

CREATE INDEX analyses_due ON analyses (state, claimed_until);
