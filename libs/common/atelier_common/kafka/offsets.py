"""Offset bookkeeping of one assigned partition: which offset may be committed.

Events of a partition finish out of order (different keys run concurrently), but a committed
offset means "everything before it is done". So the commit point is the first offset still in
flight, or just past the last one fetched when nothing is. Pure logic, no I/O.
"""

from __future__ import annotations

from collections import deque


class OffsetRewound(Exception):
    """A fetched offset is not above the previous one: the log was reset under us (a broker that
    lost its data, a topic recreated) and the old bookkeeping means nothing any more."""


class PartitionOffsets:
    def __init__(self) -> None:
        self._pending: deque[int] = deque()  # fetched, in fetch (= ascending) order
        self._done: set[int] = set()  # finished but not yet at the front of _pending
        self._last_fetched: int | None = None
        self._commit_point: int | None = None  # next offset to consume; None: nothing done yet
        self._committed: int | None = None  # the last commit point handed out

    def fetched(self, offset: int) -> None:
        """Record a fetched offset. Offsets of a partition are fetched in ascending order (with
        gaps: compaction, transaction markers), so anything else is a reset log."""
        if self._last_fetched is not None and offset <= self._last_fetched:
            raise OffsetRewound(f"offset {offset} fetched after {self._last_fetched}")
        self._last_fetched = offset
        self._pending.append(offset)

    def finished(self, offset: int) -> None:
        """A fetched offset's event is done (handled, skipped as duplicate or parked in the DLQ)."""
        self._done.add(offset)
        while self._pending and self._pending[0] in self._done:
            head = self._pending.popleft()
            self._done.discard(head)
            self._commit_point = head + 1

    @property
    def in_flight(self) -> int:
        return len(self._pending)

    @property
    def commit_point(self) -> int | None:
        """Offset up to which (exclusive) every fetched event is done."""
        return self._commit_point

    def to_commit(self) -> int | None:
        """The commit point when it moved since the last call, else None."""
        if self._commit_point is None or self._commit_point == self._committed:
            return None
        self._committed = self._commit_point
        return self._commit_point

    def commit_failed(self) -> None:
        """The last `to_commit` did not reach the broker: offer it again next time."""
        self._committed = None


def beyond_log_end(offset: int | None, log_end: int | None) -> bool:
    """A consumer position or committed offset past the partition's end: the broker lost the log
    (restarted with memory storage, topic deleted and recreated). Consuming on from there would
    skip every new event below it."""
    return offset is not None and log_end is not None and offset > log_end
