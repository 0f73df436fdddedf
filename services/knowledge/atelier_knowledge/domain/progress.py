"""Document progress as the console shows it: a percentage and an estimate of the time left."""

from __future__ import annotations

from datetime import datetime

from atelier_proto.enums import DocumentStatus

FINAL = (DocumentStatus.Enable, DocumentStatus.Disable, DocumentStatus.Failed, DocumentStatus.Deleted)


def percent(status: int, progress: int) -> int:
    if status in FINAL:
        return 100
    return max(0, min(99, progress))


def remaining_seconds(status: int, progress: int, started_at: datetime | None, now: datetime) -> int:
    """Linear extrapolation of the elapsed time; 0 once final, -1 when nothing is known yet."""
    if status in FINAL:
        return 0
    if started_at is None or progress <= 0:
        return -1
    elapsed = max(0.0, (now - started_at).total_seconds())
    return int(round(elapsed * (100 - progress) / progress))
