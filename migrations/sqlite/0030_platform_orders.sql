-- Shipping labels kept as the seller uploaded them (PDF, PNG, JPEG), never rescaled. The file is
-- `<data dir>/labels/<id>`; only its owner and warehouse staff may read it (docs/api.md, "Labels").
CREATE TABLE labels
(
    id           TEXT PRIMARY KEY,
    user_id      TEXT   NOT NULL REFERENCES users (id),
    file_name    TEXT   NOT NULL,
    content_type TEXT   NOT NULL,
    size         INTEGER NOT NULL,
    sha256       TEXT   NOT NULL,
    created_at   INTEGER NOT NULL
);
CREATE INDEX labels_user ON labels (user_id, created_at);

-- A seller's link of a platform item and SKU to a jpmall SKU, made once and used by every later
-- import. `item_key` and `sku_key` are what the platform's export names the item and its variant by
-- (docs/platform-exports.md says which columns, per platform).
CREATE TABLE sku_links
(
    user_id    TEXT   NOT NULL REFERENCES users (id),
    platform   TEXT   NOT NULL,
    item_key   TEXT   NOT NULL,
    sku_key    TEXT   NOT NULL,
    sku_id     TEXT   NOT NULL REFERENCES skus (id),
    title      TEXT   NOT NULL,
    variation  TEXT   NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, platform, item_key, sku_key)
);

-- A platform's own order export as read: one row per line of the file, kept until the seller has
-- linked its items and ordered the batch. Rows of the same `source_order_no` are one order.
CREATE TABLE platform_imports
(
    id         TEXT PRIMARY KEY,
    user_id    TEXT   NOT NULL REFERENCES users (id),
    platform   TEXT   NOT NULL,
    file_name  TEXT   NOT NULL,
    job_id     TEXT   NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE INDEX platform_imports_user ON platform_imports (user_id, created_at);

CREATE TABLE platform_import_lines
(
    import_id       TEXT   NOT NULL REFERENCES platform_imports (id),
    line_no         INTEGER NOT NULL,
    source_order_no TEXT   NOT NULL,
    -- the platform's id of the line, when its export has one
    line_id         TEXT   NOT NULL,
    item_key        TEXT   NOT NULL,
    sku_key         TEXT   NOT NULL,
    title           TEXT   NOT NULL,
    variation       TEXT   NOT NULL,
    quantity        INTEGER NOT NULL,
    -- the platform's unit price in fen of the file's currency; -1 when the file gives none
    platform_price  INTEGER NOT NULL,
    recipient       TEXT   NOT NULL,
    phone           TEXT   NOT NULL,
    address         TEXT   NOT NULL,
    -- which recipient fields the platform masked or encrypted (comma-separated), empty when none
    hidden          TEXT   NOT NULL,
    -- why the line cannot be ordered as read (a catalogue key, e.g. a quantity that is not a whole
    -- number, or a status other than awaiting shipment), empty when it can
    problem         TEXT   NOT NULL,
    -- the platform's own order status, as written in the file
    status          TEXT   NOT NULL,
    PRIMARY KEY (import_id, line_no)
);

-- A label the seller attached to one order of an import (for a buyer the platform hides).
CREATE TABLE platform_import_labels
(
    import_id       TEXT NOT NULL REFERENCES platform_imports (id),
    source_order_no TEXT NOT NULL,
    label_url       TEXT NOT NULL,
    PRIMARY KEY (import_id, source_order_no)
);
