-- Replays read one aggregate type's events in log order; without this index they walk the whole log.
CREATE INDEX events_type_position ON events (aggregate_type, position);
