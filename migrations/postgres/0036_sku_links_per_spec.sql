-- Issue 45 item 1: a link belongs to the platform's SKU, never to a product code alone. A link is
-- either one spec of a platform item (`scope` 'sku', `spec` the spec's colour;size) or the whole
-- item (`scope` 'product', `spec` empty: each line is resolved by its own spec within the linked
-- SKU's product). A link made before keeps the spec text of the line it was made on, so it goes on
-- covering that spec only; the item's other specs read as unlinked until the seller links them.
ALTER TABLE sku_links ADD COLUMN scope TEXT NOT NULL DEFAULT 'sku';
ALTER TABLE sku_links ADD COLUMN spec TEXT NOT NULL DEFAULT '';
UPDATE sku_links SET spec = variation;
ALTER TABLE sku_links DROP CONSTRAINT sku_links_pkey;
ALTER TABLE sku_links ADD PRIMARY KEY (user_id, platform, item_key, sku_key, scope, spec);
