-- Runs that stop for the caller's tool outputs, and chats kept out of their conversation.

-- While status = 'requires_action': the client-side tool calls waiting for outputs,
-- [{"id", "name", "arguments"}] (the agent checkpointed the run; /v3/chat/submit_tool_outputs resumes it).
ALTER TABLE chats ADD COLUMN required_action jsonb;
-- A resumed run uses the same version of the agent (the draft in the console) as the run it continues.
ALTER TABLE chats ADD COLUMN draft_mode boolean NOT NULL DEFAULT false;
-- /v3/chat auto_save_history: false keeps the run's messages out of its conversation.
ALTER TABLE chats ADD COLUMN save_history boolean NOT NULL DEFAULT true;

-- false: a message of a chat with auto_save_history=false. It is readable through its chat
-- (/v3/chat/message/list, /v3/chat/retrieve) but never listed with the conversation's messages nor
-- handed to the model as history.
ALTER TABLE messages ADD COLUMN in_conversation boolean NOT NULL DEFAULT true;
DROP INDEX messages_conversation;
CREATE INDEX messages_conversation ON messages (conversation_id, id) WHERE deleted_at IS NULL AND in_conversation;
