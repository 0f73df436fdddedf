"""Published version numbers: "vMAJOR.MINOR.PATCH", each new one above the latest (Coze's rule),
the next patch when the caller names none."""

from __future__ import annotations

import re
from dataclasses import dataclass

from atelier_common.errors import Conflict, InvalidArgument

_VERSION = re.compile(r"^v(\d{1,9})\.(\d{1,9})\.(\d{1,9})$")
FIELD = "workflow_version"


@dataclass(frozen=True, order=True)
class SemVer:
    major: int
    minor: int
    patch: int

    def __str__(self) -> str:
        return f"v{self.major}.{self.minor}.{self.patch}"

    def next_patch(self) -> SemVer:
        return SemVer(self.major, self.minor, self.patch + 1)


FIRST = SemVer(0, 0, 1)


def parse(text: str, field: str = FIELD) -> SemVer:
    match = _VERSION.match(text)
    if match is None:
        raise InvalidArgument(f"field '{field}': {text!r} is not a version like v1.0.0 (vMAJOR.MINOR.PATCH)")
    major, minor, patch = (int(part) for part in match.groups())
    return SemVer(major, minor, patch)


def next_version(requested: str, latest: str | None) -> SemVer:
    """The version to publish: the requested one, which must be above the latest published one
    (409 otherwise), or the latest's next patch (v0.0.1 for a first publish)."""
    current = parse(latest) if latest else None
    if not requested:
        return FIRST if current is None else current.next_patch()
    wanted = parse(requested)
    if current is not None and wanted <= current:
        raise Conflict(f"field '{FIELD}': {wanted} is not above the latest published version {current}")
    return wanted
