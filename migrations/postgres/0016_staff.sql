-- Issue 15: the platform's own people. Staff are reference data like sellers (plain tables), kept apart
-- from users so a seller's token never opens a staff call and a staff login never opens a seller's.

CREATE TABLE staff
(
    id            TEXT PRIMARY KEY,
    mobile        TEXT  NOT NULL UNIQUE,
    name          TEXT  NOT NULL,
    role          TEXT  NOT NULL,
    password_hash TEXT  NOT NULL,
    disabled      BIGINT NOT NULL,
    created_at    BIGINT NOT NULL,
    updated_at    BIGINT NOT NULL,
    last_login_at BIGINT
);

-- The stalls a stall account supplies; it sees and changes only these.
CREATE TABLE staff_stalls
(
    staff_id TEXT NOT NULL REFERENCES staff (id),
    stall_id TEXT NOT NULL REFERENCES stalls (id),
    PRIMARY KEY (staff_id, stall_id)
);

-- Only a hash of the token is kept, as for sellers.
CREATE TABLE staff_sessions
(
    token_hash TEXT PRIMARY KEY,
    staff_id   TEXT  NOT NULL REFERENCES staff (id),
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    client_ip  TEXT  NOT NULL
);
CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id);

-- The audit trail: one row per change made by a staff member or by the operator token (the machine
-- credential, actor_kind 'operator'). Event-sourced changes also carry the actor in their events'
-- metadata, which stays the record of truth for them.
CREATE TABLE staff_actions
(
    id          BIGSERIAL PRIMARY KEY,
    at          BIGINT NOT NULL,
    actor_kind  TEXT  NOT NULL,
    actor_id    TEXT,
    action      TEXT  NOT NULL,
    object_type TEXT  NOT NULL,
    object_id   TEXT  NOT NULL,
    detail      TEXT  NOT NULL
);
CREATE INDEX staff_actions_object ON staff_actions (object_type, object_id, id);
CREATE INDEX staff_actions_actor ON staff_actions (actor_id, id);
