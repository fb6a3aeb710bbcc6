-- A replay from nothing on PostgreSQL drops its tables' non-unique indexes and builds them again at
-- its end (filling a table without them, then sorting once, is faster). Their definitions are kept
-- here in the transaction that drops them, so that a replay cut off by a crash leaves them to be
-- built by the next catch-up instead of losing them.
CREATE TABLE replay_set_aside_indexes
(
    projection TEXT NOT NULL,
    name       TEXT NOT NULL,
    definition TEXT NOT NULL,
    PRIMARY KEY (projection, name)
);
