-- Bot accounts: an account its person turned into a bot, for good, before it played. It plays
-- through API tokens, not through the pages. Only a hash of each token is kept; a revoked token
-- stays listed, with the time it was revoked.
ALTER TABLE users ADD COLUMN bot BIGINT NOT NULL DEFAULT 0;
CREATE TABLE api_tokens (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(id),
    name TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL,
    last_used_at BIGINT,
    revoked_at BIGINT
);
CREATE INDEX api_tokens_by_user ON api_tokens (user_id);
