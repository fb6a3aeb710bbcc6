-- List calls without an area site sort the whole catalogue: each sort key needs an index of its own
-- (with the id tie-break), and the scene flags one that keeps their usual popularity order.
CREATE INDEX products_by_shelf ON products (shelf_at, id);
CREATE INDEX products_by_popularity ON products (popularity, id);
CREATE INDEX products_by_price ON products (price, id);
CREATE INDEX products_by_sales ON products (sales, id);
CREATE INDEX products_hot ON products (is_hot, popularity);
CREATE INDEX products_sea ON products (is_sea, popularity);
