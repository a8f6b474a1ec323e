-- When the running turn began (milliseconds since the epoch): set whenever the seat to move
-- changes, by a trigger, so that no way of changing it can miss it. "Next game" goes to the
-- game that has waited longest for the person. Games running before take their creation time.
ALTER TABLE games ADD COLUMN turn_began_ms BIGINT;
UPDATE games SET turn_began_ms = created_at * 1000 WHERE to_move IS NOT NULL;
