-- Web page documents (source Web): the URL, the refresh rule, and what the refresher needs to
-- survive restarts: when the page was last fetched and a hash of the text last indexed, so a
-- refresh re-indexes only when the text changed.
ALTER TABLE documents
    ADD COLUMN IF NOT EXISTS web_url         text        NOT NULL DEFAULT '',
    ADD COLUMN IF NOT EXISTS update_type     smallint    NOT NULL DEFAULT 0,   -- UpdateType
    ADD COLUMN IF NOT EXISTS update_interval integer     NOT NULL DEFAULT 0,   -- hours
    ADD COLUMN IF NOT EXISTS web_fetched_at  timestamptz,                      -- last fetch (or refresh claim)
    ADD COLUMN IF NOT EXISTS content_hash    text        NOT NULL DEFAULT '';  -- sha256 of the extracted text

CREATE INDEX IF NOT EXISTS documents_web_refresh ON documents (web_fetched_at)
    WHERE update_type = 1 AND status IN (1, 9);
