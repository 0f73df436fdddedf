"""The API's enums under short names (the generated constants carry their enum's prefix, e.g.
DOCUMENT_STATUS_ENABLE); values are the wire values, so rows store them as they are."""

from __future__ import annotations

from enum import IntEnum

from atelier_proto import knowledge_pb2 as kpb


class FormatType(IntEnum):
    TEXT = kpb.FORMAT_TYPE_TEXT
    TABLE = kpb.FORMAT_TYPE_TABLE
    IMAGE = kpb.FORMAT_TYPE_IMAGE


class Source(IntEnum):
    DOCUMENT = kpb.DOCUMENT_SOURCE_DOCUMENT
    WEB = kpb.DOCUMENT_SOURCE_WEB
    CUSTOM = kpb.DOCUMENT_SOURCE_CUSTOM
    FILE_ID = kpb.DOCUMENT_SOURCE_FILE_ID


class UpdateType(IntEnum):
    NO_UPDATE = kpb.UPDATE_TYPE_NO_UPDATE
    AUTO_UPDATE = kpb.UPDATE_TYPE_AUTO_UPDATE


class DocStatus(IntEnum):
    INIT = kpb.DOCUMENT_STATUS_INIT
    UPLOADING = kpb.DOCUMENT_STATUS_UPLOADING
    ENABLE = kpb.DOCUMENT_STATUS_ENABLE
    DISABLE = kpb.DOCUMENT_STATUS_DISABLE
    DELETED = kpb.DOCUMENT_STATUS_DELETED
    CHUNKING = kpb.DOCUMENT_STATUS_CHUNKING
    FAILED = kpb.DOCUMENT_STATUS_FAILED


class SliceStatus(IntEnum):
    INIT = kpb.SLICE_STATUS_INIT
    STORED = kpb.SLICE_STATUS_STORED
    FAILED = kpb.SLICE_STATUS_FAILED


class DatasetStatus(IntEnum):
    PROCESSING = kpb.DATASET_STATUS_DATASET_PROCESSING
    READY = kpb.DATASET_STATUS_DATASET_READY
    DELETED = kpb.DATASET_STATUS_DATASET_DELETED
    FORBID = kpb.DATASET_STATUS_DATASET_FORBID
    FAILED = kpb.DATASET_STATUS_DATASET_FAILED


class ChunkType(IntEnum):
    DEFAULT = kpb.CHUNK_TYPE_DEFAULT_CHUNK
    CUSTOM = kpb.CHUNK_TYPE_CUSTOM_CHUNK
    LEVEL = kpb.CHUNK_TYPE_LEVEL_CHUNK


class CaptionType(IntEnum):
    AUTO = kpb.CAPTION_TYPE_AUTO
    MANUAL = kpb.CAPTION_TYPE_MANUAL


class ReviewStatus(IntEnum):
    PROCESSING = kpb.REVIEW_STATUS_PROCESSING
    ENABLE = kpb.REVIEW_STATUS_ENABLE
    FAILED = kpb.REVIEW_STATUS_FAILED


class ColumnType(IntEnum):
    UNKNOWN = kpb.COLUMN_TYPE_UNKNOWN
    TEXT = kpb.COLUMN_TYPE_TEXT
    NUMBER = kpb.COLUMN_TYPE_NUMBER
    DATE = kpb.COLUMN_TYPE_DATE
    FLOAT = kpb.COLUMN_TYPE_FLOAT
    BOOLEAN = kpb.COLUMN_TYPE_BOOLEAN
    IMAGE = kpb.COLUMN_TYPE_IMAGE
