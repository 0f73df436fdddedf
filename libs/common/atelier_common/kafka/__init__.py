"""Kafka plumbing: explicit topic bootstrap, producer, transactional outbox + relay, and the
consumer helper (retry with backoff, de-duplication by event id, dead-letter topic)."""

from pathlib import Path

MIGRATIONS_DIR = Path(__file__).parent / "migrations"
