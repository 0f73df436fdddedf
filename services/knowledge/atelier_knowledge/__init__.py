"""atelier_knowledge — Knowledge bases: datasets, documents, slices and retrieval."""
