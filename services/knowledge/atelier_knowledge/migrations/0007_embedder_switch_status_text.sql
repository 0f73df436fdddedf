-- Embedder switch status as the IDL's EmbedderSwitchStatus spells it (an api.string enum: stored
-- as its wire string, like chat statuses), instead of numbers only this table knew.
DROP INDEX embedder_switches_running;
ALTER TABLE embedder_switches ALTER COLUMN status DROP DEFAULT;
ALTER TABLE embedder_switches ALTER COLUMN status TYPE text
    USING CASE status WHEN 0 THEN 'running' WHEN 1 THEN 'done' ELSE 'failed' END;
ALTER TABLE embedder_switches ALTER COLUMN status SET DEFAULT 'running';
CREATE UNIQUE INDEX embedder_switches_running ON embedder_switches (dataset_id) WHERE status = 'running';
