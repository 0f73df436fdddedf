"""The internal RPCs the indexer calls: it parses, chunks, embeds and writes the search stores;
knowledge owns the datasets, documents, slices and table rows those runs read and produce."""
