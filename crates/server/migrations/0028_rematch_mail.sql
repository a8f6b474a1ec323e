-- Whether a person wants a mail when another player of a finished game asks them to play
-- again (1 on, 0 off), as for the other kinds of 0009.
ALTER TABLE users ADD COLUMN mail_rematch BIGINT NOT NULL DEFAULT 1;
