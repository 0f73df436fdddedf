-- Run once by the postgres image on an empty data directory (docker-entrypoint-initdb.d).
-- The indexer logs in as a role of its own that owns schema `indexer` and nothing else: it
-- reaches knowledge's datasets, documents and slices over gRPC only, never through their tables.
-- Bootstrap (`init`) applies the indexer's migrations as this role (the schema's owner).
CREATE ROLE atelier_indexer LOGIN PASSWORD 'atelier_indexer';
CREATE SCHEMA indexer AUTHORIZATION atelier_indexer;
