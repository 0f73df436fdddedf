-- Chatflow runs waiting in a conversation: a run of /v1/workflows/chat that stopped at a question
-- or a form is resumed by the user's next message in the same conversation (Coze's behaviour).
-- One waiting run per conversation and chatflow; the row goes when a message takes it up.

CREATE TABLE chatflow_waits (
    conversation_id bigint      NOT NULL,             -- the conversation service's id
    workflow_id     bigint      NOT NULL,
    execute_id      bigint      NOT NULL REFERENCES workflow_executions (id) ON DELETE CASCADE,
    chat_id         bigint      NOT NULL,             -- the chat that ended requires_action
    created_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (conversation_id, workflow_id)
);
