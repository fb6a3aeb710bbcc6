-- The drop-shipping cart (one line per user and SKU) and each user's drop-shipping settings.
CREATE TABLE cart_items
(
    user_id  TEXT    NOT NULL REFERENCES users (id),
    sku_id   TEXT    NOT NULL REFERENCES skus (id),
    quantity BIGINT NOT NULL,
    selected BIGINT NOT NULL,
    added_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, sku_id)
);

CREATE TABLE forward_settings
(
    user_id           TEXT PRIMARY KEY REFERENCES users (id),
    sender_name       TEXT    NOT NULL,
    sender_phone      TEXT    NOT NULL,
    courier           TEXT    NOT NULL,
    qc_level          TEXT    NOT NULL,
    shipping_priority TEXT    NOT NULL,
    remark_template   TEXT    NOT NULL,
    updated_at        BIGINT NOT NULL
);
