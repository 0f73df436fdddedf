-- Agents: the draft configuration, published versions (snapshots) with the online pointer,
-- shortcut commands, console display settings and memory variable values per end user.
-- Configuration is stored as BotInfo JSON (idl/agent.thrift, proto field names): one document the
-- console edits as a whole, copied verbatim into a version on publish.

CREATE TABLE bots (
    id                bigint      PRIMARY KEY,
    space_id          bigint      NOT NULL,
    creator_id        bigint      NOT NULL,
    draft             jsonb       NOT NULL,                 -- BotInfo
    online_version    text,                                 -- NULL until the first publish
    published_at      timestamptz,
    draft_changed     boolean     NOT NULL DEFAULT true,    -- draft differs from the online version
    display_info      jsonb       NOT NULL DEFAULT '{}',    -- tab_display_info
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now(),
    deleted_at        timestamptz
);
CREATE INDEX bots_space ON bots (space_id, updated_at DESC) WHERE deleted_at IS NULL;

CREATE TABLE bot_versions (
    bot_id        bigint      NOT NULL REFERENCES bots (id),
    version       text        NOT NULL,
    history_type  smallint    NOT NULL DEFAULT 2,           -- HistoryType: 1 saved, 2 published
    config        jsonb       NOT NULL,                     -- BotInfo at publish time
    shortcuts     jsonb       NOT NULL DEFAULT '[]',        -- ShortcutCommand list at publish time
    info          text        NOT NULL DEFAULT '',          -- release note
    connectors    jsonb       NOT NULL DEFAULT '{}',
    creator_id    bigint      NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (bot_id, version)
);
CREATE INDEX bot_versions_recent ON bot_versions (bot_id, created_at DESC);

CREATE TABLE shortcut_commands (
    id          bigint      PRIMARY KEY,
    bot_id      bigint      NOT NULL REFERENCES bots (id),
    command     jsonb       NOT NULL,                       -- ShortcutCommand
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX shortcut_commands_bot ON shortcut_commands (bot_id);

-- Values of an agent's memory variables, per end user ("user_id" of /v3/chat or the console
-- user's id as text). Keywords are those of the agent's variable_list.
CREATE TABLE variable_values (
    bot_id      bigint      NOT NULL,
    user_id     text        NOT NULL,
    keyword     text        NOT NULL,
    value       text        NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (bot_id, user_id, keyword)
);
