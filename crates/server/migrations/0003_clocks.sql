-- Game clocks: the clock (time control, banks, the turn being timed) as JSON, NULL for a game
-- without one; deadline is when the running turn's time is up (milliseconds since the epoch),
-- what every node looks for. A seat whose person ran out of time names the bot standing in.
ALTER TABLE games ADD COLUMN clock TEXT;
ALTER TABLE games ADD COLUMN deadline BIGINT;
ALTER TABLE seats ADD COLUMN stand_in TEXT;

CREATE INDEX games_by_deadline ON games (deadline);
