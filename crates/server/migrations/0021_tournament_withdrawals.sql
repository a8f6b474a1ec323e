-- A person may leave a running tournament: their entry stays (their tables count in the
-- standings, and others' opponents' scores keep them), marked with when they left, and later
-- rounds do not seat them. NULL: still playing.
ALTER TABLE tournament_entries ADD COLUMN withdrawn_at BIGINT;
