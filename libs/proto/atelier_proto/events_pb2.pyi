# DO NOT EDIT — generated from idl/events.thrift by atelier_idlc.
from atelier_proto import annotations_pb2 as _annotations_pb2
from atelier_proto import knowledge_pb2 as _knowledge_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class IndexDocument(_message.Message):
    __slots__ = ("dataset_id", "document_id")
    DATASET_ID_FIELD_NUMBER: _ClassVar[int]
    DOCUMENT_ID_FIELD_NUMBER: _ClassVar[int]
    dataset_id: int
    document_id: int
    def __init__(self, dataset_id: _Optional[int] = ..., document_id: _Optional[int] = ...) -> None: ...

class IndexSlice(_message.Message):
    __slots__ = ("dataset_id", "document_id", "slice_id")
    DATASET_ID_FIELD_NUMBER: _ClassVar[int]
    DOCUMENT_ID_FIELD_NUMBER: _ClassVar[int]
    SLICE_ID_FIELD_NUMBER: _ClassVar[int]
    dataset_id: int
    document_id: int
    slice_id: int
    def __init__(self, dataset_id: _Optional[int] = ..., document_id: _Optional[int] = ..., slice_id: _Optional[int] = ...) -> None: ...

class DeleteKnowledgeData(_message.Message):
    __slots__ = ("dataset_id", "document_ids", "slice_ids", "index_id")
    DATASET_ID_FIELD_NUMBER: _ClassVar[int]
    DOCUMENT_IDS_FIELD_NUMBER: _ClassVar[int]
    SLICE_IDS_FIELD_NUMBER: _ClassVar[int]
    INDEX_ID_FIELD_NUMBER: _ClassVar[int]
    dataset_id: int
    document_ids: _containers.RepeatedScalarFieldContainer[int]
    slice_ids: _containers.RepeatedScalarFieldContainer[int]
    index_id: int
    def __init__(self, dataset_id: _Optional[int] = ..., document_ids: _Optional[_Iterable[int]] = ..., slice_ids: _Optional[_Iterable[int]] = ..., index_id: _Optional[int] = ...) -> None: ...

class SwitchEmbedder(_message.Message):
    __slots__ = ("dataset_id", "switch_id")
    DATASET_ID_FIELD_NUMBER: _ClassVar[int]
    SWITCH_ID_FIELD_NUMBER: _ClassVar[int]
    dataset_id: int
    switch_id: int
    def __init__(self, dataset_id: _Optional[int] = ..., switch_id: _Optional[int] = ...) -> None: ...

class DocumentReview(_message.Message):
    __slots__ = ("space_id", "review_id", "tos_uri", "document_type", "chunk_strategy", "parsing_strategy", "embedding_model")
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    REVIEW_ID_FIELD_NUMBER: _ClassVar[int]
    TOS_URI_FIELD_NUMBER: _ClassVar[int]
    DOCUMENT_TYPE_FIELD_NUMBER: _ClassVar[int]
    CHUNK_STRATEGY_FIELD_NUMBER: _ClassVar[int]
    PARSING_STRATEGY_FIELD_NUMBER: _ClassVar[int]
    EMBEDDING_MODEL_FIELD_NUMBER: _ClassVar[int]
    space_id: int
    review_id: int
    tos_uri: str
    document_type: str
    chunk_strategy: _knowledge_pb2.ChunkStrategy
    parsing_strategy: _knowledge_pb2.ParsingStrategy
    embedding_model: str
    def __init__(self, space_id: _Optional[int] = ..., review_id: _Optional[int] = ..., tos_uri: _Optional[str] = ..., document_type: _Optional[str] = ..., chunk_strategy: _Optional[_Union[_knowledge_pb2.ChunkStrategy, _Mapping]] = ..., parsing_strategy: _Optional[_Union[_knowledge_pb2.ParsingStrategy, _Mapping]] = ..., embedding_model: _Optional[str] = ...) -> None: ...

class RefreshWebDocument(_message.Message):
    __slots__ = ("document_id", "web_url", "tos_uri", "content_hash", "failed")
    DOCUMENT_ID_FIELD_NUMBER: _ClassVar[int]
    WEB_URL_FIELD_NUMBER: _ClassVar[int]
    TOS_URI_FIELD_NUMBER: _ClassVar[int]
    CONTENT_HASH_FIELD_NUMBER: _ClassVar[int]
    FAILED_FIELD_NUMBER: _ClassVar[int]
    document_id: int
    web_url: str
    tos_uri: str
    content_hash: str
    failed: bool
    def __init__(self, document_id: _Optional[int] = ..., web_url: _Optional[str] = ..., tos_uri: _Optional[str] = ..., content_hash: _Optional[str] = ..., failed: _Optional[bool] = ...) -> None: ...

class WorkflowRunRequested(_message.Message):
    __slots__ = ("space_id", "workflow_id", "execute_id", "user_id", "input", "version", "bot_id", "project_id", "debug", "attempt")
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    WORKFLOW_ID_FIELD_NUMBER: _ClassVar[int]
    EXECUTE_ID_FIELD_NUMBER: _ClassVar[int]
    USER_ID_FIELD_NUMBER: _ClassVar[int]
    INPUT_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    PROJECT_ID_FIELD_NUMBER: _ClassVar[int]
    DEBUG_FIELD_NUMBER: _ClassVar[int]
    ATTEMPT_FIELD_NUMBER: _ClassVar[int]
    space_id: int
    workflow_id: int
    execute_id: int
    user_id: int
    input: str
    version: str
    bot_id: int
    project_id: int
    debug: bool
    attempt: int
    def __init__(self, space_id: _Optional[int] = ..., workflow_id: _Optional[int] = ..., execute_id: _Optional[int] = ..., user_id: _Optional[int] = ..., input: _Optional[str] = ..., version: _Optional[str] = ..., bot_id: _Optional[int] = ..., project_id: _Optional[int] = ..., debug: _Optional[bool] = ..., attempt: _Optional[int] = ...) -> None: ...

class WorkflowResumeRequested(_message.Message):
    __slots__ = ("space_id", "workflow_id", "execute_id", "event_id", "resume_data", "user_id")
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    WORKFLOW_ID_FIELD_NUMBER: _ClassVar[int]
    EXECUTE_ID_FIELD_NUMBER: _ClassVar[int]
    EVENT_ID_FIELD_NUMBER: _ClassVar[int]
    RESUME_DATA_FIELD_NUMBER: _ClassVar[int]
    USER_ID_FIELD_NUMBER: _ClassVar[int]
    space_id: int
    workflow_id: int
    execute_id: int
    event_id: str
    resume_data: str
    user_id: int
    def __init__(self, space_id: _Optional[int] = ..., workflow_id: _Optional[int] = ..., execute_id: _Optional[int] = ..., event_id: _Optional[str] = ..., resume_data: _Optional[str] = ..., user_id: _Optional[int] = ...) -> None: ...

class WorkflowCancelRequested(_message.Message):
    __slots__ = ("space_id", "workflow_id", "execute_id")
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    WORKFLOW_ID_FIELD_NUMBER: _ClassVar[int]
    EXECUTE_ID_FIELD_NUMBER: _ClassVar[int]
    space_id: int
    workflow_id: int
    execute_id: int
    def __init__(self, space_id: _Optional[int] = ..., workflow_id: _Optional[int] = ..., execute_id: _Optional[int] = ...) -> None: ...
