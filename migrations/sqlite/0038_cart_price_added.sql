-- The price a cart line had when the seller put it in the cart (or last confirmed it), so the cart and
-- checkout can show a price that moved since, and an increase waits for the seller's confirmation.
-- Lines already in carts take today's price: nothing is known about before.
ALTER TABLE cart_items ADD COLUMN price_added INTEGER NOT NULL DEFAULT 0;
UPDATE cart_items SET price_added = COALESCE((SELECT price FROM skus WHERE skus.id = cart_items.sku_id), 0);
