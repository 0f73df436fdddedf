"""Agent icons: an image the caller uploaded (/v1/files/upload) becomes the icon's storage key, and
every answer shows that key as a URL a browser can open (signed and expiring)."""

from __future__ import annotations

from atelier_common.auth import current_context
from atelier_common.errors import InvalidArgument
from atelier_common.files import FileStore
from atelier_common.service import ServiceDeps
from atelier_common.storage import InvalidKey


async def uri_of_file(deps: ServiceDeps, file_id: int, field: str = "icon_file_id") -> str:
    """The storage key of the caller's uploaded image (404 for a file that is not theirs)."""
    stored = await FileStore(deps.storage).owned(file_id, current_context().user_id)
    if not stored.is_image:
        raise InvalidArgument(f"field '{field}': file {file_id} ({stored.file_name}) is not an image")
    return stored.key


async def url(deps: ServiceDeps, icon_uri: str) -> str:
    """The icon's URL; "" when there is none, or when the console stored something that is not a key
    of our storage."""
    if not icon_uri:
        return ""
    try:
        return await deps.storage.url(icon_uri)
    except InvalidKey:
        return ""
