-- Memory databases: user-defined tables an agent reads and writes through its SQL tool. Each has a
-- physical table agent_user_tables.t_<id> with id-named columns c_<field id>, so renaming a field
-- never touches the data; user_id confines rows to their end user in limited mode.

CREATE SCHEMA IF NOT EXISTS agent_user_tables;

CREATE TABLE databases (
    id               bigint      PRIMARY KEY,
    space_id         bigint      NOT NULL,
    creator_id       bigint      NOT NULL,
    table_name       text        NOT NULL,
    table_desc       text        NOT NULL DEFAULT '',
    icon_uri         text        NOT NULL DEFAULT '',
    field_list       jsonb       NOT NULL,          -- [{id, name, desc, type, must_required}]
    next_field_id    integer     NOT NULL,
    rw_mode          smallint    NOT NULL DEFAULT 1, -- BotTableRWMode
    prompt_disabled  boolean     NOT NULL DEFAULT false,
    physical_table   text        NOT NULL,           -- agent_user_tables.t_<id>
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now(),
    deleted_at       timestamptz
);
-- Names are unique per space regardless of case: the model's SQL names tables case-insensitively.
CREATE UNIQUE INDEX databases_space_name ON databases (space_id, lower(table_name)) WHERE deleted_at IS NULL;
