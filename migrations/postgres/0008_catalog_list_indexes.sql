-- The list calls find a page of ids by walking one index in the sort's order and testing the scene
-- flags inside that same index, then fetch the cards of those ids. So each sort key gets one index
-- (and one per area site) that carries the id tie-break and everything the scenes test: no table row
-- is read for the rows a page skips, and no scene needs a sort of its own.
DROP INDEX products_shelf;
DROP INDEX products_popularity;
DROP INDEX products_price;
DROP INDEX products_sales;
DROP INDEX products_by_shelf;
DROP INDEX products_by_popularity;
DROP INDEX products_by_price;
DROP INDEX products_by_sales;
DROP INDEX products_hot;
DROP INDEX products_sea;
CREATE INDEX products_list_shelf ON products (shelf_at, id, is_hot, is_sea);
CREATE INDEX products_list_popularity ON products (popularity, id, shelf_at, is_hot, is_sea);
CREATE INDEX products_list_price ON products (price, id, shelf_at, is_hot, is_sea);
CREATE INDEX products_list_sales ON products (sales, id, shelf_at, is_hot, is_sea);
CREATE INDEX products_area_shelf ON products (area_site_id, shelf_at, id, is_hot, is_sea);
CREATE INDEX products_area_popularity ON products (area_site_id, popularity, id, shelf_at, is_hot, is_sea);
CREATE INDEX products_area_price ON products (area_site_id, price, id, shelf_at, is_hot, is_sea);
CREATE INDEX products_area_sales ON products (area_site_id, sales, id, shelf_at, is_hot, is_sea);
