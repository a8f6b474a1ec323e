-- Which way username_key was computed: 1 is lower case only (every account stored so far);
-- the server brings every account to the current way (NFKC, case folding, confusable skeleton)
-- when it starts, and new accounts get it at once.
ALTER TABLE users ADD COLUMN key_version BIGINT NOT NULL DEFAULT 1;

-- Log-in looks up the exact name first.
CREATE INDEX users_by_username ON users (username);
