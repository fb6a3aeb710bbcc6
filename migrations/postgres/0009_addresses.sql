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
    is_default  BIGINT NOT NULL,
    is_favorite BIGINT NOT NULL,
    created_at  BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL
);
CREATE INDEX addresses_user ON addresses (user_id, created_at);
