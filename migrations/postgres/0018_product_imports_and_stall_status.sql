-- Issue 15: the staff's Excel import of products, and stalls that open and close.

-- A stall is `open` or `closed`; a closed stall leaves the storefront's shop lists, and closing it
-- takes its products off the shelf.
ALTER TABLE stalls ADD COLUMN status TEXT NOT NULL DEFAULT 'open';

-- Every product import. `status` checking | ready | applying | applied | failed: an upload is checked
-- in the background into a preview (`plan` and `report` as JSON, nothing written to the catalogue);
-- confirming applies exactly that plan. `stalls` is the uploader's stall scope as JSON (empty: any
-- stall). `updated_at` moves with every progress step: a job left unmoved was cut off by a stop.
CREATE TABLE product_imports
(
    id           TEXT PRIMARY KEY,
    actor_kind   TEXT   NOT NULL,
    actor_id     TEXT,
    stalls       TEXT   NOT NULL,
    file_name    TEXT   NOT NULL,
    status       TEXT   NOT NULL,
    done         BIGINT NOT NULL,
    total        BIGINT NOT NULL,
    error        TEXT   NOT NULL,
    plan         TEXT   NOT NULL,
    report       TEXT   NOT NULL,
    created_at   BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL,
    applied_at   BIGINT NOT NULL
);
CREATE INDEX product_imports_created ON product_imports (created_at);
CREATE INDEX product_imports_actor ON product_imports (actor_id, created_at);
