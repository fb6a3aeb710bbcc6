-- A seller's own shops on other platforms, each with the pricing rule its packages use. Written by
-- commands::listing::shops; a deleted shop's listing records keep its name.
CREATE TABLE listing_shops
(
    id           TEXT PRIMARY KEY,
    user_id      TEXT    NOT NULL REFERENCES users (id),
    platform     TEXT    NOT NULL,
    name         TEXT    NOT NULL,
    -- the rule: multiplier in basis points (1.5 is 15000), amounts in fen, stock_cap -1 for none
    multiplier   INTEGER NOT NULL,
    fixed_add    INTEGER NOT NULL,
    rounding     TEXT    NOT NULL,
    min_margin   INTEGER NOT NULL,
    title_prefix TEXT    NOT NULL,
    title_suffix TEXT    NOT NULL,
    stock_cap    INTEGER NOT NULL,
    created_at   INTEGER NOT NULL,
    updated_at   INTEGER NOT NULL
);
CREATE INDEX listing_shops_by_user ON listing_shops (user_id, created_at);

-- The listing records (projection of the `listing` aggregate): a product a seller listed in a shop,
-- and each SKU's wholesale and listed price then.
CREATE TABLE listings
(
    id         TEXT PRIMARY KEY,
    user_id    TEXT    NOT NULL,
    shop_id    TEXT    NOT NULL,
    shop_name  TEXT    NOT NULL,
    platform   TEXT    NOT NULL,
    product_id TEXT    NOT NULL,
    item_no    TEXT    NOT NULL,
    title      TEXT    NOT NULL,
    package_id TEXT    NOT NULL,
    listed_at  INTEGER NOT NULL
);
CREATE INDEX listings_by_user ON listings (user_id, listed_at);
CREATE INDEX listings_by_product ON listings (product_id);

CREATE TABLE listing_skus
(
    listing_id TEXT    NOT NULL,
    sku_id     TEXT    NOT NULL,
    color      TEXT    NOT NULL,
    size       TEXT    NOT NULL,
    cost       INTEGER NOT NULL,
    listed     INTEGER NOT NULL,
    stock      INTEGER NOT NULL,
    PRIMARY KEY (listing_id, sku_id)
);
CREATE INDEX listing_skus_by_sku ON listing_skus (sku_id);
