-- Open data: every finished game can be exported. finished_at (seconds since the epoch) is
-- written in the same guarded update that finishes a game; the export pages through finished
-- games by (finished_at, id). Games finished before the column existed take the time of their
-- rating when they have one, else their creation (the best the database knows).
-- users.export_anonymous: 1 for a person who appears as "anonymous" in exports.
ALTER TABLE games ADD COLUMN finished_at BIGINT;
ALTER TABLE users ADD COLUMN export_anonymous BIGINT NOT NULL DEFAULT 0;
UPDATE games SET finished_at = COALESCE(
    (SELECT MAX(r.at) FROM rating_changes r WHERE r.game_id = games.id), created_at)
    WHERE status = 'finished';
CREATE INDEX games_by_finish ON games (status, finished_at, id);
