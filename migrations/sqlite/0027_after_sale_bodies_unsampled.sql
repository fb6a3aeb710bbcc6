-- PostgreSQL gathers no statistics of `after_sales.body`; SQLite's replays run no `ANALYZE`. This
-- keeps both engines' migrations numbered alike.
SELECT 1;
