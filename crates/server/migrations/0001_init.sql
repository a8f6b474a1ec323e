-- One schema for SQLite and PostgreSQL: only types and syntax both understand.

CREATE TABLE users (
    id TEXT PRIMARY KEY,
    username TEXT NOT NULL,
    username_key TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

CREATE TABLE sessions (
    token TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users (id),
    expires_at BIGINT NOT NULL
);

CREATE TABLE games (
    id TEXT PRIMARY KEY,
    creator_id TEXT NOT NULL REFERENCES users (id),
    options TEXT NOT NULL,
    seed BIGINT NOT NULL,
    status TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

-- kind: open | invite | human | bot
CREATE TABLE seats (
    game_id TEXT NOT NULL REFERENCES games (id),
    seat BIGINT NOT NULL,
    kind TEXT NOT NULL,
    user_id TEXT REFERENCES users (id),
    bot_level TEXT,
    invite_token TEXT,
    PRIMARY KEY (game_id, seat)
);

-- The event log: the primary key makes two writes at the same index impossible.
CREATE TABLE actions (
    game_id TEXT NOT NULL REFERENCES games (id),
    idx BIGINT NOT NULL,
    seat BIGINT NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (game_id, idx)
);
