-- A shop on Shopee, Lazada or TikTok Shop sells in one currency (its prices are the rule's, in yuan,
-- converted at the seller's platform rate for it) and fills the category template the seller
-- uploaded for it (the file is <data dir>/listing-templates/<shop id>.xlsx). Taobao and Douyin shops
-- sell in yuan: currency ''. template_facts is what was read from the template (JSON: sheet,
-- data_row, language, unfilled), '' when the shop has none.
ALTER TABLE listing_shops ADD COLUMN currency TEXT NOT NULL DEFAULT '';
ALTER TABLE listing_shops ADD COLUMN template_file_name TEXT NOT NULL DEFAULT '';
ALTER TABLE listing_shops ADD COLUMN template_uploaded_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE listing_shops ADD COLUMN template_facts TEXT NOT NULL DEFAULT '';
