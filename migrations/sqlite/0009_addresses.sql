-- The address book: a plain table, one row per address, owned by one user.
CREATE TABLE addresses
(
    id          TEXT PRIMARY KEY,
    user_id     TEXT    NOT NULL REFERENCES users (id),
    recipient   TEXT    NOT NULL,
    phone       TEXT    NOT NULL,
    province    TEXT    NOT NULL,
    city        TEXT    NOT NULL,
    district    TEXT    NOT NULL,
    detail      TEXT    NOT NULL,
    is_default  INTEGER NOT NULL,
    is_favorite INTEGER NOT NULL,
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL
);
CREATE INDEX addresses_user ON addresses (user_id, created_at);
