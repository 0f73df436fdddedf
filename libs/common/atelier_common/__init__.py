"""Atelier shared library: settings, logging, telemetry, Postgres pool and migrations, Redis, ids,
object storage, errors, gRPC bootstrap and Kafka helpers used by every service."""
