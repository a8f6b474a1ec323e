-- "Play again with the same players": the game that follows a finished one.
ALTER TABLE games ADD COLUMN rematch_id TEXT;
