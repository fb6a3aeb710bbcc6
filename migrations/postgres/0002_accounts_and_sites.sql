-- Reference data and account tables: plain tables, not event-sourced (ARCHITECTURE.md section 5).

CREATE TABLE sites
(
    code             TEXT PRIMARY KEY,
    name_zh          TEXT    NOT NULL,
    name_en          TEXT    NOT NULL,
    logo             TEXT    NOT NULL,
    default_language TEXT    NOT NULL,
    service_qq       TEXT    NOT NULL,
    service_wechat   TEXT    NOT NULL,
    service_phone    TEXT    NOT NULL,
    hours_zh         TEXT    NOT NULL,
    hours_en         TEXT    NOT NULL,
    is_default       BOOLEAN  NOT NULL
);

CREATE TABLE area_sites
(
    id       TEXT PRIMARY KEY,
    name_zh  TEXT   NOT NULL,
    name_en  TEXT   NOT NULL,
    sort     BIGINT  NOT NULL
);

CREATE TABLE documents
(
    slug     TEXT NOT NULL,
    language TEXT NOT NULL,
    title    TEXT NOT NULL,
    content  TEXT NOT NULL,
    PRIMARY KEY (slug, language)
);

CREATE TABLE users
(
    id            TEXT PRIMARY KEY,
    mobile        TEXT  NOT NULL UNIQUE,
    username      TEXT  NOT NULL UNIQUE,
    nickname      TEXT  NOT NULL,
    avatar        TEXT  NOT NULL,
    qq            TEXT  NOT NULL,
    email         TEXT  NOT NULL,
    password_hash TEXT  NOT NULL,
    created_at    BIGINT NOT NULL,
    updated_at    BIGINT NOT NULL,
    last_login_at BIGINT
);

-- Only a hash of the token is kept: a leaked table does not leak sessions.
CREATE TABLE sessions
(
    token_hash TEXT PRIMARY KEY,
    user_id    TEXT  NOT NULL REFERENCES users (id),
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    client_ip  TEXT  NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE captchas
(
    captcha_key TEXT PRIMARY KEY,
    answer      TEXT   NOT NULL,
    created_at  BIGINT  NOT NULL,
    expires_at  BIGINT  NOT NULL,
    verified    BOOLEAN NOT NULL,
    used        BOOLEAN NOT NULL
);

-- A code is stored hashed; the outbox below is what a development SMS provider "sends".
CREATE TABLE sms_codes
(
    id         TEXT PRIMARY KEY,
    mobile     TEXT  NOT NULL,
    event      TEXT  NOT NULL,
    code_hash  TEXT  NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    attempts   BIGINT NOT NULL,
    used_at    BIGINT
);
CREATE INDEX sms_codes_mobile ON sms_codes (mobile, event, created_at);

-- The last send per phone: a conditional upsert on this row is the atomic 60-second cooldown.
CREATE TABLE sms_throttle
(
    mobile       TEXT PRIMARY KEY,
    last_sent_at BIGINT NOT NULL
);

CREATE TABLE sms_outbox
(
    id      TEXT PRIMARY KEY,
    mobile  TEXT  NOT NULL,
    event   TEXT  NOT NULL,
    code    TEXT  NOT NULL,
    text    TEXT  NOT NULL,
    sent_at BIGINT NOT NULL
);
CREATE INDEX sms_outbox_mobile ON sms_outbox (mobile, sent_at);

-- One row per failed login, by phone and by client address; old rows are pruned as they are read.
CREATE TABLE login_failures
(
    scope   TEXT  NOT NULL,
    subject TEXT  NOT NULL,
    at      BIGINT NOT NULL
);
CREATE INDEX login_failures_subject ON login_failures (scope, subject, at);

CREATE TABLE uploads
(
    user_id    TEXT  NOT NULL REFERENCES users (id),
    url        TEXT  NOT NULL,
    width      BIGINT NOT NULL,
    height     BIGINT NOT NULL,
    size       BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, url)
);

INSERT INTO sites (code, name_zh, name_en, logo, default_language, service_qq, service_wechat, service_phone,
                   hours_zh, hours_en, is_default)
VALUES ('default', 'jpmall 一件代发', 'jpmall Drop-shipping', '/logo.svg', 'zh_CN', '800012345', 'jpmall-service',
        '400-820-1234', '每天 09:00-21:00', 'Daily 09:00-21:00', TRUE);

INSERT INTO area_sites (id, name_zh, name_en, sort)
VALUES ('cn', '中国站', 'China', 1),
       ('sea', '东南亚站', 'Southeast Asia', 2),
       ('global', '国际站', 'Global', 3);
