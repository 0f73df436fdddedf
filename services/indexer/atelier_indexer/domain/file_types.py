"""Which files each dataset type indexes (what the parsers read), and the media type an image is
sent to the caption model as."""

from __future__ import annotations

from atelier_common.files import IMAGE_MEDIA_TYPES
from atelier_indexer.parsing import IMAGE_FILE_TYPES, TABLE_FILE_TYPES, TEXT_FILE_TYPES
from atelier_proto.enums import FormatType

ACCEPTED: dict[int, tuple[str, ...]] = {
    FormatType.Text: TEXT_FILE_TYPES,
    FormatType.Table: TABLE_FILE_TYPES,
    FormatType.Image: IMAGE_FILE_TYPES,
}
MEDIA_TYPES = IMAGE_MEDIA_TYPES
