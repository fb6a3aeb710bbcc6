-- The seller's multi-item shipping priority (together | split) each order was placed with; orders
-- placed before it was recorded ship together, the setting's default.
ALTER TABLE orders ADD COLUMN shipping_priority TEXT NOT NULL DEFAULT 'together';
