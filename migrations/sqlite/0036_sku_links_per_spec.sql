-- Issue 45 item 1: a link belongs to the platform's SKU, never to a product code alone. A link is
-- either one spec of a platform item (`scope` 'sku', `spec` the spec's colour;size) or the whole
-- item (`scope` 'product', `spec` empty: each line is resolved by its own spec within the linked
-- SKU's product). A link made before keeps the spec text of the line it was made on, so it goes on
-- covering that spec only; the item's other specs read as unlinked until the seller links them.
CREATE TABLE sku_links_by_spec
(
    user_id    TEXT   NOT NULL REFERENCES users (id),
    platform   TEXT   NOT NULL,
    item_key   TEXT   NOT NULL,
    sku_key    TEXT   NOT NULL,
    scope      TEXT   NOT NULL,
    spec       TEXT   NOT NULL,
    sku_id     TEXT   NOT NULL REFERENCES skus (id),
    title      TEXT   NOT NULL,
    variation  TEXT   NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, platform, item_key, sku_key, scope, spec)
);
INSERT INTO sku_links_by_spec
SELECT user_id, platform, item_key, sku_key, 'sku', variation, sku_id, title, variation, created_at, updated_at
FROM sku_links;
DROP TABLE sku_links;
ALTER TABLE sku_links_by_spec RENAME TO sku_links;
