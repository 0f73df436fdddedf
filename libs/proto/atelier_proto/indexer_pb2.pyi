# DO NOT EDIT — generated from idl/indexer.thrift by atelier_idlc.
from atelier_proto import annotations_pb2 as _annotations_pb2
from atelier_proto import base_pb2 as _base_pb2
from atelier_proto import knowledge_pb2 as _knowledge_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class ExtractTextRequest(_message.Message):
    __slots__ = ("file_id", "url", "max_chars")
    FILE_ID_FIELD_NUMBER: _ClassVar[int]
    URL_FIELD_NUMBER: _ClassVar[int]
    MAX_CHARS_FIELD_NUMBER: _ClassVar[int]
    file_id: int
    url: str
    max_chars: int
    def __init__(self, file_id: _Optional[int] = ..., url: _Optional[str] = ..., max_chars: _Optional[int] = ...) -> None: ...

class ExtractTextResponse(_message.Message):
    __slots__ = ("text", "file_name", "truncated")
    TEXT_FIELD_NUMBER: _ClassVar[int]
    FILE_NAME_FIELD_NUMBER: _ClassVar[int]
    TRUNCATED_FIELD_NUMBER: _ClassVar[int]
    text: str
    file_name: str
    truncated: bool
    def __init__(self, text: _Optional[str] = ..., file_name: _Optional[str] = ..., truncated: _Optional[bool] = ...) -> None: ...

class InspectTableRequest(_message.Message):
    __slots__ = ("tos_uri", "content", "file_type", "table_sheet", "preview_rows")
    TOS_URI_FIELD_NUMBER: _ClassVar[int]
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    FILE_TYPE_FIELD_NUMBER: _ClassVar[int]
    TABLE_SHEET_FIELD_NUMBER: _ClassVar[int]
    PREVIEW_ROWS_FIELD_NUMBER: _ClassVar[int]
    tos_uri: str
    content: str
    file_type: str
    table_sheet: _knowledge_pb2.TableSheet
    preview_rows: int
    def __init__(self, tos_uri: _Optional[str] = ..., content: _Optional[str] = ..., file_type: _Optional[str] = ..., table_sheet: _Optional[_Union[_knowledge_pb2.TableSheet, _Mapping]] = ..., preview_rows: _Optional[int] = ...) -> None: ...

class InspectTableResponse(_message.Message):
    __slots__ = ("sheets", "columns", "preview")
    SHEETS_FIELD_NUMBER: _ClassVar[int]
    COLUMNS_FIELD_NUMBER: _ClassVar[int]
    PREVIEW_FIELD_NUMBER: _ClassVar[int]
    sheets: _containers.RepeatedCompositeFieldContainer[_knowledge_pb2.DocTableSheet]
    columns: _containers.RepeatedCompositeFieldContainer[_knowledge_pb2.TableColumn]
    preview: _containers.RepeatedCompositeFieldContainer[_base_pb2.StringMap]
    def __init__(self, sheets: _Optional[_Iterable[_Union[_knowledge_pb2.DocTableSheet, _Mapping]]] = ..., columns: _Optional[_Iterable[_Union[_knowledge_pb2.TableColumn, _Mapping]]] = ..., preview: _Optional[_Iterable[_Union[_base_pb2.StringMap, _Mapping]]] = ...) -> None: ...
