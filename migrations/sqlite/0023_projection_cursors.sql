-- Projections that may lag (the ranking) follow the log from a cursor of their own instead of being
-- written in each command's transaction. On PostgreSQL events carry their transaction's id, because
-- positions there can become visible out of order; SQLite serialises writers, so positions become
-- visible in order and tx stays 0: a follower reads in (tx, position) order on both engines.
ALTER TABLE events ADD COLUMN tx INTEGER NOT NULL DEFAULT 0;
CREATE INDEX events_type_tx_position ON events (aggregate_type, tx, position);

-- Where each following projection is: it has applied every event up to (tx, position) in that order.
CREATE TABLE projection_cursors
(
    projection TEXT PRIMARY KEY,
    tx         INTEGER NOT NULL,
    position   INTEGER NOT NULL
) STRICT;
