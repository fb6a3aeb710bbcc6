-- Coupons (issue 7): published coupons sellers claim and who claimed them (write side), the coupons
-- read model (written only by its projection), and the coupons an order carries.
CREATE TABLE coupon_templates
(
    id            TEXT PRIMARY KEY,
    name          TEXT   NOT NULL,
    kind          TEXT   NOT NULL,
    -- full_reduction | discount; money in fen
    discount_type TEXT   NOT NULL,
    threshold     BIGINT NOT NULL,
    amount        BIGINT NOT NULL,
    percent_off   BIGINT NOT NULL,
    valid_from    BIGINT NOT NULL,
    valid_to      BIGINT NOT NULL,
    quantity      BIGINT NOT NULL,
    claimed       BIGINT NOT NULL,
    created_at    BIGINT NOT NULL
);

-- One claim per seller and published coupon; `coupon_id` is the coupon it issued.
CREATE TABLE coupon_claims
(
    template_id TEXT   NOT NULL,
    user_id     TEXT   NOT NULL,
    coupon_id   TEXT   NOT NULL,
    claimed_at  BIGINT NOT NULL,
    PRIMARY KEY (template_id, user_id)
);

-- One row per issued coupon. `status` is unused | used; expiry is read from `valid_to`.
CREATE TABLE coupons
(
    id            TEXT PRIMARY KEY,
    user_id       TEXT   NOT NULL,
    name          TEXT   NOT NULL,
    kind          TEXT   NOT NULL,
    discount_type TEXT   NOT NULL,
    threshold     BIGINT NOT NULL,
    amount        BIGINT NOT NULL,
    percent_off   BIGINT NOT NULL,
    valid_from    BIGINT NOT NULL,
    valid_to      BIGINT NOT NULL,
    source        TEXT   NOT NULL,
    status        TEXT   NOT NULL,
    order_no      TEXT   NOT NULL,
    issued_at     BIGINT NOT NULL,
    used_at       BIGINT NOT NULL
);
CREATE INDEX coupons_user ON coupons (user_id, issued_at);
CREATE INDEX coupons_status ON coupons (status, order_no);

-- JSON [{"id", "type", "name", "discount"}] of the coupons an order redeemed.
ALTER TABLE orders ADD COLUMN coupons TEXT NOT NULL DEFAULT '[]';
