-- Web Push. push_keys: the server's VAPID key pair, one row, made by the first node that
-- starts (the insert of any later one finds the row and changes nothing), so that every node
-- signs with the same key and the browsers' subscriptions stay valid. The private key is the
-- 32 bytes of the P-256 scalar, base64url.
-- push_subscriptions: each device a person asked to be told on; the endpoint is the push
-- service's address for that device (unique: a browser re-subscribing replaces its row).
CREATE TABLE push_keys (
    id BIGINT PRIMARY KEY,
    private_key TEXT NOT NULL,
    public_key TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE TABLE push_subscriptions (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id),
    endpoint TEXT NOT NULL UNIQUE,
    p256dh TEXT NOT NULL,
    auth TEXT NOT NULL,
    label TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    last_sent_at BIGINT
);
CREATE INDEX push_subscriptions_by_user ON push_subscriptions (user_id);
-- The outbox's events are told to a person's devices too: push says whether that is still to
-- be done ('queued'), done ('sent'), given up ('dropped', 'failed') or never due ('none'), with
-- its own attempts, the time of its next try and a node's claim on it (milliseconds), so that
-- one node sends each event to the devices, and a node that stops leaves it to another.
ALTER TABLE mail_outbox ADD COLUMN push TEXT NOT NULL DEFAULT 'none';
ALTER TABLE mail_outbox ADD COLUMN push_attempts BIGINT NOT NULL DEFAULT 0;
ALTER TABLE mail_outbox ADD COLUMN push_after_ms BIGINT NOT NULL DEFAULT 0;
ALTER TABLE mail_outbox ADD COLUMN push_claimed_until_ms BIGINT NOT NULL DEFAULT 0;
CREATE INDEX mail_outbox_push_due ON mail_outbox (push, push_after_ms);
