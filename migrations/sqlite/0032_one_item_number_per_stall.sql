-- One item number per stall (issue 44, item 3): the index makes a second product with a stall's item
-- number fail to write, and the save answers "item number taken". SQLite has no procedural SQL to name
-- the products of a catalogue that already holds a number twice, so `Database::migrate` checks that in
-- Rust before this runs (commands/src/migrations.rs, item_numbers_held_twice) and stops with their names.
CREATE UNIQUE INDEX products_stall_item_no ON products (stall_id, item_no);
