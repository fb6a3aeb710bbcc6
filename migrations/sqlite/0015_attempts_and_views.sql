-- Issue 14: login attempts counted before the password is checked, and product views once per visitor a day.

-- One counter per throttled key (the phone with the client address, or the address alone) and window:
-- an upsert takes the next attempt atomically, so parallel guesses cannot all pass the check.
CREATE TABLE login_attempts
(
    scope        TEXT    NOT NULL,
    subject      TEXT    NOT NULL,
    window_start INTEGER  NOT NULL,
    attempts     INTEGER  NOT NULL,
    PRIMARY KEY (scope, subject)
);

-- A product's view counts once per visitor (a user, or an anonymous client address) per China-time day.
CREATE TABLE product_views
(
    product_id TEXT    NOT NULL,
    visitor    TEXT    NOT NULL,
    day        INTEGER  NOT NULL,
    PRIMARY KEY (product_id, visitor, day)
);
CREATE INDEX product_views_day ON product_views (day);
