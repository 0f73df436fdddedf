-- A turn that stopped because the model called a client-side tool (the chat is requires_action):
-- everything the model had seen, so the turn continues exactly there when the caller submits the
-- tools' outputs. Taken (deleted) when the turn resumes.
CREATE TABLE run_checkpoints (
    chat_id     bigint      PRIMARY KEY,
    bot_id      bigint      NOT NULL,
    state       jsonb       NOT NULL,    -- runtime.checkpoint.Checkpoint
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX run_checkpoints_age ON run_checkpoints (created_at);
