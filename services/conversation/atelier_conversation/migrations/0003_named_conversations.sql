-- Conversations of an app (Coze's projects): workflow conversation nodes keep a user's conversations
-- by name within a bot or an app. An app's conversation has bot_id 0 and its app here.
ALTER TABLE conversations ADD COLUMN app_id bigint NOT NULL DEFAULT 0;
-- Name lookups of one user's conversations in one bot or app (GetNamedConversation).
CREATE INDEX conversations_named ON conversations (bot_id, app_id, creator_id, name)
    WHERE deleted_at IS NULL AND name <> '';
