-- Transactional outbox: a row is written in the same transaction as the state change it
-- announces; the relay publishes committed rows in id order and stamps published_at.
CREATE TABLE outbox (
    id           bigserial PRIMARY KEY,
    event_id     text        NOT NULL UNIQUE,
    topic        text        NOT NULL,
    key          bytea       NOT NULL,
    event_type   text        NOT NULL,
    payload      bytea       NOT NULL,
    headers      jsonb       NOT NULL DEFAULT '{}'::jsonb,
    created_at   timestamptz NOT NULL DEFAULT now(),
    published_at timestamptz
);
CREATE INDEX outbox_unpublished ON outbox (id) WHERE published_at IS NULL;

-- Consumer-side de-duplication: an event id is recorded in the same transaction as the
-- handler's effects, so a redelivered event is recognised and skipped.
CREATE TABLE processed_events (
    group_id     text        NOT NULL,
    event_id     text        NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (group_id, event_id)
);
