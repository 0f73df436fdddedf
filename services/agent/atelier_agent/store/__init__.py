"""Rows of the agent schema; plain asyncpg, no business rules."""
