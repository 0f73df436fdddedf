"""atelier_workflow — Workflows: canvas, DAG execution, runs and resume."""
