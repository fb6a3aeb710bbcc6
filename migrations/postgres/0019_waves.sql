-- Pick waves (issue 16). `wave_members` is the write side's claim that an order is in a wave (an order
-- is in one wave at a time; an order a closed wave could not settle is let go again). `waves` is the
-- read model, written only by its projection: the pick list's lines, orders and outcomes as JSON.
CREATE TABLE wave_members
(
    order_no TEXT PRIMARY KEY,
    wave_id  TEXT NOT NULL
);
CREATE INDEX wave_members_wave ON wave_members (wave_id);

CREATE TABLE waves
(
    id          TEXT PRIMARY KEY,
    status      TEXT   NOT NULL,
    market_id   TEXT   NOT NULL,
    market_name TEXT   NOT NULL,
    stall_id    TEXT   NOT NULL,
    stall_name  TEXT   NOT NULL,
    order_count BIGINT NOT NULL,
    line_count  BIGINT NOT NULL,
    quantity    BIGINT NOT NULL,
    missed      BIGINT NOT NULL,
    created_at  BIGINT NOT NULL,
    created_kind TEXT  NOT NULL,
    created_by  TEXT   NOT NULL,
    closed_at   BIGINT NOT NULL,
    closed_kind TEXT   NOT NULL,
    closed_by   TEXT   NOT NULL,
    -- JSON: the pick lines with their orders and marks; the orders with their plan and outcome.
    lines       TEXT   NOT NULL,
    orders      TEXT   NOT NULL
);
CREATE INDEX waves_status_created ON waves (status, created_at);
CREATE INDEX waves_created ON waves (created_at);
