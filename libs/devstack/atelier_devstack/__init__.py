"""Atelier's Docker-free local stack and the pytest fixtures for real infrastructure.

`python -m atelier_devstack up|down|status` runs Postgres, Redis, Tansu (Kafka), Milvus Lite,
every service and the gateway as detached processes recorded under the run dir (`.run/`).
"""
