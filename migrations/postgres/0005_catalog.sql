-- The catalogue: reference data in plain tables (ARCHITECTURE.md section 5). Ids are TEXT.

CREATE TABLE markets
(
    id           TEXT PRIMARY KEY,
    area_site_id TEXT  NOT NULL REFERENCES area_sites (id),
    name_zh      TEXT  NOT NULL,
    name_en      TEXT  NOT NULL,
    sort         BIGINT NOT NULL
);

CREATE TABLE categories
(
    id        TEXT PRIMARY KEY,
    parent_id TEXT REFERENCES categories (id),
    name_zh   TEXT  NOT NULL,
    name_en   TEXT  NOT NULL,
    sort      BIGINT NOT NULL
);

CREATE TABLE stalls
(
    id           TEXT PRIMARY KEY,
    market_id    TEXT  NOT NULL REFERENCES markets (id),
    name         TEXT  NOT NULL,
    floor        TEXT  NOT NULL,
    number       TEXT  NOT NULL,
    contact      TEXT  NOT NULL,
    wechat       TEXT  NOT NULL,
    category_id  TEXT  NOT NULL REFERENCES categories (id),
    follow_count BIGINT NOT NULL,
    ranking      BIGINT NOT NULL,
    created_at   BIGINT NOT NULL
);
CREATE INDEX stalls_market ON stalls (market_id, ranking);

-- One row per product; `design` is the JSON recipe its pictures are drawn from, `phash` the 64-bit
-- perceptual hash (16 hex digits) of its first main picture. `area_site_id` repeats the stall's
-- market's area site so list filters need no join.
CREATE TABLE products
(
    id             TEXT PRIMARY KEY,
    item_no        TEXT   NOT NULL,
    title_zh       TEXT   NOT NULL,
    title_en       TEXT   NOT NULL,
    category_id    TEXT   NOT NULL REFERENCES categories (id),
    stall_id       TEXT   NOT NULL REFERENCES stalls (id),
    area_site_id   TEXT   NOT NULL,
    price          BIGINT  NOT NULL,
    main_count     BIGINT  NOT NULL,
    detail_count   BIGINT  NOT NULL,
    colors         TEXT   NOT NULL,
    sizes          TEXT   NOT NULL,
    design         TEXT   NOT NULL,
    phash          TEXT   NOT NULL,
    favorite_count BIGINT  NOT NULL,
    views          BIGINT  NOT NULL,
    popularity     BIGINT  NOT NULL,
    sales          BIGINT  NOT NULL,
    shelf_at       BIGINT  NOT NULL,
    is_hot         BOOLEAN NOT NULL,
    is_sea         BOOLEAN NOT NULL
);
CREATE INDEX products_shelf ON products (area_site_id, shelf_at);
CREATE INDEX products_popularity ON products (area_site_id, popularity);
CREATE INDEX products_price ON products (area_site_id, price);
CREATE INDEX products_sales ON products (area_site_id, sales);
CREATE INDEX products_stall ON products (stall_id, shelf_at);
CREATE INDEX products_category ON products (category_id, shelf_at);
CREATE INDEX products_item_no ON products (item_no);

CREATE TABLE skus
(
    id         TEXT PRIMARY KEY,
    product_id TEXT  NOT NULL REFERENCES products (id),
    color      TEXT  NOT NULL,
    size       TEXT  NOT NULL,
    price      BIGINT NOT NULL,
    stock      BIGINT NOT NULL,
    sort       BIGINT NOT NULL
);
CREATE INDEX skus_product ON skus (product_id, sort);

CREATE TABLE favorites
(
    user_id    TEXT  NOT NULL REFERENCES users (id),
    product_id TEXT  NOT NULL REFERENCES products (id),
    created_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, product_id)
);
CREATE INDEX favorites_user ON favorites (user_id, created_at);

CREATE TABLE follows
(
    user_id    TEXT  NOT NULL REFERENCES users (id),
    stall_id   TEXT  NOT NULL REFERENCES stalls (id),
    created_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, stall_id)
);
CREATE INDEX follows_user ON follows (user_id, created_at);

CREATE TABLE banners
(
    id       TEXT PRIMARY KEY,
    title_zh TEXT  NOT NULL,
    title_en TEXT  NOT NULL,
    image    TEXT  NOT NULL,
    link     TEXT  NOT NULL,
    sort     BIGINT NOT NULL
);

CREATE TABLE notices
(
    id           TEXT PRIMARY KEY,
    title_zh     TEXT   NOT NULL,
    title_en     TEXT   NOT NULL,
    content_zh   TEXT   NOT NULL,
    content_en   TEXT   NOT NULL,
    pinned       BOOLEAN NOT NULL,
    published_at BIGINT  NOT NULL
);

CREATE TABLE tutorials
(
    id          TEXT PRIMARY KEY,
    category_zh TEXT  NOT NULL,
    category_en TEXT  NOT NULL,
    title_zh    TEXT  NOT NULL,
    title_en    TEXT  NOT NULL,
    content_zh  TEXT  NOT NULL,
    content_en  TEXT  NOT NULL,
    sort        BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL
);

CREATE TABLE resources
(
    id             TEXT PRIMARY KEY,
    category_zh    TEXT  NOT NULL,
    category_en    TEXT  NOT NULL,
    title_zh       TEXT  NOT NULL,
    title_en       TEXT  NOT NULL,
    description_zh TEXT  NOT NULL,
    description_en TEXT  NOT NULL,
    url            TEXT  NOT NULL,
    sort           BIGINT NOT NULL
);
