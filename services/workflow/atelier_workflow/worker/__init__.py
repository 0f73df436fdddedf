"""The workflow worker: a separate process kind of the workflow service that executes async runs."""
