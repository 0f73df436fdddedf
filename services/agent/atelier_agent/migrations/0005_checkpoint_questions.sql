-- A turn can also stop because a workflow it called asks the user a question: then the user's next
-- message in the same conversation is the answer, so such a checkpoint is found by conversation too.
ALTER TABLE run_checkpoints ADD COLUMN conversation_id bigint NOT NULL DEFAULT 0;
ALTER TABLE run_checkpoints ADD COLUMN awaits_answer boolean NOT NULL DEFAULT false;
CREATE INDEX run_checkpoints_questions ON run_checkpoints (conversation_id, bot_id) WHERE awaits_answer;
