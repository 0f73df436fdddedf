"""Uploaded files in (local) object storage: save, resolve by id, ownership, names."""

from __future__ import annotations

import pytest

from atelier_common.errors import NotFound
from atelier_common.files import FileStore
from atelier_common.storage import LocalStorage


async def test_saved_file_is_resolved_by_id_for_its_uploader(tmp_path) -> None:
    files = FileStore(LocalStorage(tmp_path))
    saved = await files.save(file_id=42, file_name="Report 2024.PDF", data=b"%PDF-1.4 x", creator_id=7)
    assert saved.content_type == "application/pdf" and saved.bytes == 10 and saved.extension == "pdf"
    again = await files.owned(42, 7)
    assert again == saved
    assert await files.read(again) == b"%PDF-1.4 x"
    with pytest.raises(NotFound, match="file 42 not found"):
        await files.owned(42, 8)  # someone else's file does not exist for them
    with pytest.raises(NotFound):
        await files.owned(43, 7)
    assert await files.get(0) is None


async def test_declared_content_type_wins_and_names_are_made_safe(tmp_path) -> None:
    files = FileStore(LocalStorage(tmp_path))
    saved = await files.save(file_id=1, file_name="../../etc/passwd", data=b"x", creator_id=1,
                             content_type="text/plain")
    assert saved.file_name == "passwd" and saved.key == "files/1/passwd" and saved.content_type == "text/plain"
    assert (tmp_path / "files" / "1" / "passwd").read_bytes() == b"x"
