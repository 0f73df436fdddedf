"""Clients of the other services that node executors reach through `RunContext.services`."""
