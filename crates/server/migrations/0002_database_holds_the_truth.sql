-- The games row carries what the lobby and the nodes need without replaying a log:
-- version counts the log's changes (actions and undos) and guards every write;
-- to_move and winners are the engine's answers after the last change;
-- bot_node and bot_lease_until say which node runs the bot to move, until when.
ALTER TABLE games ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN to_move BIGINT;
ALTER TABLE games ADD COLUMN winners TEXT;
ALTER TABLE games ADD COLUMN bot_node TEXT;
ALTER TABLE games ADD COLUMN bot_lease_until BIGINT NOT NULL DEFAULT 0;
-- Games stored before these columns existed: their summary is filled in once, in the background.
ALTER TABLE games ADD COLUMN needs_summary BIGINT NOT NULL DEFAULT 0;
UPDATE games SET version = (SELECT COUNT(*) FROM actions a WHERE a.game_id = games.id);
UPDATE games SET needs_summary = 1 WHERE status IN ('running', 'finished');

CREATE INDEX games_by_status ON games (status, created_at);
CREATE INDEX games_by_creator ON games (creator_id);
CREATE INDEX seats_by_user ON seats (user_id);
