-- The seller's own code of an import line (the export's seller SKU column), kept beside sku_key: on
-- TikTok Shop and Lazada sku_key is the platform's SKU id (links are stored under it), while the
-- seller SKU is where a package listed from jpmall wrote the jpmall SKU id. '' when the file has no
-- such column or the cell is empty.
ALTER TABLE platform_import_lines ADD COLUMN seller_code TEXT NOT NULL DEFAULT '';
