# DO NOT EDIT — generated from idl/knowledge.thrift by atelier_idlc.
from atelier_proto import annotations_pb2 as _annotations_pb2
from atelier_proto import base_pb2 as _base_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class FormatType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FORMAT_TYPE_TEXT: _ClassVar[FormatType]
    FORMAT_TYPE_TABLE: _ClassVar[FormatType]
    FORMAT_TYPE_IMAGE: _ClassVar[FormatType]

class DocumentSource(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DOCUMENT_SOURCE_DOCUMENT: _ClassVar[DocumentSource]
    DOCUMENT_SOURCE_WEB: _ClassVar[DocumentSource]
    DOCUMENT_SOURCE_CUSTOM: _ClassVar[DocumentSource]
    DOCUMENT_SOURCE_FILE_ID: _ClassVar[DocumentSource]

class UpdateType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    UPDATE_TYPE_NO_UPDATE: _ClassVar[UpdateType]
    UPDATE_TYPE_AUTO_UPDATE: _ClassVar[UpdateType]

class DocumentStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DOCUMENT_STATUS_UPLOADING: _ClassVar[DocumentStatus]
    DOCUMENT_STATUS_INIT: _ClassVar[DocumentStatus]
    DOCUMENT_STATUS_ENABLE: _ClassVar[DocumentStatus]
    DOCUMENT_STATUS_DISABLE: _ClassVar[DocumentStatus]
    DOCUMENT_STATUS_DELETED: _ClassVar[DocumentStatus]
    DOCUMENT_STATUS_CHUNKING: _ClassVar[DocumentStatus]
    DOCUMENT_STATUS_FAILED: _ClassVar[DocumentStatus]

class SliceStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SLICE_STATUS_INIT: _ClassVar[SliceStatus]
    SLICE_STATUS_STORED: _ClassVar[SliceStatus]
    SLICE_STATUS_FAILED: _ClassVar[SliceStatus]

class DatasetStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DATASET_STATUS_DATASET_PROCESSING: _ClassVar[DatasetStatus]
    DATASET_STATUS_DATASET_READY: _ClassVar[DatasetStatus]
    DATASET_STATUS_DATASET_DELETED: _ClassVar[DatasetStatus]
    DATASET_STATUS_DATASET_FORBID: _ClassVar[DatasetStatus]
    DATASET_STATUS_DATASET_FAILED: _ClassVar[DatasetStatus]

class ChunkType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CHUNK_TYPE_DEFAULT_CHUNK: _ClassVar[ChunkType]
    CHUNK_TYPE_CUSTOM_CHUNK: _ClassVar[ChunkType]
    CHUNK_TYPE_LEVEL_CHUNK: _ClassVar[ChunkType]

class CaptionType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CAPTION_TYPE_AUTO: _ClassVar[CaptionType]
    CAPTION_TYPE_MANUAL: _ClassVar[CaptionType]

class ParsingType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    PARSING_TYPE_FAST_PARSING: _ClassVar[ParsingType]
    PARSING_TYPE_ACCURATE_PARSING: _ClassVar[ParsingType]

class SearchStrategy(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SEARCH_STRATEGY_SEMANTIC_SEARCH: _ClassVar[SearchStrategy]
    SEARCH_STRATEGY_HYBRID_SEARCH: _ClassVar[SearchStrategy]
    SEARCH_STRATEGY_FULL_TEXT_SEARCH: _ClassVar[SearchStrategy]

class ReviewStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    REVIEW_STATUS_PROCESSING: _ClassVar[ReviewStatus]
    REVIEW_STATUS_ENABLE: _ClassVar[ReviewStatus]
    REVIEW_STATUS_FAILED: _ClassVar[ReviewStatus]
    REVIEW_STATUS_FORCE_STOP: _ClassVar[ReviewStatus]

class ColumnType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    COLUMN_TYPE_UNKNOWN: _ClassVar[ColumnType]
    COLUMN_TYPE_TEXT: _ClassVar[ColumnType]
    COLUMN_TYPE_NUMBER: _ClassVar[ColumnType]
    COLUMN_TYPE_DATE: _ClassVar[ColumnType]
    COLUMN_TYPE_FLOAT: _ClassVar[ColumnType]
    COLUMN_TYPE_BOOLEAN: _ClassVar[ColumnType]
    COLUMN_TYPE_IMAGE: _ClassVar[ColumnType]

class EmbedderSwitchStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    EMBEDDER_SWITCH_STATUS_RUNNING: _ClassVar[EmbedderSwitchStatus]
    EMBEDDER_SWITCH_STATUS_DONE: _ClassVar[EmbedderSwitchStatus]
    EMBEDDER_SWITCH_STATUS_FAILED: _ClassVar[EmbedderSwitchStatus]

class OrderField(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ORDER_FIELD_UNSPECIFIED: _ClassVar[OrderField]
    ORDER_FIELD_CREATE_TIME: _ClassVar[OrderField]
    ORDER_FIELD_UPDATE_TIME: _ClassVar[OrderField]

class OrderType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ORDER_TYPE_UNSPECIFIED: _ClassVar[OrderType]
    ORDER_TYPE_DESC: _ClassVar[OrderType]
    ORDER_TYPE_ASC: _ClassVar[OrderType]

class TableDataType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TABLE_DATA_TYPE_ALL_DATA: _ClassVar[TableDataType]
    TABLE_DATA_TYPE_ONLY_SCHEMA: _ClassVar[TableDataType]
    TABLE_DATA_TYPE_ONLY_PREVIEW: _ClassVar[TableDataType]

class ClaimOutcome(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CLAIM_OUTCOME_UNSPECIFIED: _ClassVar[ClaimOutcome]
    CLAIM_OUTCOME_CLAIMED: _ClassVar[ClaimOutcome]
    CLAIM_OUTCOME_GONE: _ClassVar[ClaimOutcome]
    CLAIM_OUTCOME_FINAL: _ClassVar[ClaimOutcome]
FORMAT_TYPE_TEXT: FormatType
FORMAT_TYPE_TABLE: FormatType
FORMAT_TYPE_IMAGE: FormatType
DOCUMENT_SOURCE_DOCUMENT: DocumentSource
DOCUMENT_SOURCE_WEB: DocumentSource
DOCUMENT_SOURCE_CUSTOM: DocumentSource
DOCUMENT_SOURCE_FILE_ID: DocumentSource
UPDATE_TYPE_NO_UPDATE: UpdateType
UPDATE_TYPE_AUTO_UPDATE: UpdateType
DOCUMENT_STATUS_UPLOADING: DocumentStatus
DOCUMENT_STATUS_INIT: DocumentStatus
DOCUMENT_STATUS_ENABLE: DocumentStatus
DOCUMENT_STATUS_DISABLE: DocumentStatus
DOCUMENT_STATUS_DELETED: DocumentStatus
DOCUMENT_STATUS_CHUNKING: DocumentStatus
DOCUMENT_STATUS_FAILED: DocumentStatus
SLICE_STATUS_INIT: SliceStatus
SLICE_STATUS_STORED: SliceStatus
SLICE_STATUS_FAILED: SliceStatus
DATASET_STATUS_DATASET_PROCESSING: DatasetStatus
DATASET_STATUS_DATASET_READY: DatasetStatus
DATASET_STATUS_DATASET_DELETED: DatasetStatus
DATASET_STATUS_DATASET_FORBID: DatasetStatus
DATASET_STATUS_DATASET_FAILED: DatasetStatus
CHUNK_TYPE_DEFAULT_CHUNK: ChunkType
CHUNK_TYPE_CUSTOM_CHUNK: ChunkType
CHUNK_TYPE_LEVEL_CHUNK: ChunkType
CAPTION_TYPE_AUTO: CaptionType
CAPTION_TYPE_MANUAL: CaptionType
PARSING_TYPE_FAST_PARSING: ParsingType
PARSING_TYPE_ACCURATE_PARSING: ParsingType
SEARCH_STRATEGY_SEMANTIC_SEARCH: SearchStrategy
SEARCH_STRATEGY_HYBRID_SEARCH: SearchStrategy
SEARCH_STRATEGY_FULL_TEXT_SEARCH: SearchStrategy
REVIEW_STATUS_PROCESSING: ReviewStatus
REVIEW_STATUS_ENABLE: ReviewStatus
REVIEW_STATUS_FAILED: ReviewStatus
REVIEW_STATUS_FORCE_STOP: ReviewStatus
COLUMN_TYPE_UNKNOWN: ColumnType
COLUMN_TYPE_TEXT: ColumnType
COLUMN_TYPE_NUMBER: ColumnType
COLUMN_TYPE_DATE: ColumnType
COLUMN_TYPE_FLOAT: ColumnType
COLUMN_TYPE_BOOLEAN: ColumnType
COLUMN_TYPE_IMAGE: ColumnType
EMBEDDER_SWITCH_STATUS_RUNNING: EmbedderSwitchStatus
EMBEDDER_SWITCH_STATUS_DONE: EmbedderSwitchStatus
EMBEDDER_SWITCH_STATUS_FAILED: EmbedderSwitchStatus
ORDER_FIELD_UNSPECIFIED: OrderField
ORDER_FIELD_CREATE_TIME: OrderField
ORDER_FIELD_UPDATE_TIME: OrderField
ORDER_TYPE_UNSPECIFIED: OrderType
ORDER_TYPE_DESC: OrderType
ORDER_TYPE_ASC: OrderType
TABLE_DATA_TYPE_ALL_DATA: TableDataType
TABLE_DATA_TYPE_ONLY_SCHEMA: TableDataType
TABLE_DATA_TYPE_ONLY_PREVIEW: TableDataType
CLAIM_OUTCOME_UNSPECIFIED: ClaimOutcome
CLAIM_OUTCOME_CLAIMED: ClaimOutcome
CLAIM_OUTCOME_GONE: ClaimOutcome
CLAIM_OUTCOME_FINAL: ClaimOutcome

class ChunkStrategy(_message.Message):
    __slots__ = ("separator", "max_tokens", "remove_extra_spaces", "remove_urls_emails", "chunk_type", "caption_type", "overlap", "max_level", "save_title")
    SEPARATOR_FIELD_NUMBER: _ClassVar[int]
    MAX_TOKENS_FIELD_NUMBER: _ClassVar[int]
    REMOVE_EXTRA_SPACES_FIELD_NUMBER: _ClassVar[int]
    REMOVE_URLS_EMAILS_FIELD_NUMBER: _ClassVar[int]
    CHUNK_TYPE_FIELD_NUMBER: _ClassVar[int]
    CAPTION_TYPE_FIELD_NUMBER: _ClassVar[int]
    OVERLAP_FIELD_NUMBER: _ClassVar[int]
    MAX_LEVEL_FIELD_NUMBER: _ClassVar[int]
    SAVE_TITLE_FIELD_NUMBER: _ClassVar[int]
    separator: str
    max_tokens: int
    remove_extra_spaces: bool
    remove_urls_emails: bool
    chunk_type: ChunkType
    caption_type: CaptionType
    overlap: int
    max_level: int
    save_title: bool
    def __init__(self, separator: _Optional[str] = ..., max_tokens: _Optional[int] = ..., remove_extra_spaces: _Optional[bool] = ..., remove_urls_emails: _Optional[bool] = ..., chunk_type: _Optional[_Union[ChunkType, str]] = ..., caption_type: _Optional[_Union[CaptionType, str]] = ..., overlap: _Optional[int] = ..., max_level: _Optional[int] = ..., save_title: _Optional[bool] = ...) -> None: ...

class ParsingStrategy(_message.Message):
    __slots__ = ("parsing_type", "image_extraction", "table_extraction", "image_ocr")
    PARSING_TYPE_FIELD_NUMBER: _ClassVar[int]
    IMAGE_EXTRACTION_FIELD_NUMBER: _ClassVar[int]
    TABLE_EXTRACTION_FIELD_NUMBER: _ClassVar[int]
    IMAGE_OCR_FIELD_NUMBER: _ClassVar[int]
    parsing_type: ParsingType
    image_extraction: bool
    table_extraction: bool
    image_ocr: bool
    def __init__(self, parsing_type: _Optional[_Union[ParsingType, str]] = ..., image_extraction: _Optional[bool] = ..., table_extraction: _Optional[bool] = ..., image_ocr: _Optional[bool] = ...) -> None: ...

class Dataset(_message.Message):
    __slots__ = ("dataset_id", "name", "description", "space_id", "creator_id", "icon_uri", "icon_url", "format_type", "status", "doc_count", "slice_count", "hit_count", "all_file_size", "bot_used_count", "file_list", "processing_file_list", "processing_file_id_list", "failed_file_list", "chunk_strategy", "can_edit", "create_time", "update_time", "embedding_model", "max_chunk_tokens", "embedder_switch")
    DATASET_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    CREATOR_ID_FIELD_NUMBER: _ClassVar[int]
    ICON_URI_FIELD_NUMBER: _ClassVar[int]
    ICON_URL_FIELD_NUMBER: _ClassVar[int]
    FORMAT_TYPE_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    DOC_COUNT_FIELD_NUMBER: _ClassVar[int]
    SLICE_COUNT_FIELD_NUMBER: _ClassVar[int]
    HIT_COUNT_FIELD_NUMBER: _ClassVar[int]
    ALL_FILE_SIZE_FIELD_NUMBER: _ClassVar[int]
    BOT_USED_COUNT_FIELD_NUMBER: _ClassVar[int]
    FILE_LIST_FIELD_NUMBER: _ClassVar[int]
    PROCESSING_FILE_LIST_FIELD_NUMBER: _ClassVar[int]
    PROCESSING_FILE_ID_LIST_FIELD_NUMBER: _ClassVar[int]
    FAILED_FILE_LIST_FIELD_NUMBER: _ClassVar[int]
    CHUNK_STRATEGY_FIELD_NUMBER: _ClassVar[int]
    CAN_EDIT_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    UPDATE_TIME_FIELD_NUMBER: _ClassVar[int]
    EMBEDDING_MODEL_FIELD_NUMBER: _ClassVar[int]
    MAX_CHUNK_TOKENS_FIELD_NUMBER: _ClassVar[int]
    EMBEDDER_SWITCH_FIELD_NUMBER: _ClassVar[int]
    dataset_id: int
    name: str
    description: str
    space_id: int
    creator_id: int
    icon_uri: str
    icon_url: str
    format_type: FormatType
    status: DatasetStatus
    doc_count: int
    slice_count: int
    hit_count: int
    all_file_size: int
    bot_used_count: int
    file_list: _containers.RepeatedScalarFieldContainer[str]
    processing_file_list: _containers.RepeatedScalarFieldContainer[str]
    processing_file_id_list: _containers.RepeatedScalarFieldContainer[str]
    failed_file_list: _containers.RepeatedScalarFieldContainer[str]
    chunk_strategy: ChunkStrategy
    can_edit: bool
    create_time: int
    update_time: int
    embedding_model: str
    max_chunk_tokens: int
    embedder_switch: EmbedderSwitch
    def __init__(self, dataset_id: _Optional[int] = ..., name: _Optional[str] = ..., description: _Optional[str] = ..., space_id: _Optional[int] = ..., creator_id: _Optional[int] = ..., icon_uri: _Optional[str] = ..., icon_url: _Optional[str] = ..., format_type: _Optional[_Union[FormatType, str]] = ..., status: _Optional[_Union[DatasetStatus, str]] = ..., doc_count: _Optional[int] = ..., slice_count: _Optional[int] = ..., hit_count: _Optional[int] = ..., all_file_size: _Optional[int] = ..., bot_used_count: _Optional[int] = ..., file_list: _Optional[_Iterable[str]] = ..., processing_file_list: _Optional[_Iterable[str]] = ..., processing_file_id_list: _Optional[_Iterable[str]] = ..., failed_file_list: _Optional[_Iterable[str]] = ..., chunk_strategy: _Optional[_Union[ChunkStrategy, _Mapping]] = ..., can_edit: _Optional[bool] = ..., create_time: _Optional[int] = ..., update_time: _Optional[int] = ..., embedding_model: _Optional[str] = ..., max_chunk_tokens: _Optional[int] = ..., embedder_switch: _Optional[_Union[EmbedderSwitch, _Mapping]] = ...) -> None: ...

class EmbedderSwitch(_message.Message):
    __slots__ = ("switch_id", "from_model", "to_model", "status", "progress", "total_slices", "done_slices", "error", "create_time", "finish_time")
    SWITCH_ID_FIELD_NUMBER: _ClassVar[int]
    FROM_MODEL_FIELD_NUMBER: _ClassVar[int]
    TO_MODEL_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    PROGRESS_FIELD_NUMBER: _ClassVar[int]
    TOTAL_SLICES_FIELD_NUMBER: _ClassVar[int]
    DONE_SLICES_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    FINISH_TIME_FIELD_NUMBER: _ClassVar[int]
    switch_id: int
    from_model: str
    to_model: str
    status: str
    progress: int
    total_slices: int
    done_slices: int
    error: str
    create_time: int
    finish_time: int
    def __init__(self, switch_id: _Optional[int] = ..., from_model: _Optional[str] = ..., to_model: _Optional[str] = ..., status: _Optional[str] = ..., progress: _Optional[int] = ..., total_slices: _Optional[int] = ..., done_slices: _Optional[int] = ..., error: _Optional[str] = ..., create_time: _Optional[int] = ..., finish_time: _Optional[int] = ...) -> None: ...

class TableColumn(_message.Message):
    __slots__ = ("id", "column_name", "is_semantic", "sequence", "column_type", "contains_empty_value", "desc")
    ID_FIELD_NUMBER: _ClassVar[int]
    COLUMN_NAME_FIELD_NUMBER: _ClassVar[int]
    IS_SEMANTIC_FIELD_NUMBER: _ClassVar[int]
    SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    COLUMN_TYPE_FIELD_NUMBER: _ClassVar[int]
    CONTAINS_EMPTY_VALUE_FIELD_NUMBER: _ClassVar[int]
    DESC_FIELD_NUMBER: _ClassVar[int]
    id: int
    column_name: str
    is_semantic: bool
    sequence: int
    column_type: ColumnType
    contains_empty_value: bool
    desc: str
    def __init__(self, id: _Optional[int] = ..., column_name: _Optional[str] = ..., is_semantic: _Optional[bool] = ..., sequence: _Optional[int] = ..., column_type: _Optional[_Union[ColumnType, str]] = ..., contains_empty_value: _Optional[bool] = ..., desc: _Optional[str] = ...) -> None: ...

class TableSheet(_message.Message):
    __slots__ = ("sheet_id", "header_line_idx", "start_line_idx")
    SHEET_ID_FIELD_NUMBER: _ClassVar[int]
    HEADER_LINE_IDX_FIELD_NUMBER: _ClassVar[int]
    START_LINE_IDX_FIELD_NUMBER: _ClassVar[int]
    sheet_id: int
    header_line_idx: int
    start_line_idx: int
    def __init__(self, sheet_id: _Optional[int] = ..., header_line_idx: _Optional[int] = ..., start_line_idx: _Optional[int] = ...) -> None: ...

class DocTableSheet(_message.Message):
    __slots__ = ("id", "sheet_name", "total_row")
    ID_FIELD_NUMBER: _ClassVar[int]
    SHEET_NAME_FIELD_NUMBER: _ClassVar[int]
    TOTAL_ROW_FIELD_NUMBER: _ClassVar[int]
    id: int
    sheet_name: str
    total_row: int
    def __init__(self, id: _Optional[int] = ..., sheet_name: _Optional[str] = ..., total_row: _Optional[int] = ...) -> None: ...

class SourceInfo(_message.Message):
    __slots__ = ("tos_uri", "document_source", "custom_content", "file_base64", "file_type", "web_url", "source_file_id")
    TOS_URI_FIELD_NUMBER: _ClassVar[int]
    DOCUMENT_SOURCE_FIELD_NUMBER: _ClassVar[int]
    CUSTOM_CONTENT_FIELD_NUMBER: _ClassVar[int]
    FILE_BASE64_FIELD_NUMBER: _ClassVar[int]
    FILE_TYPE_FIELD_NUMBER: _ClassVar[int]
    WEB_URL_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FILE_ID_FIELD_NUMBER: _ClassVar[int]
    tos_uri: str
    document_source: DocumentSource
    custom_content: str
    file_base64: str
    file_type: str
    web_url: str
    source_file_id: int
    def __init__(self, tos_uri: _Optional[str] = ..., document_source: _Optional[_Union[DocumentSource, str]] = ..., custom_content: _Optional[str] = ..., file_base64: _Optional[str] = ..., file_type: _Optional[str] = ..., web_url: _Optional[str] = ..., source_file_id: _Optional[int] = ...) -> None: ...

class UpdateRule(_message.Message):
    __slots__ = ("update_type", "update_interval")
    UPDATE_TYPE_FIELD_NUMBER: _ClassVar[int]
    UPDATE_INTERVAL_FIELD_NUMBER: _ClassVar[int]
    update_type: UpdateType
    update_interval: int
    def __init__(self, update_type: _Optional[_Union[UpdateType, str]] = ..., update_interval: _Optional[int] = ...) -> None: ...

class DocumentBase(_message.Message):
    __slots__ = ("name", "source_info", "table_meta", "table_sheet", "caption", "update_rule")
    NAME_FIELD_NUMBER: _ClassVar[int]
    SOURCE_INFO_FIELD_NUMBER: _ClassVar[int]
    TABLE_META_FIELD_NUMBER: _ClassVar[int]
    TABLE_SHEET_FIELD_NUMBER: _ClassVar[int]
    CAPTION_FIELD_NUMBER: _ClassVar[int]
    UPDATE_RULE_FIELD_NUMBER: _ClassVar[int]
    name: str
    source_info: SourceInfo
    table_meta: _containers.RepeatedCompositeFieldContainer[TableColumn]
    table_sheet: TableSheet
    caption: str
    update_rule: UpdateRule
    def __init__(self, name: _Optional[str] = ..., source_info: _Optional[_Union[SourceInfo, _Mapping]] = ..., table_meta: _Optional[_Iterable[_Union[TableColumn, _Mapping]]] = ..., table_sheet: _Optional[_Union[TableSheet, _Mapping]] = ..., caption: _Optional[str] = ..., update_rule: _Optional[_Union[UpdateRule, _Mapping]] = ...) -> None: ...

class DocumentInfo(_message.Message):
    __slots__ = ("name", "document_id", "tos_uri", "dataset_id", "create_time", "update_time", "creator_id", "slice_count", "type", "size", "char_count", "status", "hit_count", "source_type", "format_type", "table_meta", "web_url", "status_descript", "space_id", "editable_append_content", "chunk_strategy", "url", "parsing_strategy", "review_id", "update_interval", "update_type")
    NAME_FIELD_NUMBER: _ClassVar[int]
    DOCUMENT_ID_FIELD_NUMBER: _ClassVar[int]
    TOS_URI_FIELD_NUMBER: _ClassVar[int]
    DATASET_ID_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    UPDATE_TIME_FIELD_NUMBER: _ClassVar[int]
    CREATOR_ID_FIELD_NUMBER: _ClassVar[int]
    SLICE_COUNT_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    SIZE_FIELD_NUMBER: _ClassVar[int]
    CHAR_COUNT_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    HIT_COUNT_FIELD_NUMBER: _ClassVar[int]
    SOURCE_TYPE_FIELD_NUMBER: _ClassVar[int]
    FORMAT_TYPE_FIELD_NUMBER: _ClassVar[int]
    TABLE_META_FIELD_NUMBER: _ClassVar[int]
    WEB_URL_FIELD_NUMBER: _ClassVar[int]
    STATUS_DESCRIPT_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    EDITABLE_APPEND_CONTENT_FIELD_NUMBER: _ClassVar[int]
    CHUNK_STRATEGY_FIELD_NUMBER: _ClassVar[int]
    URL_FIELD_NUMBER: _ClassVar[int]
    PARSING_STRATEGY_FIELD_NUMBER: _ClassVar[int]
    REVIEW_ID_FIELD_NUMBER: _ClassVar[int]
    UPDATE_INTERVAL_FIELD_NUMBER: _ClassVar[int]
    UPDATE_TYPE_FIELD_NUMBER: _ClassVar[int]
    name: str
    document_id: int
    tos_uri: str
    dataset_id: int
    create_time: int
    update_time: int
    creator_id: int
    slice_count: int
    type: str
    size: int
    char_count: int
    status: DocumentStatus
    hit_count: int
    source_type: DocumentSource
    format_type: FormatType
    table_meta: _containers.RepeatedCompositeFieldContainer[TableColumn]
    web_url: str
    status_descript: str
    space_id: int
    editable_append_content: bool
    chunk_strategy: ChunkStrategy
    url: str
    parsing_strategy: ParsingStrategy
    review_id: int
    update_interval: int
    update_type: UpdateType
    def __init__(self, name: _Optional[str] = ..., document_id: _Optional[int] = ..., tos_uri: _Optional[str] = ..., dataset_id: _Optional[int] = ..., create_time: _Optional[int] = ..., update_time: _Optional[int] = ..., creator_id: _Optional[int] = ..., slice_count: _Optional[int] = ..., type: _Optional[str] = ..., size: _Optional[int] = ..., char_count: _Optional[int] = ..., status: _Optional[_Union[DocumentStatus, str]] = ..., hit_count: _Optional[int] = ..., source_type: _Optional[_Union[DocumentSource, str]] = ..., format_type: _Optional[_Union[FormatType, str]] = ..., table_meta: _Optional[_Iterable[_Union[TableColumn, _Mapping]]] = ..., web_url: _Optional[str] = ..., status_descript: _Optional[str] = ..., space_id: _Optional[int] = ..., editable_append_content: _Optional[bool] = ..., chunk_strategy: _Optional[_Union[ChunkStrategy, _Mapping]] = ..., url: _Optional[str] = ..., parsing_strategy: _Optional[_Union[ParsingStrategy, _Mapping]] = ..., review_id: _Optional[int] = ..., update_interval: _Optional[int] = ..., update_type: _Optional[_Union[UpdateType, str]] = ...) -> None: ...

class DocumentProgress(_message.Message):
    __slots__ = ("document_id", "progress", "status", "status_descript", "document_name", "remaining_time", "size", "type", "url", "update_type", "update_interval")
    DOCUMENT_ID_FIELD_NUMBER: _ClassVar[int]
    PROGRESS_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    STATUS_DESCRIPT_FIELD_NUMBER: _ClassVar[int]
    DOCUMENT_NAME_FIELD_NUMBER: _ClassVar[int]
    REMAINING_TIME_FIELD_NUMBER: _ClassVar[int]
    SIZE_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    URL_FIELD_NUMBER: _ClassVar[int]
    UPDATE_TYPE_FIELD_NUMBER: _ClassVar[int]
    UPDATE_INTERVAL_FIELD_NUMBER: _ClassVar[int]
    document_id: int
    progress: int
    status: DocumentStatus
    status_descript: str
    document_name: str
    remaining_time: int
    size: int
    type: str
    url: str
    update_type: UpdateType
    update_interval: int
    def __init__(self, document_id: _Optional[int] = ..., progress: _Optional[int] = ..., status: _Optional[_Union[DocumentStatus, str]] = ..., status_descript: _Optional[str] = ..., document_name: _Optional[str] = ..., remaining_time: _Optional[int] = ..., size: _Optional[int] = ..., type: _Optional[str] = ..., url: _Optional[str] = ..., update_type: _Optional[_Union[UpdateType, str]] = ..., update_interval: _Optional[int] = ...) -> None: ...

class SliceInfo(_message.Message):
    __slots__ = ("slice_id", "content", "status", "hit_count", "char_count", "sequence", "document_id", "chunk_info")
    SLICE_ID_FIELD_NUMBER: _ClassVar[int]
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    HIT_COUNT_FIELD_NUMBER: _ClassVar[int]
    CHAR_COUNT_FIELD_NUMBER: _ClassVar[int]
    SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    DOCUMENT_ID_FIELD_NUMBER: _ClassVar[int]
    CHUNK_INFO_FIELD_NUMBER: _ClassVar[int]
    slice_id: int
    content: str
    status: SliceStatus
    hit_count: int
    char_count: int
    sequence: int
    document_id: int
    chunk_info: str
    def __init__(self, slice_id: _Optional[int] = ..., content: _Optional[str] = ..., status: _Optional[_Union[SliceStatus, str]] = ..., hit_count: _Optional[int] = ..., char_count: _Optional[int] = ..., sequence: _Optional[int] = ..., document_id: _Optional[int] = ..., chunk_info: _Optional[str] = ...) -> None: ...

class PhotoInfo(_message.Message):
    __slots__ = ("name", "document_id", "url", "caption", "create_time", "update_time", "creator_id", "type", "size", "status", "source_type")
    NAME_FIELD_NUMBER: _ClassVar[int]
    DOCUMENT_ID_FIELD_NUMBER: _ClassVar[int]
    URL_FIELD_NUMBER: _ClassVar[int]
    CAPTION_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    UPDATE_TIME_FIELD_NUMBER: _ClassVar[int]
    CREATOR_ID_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    SIZE_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    SOURCE_TYPE_FIELD_NUMBER: _ClassVar[int]
    name: str
    document_id: int
    url: str
    caption: str
    create_time: int
    update_time: int
    creator_id: int
    type: str
    size: int
    status: DocumentStatus
    source_type: DocumentSource
    def __init__(self, name: _Optional[str] = ..., document_id: _Optional[int] = ..., url: _Optional[str] = ..., caption: _Optional[str] = ..., create_time: _Optional[int] = ..., update_time: _Optional[int] = ..., creator_id: _Optional[int] = ..., type: _Optional[str] = ..., size: _Optional[int] = ..., status: _Optional[_Union[DocumentStatus, str]] = ..., source_type: _Optional[_Union[DocumentSource, str]] = ...) -> None: ...

class PhotoFilter(_message.Message):
    __slots__ = ("has_caption", "keyword", "status")
    HAS_CAPTION_FIELD_NUMBER: _ClassVar[int]
    KEYWORD_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    has_caption: bool
    keyword: str
    status: DocumentStatus
    def __init__(self, has_caption: _Optional[bool] = ..., keyword: _Optional[str] = ..., status: _Optional[_Union[DocumentStatus, str]] = ...) -> None: ...

class ReviewInput(_message.Message):
    __slots__ = ("document_name", "document_type", "tos_uri", "document_id")
    DOCUMENT_NAME_FIELD_NUMBER: _ClassVar[int]
    DOCUMENT_TYPE_FIELD_NUMBER: _ClassVar[int]
    TOS_URI_FIELD_NUMBER: _ClassVar[int]
    DOCUMENT_ID_FIELD_NUMBER: _ClassVar[int]
    document_name: str
    document_type: str
    tos_uri: str
    document_id: int
    def __init__(self, document_name: _Optional[str] = ..., document_type: _Optional[str] = ..., tos_uri: _Optional[str] = ..., document_id: _Optional[int] = ...) -> None: ...

class Review(_message.Message):
    __slots__ = ("review_id", "document_name", "document_type", "tos_url", "status", "doc_tree_tos_url", "preview_tos_url")
    REVIEW_ID_FIELD_NUMBER: _ClassVar[int]
    DOCUMENT_NAME_FIELD_NUMBER: _ClassVar[int]
    DOCUMENT_TYPE_FIELD_NUMBER: _ClassVar[int]
    TOS_URL_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    DOC_TREE_TOS_URL_FIELD_NUMBER: _ClassVar[int]
    PREVIEW_TOS_URL_FIELD_NUMBER: _ClassVar[int]
    review_id: int
    document_name: str
    document_type: str
    tos_url: str
    status: ReviewStatus
    doc_tree_tos_url: str
    preview_tos_url: str
    def __init__(self, review_id: _Optional[int] = ..., document_name: _Optional[str] = ..., document_type: _Optional[str] = ..., tos_url: _Optional[str] = ..., status: _Optional[_Union[ReviewStatus, str]] = ..., doc_tree_tos_url: _Optional[str] = ..., preview_tos_url: _Optional[str] = ...) -> None: ...

class DatasetFilter(_message.Message):
    __slots__ = ("name", "dataset_ids", "format_type")
    NAME_FIELD_NUMBER: _ClassVar[int]
    DATASET_IDS_FIELD_NUMBER: _ClassVar[int]
    FORMAT_TYPE_FIELD_NUMBER: _ClassVar[int]
    name: str
    dataset_ids: _containers.RepeatedScalarFieldContainer[int]
    format_type: FormatType
    def __init__(self, name: _Optional[str] = ..., dataset_ids: _Optional[_Iterable[int]] = ..., format_type: _Optional[_Union[FormatType, str]] = ...) -> None: ...

class CreateDatasetRequest(_message.Message):
    __slots__ = ("name", "description", "space_id", "icon_uri", "format_type")
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    ICON_URI_FIELD_NUMBER: _ClassVar[int]
    FORMAT_TYPE_FIELD_NUMBER: _ClassVar[int]
    name: str
    description: str
    space_id: int
    icon_uri: str
    format_type: FormatType
    def __init__(self, name: _Optional[str] = ..., description: _Optional[str] = ..., space_id: _Optional[int] = ..., icon_uri: _Optional[str] = ..., format_type: _Optional[_Union[FormatType, str]] = ...) -> None: ...

class CreateDatasetResponse(_message.Message):
    __slots__ = ("dataset_id",)
    DATASET_ID_FIELD_NUMBER: _ClassVar[int]
    dataset_id: int
    def __init__(self, dataset_id: _Optional[int] = ...) -> None: ...

class DatasetDetailRequest(_message.Message):
    __slots__ = ("dataset_ids", "space_id")
    DATASET_IDS_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    dataset_ids: _containers.RepeatedScalarFieldContainer[int]
    space_id: int
    def __init__(self, dataset_ids: _Optional[_Iterable[int]] = ..., space_id: _Optional[int] = ...) -> None: ...

class DatasetDetailResponse(_message.Message):
    __slots__ = ("dataset_details",)
    class DatasetDetailsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: Dataset
        def __init__(self, key: _Optional[str] = ..., value: _Optional[_Union[Dataset, _Mapping]] = ...) -> None: ...
    DATASET_DETAILS_FIELD_NUMBER: _ClassVar[int]
    dataset_details: _containers.MessageMap[str, Dataset]
    def __init__(self, dataset_details: _Optional[_Mapping[str, Dataset]] = ...) -> None: ...

class ListDatasetRequest(_message.Message):
    __slots__ = ("filter", "page", "size", "space_id", "order_field", "order_type")
    FILTER_FIELD_NUMBER: _ClassVar[int]
    PAGE_FIELD_NUMBER: _ClassVar[int]
    SIZE_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    ORDER_FIELD_FIELD_NUMBER: _ClassVar[int]
    ORDER_TYPE_FIELD_NUMBER: _ClassVar[int]
    filter: DatasetFilter
    page: int
    size: int
    space_id: int
    order_field: OrderField
    order_type: OrderType
    def __init__(self, filter: _Optional[_Union[DatasetFilter, _Mapping]] = ..., page: _Optional[int] = ..., size: _Optional[int] = ..., space_id: _Optional[int] = ..., order_field: _Optional[_Union[OrderField, str]] = ..., order_type: _Optional[_Union[OrderType, str]] = ...) -> None: ...

class ListDatasetResponse(_message.Message):
    __slots__ = ("dataset_list", "total")
    DATASET_LIST_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    dataset_list: _containers.RepeatedCompositeFieldContainer[Dataset]
    total: int
    def __init__(self, dataset_list: _Optional[_Iterable[_Union[Dataset, _Mapping]]] = ..., total: _Optional[int] = ...) -> None: ...

class UpdateDatasetRequest(_message.Message):
    __slots__ = ("dataset_id", "name", "icon_uri", "description", "status", "space_id")
    DATASET_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    ICON_URI_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    dataset_id: int
    name: str
    icon_uri: str
    description: str
    status: DatasetStatus
    space_id: int
    def __init__(self, dataset_id: _Optional[int] = ..., name: _Optional[str] = ..., icon_uri: _Optional[str] = ..., description: _Optional[str] = ..., status: _Optional[_Union[DatasetStatus, str]] = ..., space_id: _Optional[int] = ...) -> None: ...

class UpdateDatasetResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class DeleteDatasetRequest(_message.Message):
    __slots__ = ("dataset_id", "space_id")
    DATASET_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    dataset_id: int
    space_id: int
    def __init__(self, dataset_id: _Optional[int] = ..., space_id: _Optional[int] = ...) -> None: ...

class DeleteDatasetResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class CreateDocumentRequest(_message.Message):
    __slots__ = ("dataset_id", "format_type", "document_bases", "chunk_strategy", "is_append", "parsing_strategy", "space_id")
    DATASET_ID_FIELD_NUMBER: _ClassVar[int]
    FORMAT_TYPE_FIELD_NUMBER: _ClassVar[int]
    DOCUMENT_BASES_FIELD_NUMBER: _ClassVar[int]
    CHUNK_STRATEGY_FIELD_NUMBER: _ClassVar[int]
    IS_APPEND_FIELD_NUMBER: _ClassVar[int]
    PARSING_STRATEGY_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    dataset_id: int
    format_type: FormatType
    document_bases: _containers.RepeatedCompositeFieldContainer[DocumentBase]
    chunk_strategy: ChunkStrategy
    is_append: bool
    parsing_strategy: ParsingStrategy
    space_id: int
    def __init__(self, dataset_id: _Optional[int] = ..., format_type: _Optional[_Union[FormatType, str]] = ..., document_bases: _Optional[_Iterable[_Union[DocumentBase, _Mapping]]] = ..., chunk_strategy: _Optional[_Union[ChunkStrategy, _Mapping]] = ..., is_append: _Optional[bool] = ..., parsing_strategy: _Optional[_Union[ParsingStrategy, _Mapping]] = ..., space_id: _Optional[int] = ...) -> None: ...

class CreateDocumentResponse(_message.Message):
    __slots__ = ("document_infos",)
    DOCUMENT_INFOS_FIELD_NUMBER: _ClassVar[int]
    document_infos: _containers.RepeatedCompositeFieldContainer[DocumentInfo]
    def __init__(self, document_infos: _Optional[_Iterable[_Union[DocumentInfo, _Mapping]]] = ...) -> None: ...

class CreateDocumentFromUploadRequest(_message.Message):
    __slots__ = ("space_id", "dataset_id", "file_name", "tos_uri", "size", "file_type", "chunk_strategy", "parsing_strategy", "caption")
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    DATASET_ID_FIELD_NUMBER: _ClassVar[int]
    FILE_NAME_FIELD_NUMBER: _ClassVar[int]
    TOS_URI_FIELD_NUMBER: _ClassVar[int]
    SIZE_FIELD_NUMBER: _ClassVar[int]
    FILE_TYPE_FIELD_NUMBER: _ClassVar[int]
    CHUNK_STRATEGY_FIELD_NUMBER: _ClassVar[int]
    PARSING_STRATEGY_FIELD_NUMBER: _ClassVar[int]
    CAPTION_FIELD_NUMBER: _ClassVar[int]
    space_id: int
    dataset_id: int
    file_name: str
    tos_uri: str
    size: int
    file_type: str
    chunk_strategy: ChunkStrategy
    parsing_strategy: ParsingStrategy
    caption: str
    def __init__(self, space_id: _Optional[int] = ..., dataset_id: _Optional[int] = ..., file_name: _Optional[str] = ..., tos_uri: _Optional[str] = ..., size: _Optional[int] = ..., file_type: _Optional[str] = ..., chunk_strategy: _Optional[_Union[ChunkStrategy, _Mapping]] = ..., parsing_strategy: _Optional[_Union[ParsingStrategy, _Mapping]] = ..., caption: _Optional[str] = ...) -> None: ...

class CreateDocumentFromUploadResponse(_message.Message):
    __slots__ = ("document_info",)
    DOCUMENT_INFO_FIELD_NUMBER: _ClassVar[int]
    document_info: DocumentInfo
    def __init__(self, document_info: _Optional[_Union[DocumentInfo, _Mapping]] = ...) -> None: ...

class ListDocumentRequest(_message.Message):
    __slots__ = ("dataset_id", "document_ids", "page", "size", "keyword", "space_id")
    DATASET_ID_FIELD_NUMBER: _ClassVar[int]
    DOCUMENT_IDS_FIELD_NUMBER: _ClassVar[int]
    PAGE_FIELD_NUMBER: _ClassVar[int]
    SIZE_FIELD_NUMBER: _ClassVar[int]
    KEYWORD_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    dataset_id: int
    document_ids: _containers.RepeatedScalarFieldContainer[int]
    page: int
    size: int
    keyword: str
    space_id: int
    def __init__(self, dataset_id: _Optional[int] = ..., document_ids: _Optional[_Iterable[int]] = ..., page: _Optional[int] = ..., size: _Optional[int] = ..., keyword: _Optional[str] = ..., space_id: _Optional[int] = ...) -> None: ...

class ListDocumentResponse(_message.Message):
    __slots__ = ("document_infos", "total")
    DOCUMENT_INFOS_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    document_infos: _containers.RepeatedCompositeFieldContainer[DocumentInfo]
    total: int
    def __init__(self, document_infos: _Optional[_Iterable[_Union[DocumentInfo, _Mapping]]] = ..., total: _Optional[int] = ...) -> None: ...

class UpdateDocumentRequest(_message.Message):
    __slots__ = ("document_id", "document_name", "status", "table_meta", "space_id", "update_rule")
    DOCUMENT_ID_FIELD_NUMBER: _ClassVar[int]
    DOCUMENT_NAME_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    TABLE_META_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    UPDATE_RULE_FIELD_NUMBER: _ClassVar[int]
    document_id: int
    document_name: str
    status: DocumentStatus
    table_meta: _containers.RepeatedCompositeFieldContainer[TableColumn]
    space_id: int
    update_rule: UpdateRule
    def __init__(self, document_id: _Optional[int] = ..., document_name: _Optional[str] = ..., status: _Optional[_Union[DocumentStatus, str]] = ..., table_meta: _Optional[_Iterable[_Union[TableColumn, _Mapping]]] = ..., space_id: _Optional[int] = ..., update_rule: _Optional[_Union[UpdateRule, _Mapping]] = ...) -> None: ...

class UpdateDocumentResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class DeleteDocumentRequest(_message.Message):
    __slots__ = ("document_ids", "space_id")
    DOCUMENT_IDS_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    document_ids: _containers.RepeatedScalarFieldContainer[int]
    space_id: int
    def __init__(self, document_ids: _Optional[_Iterable[int]] = ..., space_id: _Optional[int] = ...) -> None: ...

class DeleteDocumentResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ResegmentRequest(_message.Message):
    __slots__ = ("dataset_id", "document_ids", "chunk_strategy", "parsing_strategy", "space_id")
    DATASET_ID_FIELD_NUMBER: _ClassVar[int]
    DOCUMENT_IDS_FIELD_NUMBER: _ClassVar[int]
    CHUNK_STRATEGY_FIELD_NUMBER: _ClassVar[int]
    PARSING_STRATEGY_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    dataset_id: int
    document_ids: _containers.RepeatedScalarFieldContainer[int]
    chunk_strategy: ChunkStrategy
    parsing_strategy: ParsingStrategy
    space_id: int
    def __init__(self, dataset_id: _Optional[int] = ..., document_ids: _Optional[_Iterable[int]] = ..., chunk_strategy: _Optional[_Union[ChunkStrategy, _Mapping]] = ..., parsing_strategy: _Optional[_Union[ParsingStrategy, _Mapping]] = ..., space_id: _Optional[int] = ...) -> None: ...

class ResegmentResponse(_message.Message):
    __slots__ = ("document_infos",)
    DOCUMENT_INFOS_FIELD_NUMBER: _ClassVar[int]
    document_infos: _containers.RepeatedCompositeFieldContainer[DocumentInfo]
    def __init__(self, document_infos: _Optional[_Iterable[_Union[DocumentInfo, _Mapping]]] = ...) -> None: ...

class GetDocumentProgressRequest(_message.Message):
    __slots__ = ("document_ids", "space_id")
    DOCUMENT_IDS_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    document_ids: _containers.RepeatedScalarFieldContainer[int]
    space_id: int
    def __init__(self, document_ids: _Optional[_Iterable[int]] = ..., space_id: _Optional[int] = ...) -> None: ...

class GetDocumentProgressResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: _containers.RepeatedCompositeFieldContainer[DocumentProgress]
    def __init__(self, data: _Optional[_Iterable[_Union[DocumentProgress, _Mapping]]] = ...) -> None: ...

class CreateSliceRequest(_message.Message):
    __slots__ = ("document_id", "raw_text", "sequence", "space_id")
    DOCUMENT_ID_FIELD_NUMBER: _ClassVar[int]
    RAW_TEXT_FIELD_NUMBER: _ClassVar[int]
    SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    document_id: int
    raw_text: str
    sequence: int
    space_id: int
    def __init__(self, document_id: _Optional[int] = ..., raw_text: _Optional[str] = ..., sequence: _Optional[int] = ..., space_id: _Optional[int] = ...) -> None: ...

class CreateSliceResponse(_message.Message):
    __slots__ = ("slice_id",)
    SLICE_ID_FIELD_NUMBER: _ClassVar[int]
    slice_id: int
    def __init__(self, slice_id: _Optional[int] = ...) -> None: ...

class UpdateSliceRequest(_message.Message):
    __slots__ = ("slice_id", "raw_text", "space_id")
    SLICE_ID_FIELD_NUMBER: _ClassVar[int]
    RAW_TEXT_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    slice_id: int
    raw_text: str
    space_id: int
    def __init__(self, slice_id: _Optional[int] = ..., raw_text: _Optional[str] = ..., space_id: _Optional[int] = ...) -> None: ...

class UpdateSliceResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class DeleteSliceRequest(_message.Message):
    __slots__ = ("slice_ids", "space_id")
    SLICE_IDS_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    slice_ids: _containers.RepeatedScalarFieldContainer[int]
    space_id: int
    def __init__(self, slice_ids: _Optional[_Iterable[int]] = ..., space_id: _Optional[int] = ...) -> None: ...

class DeleteSliceResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListSliceRequest(_message.Message):
    __slots__ = ("document_id", "sequence", "keyword", "dataset_id", "space_id", "page_size")
    DOCUMENT_ID_FIELD_NUMBER: _ClassVar[int]
    SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    KEYWORD_FIELD_NUMBER: _ClassVar[int]
    DATASET_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    document_id: int
    sequence: int
    keyword: str
    dataset_id: int
    space_id: int
    page_size: int
    def __init__(self, document_id: _Optional[int] = ..., sequence: _Optional[int] = ..., keyword: _Optional[str] = ..., dataset_id: _Optional[int] = ..., space_id: _Optional[int] = ..., page_size: _Optional[int] = ...) -> None: ...

class ListSliceResponse(_message.Message):
    __slots__ = ("slices", "total", "hasmore")
    SLICES_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    HASMORE_FIELD_NUMBER: _ClassVar[int]
    slices: _containers.RepeatedCompositeFieldContainer[SliceInfo]
    total: int
    hasmore: bool
    def __init__(self, slices: _Optional[_Iterable[_Union[SliceInfo, _Mapping]]] = ..., total: _Optional[int] = ..., hasmore: _Optional[bool] = ...) -> None: ...

class CreateDocumentReviewRequest(_message.Message):
    __slots__ = ("dataset_id", "reviews", "chunk_strategy", "parsing_strategy", "space_id")
    DATASET_ID_FIELD_NUMBER: _ClassVar[int]
    REVIEWS_FIELD_NUMBER: _ClassVar[int]
    CHUNK_STRATEGY_FIELD_NUMBER: _ClassVar[int]
    PARSING_STRATEGY_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    dataset_id: int
    reviews: _containers.RepeatedCompositeFieldContainer[ReviewInput]
    chunk_strategy: ChunkStrategy
    parsing_strategy: ParsingStrategy
    space_id: int
    def __init__(self, dataset_id: _Optional[int] = ..., reviews: _Optional[_Iterable[_Union[ReviewInput, _Mapping]]] = ..., chunk_strategy: _Optional[_Union[ChunkStrategy, _Mapping]] = ..., parsing_strategy: _Optional[_Union[ParsingStrategy, _Mapping]] = ..., space_id: _Optional[int] = ...) -> None: ...

class CreateDocumentReviewResponse(_message.Message):
    __slots__ = ("dataset_id", "reviews")
    DATASET_ID_FIELD_NUMBER: _ClassVar[int]
    REVIEWS_FIELD_NUMBER: _ClassVar[int]
    dataset_id: int
    reviews: _containers.RepeatedCompositeFieldContainer[Review]
    def __init__(self, dataset_id: _Optional[int] = ..., reviews: _Optional[_Iterable[_Union[Review, _Mapping]]] = ...) -> None: ...

class MGetDocumentReviewRequest(_message.Message):
    __slots__ = ("dataset_id", "review_ids", "space_id")
    DATASET_ID_FIELD_NUMBER: _ClassVar[int]
    REVIEW_IDS_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    dataset_id: int
    review_ids: _containers.RepeatedScalarFieldContainer[int]
    space_id: int
    def __init__(self, dataset_id: _Optional[int] = ..., review_ids: _Optional[_Iterable[int]] = ..., space_id: _Optional[int] = ...) -> None: ...

class MGetDocumentReviewResponse(_message.Message):
    __slots__ = ("dataset_id", "reviews")
    DATASET_ID_FIELD_NUMBER: _ClassVar[int]
    REVIEWS_FIELD_NUMBER: _ClassVar[int]
    dataset_id: int
    reviews: _containers.RepeatedCompositeFieldContainer[Review]
    def __init__(self, dataset_id: _Optional[int] = ..., reviews: _Optional[_Iterable[_Union[Review, _Mapping]]] = ...) -> None: ...

class SaveDocumentReviewRequest(_message.Message):
    __slots__ = ("dataset_id", "review_id", "doc_tree_json", "space_id")
    DATASET_ID_FIELD_NUMBER: _ClassVar[int]
    REVIEW_ID_FIELD_NUMBER: _ClassVar[int]
    DOC_TREE_JSON_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    dataset_id: int
    review_id: int
    doc_tree_json: str
    space_id: int
    def __init__(self, dataset_id: _Optional[int] = ..., review_id: _Optional[int] = ..., doc_tree_json: _Optional[str] = ..., space_id: _Optional[int] = ...) -> None: ...

class SaveDocumentReviewResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class UploadReviewFileRequest(_message.Message):
    __slots__ = ("space_id", "dataset_id", "file_name", "tos_uri", "size")
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    DATASET_ID_FIELD_NUMBER: _ClassVar[int]
    FILE_NAME_FIELD_NUMBER: _ClassVar[int]
    TOS_URI_FIELD_NUMBER: _ClassVar[int]
    SIZE_FIELD_NUMBER: _ClassVar[int]
    space_id: int
    dataset_id: int
    file_name: str
    tos_uri: str
    size: int
    def __init__(self, space_id: _Optional[int] = ..., dataset_id: _Optional[int] = ..., file_name: _Optional[str] = ..., tos_uri: _Optional[str] = ..., size: _Optional[int] = ...) -> None: ...

class UploadReviewFileResponse(_message.Message):
    __slots__ = ("tos_uri", "file_name", "file_type", "size")
    TOS_URI_FIELD_NUMBER: _ClassVar[int]
    FILE_NAME_FIELD_NUMBER: _ClassVar[int]
    FILE_TYPE_FIELD_NUMBER: _ClassVar[int]
    SIZE_FIELD_NUMBER: _ClassVar[int]
    tos_uri: str
    file_name: str
    file_type: str
    size: int
    def __init__(self, tos_uri: _Optional[str] = ..., file_name: _Optional[str] = ..., file_type: _Optional[str] = ..., size: _Optional[int] = ...) -> None: ...

class GetTableSchemaRequest(_message.Message):
    __slots__ = ("table_sheet", "table_data_type", "document_id", "source_file", "origin_table_meta", "preview_table_meta", "space_id")
    TABLE_SHEET_FIELD_NUMBER: _ClassVar[int]
    TABLE_DATA_TYPE_FIELD_NUMBER: _ClassVar[int]
    DOCUMENT_ID_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FILE_FIELD_NUMBER: _ClassVar[int]
    ORIGIN_TABLE_META_FIELD_NUMBER: _ClassVar[int]
    PREVIEW_TABLE_META_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    table_sheet: TableSheet
    table_data_type: TableDataType
    document_id: int
    source_file: SourceInfo
    origin_table_meta: _containers.RepeatedCompositeFieldContainer[TableColumn]
    preview_table_meta: _containers.RepeatedCompositeFieldContainer[TableColumn]
    space_id: int
    def __init__(self, table_sheet: _Optional[_Union[TableSheet, _Mapping]] = ..., table_data_type: _Optional[_Union[TableDataType, str]] = ..., document_id: _Optional[int] = ..., source_file: _Optional[_Union[SourceInfo, _Mapping]] = ..., origin_table_meta: _Optional[_Iterable[_Union[TableColumn, _Mapping]]] = ..., preview_table_meta: _Optional[_Iterable[_Union[TableColumn, _Mapping]]] = ..., space_id: _Optional[int] = ...) -> None: ...

class GetTableSchemaResponse(_message.Message):
    __slots__ = ("sheet_list", "table_meta", "preview_data")
    SHEET_LIST_FIELD_NUMBER: _ClassVar[int]
    TABLE_META_FIELD_NUMBER: _ClassVar[int]
    PREVIEW_DATA_FIELD_NUMBER: _ClassVar[int]
    sheet_list: _containers.RepeatedCompositeFieldContainer[DocTableSheet]
    table_meta: _containers.RepeatedCompositeFieldContainer[TableColumn]
    preview_data: _containers.RepeatedCompositeFieldContainer[_base_pb2.StringMap]
    def __init__(self, sheet_list: _Optional[_Iterable[_Union[DocTableSheet, _Mapping]]] = ..., table_meta: _Optional[_Iterable[_Union[TableColumn, _Mapping]]] = ..., preview_data: _Optional[_Iterable[_Union[_base_pb2.StringMap, _Mapping]]] = ...) -> None: ...

class ValidateTableSchemaRequest(_message.Message):
    __slots__ = ("space_id", "document_id", "source_file", "table_sheet")
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    DOCUMENT_ID_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FILE_FIELD_NUMBER: _ClassVar[int]
    TABLE_SHEET_FIELD_NUMBER: _ClassVar[int]
    space_id: int
    document_id: int
    source_file: SourceInfo
    table_sheet: TableSheet
    def __init__(self, space_id: _Optional[int] = ..., document_id: _Optional[int] = ..., source_file: _Optional[_Union[SourceInfo, _Mapping]] = ..., table_sheet: _Optional[_Union[TableSheet, _Mapping]] = ...) -> None: ...

class ValidateTableSchemaResponse(_message.Message):
    __slots__ = ("column_valid_result",)
    class ColumnValidResultEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    COLUMN_VALID_RESULT_FIELD_NUMBER: _ClassVar[int]
    column_valid_result: _containers.ScalarMap[str, str]
    def __init__(self, column_valid_result: _Optional[_Mapping[str, str]] = ...) -> None: ...

class ListPhotoRequest(_message.Message):
    __slots__ = ("dataset_id", "page", "size", "filter", "space_id")
    DATASET_ID_FIELD_NUMBER: _ClassVar[int]
    PAGE_FIELD_NUMBER: _ClassVar[int]
    SIZE_FIELD_NUMBER: _ClassVar[int]
    FILTER_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    dataset_id: int
    page: int
    size: int
    filter: PhotoFilter
    space_id: int
    def __init__(self, dataset_id: _Optional[int] = ..., page: _Optional[int] = ..., size: _Optional[int] = ..., filter: _Optional[_Union[PhotoFilter, _Mapping]] = ..., space_id: _Optional[int] = ...) -> None: ...

class ListPhotoResponse(_message.Message):
    __slots__ = ("photo_infos", "total")
    PHOTO_INFOS_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    photo_infos: _containers.RepeatedCompositeFieldContainer[PhotoInfo]
    total: int
    def __init__(self, photo_infos: _Optional[_Iterable[_Union[PhotoInfo, _Mapping]]] = ..., total: _Optional[int] = ...) -> None: ...

class PhotoDetailRequest(_message.Message):
    __slots__ = ("document_ids", "dataset_id", "space_id")
    DOCUMENT_IDS_FIELD_NUMBER: _ClassVar[int]
    DATASET_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    document_ids: _containers.RepeatedScalarFieldContainer[int]
    dataset_id: int
    space_id: int
    def __init__(self, document_ids: _Optional[_Iterable[int]] = ..., dataset_id: _Optional[int] = ..., space_id: _Optional[int] = ...) -> None: ...

class PhotoDetailResponse(_message.Message):
    __slots__ = ("photo_infos",)
    class PhotoInfosEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: PhotoInfo
        def __init__(self, key: _Optional[str] = ..., value: _Optional[_Union[PhotoInfo, _Mapping]] = ...) -> None: ...
    PHOTO_INFOS_FIELD_NUMBER: _ClassVar[int]
    photo_infos: _containers.MessageMap[str, PhotoInfo]
    def __init__(self, photo_infos: _Optional[_Mapping[str, PhotoInfo]] = ...) -> None: ...

class UpdatePhotoCaptionRequest(_message.Message):
    __slots__ = ("document_id", "caption", "space_id")
    DOCUMENT_ID_FIELD_NUMBER: _ClassVar[int]
    CAPTION_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    document_id: int
    caption: str
    space_id: int
    def __init__(self, document_id: _Optional[int] = ..., caption: _Optional[str] = ..., space_id: _Optional[int] = ...) -> None: ...

class UpdatePhotoCaptionResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ExtractPhotoCaptionRequest(_message.Message):
    __slots__ = ("document_id", "space_id")
    DOCUMENT_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    document_id: int
    space_id: int
    def __init__(self, document_id: _Optional[int] = ..., space_id: _Optional[int] = ...) -> None: ...

class ExtractPhotoCaptionResponse(_message.Message):
    __slots__ = ("caption",)
    CAPTION_FIELD_NUMBER: _ClassVar[int]
    caption: str
    def __init__(self, caption: _Optional[str] = ...) -> None: ...

class RetrievalStrategy(_message.Message):
    __slots__ = ("search_type", "top_k", "min_score", "use_rewrite", "use_rerank", "use_nl2sql", "use_feedback")
    SEARCH_TYPE_FIELD_NUMBER: _ClassVar[int]
    TOP_K_FIELD_NUMBER: _ClassVar[int]
    MIN_SCORE_FIELD_NUMBER: _ClassVar[int]
    USE_REWRITE_FIELD_NUMBER: _ClassVar[int]
    USE_RERANK_FIELD_NUMBER: _ClassVar[int]
    USE_NL2SQL_FIELD_NUMBER: _ClassVar[int]
    USE_FEEDBACK_FIELD_NUMBER: _ClassVar[int]
    search_type: SearchStrategy
    top_k: int
    min_score: float
    use_rewrite: bool
    use_rerank: bool
    use_nl2sql: bool
    use_feedback: bool
    def __init__(self, search_type: _Optional[_Union[SearchStrategy, str]] = ..., top_k: _Optional[int] = ..., min_score: _Optional[float] = ..., use_rewrite: _Optional[bool] = ..., use_rerank: _Optional[bool] = ..., use_nl2sql: _Optional[bool] = ..., use_feedback: _Optional[bool] = ...) -> None: ...

class ChatHistoryMessage(_message.Message):
    __slots__ = ("role", "content")
    ROLE_FIELD_NUMBER: _ClassVar[int]
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    role: str
    content: str
    def __init__(self, role: _Optional[str] = ..., content: _Optional[str] = ...) -> None: ...

class RetrieveRequest(_message.Message):
    __slots__ = ("space_id", "dataset_ids", "query", "chat_history", "strategy", "document_ids")
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    DATASET_IDS_FIELD_NUMBER: _ClassVar[int]
    QUERY_FIELD_NUMBER: _ClassVar[int]
    CHAT_HISTORY_FIELD_NUMBER: _ClassVar[int]
    STRATEGY_FIELD_NUMBER: _ClassVar[int]
    DOCUMENT_IDS_FIELD_NUMBER: _ClassVar[int]
    space_id: int
    dataset_ids: _containers.RepeatedScalarFieldContainer[int]
    query: str
    chat_history: _containers.RepeatedCompositeFieldContainer[ChatHistoryMessage]
    strategy: RetrievalStrategy
    document_ids: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, space_id: _Optional[int] = ..., dataset_ids: _Optional[_Iterable[int]] = ..., query: _Optional[str] = ..., chat_history: _Optional[_Iterable[_Union[ChatHistoryMessage, _Mapping]]] = ..., strategy: _Optional[_Union[RetrievalStrategy, _Mapping]] = ..., document_ids: _Optional[_Iterable[int]] = ...) -> None: ...

class ChannelRank(_message.Message):
    __slots__ = ("channel", "rank", "score")
    CHANNEL_FIELD_NUMBER: _ClassVar[int]
    RANK_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    channel: str
    rank: int
    score: float
    def __init__(self, channel: _Optional[str] = ..., rank: _Optional[int] = ..., score: _Optional[float] = ...) -> None: ...

class RetrievedSlice(_message.Message):
    __slots__ = ("slice_id", "content", "dataset_id", "dataset_name", "document_id", "document_name", "score", "channels", "ranks", "image_url", "sequence", "format_type", "chunk_info", "document_url")
    SLICE_ID_FIELD_NUMBER: _ClassVar[int]
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    DATASET_ID_FIELD_NUMBER: _ClassVar[int]
    DATASET_NAME_FIELD_NUMBER: _ClassVar[int]
    DOCUMENT_ID_FIELD_NUMBER: _ClassVar[int]
    DOCUMENT_NAME_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    CHANNELS_FIELD_NUMBER: _ClassVar[int]
    RANKS_FIELD_NUMBER: _ClassVar[int]
    IMAGE_URL_FIELD_NUMBER: _ClassVar[int]
    SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    FORMAT_TYPE_FIELD_NUMBER: _ClassVar[int]
    CHUNK_INFO_FIELD_NUMBER: _ClassVar[int]
    DOCUMENT_URL_FIELD_NUMBER: _ClassVar[int]
    slice_id: int
    content: str
    dataset_id: int
    dataset_name: str
    document_id: int
    document_name: str
    score: float
    channels: _containers.RepeatedScalarFieldContainer[str]
    ranks: _containers.RepeatedCompositeFieldContainer[ChannelRank]
    image_url: str
    sequence: int
    format_type: FormatType
    chunk_info: str
    document_url: str
    def __init__(self, slice_id: _Optional[int] = ..., content: _Optional[str] = ..., dataset_id: _Optional[int] = ..., dataset_name: _Optional[str] = ..., document_id: _Optional[int] = ..., document_name: _Optional[str] = ..., score: _Optional[float] = ..., channels: _Optional[_Iterable[str]] = ..., ranks: _Optional[_Iterable[_Union[ChannelRank, _Mapping]]] = ..., image_url: _Optional[str] = ..., sequence: _Optional[int] = ..., format_type: _Optional[_Union[FormatType, str]] = ..., chunk_info: _Optional[str] = ..., document_url: _Optional[str] = ...) -> None: ...

class TableQueryResult(_message.Message):
    __slots__ = ("dataset_id", "dataset_name", "sql", "columns", "rows", "error")
    DATASET_ID_FIELD_NUMBER: _ClassVar[int]
    DATASET_NAME_FIELD_NUMBER: _ClassVar[int]
    SQL_FIELD_NUMBER: _ClassVar[int]
    COLUMNS_FIELD_NUMBER: _ClassVar[int]
    ROWS_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    dataset_id: int
    dataset_name: str
    sql: str
    columns: _containers.RepeatedScalarFieldContainer[str]
    rows: _containers.RepeatedCompositeFieldContainer[_base_pb2.StringList]
    error: str
    def __init__(self, dataset_id: _Optional[int] = ..., dataset_name: _Optional[str] = ..., sql: _Optional[str] = ..., columns: _Optional[_Iterable[str]] = ..., rows: _Optional[_Iterable[_Union[_base_pb2.StringList, _Mapping]]] = ..., error: _Optional[str] = ...) -> None: ...

class ChannelStat(_message.Message):
    __slots__ = ("channel", "took_ms", "hits", "error")
    CHANNEL_FIELD_NUMBER: _ClassVar[int]
    TOOK_MS_FIELD_NUMBER: _ClassVar[int]
    HITS_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    channel: str
    took_ms: int
    hits: int
    error: str
    def __init__(self, channel: _Optional[str] = ..., took_ms: _Optional[int] = ..., hits: _Optional[int] = ..., error: _Optional[str] = ...) -> None: ...

class SwitchDatasetEmbedderRequest(_message.Message):
    __slots__ = ("dataset_id", "embedding_model", "space_id")
    DATASET_ID_FIELD_NUMBER: _ClassVar[int]
    EMBEDDING_MODEL_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    dataset_id: int
    embedding_model: str
    space_id: int
    def __init__(self, dataset_id: _Optional[int] = ..., embedding_model: _Optional[str] = ..., space_id: _Optional[int] = ...) -> None: ...

class SwitchDatasetEmbedderResponse(_message.Message):
    __slots__ = ("embedder_switch",)
    EMBEDDER_SWITCH_FIELD_NUMBER: _ClassVar[int]
    embedder_switch: EmbedderSwitch
    def __init__(self, embedder_switch: _Optional[_Union[EmbedderSwitch, _Mapping]] = ...) -> None: ...

class GetEmbedderSwitchRequest(_message.Message):
    __slots__ = ("dataset_id", "space_id")
    DATASET_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    dataset_id: int
    space_id: int
    def __init__(self, dataset_id: _Optional[int] = ..., space_id: _Optional[int] = ...) -> None: ...

class GetEmbedderSwitchResponse(_message.Message):
    __slots__ = ("embedder_switch", "embedding_model")
    EMBEDDER_SWITCH_FIELD_NUMBER: _ClassVar[int]
    EMBEDDING_MODEL_FIELD_NUMBER: _ClassVar[int]
    embedder_switch: EmbedderSwitch
    embedding_model: str
    def __init__(self, embedder_switch: _Optional[_Union[EmbedderSwitch, _Mapping]] = ..., embedding_model: _Optional[str] = ...) -> None: ...

class RetrieveResponse(_message.Message):
    __slots__ = ("slices", "table_results", "rewritten_query", "channel_stats")
    SLICES_FIELD_NUMBER: _ClassVar[int]
    TABLE_RESULTS_FIELD_NUMBER: _ClassVar[int]
    REWRITTEN_QUERY_FIELD_NUMBER: _ClassVar[int]
    CHANNEL_STATS_FIELD_NUMBER: _ClassVar[int]
    slices: _containers.RepeatedCompositeFieldContainer[RetrievedSlice]
    table_results: _containers.RepeatedCompositeFieldContainer[TableQueryResult]
    rewritten_query: str
    channel_stats: _containers.RepeatedCompositeFieldContainer[ChannelStat]
    def __init__(self, slices: _Optional[_Iterable[_Union[RetrievedSlice, _Mapping]]] = ..., table_results: _Optional[_Iterable[_Union[TableQueryResult, _Mapping]]] = ..., rewritten_query: _Optional[str] = ..., channel_stats: _Optional[_Iterable[_Union[ChannelStat, _Mapping]]] = ...) -> None: ...

class CreateDatasetOpenApiRequest(_message.Message):
    __slots__ = ("name", "description", "space_id", "file_id", "format_type")
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    FILE_ID_FIELD_NUMBER: _ClassVar[int]
    FORMAT_TYPE_FIELD_NUMBER: _ClassVar[int]
    name: str
    description: str
    space_id: int
    file_id: int
    format_type: FormatType
    def __init__(self, name: _Optional[str] = ..., description: _Optional[str] = ..., space_id: _Optional[int] = ..., file_id: _Optional[int] = ..., format_type: _Optional[_Union[FormatType, str]] = ...) -> None: ...

class CreateDatasetOpenApiData(_message.Message):
    __slots__ = ("dataset_id",)
    DATASET_ID_FIELD_NUMBER: _ClassVar[int]
    dataset_id: int
    def __init__(self, dataset_id: _Optional[int] = ...) -> None: ...

class CreateDatasetOpenApiResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: CreateDatasetOpenApiData
    def __init__(self, data: _Optional[_Union[CreateDatasetOpenApiData, _Mapping]] = ...) -> None: ...

class ListDatasetOpenApiRequest(_message.Message):
    __slots__ = ("name", "format_type", "page_num", "page_size", "space_id")
    NAME_FIELD_NUMBER: _ClassVar[int]
    FORMAT_TYPE_FIELD_NUMBER: _ClassVar[int]
    PAGE_NUM_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    name: str
    format_type: FormatType
    page_num: int
    page_size: int
    space_id: int
    def __init__(self, name: _Optional[str] = ..., format_type: _Optional[_Union[FormatType, str]] = ..., page_num: _Optional[int] = ..., page_size: _Optional[int] = ..., space_id: _Optional[int] = ...) -> None: ...

class ListDatasetOpenApiData(_message.Message):
    __slots__ = ("dataset_list", "total_count")
    DATASET_LIST_FIELD_NUMBER: _ClassVar[int]
    TOTAL_COUNT_FIELD_NUMBER: _ClassVar[int]
    dataset_list: _containers.RepeatedCompositeFieldContainer[Dataset]
    total_count: int
    def __init__(self, dataset_list: _Optional[_Iterable[_Union[Dataset, _Mapping]]] = ..., total_count: _Optional[int] = ...) -> None: ...

class ListDatasetOpenApiResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: ListDatasetOpenApiData
    def __init__(self, data: _Optional[_Union[ListDatasetOpenApiData, _Mapping]] = ...) -> None: ...

class UpdateDatasetOpenApiRequest(_message.Message):
    __slots__ = ("dataset_id", "name", "file_id", "description", "space_id")
    DATASET_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    FILE_ID_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    dataset_id: int
    name: str
    file_id: int
    description: str
    space_id: int
    def __init__(self, dataset_id: _Optional[int] = ..., name: _Optional[str] = ..., file_id: _Optional[int] = ..., description: _Optional[str] = ..., space_id: _Optional[int] = ...) -> None: ...

class UpdateDatasetOpenApiResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class DeleteDatasetOpenApiRequest(_message.Message):
    __slots__ = ("dataset_id", "space_id")
    DATASET_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    dataset_id: int
    space_id: int
    def __init__(self, dataset_id: _Optional[int] = ..., space_id: _Optional[int] = ...) -> None: ...

class DeleteDatasetOpenApiResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListPhotoOpenApiRequest(_message.Message):
    __slots__ = ("dataset_id", "page_num", "page_size", "keyword", "has_caption", "space_id")
    DATASET_ID_FIELD_NUMBER: _ClassVar[int]
    PAGE_NUM_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    KEYWORD_FIELD_NUMBER: _ClassVar[int]
    HAS_CAPTION_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    dataset_id: int
    page_num: int
    page_size: int
    keyword: str
    has_caption: bool
    space_id: int
    def __init__(self, dataset_id: _Optional[int] = ..., page_num: _Optional[int] = ..., page_size: _Optional[int] = ..., keyword: _Optional[str] = ..., has_caption: _Optional[bool] = ..., space_id: _Optional[int] = ...) -> None: ...

class ListPhotoOpenApiData(_message.Message):
    __slots__ = ("photo_infos", "total_count")
    PHOTO_INFOS_FIELD_NUMBER: _ClassVar[int]
    TOTAL_COUNT_FIELD_NUMBER: _ClassVar[int]
    photo_infos: _containers.RepeatedCompositeFieldContainer[PhotoInfo]
    total_count: int
    def __init__(self, photo_infos: _Optional[_Iterable[_Union[PhotoInfo, _Mapping]]] = ..., total_count: _Optional[int] = ...) -> None: ...

class ListPhotoOpenApiResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: ListPhotoOpenApiData
    def __init__(self, data: _Optional[_Union[ListPhotoOpenApiData, _Mapping]] = ...) -> None: ...

class GetDocumentProgressOpenApiRequest(_message.Message):
    __slots__ = ("dataset_id", "document_ids", "space_id")
    DATASET_ID_FIELD_NUMBER: _ClassVar[int]
    DOCUMENT_IDS_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    dataset_id: int
    document_ids: _containers.RepeatedScalarFieldContainer[int]
    space_id: int
    def __init__(self, dataset_id: _Optional[int] = ..., document_ids: _Optional[_Iterable[int]] = ..., space_id: _Optional[int] = ...) -> None: ...

class GetDocumentProgressOpenApiData(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: _containers.RepeatedCompositeFieldContainer[DocumentProgress]
    def __init__(self, data: _Optional[_Iterable[_Union[DocumentProgress, _Mapping]]] = ...) -> None: ...

class GetDocumentProgressOpenApiResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: GetDocumentProgressOpenApiData
    def __init__(self, data: _Optional[_Union[GetDocumentProgressOpenApiData, _Mapping]] = ...) -> None: ...

class CreateDocumentOpenApiRequest(_message.Message):
    __slots__ = ("dataset_id", "format_type", "document_bases", "chunk_strategy", "is_append", "parsing_strategy", "space_id")
    DATASET_ID_FIELD_NUMBER: _ClassVar[int]
    FORMAT_TYPE_FIELD_NUMBER: _ClassVar[int]
    DOCUMENT_BASES_FIELD_NUMBER: _ClassVar[int]
    CHUNK_STRATEGY_FIELD_NUMBER: _ClassVar[int]
    IS_APPEND_FIELD_NUMBER: _ClassVar[int]
    PARSING_STRATEGY_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    dataset_id: int
    format_type: FormatType
    document_bases: _containers.RepeatedCompositeFieldContainer[DocumentBase]
    chunk_strategy: ChunkStrategy
    is_append: bool
    parsing_strategy: ParsingStrategy
    space_id: int
    def __init__(self, dataset_id: _Optional[int] = ..., format_type: _Optional[_Union[FormatType, str]] = ..., document_bases: _Optional[_Iterable[_Union[DocumentBase, _Mapping]]] = ..., chunk_strategy: _Optional[_Union[ChunkStrategy, _Mapping]] = ..., is_append: _Optional[bool] = ..., parsing_strategy: _Optional[_Union[ParsingStrategy, _Mapping]] = ..., space_id: _Optional[int] = ...) -> None: ...

class CreateDocumentOpenApiResponse(_message.Message):
    __slots__ = ("document_infos",)
    DOCUMENT_INFOS_FIELD_NUMBER: _ClassVar[int]
    document_infos: _containers.RepeatedCompositeFieldContainer[DocumentInfo]
    def __init__(self, document_infos: _Optional[_Iterable[_Union[DocumentInfo, _Mapping]]] = ...) -> None: ...

class UpdateDocumentOpenApiRequest(_message.Message):
    __slots__ = ("document_id", "document_name", "table_meta", "space_id", "update_rule")
    DOCUMENT_ID_FIELD_NUMBER: _ClassVar[int]
    DOCUMENT_NAME_FIELD_NUMBER: _ClassVar[int]
    TABLE_META_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    UPDATE_RULE_FIELD_NUMBER: _ClassVar[int]
    document_id: int
    document_name: str
    table_meta: _containers.RepeatedCompositeFieldContainer[TableColumn]
    space_id: int
    update_rule: UpdateRule
    def __init__(self, document_id: _Optional[int] = ..., document_name: _Optional[str] = ..., table_meta: _Optional[_Iterable[_Union[TableColumn, _Mapping]]] = ..., space_id: _Optional[int] = ..., update_rule: _Optional[_Union[UpdateRule, _Mapping]] = ...) -> None: ...

class UpdateDocumentOpenApiResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class DeleteDocumentOpenApiRequest(_message.Message):
    __slots__ = ("document_ids",)
    DOCUMENT_IDS_FIELD_NUMBER: _ClassVar[int]
    document_ids: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, document_ids: _Optional[_Iterable[int]] = ...) -> None: ...

class DeleteDocumentOpenApiResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class UpdatePhotoCaptionOpenApiRequest(_message.Message):
    __slots__ = ("dataset_id", "document_id", "caption")
    DATASET_ID_FIELD_NUMBER: _ClassVar[int]
    DOCUMENT_ID_FIELD_NUMBER: _ClassVar[int]
    CAPTION_FIELD_NUMBER: _ClassVar[int]
    dataset_id: int
    document_id: int
    caption: str
    def __init__(self, dataset_id: _Optional[int] = ..., document_id: _Optional[int] = ..., caption: _Optional[str] = ...) -> None: ...

class UpdatePhotoCaptionOpenApiResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListDocumentOpenApiRequest(_message.Message):
    __slots__ = ("dataset_id", "document_ids", "page", "size", "keyword", "space_id")
    DATASET_ID_FIELD_NUMBER: _ClassVar[int]
    DOCUMENT_IDS_FIELD_NUMBER: _ClassVar[int]
    PAGE_FIELD_NUMBER: _ClassVar[int]
    SIZE_FIELD_NUMBER: _ClassVar[int]
    KEYWORD_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    dataset_id: int
    document_ids: _containers.RepeatedScalarFieldContainer[int]
    page: int
    size: int
    keyword: str
    space_id: int
    def __init__(self, dataset_id: _Optional[int] = ..., document_ids: _Optional[_Iterable[int]] = ..., page: _Optional[int] = ..., size: _Optional[int] = ..., keyword: _Optional[str] = ..., space_id: _Optional[int] = ...) -> None: ...

class ListDocumentOpenApiResponse(_message.Message):
    __slots__ = ("document_infos", "total")
    DOCUMENT_INFOS_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    document_infos: _containers.RepeatedCompositeFieldContainer[DocumentInfo]
    total: int
    def __init__(self, document_infos: _Optional[_Iterable[_Union[DocumentInfo, _Mapping]]] = ..., total: _Optional[int] = ...) -> None: ...

class IndexingDataset(_message.Message):
    __slots__ = ("dataset_id", "space_id", "live", "format_type", "embedding_model", "embedding_dimension", "index_key", "running_switch", "all_index_keys", "columns")
    DATASET_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    LIVE_FIELD_NUMBER: _ClassVar[int]
    FORMAT_TYPE_FIELD_NUMBER: _ClassVar[int]
    EMBEDDING_MODEL_FIELD_NUMBER: _ClassVar[int]
    EMBEDDING_DIMENSION_FIELD_NUMBER: _ClassVar[int]
    INDEX_KEY_FIELD_NUMBER: _ClassVar[int]
    RUNNING_SWITCH_FIELD_NUMBER: _ClassVar[int]
    ALL_INDEX_KEYS_FIELD_NUMBER: _ClassVar[int]
    COLUMNS_FIELD_NUMBER: _ClassVar[int]
    dataset_id: int
    space_id: int
    live: bool
    format_type: FormatType
    embedding_model: str
    embedding_dimension: int
    index_key: int
    running_switch: IndexingSwitch
    all_index_keys: _containers.RepeatedScalarFieldContainer[int]
    columns: _containers.RepeatedCompositeFieldContainer[TableColumn]
    def __init__(self, dataset_id: _Optional[int] = ..., space_id: _Optional[int] = ..., live: _Optional[bool] = ..., format_type: _Optional[_Union[FormatType, str]] = ..., embedding_model: _Optional[str] = ..., embedding_dimension: _Optional[int] = ..., index_key: _Optional[int] = ..., running_switch: _Optional[_Union[IndexingSwitch, _Mapping]] = ..., all_index_keys: _Optional[_Iterable[int]] = ..., columns: _Optional[_Iterable[_Union[TableColumn, _Mapping]]] = ...) -> None: ...

class IndexingSwitch(_message.Message):
    __slots__ = ("switch_id", "to_model", "dimension", "last_document")
    SWITCH_ID_FIELD_NUMBER: _ClassVar[int]
    TO_MODEL_FIELD_NUMBER: _ClassVar[int]
    DIMENSION_FIELD_NUMBER: _ClassVar[int]
    LAST_DOCUMENT_FIELD_NUMBER: _ClassVar[int]
    switch_id: int
    to_model: str
    dimension: int
    last_document: int
    def __init__(self, switch_id: _Optional[int] = ..., to_model: _Optional[str] = ..., dimension: _Optional[int] = ..., last_document: _Optional[int] = ...) -> None: ...

class IndexingDocument(_message.Message):
    __slots__ = ("document_id", "dataset_id", "space_id", "name", "file_type", "source_type", "tos_uri", "size", "web_url", "content_hash", "caption", "chunk_strategy", "parsing_strategy", "table_sheet", "table_meta")
    DOCUMENT_ID_FIELD_NUMBER: _ClassVar[int]
    DATASET_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    FILE_TYPE_FIELD_NUMBER: _ClassVar[int]
    SOURCE_TYPE_FIELD_NUMBER: _ClassVar[int]
    TOS_URI_FIELD_NUMBER: _ClassVar[int]
    SIZE_FIELD_NUMBER: _ClassVar[int]
    WEB_URL_FIELD_NUMBER: _ClassVar[int]
    CONTENT_HASH_FIELD_NUMBER: _ClassVar[int]
    CAPTION_FIELD_NUMBER: _ClassVar[int]
    CHUNK_STRATEGY_FIELD_NUMBER: _ClassVar[int]
    PARSING_STRATEGY_FIELD_NUMBER: _ClassVar[int]
    TABLE_SHEET_FIELD_NUMBER: _ClassVar[int]
    TABLE_META_FIELD_NUMBER: _ClassVar[int]
    document_id: int
    dataset_id: int
    space_id: int
    name: str
    file_type: str
    source_type: DocumentSource
    tos_uri: str
    size: int
    web_url: str
    content_hash: str
    caption: str
    chunk_strategy: ChunkStrategy
    parsing_strategy: ParsingStrategy
    table_sheet: TableSheet
    table_meta: _containers.RepeatedCompositeFieldContainer[TableColumn]
    def __init__(self, document_id: _Optional[int] = ..., dataset_id: _Optional[int] = ..., space_id: _Optional[int] = ..., name: _Optional[str] = ..., file_type: _Optional[str] = ..., source_type: _Optional[_Union[DocumentSource, str]] = ..., tos_uri: _Optional[str] = ..., size: _Optional[int] = ..., web_url: _Optional[str] = ..., content_hash: _Optional[str] = ..., caption: _Optional[str] = ..., chunk_strategy: _Optional[_Union[ChunkStrategy, _Mapping]] = ..., parsing_strategy: _Optional[_Union[ParsingStrategy, _Mapping]] = ..., table_sheet: _Optional[_Union[TableSheet, _Mapping]] = ..., table_meta: _Optional[_Iterable[_Union[TableColumn, _Mapping]]] = ...) -> None: ...

class ClaimDocumentRequest(_message.Message):
    __slots__ = ("document_id", "dataset_id")
    DOCUMENT_ID_FIELD_NUMBER: _ClassVar[int]
    DATASET_ID_FIELD_NUMBER: _ClassVar[int]
    document_id: int
    dataset_id: int
    def __init__(self, document_id: _Optional[int] = ..., dataset_id: _Optional[int] = ...) -> None: ...

class ClaimDocumentResponse(_message.Message):
    __slots__ = ("outcome", "run", "document", "dataset", "rerun")
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    RUN_FIELD_NUMBER: _ClassVar[int]
    DOCUMENT_FIELD_NUMBER: _ClassVar[int]
    DATASET_FIELD_NUMBER: _ClassVar[int]
    RERUN_FIELD_NUMBER: _ClassVar[int]
    outcome: ClaimOutcome
    run: int
    document: IndexingDocument
    dataset: IndexingDataset
    rerun: bool
    def __init__(self, outcome: _Optional[_Union[ClaimOutcome, str]] = ..., run: _Optional[int] = ..., document: _Optional[_Union[IndexingDocument, _Mapping]] = ..., dataset: _Optional[_Union[IndexingDataset, _Mapping]] = ..., rerun: _Optional[bool] = ...) -> None: ...

class NewSlice(_message.Message):
    __slots__ = ("slice_id", "sequence", "content", "token_count", "chunk_info")
    SLICE_ID_FIELD_NUMBER: _ClassVar[int]
    SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    TOKEN_COUNT_FIELD_NUMBER: _ClassVar[int]
    CHUNK_INFO_FIELD_NUMBER: _ClassVar[int]
    slice_id: int
    sequence: int
    content: str
    token_count: int
    chunk_info: str
    def __init__(self, slice_id: _Optional[int] = ..., sequence: _Optional[int] = ..., content: _Optional[str] = ..., token_count: _Optional[int] = ..., chunk_info: _Optional[str] = ...) -> None: ...

class IndexingDone(_message.Message):
    __slots__ = ("slice_count", "char_count", "caption")
    SLICE_COUNT_FIELD_NUMBER: _ClassVar[int]
    CHAR_COUNT_FIELD_NUMBER: _ClassVar[int]
    CAPTION_FIELD_NUMBER: _ClassVar[int]
    slice_count: int
    char_count: int
    caption: str
    def __init__(self, slice_count: _Optional[int] = ..., char_count: _Optional[int] = ..., caption: _Optional[str] = ...) -> None: ...

class StoreSlicesRequest(_message.Message):
    __slots__ = ("document_id", "run", "slices", "progress", "done")
    DOCUMENT_ID_FIELD_NUMBER: _ClassVar[int]
    RUN_FIELD_NUMBER: _ClassVar[int]
    SLICES_FIELD_NUMBER: _ClassVar[int]
    PROGRESS_FIELD_NUMBER: _ClassVar[int]
    DONE_FIELD_NUMBER: _ClassVar[int]
    document_id: int
    run: int
    slices: _containers.RepeatedCompositeFieldContainer[NewSlice]
    progress: int
    done: IndexingDone
    def __init__(self, document_id: _Optional[int] = ..., run: _Optional[int] = ..., slices: _Optional[_Iterable[_Union[NewSlice, _Mapping]]] = ..., progress: _Optional[int] = ..., done: _Optional[_Union[IndexingDone, _Mapping]] = ...) -> None: ...

class StoreSlicesResponse(_message.Message):
    __slots__ = ("superseded",)
    SUPERSEDED_FIELD_NUMBER: _ClassVar[int]
    superseded: bool
    def __init__(self, superseded: _Optional[bool] = ...) -> None: ...

class FailDocumentIndexingRequest(_message.Message):
    __slots__ = ("document_id", "run", "reason")
    DOCUMENT_ID_FIELD_NUMBER: _ClassVar[int]
    RUN_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    document_id: int
    run: int
    reason: str
    def __init__(self, document_id: _Optional[int] = ..., run: _Optional[int] = ..., reason: _Optional[str] = ...) -> None: ...

class FailDocumentIndexingResponse(_message.Message):
    __slots__ = ("changed",)
    CHANGED_FIELD_NUMBER: _ClassVar[int]
    changed: bool
    def __init__(self, changed: _Optional[bool] = ...) -> None: ...

class RecordWebPageRequest(_message.Message):
    __slots__ = ("document_id", "run", "reindex", "size", "content_hash", "title")
    DOCUMENT_ID_FIELD_NUMBER: _ClassVar[int]
    RUN_FIELD_NUMBER: _ClassVar[int]
    REINDEX_FIELD_NUMBER: _ClassVar[int]
    SIZE_FIELD_NUMBER: _ClassVar[int]
    CONTENT_HASH_FIELD_NUMBER: _ClassVar[int]
    TITLE_FIELD_NUMBER: _ClassVar[int]
    document_id: int
    run: int
    reindex: bool
    size: int
    content_hash: str
    title: str
    def __init__(self, document_id: _Optional[int] = ..., run: _Optional[int] = ..., reindex: _Optional[bool] = ..., size: _Optional[int] = ..., content_hash: _Optional[str] = ..., title: _Optional[str] = ...) -> None: ...

class RecordWebPageResponse(_message.Message):
    __slots__ = ("superseded",)
    SUPERSEDED_FIELD_NUMBER: _ClassVar[int]
    superseded: bool
    def __init__(self, superseded: _Optional[bool] = ...) -> None: ...

class HeartbeatDocumentsRequest(_message.Message):
    __slots__ = ("document_ids", "backlog")
    DOCUMENT_IDS_FIELD_NUMBER: _ClassVar[int]
    BACKLOG_FIELD_NUMBER: _ClassVar[int]
    document_ids: _containers.RepeatedScalarFieldContainer[int]
    backlog: bool
    def __init__(self, document_ids: _Optional[_Iterable[int]] = ..., backlog: _Optional[bool] = ...) -> None: ...

class HeartbeatDocumentsResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GetIndexingDatasetsRequest(_message.Message):
    __slots__ = ("dataset_ids",)
    DATASET_IDS_FIELD_NUMBER: _ClassVar[int]
    dataset_ids: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, dataset_ids: _Optional[_Iterable[int]] = ...) -> None: ...

class GetIndexingDatasetsResponse(_message.Message):
    __slots__ = ("datasets",)
    DATASETS_FIELD_NUMBER: _ClassVar[int]
    datasets: _containers.RepeatedCompositeFieldContainer[IndexingDataset]
    def __init__(self, datasets: _Optional[_Iterable[_Union[IndexingDataset, _Mapping]]] = ...) -> None: ...

class SetIndexDimensionRequest(_message.Message):
    __slots__ = ("dataset_id", "switch_id", "dimension")
    DATASET_ID_FIELD_NUMBER: _ClassVar[int]
    SWITCH_ID_FIELD_NUMBER: _ClassVar[int]
    DIMENSION_FIELD_NUMBER: _ClassVar[int]
    dataset_id: int
    switch_id: int
    dimension: int
    def __init__(self, dataset_id: _Optional[int] = ..., switch_id: _Optional[int] = ..., dimension: _Optional[int] = ...) -> None: ...

class SetIndexDimensionResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class EnsureTableSchemaRequest(_message.Message):
    __slots__ = ("dataset_id", "columns")
    DATASET_ID_FIELD_NUMBER: _ClassVar[int]
    COLUMNS_FIELD_NUMBER: _ClassVar[int]
    dataset_id: int
    columns: _containers.RepeatedCompositeFieldContainer[TableColumn]
    def __init__(self, dataset_id: _Optional[int] = ..., columns: _Optional[_Iterable[_Union[TableColumn, _Mapping]]] = ...) -> None: ...

class EnsureTableSchemaResponse(_message.Message):
    __slots__ = ("columns", "created", "gone")
    COLUMNS_FIELD_NUMBER: _ClassVar[int]
    CREATED_FIELD_NUMBER: _ClassVar[int]
    GONE_FIELD_NUMBER: _ClassVar[int]
    columns: _containers.RepeatedCompositeFieldContainer[TableColumn]
    created: bool
    gone: bool
    def __init__(self, columns: _Optional[_Iterable[_Union[TableColumn, _Mapping]]] = ..., created: _Optional[bool] = ..., gone: _Optional[bool] = ...) -> None: ...

class ListDocumentIdsRequest(_message.Message):
    __slots__ = ("dataset_id", "after_document_id", "limit")
    DATASET_ID_FIELD_NUMBER: _ClassVar[int]
    AFTER_DOCUMENT_ID_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    dataset_id: int
    after_document_id: int
    limit: int
    def __init__(self, dataset_id: _Optional[int] = ..., after_document_id: _Optional[int] = ..., limit: _Optional[int] = ...) -> None: ...

class ListDocumentIdsResponse(_message.Message):
    __slots__ = ("document_ids",)
    DOCUMENT_IDS_FIELD_NUMBER: _ClassVar[int]
    document_ids: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, document_ids: _Optional[_Iterable[int]] = ...) -> None: ...

class IndexingSlice(_message.Message):
    __slots__ = ("slice_id", "document_id", "dataset_id", "sequence", "content", "content_hash")
    SLICE_ID_FIELD_NUMBER: _ClassVar[int]
    DOCUMENT_ID_FIELD_NUMBER: _ClassVar[int]
    DATASET_ID_FIELD_NUMBER: _ClassVar[int]
    SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    CONTENT_HASH_FIELD_NUMBER: _ClassVar[int]
    slice_id: int
    document_id: int
    dataset_id: int
    sequence: int
    content: str
    content_hash: str
    def __init__(self, slice_id: _Optional[int] = ..., document_id: _Optional[int] = ..., dataset_id: _Optional[int] = ..., sequence: _Optional[int] = ..., content: _Optional[str] = ..., content_hash: _Optional[str] = ...) -> None: ...

class ListSlicesForIndexingRequest(_message.Message):
    __slots__ = ("document_id", "slice_ids", "after_sequence", "after_slice_id", "limit")
    DOCUMENT_ID_FIELD_NUMBER: _ClassVar[int]
    SLICE_IDS_FIELD_NUMBER: _ClassVar[int]
    AFTER_SEQUENCE_FIELD_NUMBER: _ClassVar[int]
    AFTER_SLICE_ID_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    document_id: int
    slice_ids: _containers.RepeatedScalarFieldContainer[int]
    after_sequence: int
    after_slice_id: int
    limit: int
    def __init__(self, document_id: _Optional[int] = ..., slice_ids: _Optional[_Iterable[int]] = ..., after_sequence: _Optional[int] = ..., after_slice_id: _Optional[int] = ..., limit: _Optional[int] = ...) -> None: ...

class ListSlicesForIndexingResponse(_message.Message):
    __slots__ = ("slices", "has_more")
    SLICES_FIELD_NUMBER: _ClassVar[int]
    HAS_MORE_FIELD_NUMBER: _ClassVar[int]
    slices: _containers.RepeatedCompositeFieldContainer[IndexingSlice]
    has_more: bool
    def __init__(self, slices: _Optional[_Iterable[_Union[IndexingSlice, _Mapping]]] = ..., has_more: _Optional[bool] = ...) -> None: ...

class StoredSlice(_message.Message):
    __slots__ = ("slice_id", "content_hash")
    SLICE_ID_FIELD_NUMBER: _ClassVar[int]
    CONTENT_HASH_FIELD_NUMBER: _ClassVar[int]
    slice_id: int
    content_hash: str
    def __init__(self, slice_id: _Optional[int] = ..., content_hash: _Optional[str] = ...) -> None: ...

class MarkSlicesStoredRequest(_message.Message):
    __slots__ = ("slices",)
    SLICES_FIELD_NUMBER: _ClassVar[int]
    slices: _containers.RepeatedCompositeFieldContainer[StoredSlice]
    def __init__(self, slices: _Optional[_Iterable[_Union[StoredSlice, _Mapping]]] = ...) -> None: ...

class MarkSlicesStoredResponse(_message.Message):
    __slots__ = ("gone_slice_ids",)
    GONE_SLICE_IDS_FIELD_NUMBER: _ClassVar[int]
    gone_slice_ids: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, gone_slice_ids: _Optional[_Iterable[int]] = ...) -> None: ...

