-- The keyword search index (docs/architecture.md, "Keyword search"): one row per term of an
-- on-shelf product (`domain::search::index_terms`), with the best place the product holds it
-- (`rank`: 0 its whole item number, 1 its title or a part of its item number, 2 its stall,
-- category or colour names). The first index is the order a one-term search lists, so its first
-- page is read off the front of the index; `area_site_id` rides along so a site's search needs no
-- join. Terms compare byte by byte ("C"), so a prefix is a range of the index whatever the
-- database's locale.
CREATE TABLE search_terms
(
    term         TEXT COLLATE "C" NOT NULL,
    rank         BIGINT NOT NULL,
    popularity   BIGINT NOT NULL,
    product_id   TEXT   NOT NULL,
    area_site_id TEXT   NOT NULL
);
CREATE UNIQUE INDEX search_terms_order ON search_terms (term, rank, popularity DESC, product_id DESC)
    INCLUDE (area_site_id);
-- A product's terms: for re-indexing it, and for testing the other words of a query against it.
CREATE INDEX search_terms_product ON search_terms (product_id, term) INCLUDE (rank);
