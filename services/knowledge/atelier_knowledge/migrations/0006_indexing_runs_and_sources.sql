-- Indexing runs and source files, now that the indexer reaches documents only through RPCs.
--
-- index_run numbers a document's indexing runs: ClaimDocument starts a new one and every later
-- call of the run names it, so a run that another replaced (a redelivered event racing a
-- re-drive) can no longer store slices or change the document.
ALTER TABLE documents ADD COLUMN index_run bigint NOT NULL DEFAULT 0;

-- Knowledge removes the source files of deleted documents itself (right after the delete and,
-- for any it missed, in its sweep): false until it has. Documents deleted before this migration
-- are swept once too (deleting an object that is gone already is a no-op).
ALTER TABLE documents ADD COLUMN source_removed boolean NOT NULL DEFAULT false;
CREATE INDEX documents_sources_to_remove ON documents (id) WHERE status = 3 AND NOT source_removed;
-- Whether an object key is still some document's source (the sweeps ask for each key).
CREATE INDEX documents_tos_uri ON documents (tos_uri);