class ReportSwitchProgressRequest(_message.Message):
    __slots__ = ("switch_id", "document_id", "slices", "count_total")
    SWITCH_ID_FIELD_NUMBER: _ClassVar[int]
    DOCUMENT_ID_FIELD_NUMBER: _ClassVar[int]
    SLICES_FIELD_NUMBER: _ClassVar[int]
    COUNT_TOTAL_FIELD_NUMBER: _ClassVar[int]
    switch_id: int
    document_id: int
    slices: int
    count_total: bool
    def __init__(self, switch_id: _Optional[int] = ..., document_id: _Optional[int] = ..., slices: _Optional[int] = ..., count_total: _Optional[bool] = ...) -> None: ...

class ReportSwitchProgressResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class FinishEmbedderSwitchRequest(_message.Message):
    __slots__ = ("switch_id", "succeeded", "error", "dimension")
    SWITCH_ID_FIELD_NUMBER: _ClassVar[int]
    SUCCEEDED_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    DIMENSION_FIELD_NUMBER: _ClassVar[int]
    switch_id: int
    succeeded: bool
    error: str
    dimension: int
    def __init__(self, switch_id: _Optional[int] = ..., succeeded: _Optional[bool] = ..., error: _Optional[str] = ..., dimension: _Optional[int] = ...) -> None: ...

