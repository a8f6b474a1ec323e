-- Resigning: what the players chose at creation ('bot': a bot plays a resigned seat on; 'end':
-- the game ends), why a finished game ended ('resigned', or NULL when played to its end), and
-- when a seat's person resigned (the number of actions in the log then).
ALTER TABLE games ADD COLUMN on_resign TEXT NOT NULL DEFAULT 'bot';
ALTER TABLE games ADD COLUMN end_reason TEXT;
ALTER TABLE seats ADD COLUMN resigned_at BIGINT;
