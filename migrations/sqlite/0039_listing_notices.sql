-- The catalogue's change log for listings: each change a seller who listed the product must hear of
-- (a SKU's price, a SKU sold out or back, the product off or back on the shelf, its stall closed),
-- written in the transaction of the catalogue write that made it. The listing notices follow it from
-- a cursor as the ranking follows the order log. SQLite serialises writers, so positions become
-- visible in order and tx stays 0.
CREATE TABLE catalog_changes
(
    position   INTEGER PRIMARY KEY AUTOINCREMENT,
    tx         INTEGER NOT NULL DEFAULT 0,
    product_id TEXT    NOT NULL,
    -- '' for a change of the product (shelf, stall)
    sku_id     TEXT    NOT NULL,
    -- price | sold_out | restocked | delisted | relisted | stall_closed
    kind       TEXT    NOT NULL,
    -- a price in fen, or a stock; 0 where the kind has none
    before     INTEGER NOT NULL,
    after      INTEGER NOT NULL,
    at         INTEGER NOT NULL
);
CREATE INDEX catalog_changes_tx_position ON catalog_changes (tx, position);

-- A change of a listed product, once for each listing of it recorded before the change (written by
-- the listing notices' follower). What is still to act on is read against the listing's record:
-- changes after it was listed and after the seller last marked it done.
CREATE TABLE listing_changes
(
    listing_id      TEXT    NOT NULL,
    user_id         TEXT    NOT NULL,
    product_id      TEXT    NOT NULL,
    change_tx       INTEGER NOT NULL,
    change_position INTEGER NOT NULL,
    sku_id          TEXT    NOT NULL,
    kind            TEXT    NOT NULL,
    before          INTEGER NOT NULL,
    after           INTEGER NOT NULL,
    at              INTEGER NOT NULL,
    PRIMARY KEY (listing_id, change_position)
);
CREATE INDEX listing_changes_by_user ON listing_changes (user_id, at);

-- Where the seller last marked a listing's changes done (the `listing` aggregate's ChangesActedOn).
ALTER TABLE listings ADD COLUMN done_tx INTEGER NOT NULL DEFAULT 0;
ALTER TABLE listings ADD COLUMN done_position INTEGER NOT NULL DEFAULT 0;
ALTER TABLE listings ADD COLUMN done_how TEXT NOT NULL DEFAULT '';
ALTER TABLE listings ADD COLUMN done_at INTEGER NOT NULL DEFAULT 0;
