"""Retrieval: rewrite, channels (vector, full text, NL2SQL), fusion, rerank."""
