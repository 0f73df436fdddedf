"""Object keys of uploaded bytes, built in one place: files by id, space uploads by space."""

from __future__ import annotations

from atelier_common import object_keys
from atelier_common.storage import validate_key


def test_safe_names_keep_the_last_component_and_the_extension() -> None:
    assert object_keys.safe_name("../../etc/passwd") == "passwd"
    assert object_keys.safe_name("C:\\Users\\me\\my report.pdf") == "my_report.pdf"
    assert object_keys.safe_name("  my photo (1).JPG ") == "my_photo_1_.JPG"
    assert object_keys.safe_name("..") == object_keys.safe_name("...") == "file"
    long = object_keys.safe_name("x" * 500 + ".pdf")
    assert long.endswith(".pdf") and len(long) == object_keys.MAX_NAME_CHARS


def test_space_uploads_are_keyed_by_space_and_recognised_by_it() -> None:
    key = object_keys.upload_key(12, "a b.txt")
    assert key.startswith("uploads/12/") and key.endswith("/a_b.txt") and validate_key(key) == key
    assert object_keys.upload_key(12, "a b.txt") != key  # a fresh folder each time
    assert object_keys.is_upload_of(key, 12) and not object_keys.is_upload_of(key, 1)
    assert not object_keys.is_upload_of("uploads/12/../13/x", 12)  # no way out of the space's folder
    assert not object_keys.is_upload_of("files/12/x", 12)


def test_files_are_keyed_by_id() -> None:
    assert object_keys.file_key(7, "a b.pdf") == "files/7/a_b.pdf"
    assert object_keys.file_record_key(7) == "files/7.json"
