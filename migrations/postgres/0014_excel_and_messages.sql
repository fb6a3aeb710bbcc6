-- Issue 8: platform orders placed once per seller, Excel export and import jobs, and messages.

-- A seller's platform order (platform + source order number) is placed once; written with the stock
-- reservation and freed only when the order was never placed.
CREATE TABLE platform_order_keys
(
    user_id         TEXT   NOT NULL,
    platform        TEXT   NOT NULL,
    source_order_no TEXT   NOT NULL,
    order_no        TEXT   NOT NULL,
    created_at      BIGINT NOT NULL,
    PRIMARY KEY (user_id, platform, source_order_no)
);
CREATE INDEX platform_order_keys_order ON platform_order_keys (order_no);

INSERT INTO platform_order_keys (user_id, platform, source_order_no, order_no, created_at)
SELECT user_id, platform, source_order_no, order_no, placed_at FROM orders WHERE kind = 'platform'
ON CONFLICT DO NOTHING;

-- Every export and import (the Export record of spec §3). `kind` export | import; `table_code`
-- orders | ledger | after_sales | platform_orders; `status` running | done | failed; `report` is the
-- import's per-row outcome as JSON; `finished_at` 0 while running.
CREATE TABLE excel_jobs
(
    id          TEXT PRIMARY KEY,
    user_id     TEXT   NOT NULL,
    kind        TEXT   NOT NULL,
    table_code  TEXT   NOT NULL,
    language    TEXT   NOT NULL,
    status      TEXT   NOT NULL,
    done        BIGINT NOT NULL,
    total       BIGINT NOT NULL,
    row_count   BIGINT NOT NULL,
    file_name   TEXT   NOT NULL,
    file_path   TEXT   NOT NULL,
    error       TEXT   NOT NULL,
    report      TEXT   NOT NULL,
    created_at  BIGINT NOT NULL,
    -- moved with every progress step; a running job left unmoved was cut off by a stop
    updated_at  BIGINT NOT NULL,
    finished_at BIGINT NOT NULL
);
CREATE INDEX excel_jobs_user ON excel_jobs (user_id, created_at);

-- Notifications made from events (written only by the message projections). `source` is the
-- aggregate type the message came from, so each projection empties only its own rows on a rebuild.
-- `seq` orders messages of the same second in the order they were made.
CREATE TABLE messages
(
    seq         BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    id          TEXT   NOT NULL UNIQUE,
    user_id     TEXT   NOT NULL,
    source      TEXT   NOT NULL,
    kind        TEXT   NOT NULL,
    object_type TEXT   NOT NULL,
    object_id   TEXT   NOT NULL,
    params      TEXT   NOT NULL,
    created_at  BIGINT NOT NULL
);
CREATE INDEX messages_user ON messages (user_id, created_at);

-- Whose aggregate each order and after-sale is, for the events that do not name their owner.
CREATE TABLE message_owners
(
    source       TEXT NOT NULL,
    aggregate_id TEXT NOT NULL,
    user_id      TEXT NOT NULL,
    reference    TEXT NOT NULL,
    PRIMARY KEY (source, aggregate_id)
);

-- Read marks live apart from the messages, so a rebuild of the messages keeps them.
CREATE TABLE message_reads
(
    user_id    TEXT   NOT NULL,
    message_id TEXT   NOT NULL,
    read_at    BIGINT NOT NULL,
    PRIMARY KEY (user_id, message_id)
);
