"""Postgres access: the asyncpg pool and the per-schema migration runner."""
