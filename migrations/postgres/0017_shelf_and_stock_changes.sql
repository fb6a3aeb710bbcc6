-- Issue 15: products go on and off the shelf, and every staff stock change is recorded.

-- An off-shelf product leaves the storefront's lists, search and same-style results and cannot be
-- bought; its orders, favourites and rankings stay.
ALTER TABLE products ADD COLUMN on_shelf BIGINT NOT NULL DEFAULT 1;

-- One row per staff stock change: a delta or a compare-and-set, never a blind overwrite, with who
-- made it, why, and the stock before and after.
CREATE TABLE stock_changes
(
    id         BIGSERIAL PRIMARY KEY,
    sku_id     TEXT  NOT NULL REFERENCES skus (id),
    product_id TEXT  NOT NULL REFERENCES products (id),
    at         BIGINT NOT NULL,
    actor_kind TEXT  NOT NULL,
    actor_id   TEXT,
    stock_before BIGINT NOT NULL,
    stock_after  BIGINT NOT NULL,
    reason     TEXT  NOT NULL
);
CREATE INDEX stock_changes_product ON stock_changes (product_id, id);
CREATE INDEX stock_changes_sku ON stock_changes (sku_id, id);
