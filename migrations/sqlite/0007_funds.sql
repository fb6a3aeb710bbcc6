-- Funds (issue 5): payments held by the payment provider port, the log of gateway callbacks, and the
-- withdrawals read table (written only by its projection, rebuilt from the event log).
CREATE TABLE payments
(
    id         TEXT PRIMARY KEY,
    user_id    TEXT    NOT NULL,
    purpose    TEXT    NOT NULL,
    amount     INTEGER  NOT NULL,
    status     TEXT    NOT NULL,
    notify_url TEXT    NOT NULL,
    created_at INTEGER  NOT NULL,
    expires_at INTEGER  NOT NULL,
    paid_at    INTEGER
);
CREATE INDEX payments_user ON payments (user_id, created_at);

CREATE TABLE payment_callbacks
(
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    payment_id  TEXT    NOT NULL,
    outcome     TEXT    NOT NULL,
    detail      TEXT    NOT NULL,
    received_at INTEGER  NOT NULL
);
CREATE INDEX payment_callbacks_payment ON payment_callbacks (payment_id);

CREATE TABLE wallet_withdrawals
(
    id           TEXT PRIMARY KEY,
    user_id      TEXT    NOT NULL,
    -- The wallet event's sequence: orders one user's withdrawals made within the same second.
    sequence     INTEGER  NOT NULL,
    amount       INTEGER  NOT NULL,
    payee        TEXT    NOT NULL,
    account      TEXT    NOT NULL,
    status       TEXT    NOT NULL,
    reason       TEXT    NOT NULL,
    requested_at INTEGER  NOT NULL,
    decided_at   INTEGER
);
CREATE INDEX wallet_withdrawals_user ON wallet_withdrawals (user_id, requested_at);
CREATE INDEX wallet_withdrawals_status ON wallet_withdrawals (status, requested_at);
