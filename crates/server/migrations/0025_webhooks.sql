-- Webhooks: each account may give up to five URLs that are told of the same events as its
-- mail (its turn, a game started or ended, a clock running low, a tournament's end), each in a
-- format (json | discord | slack | ntfy) and signed with a secret of its own. The secret is
-- kept as it is (signing needs it) and shown once, when the hook is made. failures counts the
-- failed deliveries in a row; at ten the hook is paused (paused_at) until its person resumes
-- it, and no event is planned for it meanwhile.
CREATE TABLE webhooks (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id),
    url TEXT NOT NULL,
    format TEXT NOT NULL,
    secret TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    failures BIGINT NOT NULL DEFAULT 0,
    paused_at BIGINT,
    last_error TEXT,
    last_sent_at BIGINT
);

CREATE INDEX webhooks_by_user ON webhooks (user_id);

-- The outbox's row is now one event for one person, planned when the person has any channel
-- for it: the mail columns (state, attempts, …) are its mail's delivery ('none': no mail
-- planned), and hooks says whether its webhook deliveries still have to be made ('queued'),
-- were made ('planned'), or none are due ('none').
ALTER TABLE mail_outbox ADD COLUMN hooks TEXT NOT NULL DEFAULT 'none';
CREATE INDEX mail_outbox_hooks_queued ON mail_outbox (created_at) WHERE hooks = 'queued';

-- One event's delivery to one hook, sent by whichever node claims it first (claimed_until_ms
-- guards the claim). created_at and sent_at in seconds; send_after_ms and claimed_until_ms in
-- milliseconds, for the retries' backoff. state: queued | sent | dropped | failed; note says why
-- a delivery was dropped or failed, or its last failure.
CREATE TABLE webhook_deliveries (
    hook_id TEXT NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
    user_id TEXT NOT NULL REFERENCES users (id),
    game_id TEXT NOT NULL REFERENCES games (id),
    kind TEXT NOT NULL,
    event_key BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    send_after_ms BIGINT NOT NULL,
    state TEXT NOT NULL DEFAULT 'queued',
    attempts BIGINT NOT NULL DEFAULT 0,
    claimed_by TEXT,
    claimed_until_ms BIGINT NOT NULL DEFAULT 0,
    sent_at BIGINT,
    note TEXT,
    PRIMARY KEY (hook_id, game_id, kind, event_key)
);

CREATE INDEX webhook_deliveries_due ON webhook_deliveries (state, send_after_ms);
