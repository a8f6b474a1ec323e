-- Forced steps (a decision with one legal action) are played for a person who wants it (1, the
-- default) after a short moment. games.forced_step says whether the decision now is such a step,
-- written in the same guarded update as the action that led to it, so that every node can find
-- the games where one waits without replaying their logs.
ALTER TABLE users ADD COLUMN play_forced_steps BIGINT NOT NULL DEFAULT 1;
ALTER TABLE games ADD COLUMN forced_step BIGINT NOT NULL DEFAULT 0;
