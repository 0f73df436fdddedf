"""Failures the pipeline tells apart."""

from __future__ import annotations


class BadDocument(Exception):
    """The document itself cannot be indexed (empty, unsupported, corrupt, schema mismatch, the
    caption model refused it...). Not retried: the document ends Failed with `reason`."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Superseded(Exception):
    """The document was deleted or queued again while this run worked; the run stops quietly."""
