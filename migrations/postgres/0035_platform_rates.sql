-- Issue 45 item 2: a platform export keeps its own currency, and margins are shown in yuan only at the
-- seller's own rate. `currency` is the ISO code the file's price header names (`Deal Price (PHP)`),
-- CNY for 抖店, empty when the file does not say. Older imports carry none: 抖店's are in yuan and
-- marked CNY, the others are left unknown.
ALTER TABLE platform_imports ADD COLUMN currency TEXT NOT NULL DEFAULT '';
UPDATE platform_imports SET currency = 'CNY' WHERE platform = 'douyin';

-- A seller's rate for one platform's shop in one currency: yuan for one unit, in whole micro-yuan
-- (PHP at 0.1250 CNY is 125000). jpmall has no shop of its own, so a platform + currency stands for it.
CREATE TABLE platform_rates
(
    user_id    TEXT   NOT NULL REFERENCES users (id),
    platform   TEXT   NOT NULL,
    currency   TEXT   NOT NULL,
    micro_cny  BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, platform, currency)
);
