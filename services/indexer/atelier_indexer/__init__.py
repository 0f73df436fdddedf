"""atelier_indexer — the knowledge ingestion stream processor (parse, chunk, embed, index)."""
