-- One snapshot per aggregate: its state as JSON after `sequence`, in the aggregate's snapshot
-- `format`. A load starts from it and replays only the later events; rows of an old format are ignored.
CREATE TABLE aggregate_snapshots
(
    aggregate_type text   NOT NULL,
    aggregate_id   text   NOT NULL,
    sequence       bigint NOT NULL,
    format         bigint NOT NULL,
    state          text   NOT NULL,
    PRIMARY KEY (aggregate_type, aggregate_id)
);
