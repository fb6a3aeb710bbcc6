-- After-sales (issue 7): the client's request ids (write side: a resent application finds its first
-- after-sale) and the after-sales read model (written only by its projection, rebuilt from the log).
CREATE TABLE after_sale_requests
(
    user_id       TEXT   NOT NULL,
    request_id    TEXT   NOT NULL,
    after_sale_id TEXT   NOT NULL,
    created_at    BIGINT NOT NULL,
    PRIMARY KEY (user_id, request_id)
);

-- One row per after-sale. `body` is the whole API object (JSON) as of the last event; the other
-- columns are what lists filter and sort on. Money in fen, times in unix seconds.
CREATE TABLE after_sales
(
    id            TEXT PRIMARY KEY,
    user_id       TEXT   NOT NULL,
    order_no      TEXT   NOT NULL,
    kind          TEXT   NOT NULL,
    status        TEXT   NOT NULL,
    quantity      BIGINT NOT NULL,
    refund_amount BIGINT NOT NULL,
    refunded      BIGINT NOT NULL,
    applied_at    BIGINT NOT NULL,
    updated_at    BIGINT NOT NULL,
    body          TEXT   NOT NULL
);
CREATE INDEX after_sales_user ON after_sales (user_id, applied_at);
CREATE INDEX after_sales_status ON after_sales (status, applied_at);
CREATE INDEX after_sales_order ON after_sales (order_no);

-- One row per after-sale event, its fields shaped like the API.
CREATE TABLE after_sale_timeline
(
    id       TEXT   NOT NULL,
    sequence BIGINT NOT NULL,
    kind     TEXT   NOT NULL,
    detail   TEXT   NOT NULL,
    at       BIGINT NOT NULL,
    PRIMARY KEY (id, sequence)
);
