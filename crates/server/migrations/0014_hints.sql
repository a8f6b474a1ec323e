-- Hints: in a game of one person against bots only, the creator may let the search advise the
-- person on their decisions (1). Chosen at creation; 0 for every other game.
ALTER TABLE games ADD COLUMN hints BIGINT NOT NULL DEFAULT 0;
