-- E-mail notifications. Each account may give an address, the language of its mails, and which
-- kinds it wants (1 on, 0 off); unsubscribe_token makes the link in every mail work without
-- logging in. Turning all mail off keeps the address.
ALTER TABLE users ADD COLUMN email TEXT;
ALTER TABLE users ADD COLUMN language TEXT NOT NULL DEFAULT 'en';
ALTER TABLE users ADD COLUMN mail_your_turn BIGINT NOT NULL DEFAULT 1;
ALTER TABLE users ADD COLUMN mail_game_started BIGINT NOT NULL DEFAULT 1;
ALTER TABLE users ADD COLUMN mail_game_ended BIGINT NOT NULL DEFAULT 1;
ALTER TABLE users ADD COLUMN mail_clock BIGINT NOT NULL DEFAULT 1;
ALTER TABLE users ADD COLUMN unsubscribe_token TEXT;
CREATE UNIQUE INDEX users_by_unsubscribe_token ON users (unsubscribe_token);

-- The outbox: a mail is planned in the same transaction as the change it tells of, once per
-- event (the primary key; event_key is the game's version, or the deadline for a clock
-- warning), and sent by whichever node claims it first (claimed_until guards the claim).
-- state: queued | sent | dropped | failed; note says why a mail was dropped or failed.
CREATE TABLE mail_outbox (
    user_id TEXT NOT NULL REFERENCES users (id),
    game_id TEXT NOT NULL REFERENCES games (id),
    kind TEXT NOT NULL,
    event_key BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    send_after BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'queued',
    attempts BIGINT NOT NULL DEFAULT 0,
    claimed_by TEXT,
    claimed_until BIGINT NOT NULL DEFAULT 0,
    sent_at BIGINT,
    note TEXT,
    PRIMARY KEY (user_id, game_id, kind, event_key)
);

CREATE INDEX mail_outbox_due ON mail_outbox (state, send_after);
CREATE INDEX mail_outbox_by_game ON mail_outbox (user_id, game_id, sent_at);
