-- Read tables of the wallet projections (written only by projections, rebuilt from the event log).
CREATE TABLE wallet_balances
(
    user_id    TEXT PRIMARY KEY,
    balance    INTEGER NOT NULL,
    frozen     INTEGER NOT NULL,
    payee      TEXT  NOT NULL,
    account    TEXT  NOT NULL,
    updated_at INTEGER NOT NULL
);

-- One row per money event.
CREATE TABLE wallet_ledger
(
    user_id       TEXT  NOT NULL,
    sequence      INTEGER NOT NULL,
    kind          TEXT  NOT NULL,
    reference     TEXT  NOT NULL,
    amount        INTEGER NOT NULL,
    balance_after INTEGER NOT NULL,
    frozen_after  INTEGER NOT NULL,
    at            INTEGER NOT NULL,
    PRIMARY KEY (user_id, sequence)
);
CREATE INDEX wallet_ledger_user_at ON wallet_ledger (user_id, at);
