"""Rows of the conversation schema; plain asyncpg, no business rules."""
