"""Kafka plumbing: explicit topic bootstrap (and recreation after a broker lost them), producer,
transactional outbox + relay, and the stream processor every consumer runs on (processor.py:
per-key ordering, contiguous-prefix commits, event-id idempotency, retry with backoff, DLQ)."""

from pathlib import Path

MIGRATIONS_DIR = Path(__file__).parent / "migrations"
