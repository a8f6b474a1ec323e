-- When a person last opened the site on a device (seconds since the epoch), as its page tells
-- at most twice a day: a device used within two weeks is active, and an event told to an
-- active device by push is not also mailed.
ALTER TABLE push_subscriptions ADD COLUMN last_seen_at BIGINT NOT NULL DEFAULT 0;
UPDATE push_subscriptions SET last_seen_at = created_at;
