"""Workflow runs: starting them (sync, stream, async through Kafka), executing them under a lease
with node-level records and checkpoints, reading their progress and history, cancelling them,
and re-driving runs whose executor died (the reconciler)."""
