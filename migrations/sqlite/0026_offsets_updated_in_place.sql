-- PostgreSQL leaves room in `projection_offsets`' pages for updates in place (fillfactor); SQLite
-- has no such setting. This keeps both engines' migrations numbered alike.
SELECT 1;
