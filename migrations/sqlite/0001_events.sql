-- cqrs-es's events table plus a global, increasing position, so projections can catch up in log order.
-- The primary key must stay as sqlite-es expects: it detects optimistic-lock conflicts by SQLite's
-- primary-key constraint code (1555).
CREATE TABLE events
(
    aggregate_type text                          NOT NULL,
    aggregate_id   text                          NOT NULL,
    sequence       integer CHECK (sequence >= 0) NOT NULL,
    event_type     text                          NOT NULL,
    event_version  text                          NOT NULL,
    payload        text                          NOT NULL,
    metadata       text                          NOT NULL,
    position       integer,
    PRIMARY KEY (aggregate_type, aggregate_id, sequence)
) STRICT;

CREATE UNIQUE INDEX events_position ON events (position);

-- SQLite has no sequences; writers are serialised by the database lock, so max + 1 is gap-free and
-- never reused (events are never deleted).
CREATE TRIGGER events_assign_position
    AFTER INSERT ON events
BEGIN
    UPDATE events
    SET position = (SELECT COALESCE(MAX(position), 0) + 1 FROM events)
    WHERE rowid = NEW.rowid;
END;

-- How far each projection has applied each aggregate's stream. Per-aggregate sequences instead of one
-- high-water mark, because on PostgreSQL positions can commit out of order.
CREATE TABLE projection_offsets
(
    projection     text    NOT NULL,
    aggregate_type text    NOT NULL,
    aggregate_id   text    NOT NULL,
    sequence       integer NOT NULL,
    PRIMARY KEY (projection, aggregate_type, aggregate_id)
);
