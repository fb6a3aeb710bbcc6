-- Read tables of the wallet projections (written only by projections, rebuilt from the event log).
CREATE TABLE wallet_balances
(
    user_id    TEXT PRIMARY KEY,
    balance    BIGINT NOT NULL,
    frozen     BIGINT NOT NULL,
    payee      TEXT  NOT NULL,
    account    TEXT  NOT NULL,
    updated_at BIGINT NOT NULL
);

-- One row per money event.
CREATE TABLE wallet_ledger
(
    user_id       TEXT  NOT NULL,
    sequence      BIGINT NOT NULL,
    kind          TEXT  NOT NULL,
    reference     TEXT  NOT NULL,
    amount        BIGINT NOT NULL,
    balance_after BIGINT NOT NULL,
    frozen_after  BIGINT NOT NULL,
    at            BIGINT NOT NULL,
    PRIMARY KEY (user_id, sequence)
);
CREATE INDEX wallet_ledger_user_at ON wallet_ledger (user_id, at);
