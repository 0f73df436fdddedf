"""Bytes a knowledge request brings along or points at, kept as uploads of the dataset's space
(keys by atelier_common.object_keys, as the gateway's multipart upload writes them)."""

from __future__ import annotations

from atelier_common import object_keys
from atelier_common.errors import NotFound
from atelier_common.service import ServiceDeps
from atelier_knowledge import sources


async def store(deps: ServiceDeps, space_id: int, file_name: str, data: bytes) -> str:
    """Store bytes as a new upload of the space; its key, leased until the document naming it
    commits (`sources`: a process killed in between leaves no orphan file)."""
    key = object_keys.upload_key(space_id, file_name)
    await sources.leases(deps).hold(key)
    await deps.storage.put(key, data)
    return key


async def require(deps: ServiceDeps, key: str, space_id: int, field: str) -> None:
    """NotFound unless `key` is an existing upload of the space. Another space's key gets the very
    answer a missing one gets: keys cannot be probed across spaces."""
    if not object_keys.is_upload_of(key, space_id) or not await deps.storage.exists(key):
        raise NotFound(f"{field} '{key}' does not exist")
