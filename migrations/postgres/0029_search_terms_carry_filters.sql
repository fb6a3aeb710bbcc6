-- Each index row carries what the product lists filter and sort by, so a keyword search with a
-- filter or another sort reads the index alone instead of looking every match up in `products`
-- (docs/architecture.md, "Keyword search"). `commands::catalog::search_index` writes them with the
-- terms; every change to these columns of a product re-indexes it. The flags are integers, as
-- the index's writer sends every number.
ALTER TABLE search_terms
    ADD COLUMN price       BIGINT  NOT NULL DEFAULT 0,
    ADD COLUMN sales       BIGINT  NOT NULL DEFAULT 0,
    ADD COLUMN shelf_at    BIGINT  NOT NULL DEFAULT 0,
    ADD COLUMN is_hot      BIGINT  NOT NULL DEFAULT 0,
    ADD COLUMN is_sea      BIGINT  NOT NULL DEFAULT 0,
    ADD COLUMN stall_id    TEXT    NOT NULL DEFAULT '',
    ADD COLUMN category_id TEXT    NOT NULL DEFAULT '';
UPDATE search_terms t
SET price       = p.price,
    sales       = p.sales,
    shelf_at    = p.shelf_at,
    is_hot      = CASE WHEN p.is_hot THEN 1 ELSE 0 END,
    is_sea      = CASE WHEN p.is_sea THEN 1 ELSE 0 END,
    stall_id    = p.stall_id,
    category_id = p.category_id
FROM products p
WHERE p.id = t.product_id;
-- The planner's statistics of the terms (`search_index::rebuild` sets them again on the table it
-- swaps in): how many there are, as a share of the rows (100,000 products hold 103,000 terms in
-- 6.4 million rows; sampled, it guessed 1,500), and the thousand most common, not the hundred (a
-- word 14,000 products hold was estimated at 32 rows).
ALTER TABLE search_terms ALTER COLUMN term SET (n_distinct = -0.016);
ALTER TABLE search_terms ALTER COLUMN term SET STATISTICS 1000;
