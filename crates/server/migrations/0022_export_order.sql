-- The export's order: each finished game gets the next number of one counter when it finishes,
-- in the transaction that finishes it (a trigger, so that no way of finishing a game can miss
-- it). The counter is one row, locked by the transaction that takes a number until it commits,
-- so numbers are taken in the order games become visible to readers, on SQLite and on
-- PostgreSQL with several nodes writing: a reader that has seen number n has seen every
-- number below it. The export pages by it (a cursor is the last number sent), so that a game
-- finishing while an export is read page by page is sent once, after the others.
-- Games finished before take numbers in the order the export gave them until now (finish
-- time, then id), so that a cursor of that order still finds its place.
ALTER TABLE games ADD COLUMN finish_seq BIGINT;
CREATE TABLE export_order (id BIGINT PRIMARY KEY, last BIGINT NOT NULL);
UPDATE games SET finish_seq = ordered.n FROM (
    SELECT id, ROW_NUMBER() OVER (ORDER BY finished_at, id) AS n FROM games
    WHERE status = 'finished'
) AS ordered WHERE games.id = ordered.id;
INSERT INTO export_order (id, last) VALUES (1, COALESCE((SELECT MAX(finish_seq) FROM games), 0));
CREATE UNIQUE INDEX games_by_finish_seq ON games (finish_seq);
