-- One item number per stall (issue 44, item 3): two saves racing on PostgreSQL could each find the
-- number free and both make a product. The index makes the second write fail, and the save answers
-- "item number taken". A catalogue that already holds a number twice stops here, naming the products,
-- until they are merged (the message says how); SQLite makes the same check in Rust before this runs.
DO $$
DECLARE
    groups TEXT;
BEGIN
    SELECT string_agg(format('stall %s, item number %s: products %s', stall_id, item_no, ids), '; '
                      ORDER BY stall_id, item_no)
      INTO groups
      FROM (SELECT stall_id, item_no, string_agg(id, ', ' ORDER BY id) AS ids
              FROM products GROUP BY stall_id, item_no HAVING COUNT(*) > 1) AS taken_twice;
    IF groups IS NOT NULL THEN
        RAISE EXCEPTION 'migration 0032: a stall holds an item number more than once (%). Merge each into one product: keep one and give the others item numbers of their own (in the console of the jpmall version that ran before, or with UPDATE products SET item_no = ''<new item number>'' WHERE id = ''<product id>''), then start again', groups;
    END IF;
END
$$;

CREATE UNIQUE INDEX products_stall_item_no ON products (stall_id, item_no);
