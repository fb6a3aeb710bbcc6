-- The catalogue's change log for listings: each change a seller who listed the product must hear of
-- (a SKU's price, a SKU sold out or back, the product off or back on the shelf, its stall closed),
-- written in the transaction of the catalogue write that made it. The listing notices follow it from
-- a cursor as the ranking follows the order log: in (tx, position) order, only transactions older
-- than every one still running, since positions can become visible out of order.
CREATE TABLE catalog_changes
(
    position   BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    tx         BIGINT NOT NULL DEFAULT CAST(CAST(pg_current_xact_id() AS TEXT) AS BIGINT),
    product_id TEXT   NOT NULL,
    -- '' for a change of the product (shelf, stall)
    sku_id     TEXT   NOT NULL,
    -- price | sold_out | restocked | delisted | relisted | stall_closed
    kind       TEXT   NOT NULL,
    -- a price in fen, or a stock; 0 where the kind has none
    before     BIGINT NOT NULL,
    after      BIGINT NOT NULL,
    at         BIGINT NOT NULL
);
CREATE INDEX catalog_changes_tx_position ON catalog_changes (tx, position);

-- A change of a listed product, once for each listing of it recorded before the change (written by
-- the listing notices' follower). What is still to act on is read against the listing's record:
-- changes after it was listed and after the seller last marked it done.
CREATE TABLE listing_changes
(
    listing_id      TEXT   NOT NULL,
    user_id         TEXT   NOT NULL,
    product_id      TEXT   NOT NULL,
    change_tx       BIGINT NOT NULL,
    change_position BIGINT NOT NULL,
    sku_id          TEXT   NOT NULL,
    kind            TEXT   NOT NULL,
    before          BIGINT NOT NULL,
    after           BIGINT NOT NULL,
    at              BIGINT NOT NULL,
    PRIMARY KEY (listing_id, change_position)
);
CREATE INDEX listing_changes_by_user ON listing_changes (user_id, at);

-- Where the seller last marked a listing's changes done (the `listing` aggregate's ChangesActedOn).
ALTER TABLE listings ADD COLUMN done_tx BIGINT NOT NULL DEFAULT 0;
ALTER TABLE listings ADD COLUMN done_position BIGINT NOT NULL DEFAULT 0;
ALTER TABLE listings ADD COLUMN done_how TEXT NOT NULL DEFAULT '';
ALTER TABLE listings ADD COLUMN done_at BIGINT NOT NULL DEFAULT 0;
