-- Coupon names in English (issue 21): a published coupon and an issued one carry the English name
-- the operator gave beside the Chinese one. Empty for those from before: readers in English show a
-- name built from the terms ("¥10 off goods over ¥100") instead.
ALTER TABLE coupon_templates ADD COLUMN name_en TEXT NOT NULL DEFAULT '';
ALTER TABLE coupons ADD COLUMN name_en TEXT NOT NULL DEFAULT '';
