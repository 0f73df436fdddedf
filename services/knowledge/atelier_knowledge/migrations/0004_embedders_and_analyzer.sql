-- Full-text analysis version of the text a dataset's search index holds (search/analyzers.py):
-- existing datasets were analyzed with version 1 (Porter, one-character words kept) and are
-- re-analyzed by the indexer; datasets created from now on start at version 2.
ALTER TABLE datasets ADD COLUMN fulltext_analyzer smallint NOT NULL DEFAULT 1;
ALTER TABLE datasets ALTER COLUMN fulltext_analyzer SET DEFAULT 2;

-- The search-store key of the dataset's current index (collection kb_<index_id>); NULL means the
-- dataset id. An embedder switch builds a new index beside the old one and moves this to it.
ALTER TABLE datasets ADD COLUMN index_id bigint;

-- Moving a dataset to another embedder: its slices are re-embedded into a new index (kb_<id>)
-- document by document, in the background, while queries use the old one.
CREATE TABLE embedder_switches (
    id              bigint      PRIMARY KEY,              -- also the new index's key
    dataset_id      bigint      NOT NULL REFERENCES datasets (id),
    space_id        bigint      NOT NULL,
    from_model      text        NOT NULL,
    to_model        text        NOT NULL,
    status          smallint    NOT NULL DEFAULT 0,       -- 0 running, 1 done, 9 failed
    total_slices    integer     NOT NULL DEFAULT 0,
    done_slices     integer     NOT NULL DEFAULT 0,
    last_document   bigint      NOT NULL DEFAULT 0,       -- documents up to this id are re-embedded
    dimension       integer     NOT NULL DEFAULT 0,
    error           text        NOT NULL DEFAULT '',
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    finished_at     timestamptz
);
CREATE UNIQUE INDEX embedder_switches_running ON embedder_switches (dataset_id) WHERE status = 0;
CREATE INDEX embedder_switches_dataset ON embedder_switches (dataset_id, created_at DESC);
