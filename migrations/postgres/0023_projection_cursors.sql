-- Projections that may lag (the ranking) follow the log from a cursor of their own instead of being
-- written in each command's transaction. Positions are drawn when an event is inserted but become
-- visible when its transaction commits, so they can appear out of order; a follower that went by
-- position alone could pass one still in flight and never see it. Each event therefore carries the
-- id of the transaction that wrote it: a follower reads in (tx, position) order and only transactions
-- older than every one still running (the snapshot's xmin), so nothing can appear behind its cursor.
-- Events written before this migration have tx 0: they are all committed.
ALTER TABLE events ADD COLUMN tx BIGINT NOT NULL DEFAULT 0;
ALTER TABLE events ALTER COLUMN tx SET DEFAULT CAST(CAST(pg_current_xact_id() AS TEXT) AS BIGINT);
CREATE INDEX events_type_tx_position ON events (aggregate_type, tx, position);

-- Where each following projection is: it has applied every event up to (tx, position) in that order.
CREATE TABLE projection_cursors
(
    projection TEXT PRIMARY KEY,
    tx         BIGINT NOT NULL,
    position   BIGINT NOT NULL
);
