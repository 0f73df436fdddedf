-- Conversations, their messages and chat runs. A section is a context window: "clear context"
-- starts a new section_id on the conversation, and history for the model comes from the current one.

CREATE TABLE conversations (
    id            bigint      PRIMARY KEY,
    space_id      bigint      NOT NULL,                 -- the bot's space
    bot_id        bigint      NOT NULL,
    creator_id    bigint      NOT NULL,                 -- the authenticated caller
    connector_id  bigint      NOT NULL DEFAULT 0,
    name          text        NOT NULL DEFAULT '',
    meta_data     jsonb       NOT NULL DEFAULT '{}',
    section_id    bigint      NOT NULL,                 -- current section
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    deleted_at    timestamptz
);
CREATE INDEX conversations_owner ON conversations (bot_id, creator_id, created_at DESC) WHERE deleted_at IS NULL;

CREATE TABLE chats (
    id              bigint      PRIMARY KEY,
    conversation_id bigint      NOT NULL REFERENCES conversations (id),
    section_id      bigint      NOT NULL,
    bot_id          bigint      NOT NULL,
    user_id         text        NOT NULL,               -- end user (/v3/chat user_id, console: caller id)
    question_id     bigint,                             -- the user message this run answers
    status          text        NOT NULL DEFAULT 'created',
    input_tokens    integer     NOT NULL DEFAULT 0,
    output_tokens   integer     NOT NULL DEFAULT 0,
    last_error_code integer,
    last_error_msg  text,
    meta_data       jsonb       NOT NULL DEFAULT '{}',
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    completed_at    timestamptz,
    failed_at       timestamptz
);
CREATE INDEX chats_conversation ON chats (conversation_id, created_at DESC);

CREATE TABLE messages (
    id                bigint      PRIMARY KEY,
    conversation_id   bigint      NOT NULL REFERENCES conversations (id),
    section_id        bigint      NOT NULL,
    chat_id           bigint,                           -- NULL for messages added without a run
    bot_id            bigint      NOT NULL,
    role              text        NOT NULL,             -- user | assistant
    type              text        NOT NULL,             -- question | answer | function_call | tool_response | knowledge | follow_up | verbose
    content           text        NOT NULL,
    content_type      text        NOT NULL DEFAULT 'text',
    status            text        NOT NULL DEFAULT 'available',   -- available | broken (partial answer)
    broken_pos        integer,
    reply_id          bigint,                           -- the question this message answers
    call_id           text        NOT NULL DEFAULT '',
    name              text        NOT NULL DEFAULT '',
    reasoning_content text        NOT NULL DEFAULT '',
    meta_data         jsonb       NOT NULL DEFAULT '{}',
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now(),
    deleted_at        timestamptz
);
CREATE INDEX messages_conversation ON messages (conversation_id, id) WHERE deleted_at IS NULL;
CREATE INDEX messages_chat ON messages (chat_id, id) WHERE deleted_at IS NULL;
