-- The data folders of the servers on this database (issue 44, item 6). Pictures, labels, exports and
-- the RSA key that decrypts passwords live in the data folder, so every server on one database must
-- share it; a server started on another folder would answer stand-in pictures and refuse every login.
-- Each folder has an id (the file `folder-id` in it); a server records its own at start. `chosen` marks
-- the folder the servers are to share: the first one recorded, or the one an operator claimed with
-- `jpmall ops data-folder claim`. A server on any other folder warns at start and fails /readyz.
CREATE TABLE data_folders (
    id            TEXT    PRIMARY KEY,
    -- Where it was last opened from, to name it in the warning.
    path          TEXT    NOT NULL,
    first_seen_at BIGINT  NOT NULL,
    last_seen_at  BIGINT  NOT NULL,
    chosen        BIGINT  NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX data_folders_one_chosen ON data_folders (chosen) WHERE chosen = 1;
