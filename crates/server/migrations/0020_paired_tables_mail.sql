-- Whether a paired table's people are mailed when its game starts: play now mails turn-based
-- tables only (a live pool's people are on the page); a tournament mails every table (its
-- people entered in advance).
ALTER TABLE paired_tables ADD COLUMN mail_at_start BIGINT NOT NULL DEFAULT 0;
UPDATE paired_tables SET mail_at_start = 1 WHERE pace NOT IN ('live-20', 'live-5');
