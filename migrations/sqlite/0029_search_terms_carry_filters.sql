-- Each index row carries what the product lists filter and sort by, so a keyword search with a
-- filter or another sort reads the index alone instead of looking every match up in `products`
-- (docs/architecture.md, "Keyword search"). `commands::catalog::search_index` writes them with the
-- terms; every change to these columns of a product re-indexes it.
ALTER TABLE search_terms ADD COLUMN price INTEGER NOT NULL DEFAULT 0;
ALTER TABLE search_terms ADD COLUMN sales INTEGER NOT NULL DEFAULT 0;
ALTER TABLE search_terms ADD COLUMN shelf_at INTEGER NOT NULL DEFAULT 0;
ALTER TABLE search_terms ADD COLUMN is_hot INTEGER NOT NULL DEFAULT 0;
ALTER TABLE search_terms ADD COLUMN is_sea INTEGER NOT NULL DEFAULT 0;
ALTER TABLE search_terms ADD COLUMN stall_id TEXT NOT NULL DEFAULT '';
ALTER TABLE search_terms ADD COLUMN category_id TEXT NOT NULL DEFAULT '';
UPDATE search_terms
SET (price, sales, shelf_at, is_hot, is_sea, stall_id, category_id) =
        (SELECT p.price, p.sales, p.shelf_at, CASE WHEN p.is_hot THEN 1 ELSE 0 END,
                CASE WHEN p.is_sea THEN 1 ELSE 0 END, p.stall_id, p.category_id
         FROM products p
         WHERE p.id = search_terms.product_id);
