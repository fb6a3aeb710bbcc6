-- Orders (issue 6): stock reservations (write side: the units taken from `skus.stock` for an order,
-- so a crash between reserving and placing can be reconciled), and the order and ranking read models
-- (written only by their projections, rebuilt from the event log).
CREATE TABLE stock_reservations
(
    order_no   TEXT PRIMARY KEY,
    user_id    TEXT   NOT NULL,
    -- The client's request id ('' when none): a resent submit finds its first order.
    request_id TEXT   NOT NULL,
    -- JSON [{"sku_id", "quantity"}]
    lines      TEXT   NOT NULL,
    -- reserved (stock taken, order not placed yet) | placed | released (stock given back)
    state      TEXT   NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX stock_reservations_request ON stock_reservations (user_id, request_id) WHERE request_id <> '';
CREATE INDEX stock_reservations_state ON stock_reservations (state, created_at);

-- The order process managers look money up by its reference (an order or refund id) at start-up.
CREATE INDEX wallet_ledger_kind_reference ON wallet_ledger (kind, reference);

-- A QR payment for an order names it; top-ups leave it empty.
ALTER TABLE payments ADD COLUMN order_no TEXT NOT NULL DEFAULT '';

-- Times are unix seconds, 0 while unset.
CREATE TABLE orders
(
    order_no        TEXT PRIMARY KEY,
    user_id         TEXT   NOT NULL,
    kind            TEXT   NOT NULL,
    platform        TEXT   NOT NULL,
    source_order_no TEXT   NOT NULL,
    label_file      TEXT   NOT NULL,
    recipient       TEXT   NOT NULL,
    phone           TEXT   NOT NULL,
    province        TEXT   NOT NULL,
    city            TEXT   NOT NULL,
    district        TEXT   NOT NULL,
    detail          TEXT   NOT NULL,
    status          TEXT   NOT NULL,
    stock_status    TEXT   NOT NULL,
    abnormal        BIGINT NOT NULL,
    reviewed        BIGINT NOT NULL,
    courier         TEXT   NOT NULL,
    qc_level        TEXT   NOT NULL,
    -- Value-added service codes, comma separated.
    value_added     TEXT   NOT NULL,
    product_amount  BIGINT NOT NULL,
    shipping        BIGINT NOT NULL,
    service         BIGINT NOT NULL,
    qc_fee          BIGINT NOT NULL,
    value_added_fee BIGINT NOT NULL,
    coupon_discount BIGINT NOT NULL,
    total           BIGINT NOT NULL,
    item_count      BIGINT NOT NULL,
    paid_amount     BIGINT NOT NULL,
    refunded        BIGINT NOT NULL,
    payment_method  TEXT   NOT NULL,
    ship_courier    TEXT   NOT NULL,
    tracking_no     TEXT   NOT NULL,
    remark          TEXT   NOT NULL,
    rating          BIGINT NOT NULL,
    review          TEXT   NOT NULL,
    placed_at       BIGINT NOT NULL,
    paid_at         BIGINT NOT NULL,
    shipped_at      BIGINT NOT NULL,
    completed_at    BIGINT NOT NULL,
    cancelled_at    BIGINT NOT NULL
);
CREATE INDEX orders_user_placed ON orders (user_id, placed_at, order_no);
CREATE INDEX orders_user_status ON orders (user_id, status, placed_at);
CREATE INDEX orders_status_shipped ON orders (status, shipped_at);
CREATE INDEX orders_placed ON orders (placed_at, order_no);

CREATE TABLE order_items
(
    order_no       TEXT   NOT NULL,
    line_no        BIGINT NOT NULL,
    sku_id         TEXT   NOT NULL,
    product_id     TEXT   NOT NULL,
    stall_id       TEXT   NOT NULL,
    item_no        TEXT   NOT NULL,
    title          TEXT   NOT NULL,
    color          TEXT   NOT NULL,
    size           TEXT   NOT NULL,
    unit_price     BIGINT NOT NULL,
    quantity       BIGINT NOT NULL,
    short_quantity BIGINT NOT NULL,
    PRIMARY KEY (order_no, line_no)
);

-- One row per order event: the detail's timeline. `detail` is the event's own fields as JSON.
CREATE TABLE order_timeline
(
    order_no TEXT   NOT NULL,
    sequence BIGINT NOT NULL,
    kind     TEXT   NOT NULL,
    detail   TEXT   NOT NULL,
    at       BIGINT NOT NULL,
    PRIMARY KEY (order_no, sequence)
);

-- Out-of-stock notices. `items` is JSON [{"sku_id", "item_no", "title", "color", "size", "quantity"}].
CREATE TABLE order_shortages
(
    order_no  TEXT   NOT NULL,
    sequence  BIGINT NOT NULL,
    user_id   TEXT   NOT NULL,
    items     TEXT   NOT NULL,
    refund    BIGINT NOT NULL,
    all_items BIGINT NOT NULL,
    at        BIGINT NOT NULL,
    PRIMARY KEY (order_no, sequence)
);
CREATE INDEX order_shortages_user ON order_shortages (user_id, at);

CREATE TABLE order_abnormal
(
    order_no    TEXT   NOT NULL,
    sequence    BIGINT NOT NULL,
    user_id     TEXT   NOT NULL,
    reason      TEXT   NOT NULL,
    flagged_at  BIGINT NOT NULL,
    resolution  TEXT   NOT NULL,
    resolved_at BIGINT NOT NULL,
    PRIMARY KEY (order_no, sequence)
);
CREATE INDEX order_abnormal_user ON order_abnormal (user_id, flagged_at);

-- Rankings: paid drop-shipping sales per product and day (UTC+8), less what was refunded for
-- shortage or cancellation; `ranking_orders` keeps each order's lines and the day it was paid.
CREATE TABLE daily_sales
(
    product_id TEXT   NOT NULL,
    day        BIGINT NOT NULL,
    stall_id   TEXT   NOT NULL,
    quantity   BIGINT NOT NULL,
    amount     BIGINT NOT NULL,
    PRIMARY KEY (product_id, day)
);
CREATE INDEX daily_sales_day ON daily_sales (day);

CREATE TABLE ranking_orders
(
    order_no TEXT PRIMARY KEY,
    -- -1 until paid.
    paid_day BIGINT NOT NULL,
    -- JSON [{"sku_id", "product_id", "stall_id", "unit_price", "quantity"}]
    lines    TEXT   NOT NULL
);
