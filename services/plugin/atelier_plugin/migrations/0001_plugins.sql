-- Plugins: the draft a developer edits (plugin row + its tools), immutable published versions
-- (one snapshot each: the plugin's settings and its enabled tools), and OAuth tokens per end user.
-- Credentials (API keys, service tokens, OAuth client secrets, MCP headers, tokens) are only
-- stored encrypted (AES-GCM, key from ATELIER_SECRET_KEY): the `*_sealed` columns. Documents a
-- user wrote are `json` (not jsonb), which keeps their key order (parameters, properties).

CREATE TABLE plugins (
    id               bigint      PRIMARY KEY,
    space_id         bigint      NOT NULL,
    creator_id       bigint      NOT NULL,
    kind             text        NOT NULL CHECK (kind IN ('openapi', 'mcp')),
    plugin_type      smallint    NOT NULL DEFAULT 1,        -- PluginType
    creation_method  smallint    NOT NULL DEFAULT 0,        -- CreationMethod
    name             text        NOT NULL,
    description      text        NOT NULL DEFAULT '',
    icon_uri         text        NOT NULL DEFAULT '',
    server_url       text        NOT NULL DEFAULT '',
    manifest         json        NOT NULL DEFAULT '{}',     -- ai_plugin without secrets
    openapi          json        NOT NULL DEFAULT '{}',     -- the OpenAPI 3 document (kind 'openapi')
    auth             jsonb       NOT NULL DEFAULT '{}',     -- entities.AuthConfig (no secrets)
    secrets_sealed   bytea,                                 -- Credentials, encrypted for 'plugin:<id>'
    common_params    jsonb       NOT NULL DEFAULT '[]',     -- [{location, name, value}]
    mcp_server       jsonb,                                 -- kind 'mcp': {transport, url, header names}
    edit_version     integer     NOT NULL DEFAULT 1,        -- bumped by every draft edit
    online_version   text,                                  -- NULL until the first publish
    published_at     timestamptz,
    draft_changed    boolean     NOT NULL DEFAULT true,     -- draft differs from the online version
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now(),
    deleted_at       timestamptz
);
CREATE INDEX plugins_space ON plugins (space_id, updated_at DESC) WHERE deleted_at IS NULL;

-- The draft's tools: one per operation of the draft's OpenAPI document (plugins.openapi, which
-- says what each tool is). Ids stay the same in every published version, so an agent's
-- {plugin_id, api_id} names the same tool in the draft and online.
CREATE TABLE tools (
    id            bigint      PRIMARY KEY,
    plugin_id     bigint      NOT NULL REFERENCES plugins (id) ON DELETE CASCADE,
    name          text        NOT NULL,                     -- the name the model calls (operationId)
    method        text        NOT NULL,                     -- lower case: get, post...
    path          text        NOT NULL,
    disabled      boolean     NOT NULL DEFAULT false,
    debug_status  smallint    NOT NULL DEFAULT 0,           -- APIDebugStatus
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    -- deferred: a re-import may swap two tools' names within one transaction
    UNIQUE (plugin_id, name) DEFERRABLE INITIALLY DEFERRED,
    UNIQUE (plugin_id, method, path) DEFERRABLE INITIALLY DEFERRED
);

CREATE TABLE plugin_versions (
    plugin_id       bigint      NOT NULL REFERENCES plugins (id) ON DELETE CASCADE,
    version         text        NOT NULL,                   -- milliseconds since the epoch (version_ts)
    version_name    text        NOT NULL,                   -- v1.0.0
    version_desc    text        NOT NULL DEFAULT '',
    settings        json        NOT NULL,                   -- the plugin row's settings at publish time
    secrets_sealed  bytea,                                  -- the draft's ciphertext at publish time
    tools           json        NOT NULL,                   -- the tool rows at publish time (enabled ones)
    creator_id      bigint      NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (plugin_id, version),
    UNIQUE (plugin_id, version_name)
);
CREATE INDEX plugin_versions_recent ON plugin_versions (plugin_id, created_at DESC);

-- OAuth 2 authorization-code tokens, one per plugin and end user ("user_id" of the chat, or the
-- console user's id as text) and OAuth client settings (`client`: a fingerprint of them): the
-- draft and the online version share a token while their settings agree.
CREATE TABLE oauth_tokens (
    plugin_id     bigint      NOT NULL REFERENCES plugins (id) ON DELETE CASCADE,
    user_key      text        NOT NULL,
    client        text        NOT NULL,
    token_sealed  bytea       NOT NULL,                     -- {access_token, refresh_token, token_type}
    expires_at    timestamptz,                              -- NULL: the provider gave no lifetime
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (plugin_id, user_key, client)
);