class FinishEmbedderSwitchResponse(_message.Message):
    __slots__ = ("changed",)
    CHANGED_FIELD_NUMBER: _ClassVar[int]
    changed: bool
    def __init__(self, changed: _Optional[bool] = ...) -> None: ...

class FinishReviewRequest(_message.Message):
    __slots__ = ("review_id", "succeeded", "doc_tree_uri", "error")
    REVIEW_ID_FIELD_NUMBER: _ClassVar[int]
    SUCCEEDED_FIELD_NUMBER: _ClassVar[int]
    DOC_TREE_URI_FIELD_NUMBER: _ClassVar[int]
    ERROR_FIELD_NUMBER: _ClassVar[int]
    review_id: int
    succeeded: bool
    doc_tree_uri: str
    error: str
    def __init__(self, review_id: _Optional[int] = ..., succeeded: _Optional[bool] = ..., doc_tree_uri: _Optional[str] = ..., error: _Optional[str] = ...) -> None: ...

class FinishReviewResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListDatasetsToReanalyzeRequest(_message.Message):
    __slots__ = ("analyzer_version", "limit")
    ANALYZER_VERSION_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    analyzer_version: int
    limit: int
    def __init__(self, analyzer_version: _Optional[int] = ..., limit: _Optional[int] = ...) -> None: ...

class ListDatasetsToReanalyzeResponse(_message.Message):
    __slots__ = ("datasets",)
    DATASETS_FIELD_NUMBER: _ClassVar[int]
    datasets: _containers.RepeatedCompositeFieldContainer[IndexingDataset]
    def __init__(self, datasets: _Optional[_Iterable[_Union[IndexingDataset, _Mapping]]] = ...) -> None: ...

class SetDatasetAnalyzerRequest(_message.Message):
    __slots__ = ("dataset_id", "analyzer_version")
    DATASET_ID_FIELD_NUMBER: _ClassVar[int]
    ANALYZER_VERSION_FIELD_NUMBER: _ClassVar[int]
    dataset_id: int
    analyzer_version: int
    def __init__(self, dataset_id: _Optional[int] = ..., analyzer_version: _Optional[int] = ...) -> None: ...

class SetDatasetAnalyzerResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...
