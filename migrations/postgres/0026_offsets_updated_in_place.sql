-- Every command moves its aggregate's offset in each live projection, and a replay moves an
-- aggregate's offset once per page that has its events. `sequence` is in no index, so with room
-- left in each page PostgreSQL updates the row in place (a heap-only tuple) instead of adding an
-- entry to the three-text-column primary key for every move. Existing pages get the room as they
-- are rewritten.
ALTER TABLE projection_offsets SET (fillfactor = 50);
