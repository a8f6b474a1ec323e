-- Tutorial games ("Learn by playing"): a game started from the tutorial page carries a coach
-- beside its table. 1 for such a game, 0 for every other; written once, at creation.
ALTER TABLE games ADD COLUMN tutorial BIGINT NOT NULL DEFAULT 0;
