-- Knowledge bases: datasets, documents, slices, chunking previews, table datasets' schemas.
-- Times are timestamptz; soft deletes keep a row (status Deleted) so in-flight indexing can see
-- that its document is gone and clean up after itself.

CREATE TABLE datasets (
    id                  bigint      PRIMARY KEY,
    space_id            bigint      NOT NULL,
    creator_id          bigint      NOT NULL,
    name                text        NOT NULL,
    description         text        NOT NULL DEFAULT '',
    icon_uri            text        NOT NULL DEFAULT '',
    format_type         smallint    NOT NULL,
    status              smallint    NOT NULL DEFAULT 1,     -- DatasetStatus
    -- The embedder every document and query of this dataset uses ("provider:model@dim").
    embedding_model     text        NOT NULL,
    embedding_dimension integer     NOT NULL DEFAULT 0,      -- 0 until the first vector is written
    created_at          timestamptz NOT NULL DEFAULT now(),
    updated_at          timestamptz NOT NULL DEFAULT now(),
    deleted_at          timestamptz
);
CREATE INDEX datasets_space ON datasets (space_id, updated_at DESC) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX datasets_space_name ON datasets (space_id, name) WHERE deleted_at IS NULL;

CREATE TABLE documents (
    id               bigint      PRIMARY KEY,
    dataset_id       bigint      NOT NULL REFERENCES datasets (id),
    space_id         bigint      NOT NULL,
    creator_id       bigint      NOT NULL,
    name             text        NOT NULL,
    file_type        text        NOT NULL,                -- extension: pdf, docx, md, csv, png...
    source_type      smallint    NOT NULL,                -- DocumentSource
    tos_uri          text        NOT NULL DEFAULT '',
    size             bigint      NOT NULL DEFAULT 0,
    char_count       bigint      NOT NULL DEFAULT 0,
    slice_count      integer     NOT NULL DEFAULT 0,
    hit_count        integer     NOT NULL DEFAULT 0,
    status           smallint    NOT NULL,                -- DocumentStatus
    status_descript  text        NOT NULL DEFAULT '',     -- readable failure reason
    chunk_strategy   jsonb       NOT NULL DEFAULT '{}'::jsonb,
    parsing_strategy jsonb       NOT NULL DEFAULT '{}'::jsonb,
    table_sheet      jsonb,                               -- table datasets: sheet, header and data lines
    caption          text        NOT NULL DEFAULT '',     -- image datasets
    caption_type     smallint    NOT NULL DEFAULT 0,
    progress         smallint    NOT NULL DEFAULT 0,      -- 0..100 while chunking
    index_attempts   integer     NOT NULL DEFAULT 0,      -- re-drives by the reconciler
    index_started_at timestamptz,
    heartbeat_at     timestamptz,                          -- last sign of life of the indexing run
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX documents_dataset ON documents (dataset_id, created_at) WHERE status <> 3;
CREATE INDEX documents_in_flight ON documents (heartbeat_at) WHERE status IN (0, 4);

CREATE TABLE slices (
    id          bigint      PRIMARY KEY,
    document_id bigint      NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
    dataset_id  bigint      NOT NULL,
    space_id    bigint      NOT NULL,
    sequence    bigint      NOT NULL,
    content     text        NOT NULL,
    char_count  integer     NOT NULL,
    token_count integer     NOT NULL DEFAULT 0,
    status      smallint    NOT NULL DEFAULT 0,           -- SliceStatus
    hit_count   bigint      NOT NULL DEFAULT 0,
    chunk_info  jsonb       NOT NULL DEFAULT '{}'::jsonb,  -- heading path, page, table row, image
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX slices_document ON slices (document_id, sequence);
CREATE INDEX slices_dataset ON slices (dataset_id);

-- Table datasets: the virtual schema users see and the physical table that holds the rows.
CREATE TABLE table_info (
    dataset_id     bigint      PRIMARY KEY REFERENCES datasets (id),
    physical_table text        NOT NULL,                  -- in schema knowledge_tables
    columns        jsonb       NOT NULL,                  -- [{id, column_name, physical, column_type, is_semantic, desc, sequence}]
    created_at     timestamptz NOT NULL DEFAULT now()
);

-- Chunking previews: the result is stored, nothing is indexed.
CREATE TABLE reviews (
    id               bigint      PRIMARY KEY,
    dataset_id       bigint      NOT NULL REFERENCES datasets (id),
    space_id         bigint      NOT NULL,
    document_name    text        NOT NULL,
    document_type    text        NOT NULL,
    tos_uri          text        NOT NULL,
    status           smallint    NOT NULL DEFAULT 0,      -- ReviewStatus
    chunk_strategy   jsonb       NOT NULL DEFAULT '{}'::jsonb,
    parsing_strategy jsonb       NOT NULL DEFAULT '{}'::jsonb,
    doc_tree_uri     text        NOT NULL DEFAULT '',
    error            text        NOT NULL DEFAULT '',
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now()
);

CREATE SCHEMA IF NOT EXISTS knowledge_tables;
