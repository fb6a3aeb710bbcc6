-- cqrs-es's events table plus a global, increasing position, so projections can catch up in log order.
CREATE TABLE events
(
    aggregate_type text                         NOT NULL,
    aggregate_id   text                         NOT NULL,
    sequence       bigint CHECK (sequence >= 0) NOT NULL,
    event_type     text                         NOT NULL,
    event_version  text                         NOT NULL,
    payload        json                         NOT NULL,
    metadata       json                         NOT NULL,
    position       bigint GENERATED ALWAYS AS IDENTITY,
    PRIMARY KEY (aggregate_type, aggregate_id, sequence)
);

CREATE UNIQUE INDEX events_position ON events (position);

-- How far each projection has applied each aggregate's stream. Per-aggregate sequences instead of one
-- high-water mark, because identity values can commit out of order between concurrent writers.
CREATE TABLE projection_offsets
(
    projection     text   NOT NULL,
    aggregate_type text   NOT NULL,
    aggregate_id   text   NOT NULL,
    sequence       bigint NOT NULL,
    PRIMARY KEY (projection, aggregate_type, aggregate_id)
);
