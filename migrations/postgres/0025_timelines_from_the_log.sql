-- An order's and an after-sale's timeline are their events, read from the log
-- (`projections::timeline`): these tables copied every event of both a second time.
DROP TABLE order_timeline;
DROP TABLE after_sale_timeline;
