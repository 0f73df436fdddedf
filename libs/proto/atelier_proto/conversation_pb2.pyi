# DO NOT EDIT — generated from idl/conversation.thrift by atelier_idlc.
from atelier_proto import annotations_pb2 as _annotations_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class ChatStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CHAT_STATUS_CREATED: _ClassVar[ChatStatus]
    CHAT_STATUS_IN_PROGRESS: _ClassVar[ChatStatus]
    CHAT_STATUS_COMPLETED: _ClassVar[ChatStatus]
    CHAT_STATUS_FAILED: _ClassVar[ChatStatus]
    CHAT_STATUS_REQUIRES_ACTION: _ClassVar[ChatStatus]
    CHAT_STATUS_CANCELLED: _ClassVar[ChatStatus]

class MessageType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    MESSAGE_TYPE_QUESTION: _ClassVar[MessageType]
    MESSAGE_TYPE_ANSWER: _ClassVar[MessageType]
    MESSAGE_TYPE_FUNCTION_CALL: _ClassVar[MessageType]
    MESSAGE_TYPE_TOOL_RESPONSE: _ClassVar[MessageType]
    MESSAGE_TYPE_KNOWLEDGE: _ClassVar[MessageType]
    MESSAGE_TYPE_FOLLOW_UP: _ClassVar[MessageType]
    MESSAGE_TYPE_VERBOSE: _ClassVar[MessageType]
    MESSAGE_TYPE_INTERRUPT: _ClassVar[MessageType]
    MESSAGE_TYPE_ACK: _ClassVar[MessageType]

class MessageRole(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    MESSAGE_ROLE_USER: _ClassVar[MessageRole]
    MESSAGE_ROLE_ASSISTANT: _ClassVar[MessageRole]

class MessageStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    MESSAGE_STATUS_AVAILABLE: _ClassVar[MessageStatus]
    MESSAGE_STATUS_BROKEN: _ClassVar[MessageStatus]

class ContentType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CONTENT_TYPE_TEXT: _ClassVar[ContentType]
    CONTENT_TYPE_OBJECT_STRING: _ClassVar[ContentType]
    CONTENT_TYPE_CARD: _ClassVar[ContentType]

class Scene(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SCENE_DEFAULT: _ClassVar[Scene]
    SCENE_EXPLORE: _ClassVar[Scene]
    SCENE_BOT_STORE: _ClassVar[Scene]
    SCENE_COZE_HOME: _ClassVar[Scene]
    SCENE_PLAYGROUND: _ClassVar[Scene]
    SCENE_EVALUATION: _ClassVar[Scene]
    SCENE_AGENT_APP: _ClassVar[Scene]
    SCENE_SCENE_OPEN_API: _ClassVar[Scene]
    SCENE_SCENE_WORKFLOW: _ClassVar[Scene]

class LoadDirection(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    LOAD_DIRECTION_UNKNOWN: _ClassVar[LoadDirection]
    LOAD_DIRECTION_PREV: _ClassVar[LoadDirection]
    LOAD_DIRECTION_NEXT: _ClassVar[LoadDirection]
CHAT_STATUS_CREATED: ChatStatus
CHAT_STATUS_IN_PROGRESS: ChatStatus
CHAT_STATUS_COMPLETED: ChatStatus
CHAT_STATUS_FAILED: ChatStatus
CHAT_STATUS_REQUIRES_ACTION: ChatStatus
CHAT_STATUS_CANCELLED: ChatStatus
MESSAGE_TYPE_QUESTION: MessageType
MESSAGE_TYPE_ANSWER: MessageType
MESSAGE_TYPE_FUNCTION_CALL: MessageType
MESSAGE_TYPE_TOOL_RESPONSE: MessageType
MESSAGE_TYPE_KNOWLEDGE: MessageType
MESSAGE_TYPE_FOLLOW_UP: MessageType
MESSAGE_TYPE_VERBOSE: MessageType
MESSAGE_TYPE_INTERRUPT: MessageType
MESSAGE_TYPE_ACK: MessageType
MESSAGE_ROLE_USER: MessageRole
MESSAGE_ROLE_ASSISTANT: MessageRole
MESSAGE_STATUS_AVAILABLE: MessageStatus
MESSAGE_STATUS_BROKEN: MessageStatus
CONTENT_TYPE_TEXT: ContentType
CONTENT_TYPE_OBJECT_STRING: ContentType
CONTENT_TYPE_CARD: ContentType
SCENE_DEFAULT: Scene
SCENE_EXPLORE: Scene
SCENE_BOT_STORE: Scene
SCENE_COZE_HOME: Scene
SCENE_PLAYGROUND: Scene
SCENE_EVALUATION: Scene
SCENE_AGENT_APP: Scene
SCENE_SCENE_OPEN_API: Scene
SCENE_SCENE_WORKFLOW: Scene
LOAD_DIRECTION_UNKNOWN: LoadDirection
LOAD_DIRECTION_PREV: LoadDirection
LOAD_DIRECTION_NEXT: LoadDirection

class ChatEvent(_message.Message):
    __slots__ = ("event", "data")
    EVENT_FIELD_NUMBER: _ClassVar[int]
    DATA_FIELD_NUMBER: _ClassVar[int]
    event: str
    data: str
    def __init__(self, event: _Optional[str] = ..., data: _Optional[str] = ...) -> None: ...

class AgentRunEvent(_message.Message):
    __slots__ = ("event", "data")
    EVENT_FIELD_NUMBER: _ClassVar[int]
    DATA_FIELD_NUMBER: _ClassVar[int]
    event: str
    data: str
    def __init__(self, event: _Optional[str] = ..., data: _Optional[str] = ...) -> None: ...

class ExtraInfo(_message.Message):
    __slots__ = ("local_message_id", "input_tokens", "output_tokens", "token", "plugin_status", "time_cost", "bot_state", "plugin_request", "tool_name", "plugin", "log_id", "message_title", "new_section_id", "call_id")
    LOCAL_MESSAGE_ID_FIELD_NUMBER: _ClassVar[int]
    INPUT_TOKENS_FIELD_NUMBER: _ClassVar[int]
    OUTPUT_TOKENS_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    PLUGIN_STATUS_FIELD_NUMBER: _ClassVar[int]
    TIME_COST_FIELD_NUMBER: _ClassVar[int]
    BOT_STATE_FIELD_NUMBER: _ClassVar[int]
    PLUGIN_REQUEST_FIELD_NUMBER: _ClassVar[int]
    TOOL_NAME_FIELD_NUMBER: _ClassVar[int]
    PLUGIN_FIELD_NUMBER: _ClassVar[int]
    LOG_ID_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_TITLE_FIELD_NUMBER: _ClassVar[int]
    NEW_SECTION_ID_FIELD_NUMBER: _ClassVar[int]
    CALL_ID_FIELD_NUMBER: _ClassVar[int]
    local_message_id: str
    input_tokens: str
    output_tokens: str
    token: str
    plugin_status: str
    time_cost: str
    bot_state: str
    plugin_request: str
    tool_name: str
    plugin: str
    log_id: str
    message_title: str
    new_section_id: str
    call_id: str
    def __init__(self, local_message_id: _Optional[str] = ..., input_tokens: _Optional[str] = ..., output_tokens: _Optional[str] = ..., token: _Optional[str] = ..., plugin_status: _Optional[str] = ..., time_cost: _Optional[str] = ..., bot_state: _Optional[str] = ..., plugin_request: _Optional[str] = ..., tool_name: _Optional[str] = ..., plugin: _Optional[str] = ..., log_id: _Optional[str] = ..., message_title: _Optional[str] = ..., new_section_id: _Optional[str] = ..., call_id: _Optional[str] = ...) -> None: ...

class InterruptFunction(_message.Message):
    __slots__ = ("name", "arguments")
    NAME_FIELD_NUMBER: _ClassVar[int]
    ARGUMENTS_FIELD_NUMBER: _ClassVar[int]
    name: str
    arguments: str
    def __init__(self, name: _Optional[str] = ..., arguments: _Optional[str] = ...) -> None: ...

class InterruptRequireInfo(_message.Message):
    __slots__ = ("infos",)
    INFOS_FIELD_NUMBER: _ClassVar[int]
    infos: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, infos: _Optional[_Iterable[str]] = ...) -> None: ...

class InterruptPlugin(_message.Message):
    __slots__ = ("id", "type", "function_call", "require_info", "authorization_url")
    ID_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    FUNCTION_CALL_FIELD_NUMBER: _ClassVar[int]
    REQUIRE_INFO_FIELD_NUMBER: _ClassVar[int]
    AUTHORIZATION_URL_FIELD_NUMBER: _ClassVar[int]
    id: str
    type: str
    function_call: InterruptFunction
    require_info: InterruptRequireInfo
    authorization_url: str
    def __init__(self, id: _Optional[str] = ..., type: _Optional[str] = ..., function_call: _Optional[_Union[InterruptFunction, _Mapping]] = ..., require_info: _Optional[_Union[InterruptRequireInfo, _Mapping]] = ..., authorization_url: _Optional[str] = ...) -> None: ...

class SubmitToolOutputs(_message.Message):
    __slots__ = ("tool_calls",)
    TOOL_CALLS_FIELD_NUMBER: _ClassVar[int]
    tool_calls: _containers.RepeatedCompositeFieldContainer[InterruptPlugin]
    def __init__(self, tool_calls: _Optional[_Iterable[_Union[InterruptPlugin, _Mapping]]] = ...) -> None: ...

class RequiredAction(_message.Message):
    __slots__ = ("type", "submit_tool_outputs")
    TYPE_FIELD_NUMBER: _ClassVar[int]
    SUBMIT_TOOL_OUTPUTS_FIELD_NUMBER: _ClassVar[int]
    type: str
    submit_tool_outputs: SubmitToolOutputs
    def __init__(self, type: _Optional[str] = ..., submit_tool_outputs: _Optional[_Union[SubmitToolOutputs, _Mapping]] = ...) -> None: ...

class MessageSource(_message.Message):
    __slots__ = ("id", "dataset_id", "dataset_name", "document_id", "document_name", "slice_id", "snippet", "url", "score")
    ID_FIELD_NUMBER: _ClassVar[int]
    DATASET_ID_FIELD_NUMBER: _ClassVar[int]
    DATASET_NAME_FIELD_NUMBER: _ClassVar[int]
    DOCUMENT_ID_FIELD_NUMBER: _ClassVar[int]
    DOCUMENT_NAME_FIELD_NUMBER: _ClassVar[int]
    SLICE_ID_FIELD_NUMBER: _ClassVar[int]
    SNIPPET_FIELD_NUMBER: _ClassVar[int]
    URL_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    id: str
    dataset_id: int
    dataset_name: str
    document_id: int
    document_name: str
    slice_id: int
    snippet: str
    url: str
    score: float
    def __init__(self, id: _Optional[str] = ..., dataset_id: _Optional[int] = ..., dataset_name: _Optional[str] = ..., document_id: _Optional[int] = ..., document_name: _Optional[str] = ..., slice_id: _Optional[int] = ..., snippet: _Optional[str] = ..., url: _Optional[str] = ..., score: _Optional[float] = ...) -> None: ...

class ChatMessage(_message.Message):
    __slots__ = ("role", "type", "content", "content_type", "message_id", "reply_id", "section_id", "extra_info", "status", "broken_pos", "sender_id", "content_time", "message_index", "source", "required_action", "reasoning_content", "sources")
    ROLE_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    CONTENT_TYPE_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_ID_FIELD_NUMBER: _ClassVar[int]
    REPLY_ID_FIELD_NUMBER: _ClassVar[int]
    SECTION_ID_FIELD_NUMBER: _ClassVar[int]
    EXTRA_INFO_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    BROKEN_POS_FIELD_NUMBER: _ClassVar[int]
    SENDER_ID_FIELD_NUMBER: _ClassVar[int]
    CONTENT_TIME_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_INDEX_FIELD_NUMBER: _ClassVar[int]
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    REQUIRED_ACTION_FIELD_NUMBER: _ClassVar[int]
    REASONING_CONTENT_FIELD_NUMBER: _ClassVar[int]
    SOURCES_FIELD_NUMBER: _ClassVar[int]
    role: str
    type: str
    content: str
    content_type: str
    message_id: int
    reply_id: int
    section_id: int
    extra_info: ExtraInfo
    status: str
    broken_pos: int
    sender_id: int
    content_time: int
    message_index: int
    source: int
    required_action: RequiredAction
    reasoning_content: str
    sources: _containers.RepeatedCompositeFieldContainer[MessageSource]
    def __init__(self, role: _Optional[str] = ..., type: _Optional[str] = ..., content: _Optional[str] = ..., content_type: _Optional[str] = ..., message_id: _Optional[int] = ..., reply_id: _Optional[int] = ..., section_id: _Optional[int] = ..., extra_info: _Optional[_Union[ExtraInfo, _Mapping]] = ..., status: _Optional[str] = ..., broken_pos: _Optional[int] = ..., sender_id: _Optional[int] = ..., content_time: _Optional[int] = ..., message_index: _Optional[int] = ..., source: _Optional[int] = ..., required_action: _Optional[_Union[RequiredAction, _Mapping]] = ..., reasoning_content: _Optional[str] = ..., sources: _Optional[_Iterable[_Union[MessageSource, _Mapping]]] = ...) -> None: ...

class RunStreamResponse(_message.Message):
    __slots__ = ("message", "is_finish", "index", "conversation_id", "seq_id")
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    IS_FINISH_FIELD_NUMBER: _ClassVar[int]
    INDEX_FIELD_NUMBER: _ClassVar[int]
    CONVERSATION_ID_FIELD_NUMBER: _ClassVar[int]
    SEQ_ID_FIELD_NUMBER: _ClassVar[int]
    message: ChatMessage
    is_finish: bool
    index: int
    conversation_id: int
    seq_id: int
    def __init__(self, message: _Optional[_Union[ChatMessage, _Mapping]] = ..., is_finish: _Optional[bool] = ..., index: _Optional[int] = ..., conversation_id: _Optional[int] = ..., seq_id: _Optional[int] = ...) -> None: ...

class ErrorData(_message.Message):
    __slots__ = ("code", "msg")
    CODE_FIELD_NUMBER: _ClassVar[int]
    MSG_FIELD_NUMBER: _ClassVar[int]
    code: int
    msg: str
    def __init__(self, code: _Optional[int] = ..., msg: _Optional[str] = ...) -> None: ...

class AgentRunRequest(_message.Message):
    __slots__ = ("bot_id", "conversation_id", "query", "extra", "custom_variables", "draft_mode", "scene", "content_type", "regen_message_id", "local_message_id", "insert_history_message_list", "space_id", "shortcut_cmd_id", "deep_research")
    class ExtraEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    class CustomVariablesEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    CONVERSATION_ID_FIELD_NUMBER: _ClassVar[int]
    QUERY_FIELD_NUMBER: _ClassVar[int]
    EXTRA_FIELD_NUMBER: _ClassVar[int]
    CUSTOM_VARIABLES_FIELD_NUMBER: _ClassVar[int]
    DRAFT_MODE_FIELD_NUMBER: _ClassVar[int]
    SCENE_FIELD_NUMBER: _ClassVar[int]
    CONTENT_TYPE_FIELD_NUMBER: _ClassVar[int]
    REGEN_MESSAGE_ID_FIELD_NUMBER: _ClassVar[int]
    LOCAL_MESSAGE_ID_FIELD_NUMBER: _ClassVar[int]
    INSERT_HISTORY_MESSAGE_LIST_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    SHORTCUT_CMD_ID_FIELD_NUMBER: _ClassVar[int]
    DEEP_RESEARCH_FIELD_NUMBER: _ClassVar[int]
    bot_id: int
    conversation_id: int
    query: str
    extra: _containers.ScalarMap[str, str]
    custom_variables: _containers.ScalarMap[str, str]
    draft_mode: bool
    scene: Scene
    content_type: str
    regen_message_id: int
    local_message_id: str
    insert_history_message_list: _containers.RepeatedScalarFieldContainer[str]
    space_id: int
    shortcut_cmd_id: int
    deep_research: bool
    def __init__(self, bot_id: _Optional[int] = ..., conversation_id: _Optional[int] = ..., query: _Optional[str] = ..., extra: _Optional[_Mapping[str, str]] = ..., custom_variables: _Optional[_Mapping[str, str]] = ..., draft_mode: _Optional[bool] = ..., scene: _Optional[_Union[Scene, str]] = ..., content_type: _Optional[str] = ..., regen_message_id: _Optional[int] = ..., local_message_id: _Optional[str] = ..., insert_history_message_list: _Optional[_Iterable[str]] = ..., space_id: _Optional[int] = ..., shortcut_cmd_id: _Optional[int] = ..., deep_research: _Optional[bool] = ...) -> None: ...

class ClearConversationCtxRequest(_message.Message):
    __slots__ = ("conversation_id", "scene", "insert_history_message_list", "space_id")
    CONVERSATION_ID_FIELD_NUMBER: _ClassVar[int]
    SCENE_FIELD_NUMBER: _ClassVar[int]
    INSERT_HISTORY_MESSAGE_LIST_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    conversation_id: int
    scene: Scene
    insert_history_message_list: _containers.RepeatedScalarFieldContainer[str]
    space_id: int
    def __init__(self, conversation_id: _Optional[int] = ..., scene: _Optional[_Union[Scene, str]] = ..., insert_history_message_list: _Optional[_Iterable[str]] = ..., space_id: _Optional[int] = ...) -> None: ...

class ClearConversationCtxResponse(_message.Message):
    __slots__ = ("new_section_id",)
    NEW_SECTION_ID_FIELD_NUMBER: _ClassVar[int]
    new_section_id: int
    def __init__(self, new_section_id: _Optional[int] = ...) -> None: ...

class ClearConversationHistoryRequest(_message.Message):
    __slots__ = ("conversation_id", "scene", "bot_id", "space_id")
    CONVERSATION_ID_FIELD_NUMBER: _ClassVar[int]
    SCENE_FIELD_NUMBER: _ClassVar[int]
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    conversation_id: int
    scene: Scene
    bot_id: int
    space_id: int
    def __init__(self, conversation_id: _Optional[int] = ..., scene: _Optional[_Union[Scene, str]] = ..., bot_id: _Optional[int] = ..., space_id: _Optional[int] = ...) -> None: ...

class ClearConversationHistoryResponse(_message.Message):
    __slots__ = ("new_section_id",)
    NEW_SECTION_ID_FIELD_NUMBER: _ClassVar[int]
    new_section_id: int
    def __init__(self, new_section_id: _Optional[int] = ...) -> None: ...

class GetMessageListRequest(_message.Message):
    __slots__ = ("conversation_id", "cursor", "count", "bot_id", "draft_mode", "scene", "load_direction", "space_id")
    CONVERSATION_ID_FIELD_NUMBER: _ClassVar[int]
    CURSOR_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    DRAFT_MODE_FIELD_NUMBER: _ClassVar[int]
    SCENE_FIELD_NUMBER: _ClassVar[int]
    LOAD_DIRECTION_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    conversation_id: int
    cursor: str
    count: int
    bot_id: int
    draft_mode: bool
    scene: Scene
    load_direction: LoadDirection
    space_id: int
    def __init__(self, conversation_id: _Optional[int] = ..., cursor: _Optional[str] = ..., count: _Optional[int] = ..., bot_id: _Optional[int] = ..., draft_mode: _Optional[bool] = ..., scene: _Optional[_Union[Scene, str]] = ..., load_direction: _Optional[_Union[LoadDirection, str]] = ..., space_id: _Optional[int] = ...) -> None: ...

class GetMessageListResponse(_message.Message):
    __slots__ = ("message_list", "cursor", "hasmore", "conversation_id", "last_section_id", "next_cursor", "next_has_more")
    MESSAGE_LIST_FIELD_NUMBER: _ClassVar[int]
    CURSOR_FIELD_NUMBER: _ClassVar[int]
    HASMORE_FIELD_NUMBER: _ClassVar[int]
    CONVERSATION_ID_FIELD_NUMBER: _ClassVar[int]
    LAST_SECTION_ID_FIELD_NUMBER: _ClassVar[int]
    NEXT_CURSOR_FIELD_NUMBER: _ClassVar[int]
    NEXT_HAS_MORE_FIELD_NUMBER: _ClassVar[int]
    message_list: _containers.RepeatedCompositeFieldContainer[ChatMessage]
    cursor: str
    hasmore: bool
    conversation_id: int
    last_section_id: int
    next_cursor: str
    next_has_more: bool
    def __init__(self, message_list: _Optional[_Iterable[_Union[ChatMessage, _Mapping]]] = ..., cursor: _Optional[str] = ..., hasmore: _Optional[bool] = ..., conversation_id: _Optional[int] = ..., last_section_id: _Optional[int] = ..., next_cursor: _Optional[str] = ..., next_has_more: _Optional[bool] = ...) -> None: ...

class DeleteMessageRequest(_message.Message):
    __slots__ = ("conversation_id", "message_id", "scene", "bot_id", "space_id")
    CONVERSATION_ID_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_ID_FIELD_NUMBER: _ClassVar[int]
    SCENE_FIELD_NUMBER: _ClassVar[int]
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    conversation_id: int
    message_id: int
    scene: Scene
    bot_id: int
    space_id: int
    def __init__(self, conversation_id: _Optional[int] = ..., message_id: _Optional[int] = ..., scene: _Optional[_Union[Scene, str]] = ..., bot_id: _Optional[int] = ..., space_id: _Optional[int] = ...) -> None: ...

class DeleteMessageResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class BreakMessageRequest(_message.Message):
    __slots__ = ("conversation_id", "query_message_id", "answer_message_id", "broken_pos", "scene", "space_id")
    CONVERSATION_ID_FIELD_NUMBER: _ClassVar[int]
    QUERY_MESSAGE_ID_FIELD_NUMBER: _ClassVar[int]
    ANSWER_MESSAGE_ID_FIELD_NUMBER: _ClassVar[int]
    BROKEN_POS_FIELD_NUMBER: _ClassVar[int]
    SCENE_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    conversation_id: int
    query_message_id: int
    answer_message_id: int
    broken_pos: int
    scene: Scene
    space_id: int
    def __init__(self, conversation_id: _Optional[int] = ..., query_message_id: _Optional[int] = ..., answer_message_id: _Optional[int] = ..., broken_pos: _Optional[int] = ..., scene: _Optional[_Union[Scene, str]] = ..., space_id: _Optional[int] = ...) -> None: ...

class BreakMessageResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ConversationData(_message.Message):
    __slots__ = ("id", "created_at", "meta_data", "creator_id", "connector_id", "last_section_id", "name", "bot_id")
    class MetaDataEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    ID_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    META_DATA_FIELD_NUMBER: _ClassVar[int]
    CREATOR_ID_FIELD_NUMBER: _ClassVar[int]
    CONNECTOR_ID_FIELD_NUMBER: _ClassVar[int]
    LAST_SECTION_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    id: int
    created_at: int
    meta_data: _containers.ScalarMap[str, str]
    creator_id: int
    connector_id: int
    last_section_id: int
    name: str
    bot_id: int
    def __init__(self, id: _Optional[int] = ..., created_at: _Optional[int] = ..., meta_data: _Optional[_Mapping[str, str]] = ..., creator_id: _Optional[int] = ..., connector_id: _Optional[int] = ..., last_section_id: _Optional[int] = ..., name: _Optional[str] = ..., bot_id: _Optional[int] = ...) -> None: ...

class EnterMessage(_message.Message):
    __slots__ = ("role", "content", "meta_data", "content_type", "type", "name")
    class MetaDataEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    ROLE_FIELD_NUMBER: _ClassVar[int]
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    META_DATA_FIELD_NUMBER: _ClassVar[int]
    CONTENT_TYPE_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    role: str
    content: str
    meta_data: _containers.ScalarMap[str, str]
    content_type: str
    type: str
    name: str
    def __init__(self, role: _Optional[str] = ..., content: _Optional[str] = ..., meta_data: _Optional[_Mapping[str, str]] = ..., content_type: _Optional[str] = ..., type: _Optional[str] = ..., name: _Optional[str] = ...) -> None: ...

class CreateConversationRequest(_message.Message):
    __slots__ = ("meta_data", "messages", "bot_id", "connector_id", "name", "space_id")
    class MetaDataEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    META_DATA_FIELD_NUMBER: _ClassVar[int]
    MESSAGES_FIELD_NUMBER: _ClassVar[int]
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    CONNECTOR_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    meta_data: _containers.ScalarMap[str, str]
    messages: _containers.RepeatedCompositeFieldContainer[EnterMessage]
    bot_id: int
    connector_id: int
    name: str
    space_id: int
    def __init__(self, meta_data: _Optional[_Mapping[str, str]] = ..., messages: _Optional[_Iterable[_Union[EnterMessage, _Mapping]]] = ..., bot_id: _Optional[int] = ..., connector_id: _Optional[int] = ..., name: _Optional[str] = ..., space_id: _Optional[int] = ...) -> None: ...

class CreateConversationResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: ConversationData
    def __init__(self, data: _Optional[_Union[ConversationData, _Mapping]] = ...) -> None: ...

class ListConversationsApiRequest(_message.Message):
    __slots__ = ("page_num", "page_size", "sort_order", "sort_field", "bot_id", "connector_id", "space_id")
    PAGE_NUM_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    SORT_ORDER_FIELD_NUMBER: _ClassVar[int]
    SORT_FIELD_FIELD_NUMBER: _ClassVar[int]
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    CONNECTOR_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    page_num: int
    page_size: int
    sort_order: str
    sort_field: str
    bot_id: int
    connector_id: int
    space_id: int
    def __init__(self, page_num: _Optional[int] = ..., page_size: _Optional[int] = ..., sort_order: _Optional[str] = ..., sort_field: _Optional[str] = ..., bot_id: _Optional[int] = ..., connector_id: _Optional[int] = ..., space_id: _Optional[int] = ...) -> None: ...

class ListConversationData(_message.Message):
    __slots__ = ("conversations", "has_more")
    CONVERSATIONS_FIELD_NUMBER: _ClassVar[int]
    HAS_MORE_FIELD_NUMBER: _ClassVar[int]
    conversations: _containers.RepeatedCompositeFieldContainer[ConversationData]
    has_more: bool
    def __init__(self, conversations: _Optional[_Iterable[_Union[ConversationData, _Mapping]]] = ..., has_more: _Optional[bool] = ...) -> None: ...

class ListConversationsApiResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: ListConversationData
    def __init__(self, data: _Optional[_Union[ListConversationData, _Mapping]] = ...) -> None: ...

class UpdateConversationApiRequest(_message.Message):
    __slots__ = ("conversation_id", "name", "space_id")
    CONVERSATION_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    conversation_id: int
    name: str
    space_id: int
    def __init__(self, conversation_id: _Optional[int] = ..., name: _Optional[str] = ..., space_id: _Optional[int] = ...) -> None: ...

class UpdateConversationApiResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: ConversationData
    def __init__(self, data: _Optional[_Union[ConversationData, _Mapping]] = ...) -> None: ...

class DeleteConversationApiRequest(_message.Message):
    __slots__ = ("conversation_id", "space_id")
    CONVERSATION_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    conversation_id: int
    space_id: int
    def __init__(self, conversation_id: _Optional[int] = ..., space_id: _Optional[int] = ...) -> None: ...

class DeleteConversationApiResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ClearConversationApiRequest(_message.Message):
    __slots__ = ("conversation_id", "space_id")
    CONVERSATION_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    conversation_id: int
    space_id: int
    def __init__(self, conversation_id: _Optional[int] = ..., space_id: _Optional[int] = ...) -> None: ...

class Section(_message.Message):
    __slots__ = ("id", "conversation_id")
    ID_FIELD_NUMBER: _ClassVar[int]
    CONVERSATION_ID_FIELD_NUMBER: _ClassVar[int]
    id: int
    conversation_id: int
    def __init__(self, id: _Optional[int] = ..., conversation_id: _Optional[int] = ...) -> None: ...

class ClearConversationApiResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: Section
    def __init__(self, data: _Optional[_Union[Section, _Mapping]] = ...) -> None: ...

class RetrieveConversationApiRequest(_message.Message):
    __slots__ = ("conversation_id", "space_id")
    CONVERSATION_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    conversation_id: int
    space_id: int
    def __init__(self, conversation_id: _Optional[int] = ..., space_id: _Optional[int] = ...) -> None: ...

class RetrieveConversationApiResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: ConversationData
    def __init__(self, data: _Optional[_Union[ConversationData, _Mapping]] = ...) -> None: ...

class OpenMessageApi(_message.Message):
    __slots__ = ("id", "bot_id", "role", "content", "conversation_id", "meta_data", "created_at", "updated_at", "chat_id", "content_type", "type", "section_id", "reasoning_content", "sources")
    class MetaDataEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    ID_FIELD_NUMBER: _ClassVar[int]
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    ROLE_FIELD_NUMBER: _ClassVar[int]
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    CONVERSATION_ID_FIELD_NUMBER: _ClassVar[int]
    META_DATA_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    UPDATED_AT_FIELD_NUMBER: _ClassVar[int]
    CHAT_ID_FIELD_NUMBER: _ClassVar[int]
    CONTENT_TYPE_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    SECTION_ID_FIELD_NUMBER: _ClassVar[int]
    REASONING_CONTENT_FIELD_NUMBER: _ClassVar[int]
    SOURCES_FIELD_NUMBER: _ClassVar[int]
    id: int
    bot_id: int
    role: str
    content: str
    conversation_id: int
    meta_data: _containers.ScalarMap[str, str]
    created_at: int
    updated_at: int
    chat_id: int
    content_type: str
    type: str
    section_id: int
    reasoning_content: str
    sources: _containers.RepeatedCompositeFieldContainer[MessageSource]
    def __init__(self, id: _Optional[int] = ..., bot_id: _Optional[int] = ..., role: _Optional[str] = ..., content: _Optional[str] = ..., conversation_id: _Optional[int] = ..., meta_data: _Optional[_Mapping[str, str]] = ..., created_at: _Optional[int] = ..., updated_at: _Optional[int] = ..., chat_id: _Optional[int] = ..., content_type: _Optional[str] = ..., type: _Optional[str] = ..., section_id: _Optional[int] = ..., reasoning_content: _Optional[str] = ..., sources: _Optional[_Iterable[_Union[MessageSource, _Mapping]]] = ...) -> None: ...

class ListMessageApiRequest(_message.Message):
    __slots__ = ("conversation_id", "limit", "order", "chat_id", "before_id", "after_id", "space_id")
    CONVERSATION_ID_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    ORDER_FIELD_NUMBER: _ClassVar[int]
    CHAT_ID_FIELD_NUMBER: _ClassVar[int]
    BEFORE_ID_FIELD_NUMBER: _ClassVar[int]
    AFTER_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    conversation_id: int
    limit: int
    order: str
    chat_id: int
    before_id: int
    after_id: int
    space_id: int
    def __init__(self, conversation_id: _Optional[int] = ..., limit: _Optional[int] = ..., order: _Optional[str] = ..., chat_id: _Optional[int] = ..., before_id: _Optional[int] = ..., after_id: _Optional[int] = ..., space_id: _Optional[int] = ...) -> None: ...

class ListMessageApiResponse(_message.Message):
    __slots__ = ("data", "has_more", "first_id", "last_id")
    DATA_FIELD_NUMBER: _ClassVar[int]
    HAS_MORE_FIELD_NUMBER: _ClassVar[int]
    FIRST_ID_FIELD_NUMBER: _ClassVar[int]
    LAST_ID_FIELD_NUMBER: _ClassVar[int]
    data: _containers.RepeatedCompositeFieldContainer[OpenMessageApi]
    has_more: bool
    first_id: int
    last_id: int
    def __init__(self, data: _Optional[_Iterable[_Union[OpenMessageApi, _Mapping]]] = ..., has_more: _Optional[bool] = ..., first_id: _Optional[int] = ..., last_id: _Optional[int] = ...) -> None: ...

class ShortcutCommandDetail(_message.Message):
    __slots__ = ("command_id", "parameters")
    class ParametersEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    COMMAND_ID_FIELD_NUMBER: _ClassVar[int]
    PARAMETERS_FIELD_NUMBER: _ClassVar[int]
    command_id: int
    parameters: _containers.ScalarMap[str, str]
    def __init__(self, command_id: _Optional[int] = ..., parameters: _Optional[_Mapping[str, str]] = ...) -> None: ...

class ChatV3Request(_message.Message):
    __slots__ = ("bot_id", "conversation_id", "user_id", "stream", "additional_messages", "custom_variables", "auto_save_history", "meta_data", "extra_params", "connector_id", "shortcut_command", "parameters", "space_id", "deep_research")
    class CustomVariablesEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    class MetaDataEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    class ExtraParamsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    CONVERSATION_ID_FIELD_NUMBER: _ClassVar[int]
    USER_ID_FIELD_NUMBER: _ClassVar[int]
    STREAM_FIELD_NUMBER: _ClassVar[int]
    ADDITIONAL_MESSAGES_FIELD_NUMBER: _ClassVar[int]
    CUSTOM_VARIABLES_FIELD_NUMBER: _ClassVar[int]
    AUTO_SAVE_HISTORY_FIELD_NUMBER: _ClassVar[int]
    META_DATA_FIELD_NUMBER: _ClassVar[int]
    EXTRA_PARAMS_FIELD_NUMBER: _ClassVar[int]
    CONNECTOR_ID_FIELD_NUMBER: _ClassVar[int]
    SHORTCUT_COMMAND_FIELD_NUMBER: _ClassVar[int]
    PARAMETERS_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    DEEP_RESEARCH_FIELD_NUMBER: _ClassVar[int]
    bot_id: int
    conversation_id: int
    user_id: str
    stream: bool
    additional_messages: _containers.RepeatedCompositeFieldContainer[EnterMessage]
    custom_variables: _containers.ScalarMap[str, str]
    auto_save_history: bool
    meta_data: _containers.ScalarMap[str, str]
    extra_params: _containers.ScalarMap[str, str]
    connector_id: int
    shortcut_command: ShortcutCommandDetail
    parameters: str
    space_id: int
    deep_research: bool
    def __init__(self, bot_id: _Optional[int] = ..., conversation_id: _Optional[int] = ..., user_id: _Optional[str] = ..., stream: _Optional[bool] = ..., additional_messages: _Optional[_Iterable[_Union[EnterMessage, _Mapping]]] = ..., custom_variables: _Optional[_Mapping[str, str]] = ..., auto_save_history: _Optional[bool] = ..., meta_data: _Optional[_Mapping[str, str]] = ..., extra_params: _Optional[_Mapping[str, str]] = ..., connector_id: _Optional[int] = ..., shortcut_command: _Optional[_Union[ShortcutCommandDetail, _Mapping]] = ..., parameters: _Optional[str] = ..., space_id: _Optional[int] = ..., deep_research: _Optional[bool] = ...) -> None: ...

class LastError(_message.Message):
    __slots__ = ("code", "msg")
    CODE_FIELD_NUMBER: _ClassVar[int]
    MSG_FIELD_NUMBER: _ClassVar[int]
    code: int
    msg: str
    def __init__(self, code: _Optional[int] = ..., msg: _Optional[str] = ...) -> None: ...

class Usage(_message.Message):
    __slots__ = ("token_count", "output_count", "input_count")
    TOKEN_COUNT_FIELD_NUMBER: _ClassVar[int]
    OUTPUT_COUNT_FIELD_NUMBER: _ClassVar[int]
    INPUT_COUNT_FIELD_NUMBER: _ClassVar[int]
    token_count: int
    output_count: int
    input_count: int
    def __init__(self, token_count: _Optional[int] = ..., output_count: _Optional[int] = ..., input_count: _Optional[int] = ...) -> None: ...

class ChatV3ChatDetail(_message.Message):
    __slots__ = ("id", "conversation_id", "bot_id", "created_at", "completed_at", "failed_at", "meta_data", "last_error", "status", "usage", "required_action", "section_id")
    class MetaDataEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    ID_FIELD_NUMBER: _ClassVar[int]
    CONVERSATION_ID_FIELD_NUMBER: _ClassVar[int]
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    COMPLETED_AT_FIELD_NUMBER: _ClassVar[int]
    FAILED_AT_FIELD_NUMBER: _ClassVar[int]
    META_DATA_FIELD_NUMBER: _ClassVar[int]
    LAST_ERROR_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    USAGE_FIELD_NUMBER: _ClassVar[int]
    REQUIRED_ACTION_FIELD_NUMBER: _ClassVar[int]
    SECTION_ID_FIELD_NUMBER: _ClassVar[int]
    id: int
    conversation_id: int
    bot_id: int
    created_at: int
    completed_at: int
    failed_at: int
    meta_data: _containers.ScalarMap[str, str]
    last_error: LastError
    status: str
    usage: Usage
    required_action: RequiredAction
    section_id: int
    def __init__(self, id: _Optional[int] = ..., conversation_id: _Optional[int] = ..., bot_id: _Optional[int] = ..., created_at: _Optional[int] = ..., completed_at: _Optional[int] = ..., failed_at: _Optional[int] = ..., meta_data: _Optional[_Mapping[str, str]] = ..., last_error: _Optional[_Union[LastError, _Mapping]] = ..., status: _Optional[str] = ..., usage: _Optional[_Union[Usage, _Mapping]] = ..., required_action: _Optional[_Union[RequiredAction, _Mapping]] = ..., section_id: _Optional[int] = ...) -> None: ...

class ChatV3MessageDetail(_message.Message):
    __slots__ = ("id", "conversation_id", "bot_id", "role", "type", "content", "content_type", "meta_data", "chat_id", "section_id", "created_at", "updated_at", "reasoning_content", "sources")
    class MetaDataEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    ID_FIELD_NUMBER: _ClassVar[int]
    CONVERSATION_ID_FIELD_NUMBER: _ClassVar[int]
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    ROLE_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    CONTENT_TYPE_FIELD_NUMBER: _ClassVar[int]
    META_DATA_FIELD_NUMBER: _ClassVar[int]
    CHAT_ID_FIELD_NUMBER: _ClassVar[int]
    SECTION_ID_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    UPDATED_AT_FIELD_NUMBER: _ClassVar[int]
    REASONING_CONTENT_FIELD_NUMBER: _ClassVar[int]
    SOURCES_FIELD_NUMBER: _ClassVar[int]
    id: int
    conversation_id: int
    bot_id: int
    role: str
    type: str
    content: str
    content_type: str
    meta_data: _containers.ScalarMap[str, str]
    chat_id: int
    section_id: int
    created_at: int
    updated_at: int
    reasoning_content: str
    sources: _containers.RepeatedCompositeFieldContainer[MessageSource]
    def __init__(self, id: _Optional[int] = ..., conversation_id: _Optional[int] = ..., bot_id: _Optional[int] = ..., role: _Optional[str] = ..., type: _Optional[str] = ..., content: _Optional[str] = ..., content_type: _Optional[str] = ..., meta_data: _Optional[_Mapping[str, str]] = ..., chat_id: _Optional[int] = ..., section_id: _Optional[int] = ..., created_at: _Optional[int] = ..., updated_at: _Optional[int] = ..., reasoning_content: _Optional[str] = ..., sources: _Optional[_Iterable[_Union[MessageSource, _Mapping]]] = ...) -> None: ...

class CancelChatApiRequest(_message.Message):
    __slots__ = ("chat_id", "conversation_id", "space_id")
    CHAT_ID_FIELD_NUMBER: _ClassVar[int]
    CONVERSATION_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    chat_id: int
    conversation_id: int
    space_id: int
    def __init__(self, chat_id: _Optional[int] = ..., conversation_id: _Optional[int] = ..., space_id: _Optional[int] = ...) -> None: ...

class CancelChatApiResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: ChatV3ChatDetail
    def __init__(self, data: _Optional[_Union[ChatV3ChatDetail, _Mapping]] = ...) -> None: ...

class RetrieveChatOpenRequest(_message.Message):
    __slots__ = ("conversation_id", "chat_id", "space_id")
    CONVERSATION_ID_FIELD_NUMBER: _ClassVar[int]
    CHAT_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    conversation_id: int
    chat_id: int
    space_id: int
    def __init__(self, conversation_id: _Optional[int] = ..., chat_id: _Optional[int] = ..., space_id: _Optional[int] = ...) -> None: ...

class RetrieveChatOpenResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: ChatV3ChatDetail
    def __init__(self, data: _Optional[_Union[ChatV3ChatDetail, _Mapping]] = ...) -> None: ...

class ListChatMessageApiRequest(_message.Message):
    __slots__ = ("conversation_id", "chat_id", "space_id")
    CONVERSATION_ID_FIELD_NUMBER: _ClassVar[int]
    CHAT_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    conversation_id: int
    chat_id: int
    space_id: int
    def __init__(self, conversation_id: _Optional[int] = ..., chat_id: _Optional[int] = ..., space_id: _Optional[int] = ...) -> None: ...

class ListChatMessageApiResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: _containers.RepeatedCompositeFieldContainer[ChatV3MessageDetail]
    def __init__(self, data: _Optional[_Iterable[_Union[ChatV3MessageDetail, _Mapping]]] = ...) -> None: ...

class ToolOutput(_message.Message):
    __slots__ = ("tool_call_id", "output")
    TOOL_CALL_ID_FIELD_NUMBER: _ClassVar[int]
    OUTPUT_FIELD_NUMBER: _ClassVar[int]
    tool_call_id: str
    output: str
    def __init__(self, tool_call_id: _Optional[str] = ..., output: _Optional[str] = ...) -> None: ...

class SubmitToolOutputsApiRequest(_message.Message):
    __slots__ = ("conversation_id", "chat_id", "tool_outputs", "stream", "space_id")
    CONVERSATION_ID_FIELD_NUMBER: _ClassVar[int]
    CHAT_ID_FIELD_NUMBER: _ClassVar[int]
    TOOL_OUTPUTS_FIELD_NUMBER: _ClassVar[int]
    STREAM_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    conversation_id: int
    chat_id: int
    tool_outputs: _containers.RepeatedCompositeFieldContainer[ToolOutput]
    stream: bool
    space_id: int
    def __init__(self, conversation_id: _Optional[int] = ..., chat_id: _Optional[int] = ..., tool_outputs: _Optional[_Iterable[_Union[ToolOutput, _Mapping]]] = ..., stream: _Optional[bool] = ..., space_id: _Optional[int] = ...) -> None: ...

class CreateMessageApiRequest(_message.Message):
    __slots__ = ("conversation_id", "role", "content", "content_type", "meta_data", "space_id")
    class MetaDataEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    CONVERSATION_ID_FIELD_NUMBER: _ClassVar[int]
    ROLE_FIELD_NUMBER: _ClassVar[int]
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    CONTENT_TYPE_FIELD_NUMBER: _ClassVar[int]
    META_DATA_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    conversation_id: int
    role: str
    content: str
    content_type: str
    meta_data: _containers.ScalarMap[str, str]
    space_id: int
    def __init__(self, conversation_id: _Optional[int] = ..., role: _Optional[str] = ..., content: _Optional[str] = ..., content_type: _Optional[str] = ..., meta_data: _Optional[_Mapping[str, str]] = ..., space_id: _Optional[int] = ...) -> None: ...

class CreateMessageApiResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: OpenMessageApi
    def __init__(self, data: _Optional[_Union[OpenMessageApi, _Mapping]] = ...) -> None: ...

class RetrieveMessageApiRequest(_message.Message):
    __slots__ = ("conversation_id", "message_id", "space_id")
    CONVERSATION_ID_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    conversation_id: int
    message_id: int
    space_id: int
    def __init__(self, conversation_id: _Optional[int] = ..., message_id: _Optional[int] = ..., space_id: _Optional[int] = ...) -> None: ...

class RetrieveMessageApiResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: OpenMessageApi
    def __init__(self, data: _Optional[_Union[OpenMessageApi, _Mapping]] = ...) -> None: ...

class ModifyMessageApiRequest(_message.Message):
    __slots__ = ("conversation_id", "message_id", "content", "content_type", "meta_data", "space_id")
    class MetaDataEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    CONVERSATION_ID_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_ID_FIELD_NUMBER: _ClassVar[int]
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    CONTENT_TYPE_FIELD_NUMBER: _ClassVar[int]
    META_DATA_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    conversation_id: int
    message_id: int
    content: str
    content_type: str
    meta_data: _containers.ScalarMap[str, str]
    space_id: int
    def __init__(self, conversation_id: _Optional[int] = ..., message_id: _Optional[int] = ..., content: _Optional[str] = ..., content_type: _Optional[str] = ..., meta_data: _Optional[_Mapping[str, str]] = ..., space_id: _Optional[int] = ...) -> None: ...

class ModifyMessageApiResponse(_message.Message):
    __slots__ = ("message",)
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    message: OpenMessageApi
    def __init__(self, message: _Optional[_Union[OpenMessageApi, _Mapping]] = ...) -> None: ...

class DeleteMessageApiRequest(_message.Message):
    __slots__ = ("conversation_id", "message_id", "space_id")
    CONVERSATION_ID_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    conversation_id: int
    message_id: int
    space_id: int
    def __init__(self, conversation_id: _Optional[int] = ..., message_id: _Optional[int] = ..., space_id: _Optional[int] = ...) -> None: ...

class DeleteMessageApiResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: OpenMessageApi
    def __init__(self, data: _Optional[_Union[OpenMessageApi, _Mapping]] = ...) -> None: ...

class StartWorkflowChatRequest(_message.Message):
    __slots__ = ("conversation_id", "space_id", "bot_id", "additional_messages", "user_id", "connector_id", "history_limit", "resumes_chat_id", "creator_id", "app_id")
    CONVERSATION_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    ADDITIONAL_MESSAGES_FIELD_NUMBER: _ClassVar[int]
    USER_ID_FIELD_NUMBER: _ClassVar[int]
    CONNECTOR_ID_FIELD_NUMBER: _ClassVar[int]
    HISTORY_LIMIT_FIELD_NUMBER: _ClassVar[int]
    RESUMES_CHAT_ID_FIELD_NUMBER: _ClassVar[int]
    CREATOR_ID_FIELD_NUMBER: _ClassVar[int]
    APP_ID_FIELD_NUMBER: _ClassVar[int]
    conversation_id: int
    space_id: int
    bot_id: int
    additional_messages: _containers.RepeatedCompositeFieldContainer[EnterMessage]
    user_id: str
    connector_id: int
    history_limit: int
    resumes_chat_id: int
    creator_id: int
    app_id: int
    def __init__(self, conversation_id: _Optional[int] = ..., space_id: _Optional[int] = ..., bot_id: _Optional[int] = ..., additional_messages: _Optional[_Iterable[_Union[EnterMessage, _Mapping]]] = ..., user_id: _Optional[str] = ..., connector_id: _Optional[int] = ..., history_limit: _Optional[int] = ..., resumes_chat_id: _Optional[int] = ..., creator_id: _Optional[int] = ..., app_id: _Optional[int] = ...) -> None: ...

class StartWorkflowChatResponse(_message.Message):
    __slots__ = ("chat", "question", "history")
    CHAT_FIELD_NUMBER: _ClassVar[int]
    QUESTION_FIELD_NUMBER: _ClassVar[int]
    HISTORY_FIELD_NUMBER: _ClassVar[int]
    chat: ChatV3ChatDetail
    question: ChatV3MessageDetail
    history: _containers.RepeatedCompositeFieldContainer[ChatV3MessageDetail]
    def __init__(self, chat: _Optional[_Union[ChatV3ChatDetail, _Mapping]] = ..., question: _Optional[_Union[ChatV3MessageDetail, _Mapping]] = ..., history: _Optional[_Iterable[_Union[ChatV3MessageDetail, _Mapping]]] = ...) -> None: ...

class WorkflowChatAnswer(_message.Message):
    __slots__ = ("id", "content", "content_type")
    ID_FIELD_NUMBER: _ClassVar[int]
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    CONTENT_TYPE_FIELD_NUMBER: _ClassVar[int]
    id: int
    content: str
    content_type: str
    def __init__(self, id: _Optional[int] = ..., content: _Optional[str] = ..., content_type: _Optional[str] = ...) -> None: ...

class FinishWorkflowChatRequest(_message.Message):
    __slots__ = ("conversation_id", "chat_id", "status", "answers", "input_tokens", "output_tokens", "last_error")
    CONVERSATION_ID_FIELD_NUMBER: _ClassVar[int]
    CHAT_ID_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    ANSWERS_FIELD_NUMBER: _ClassVar[int]
    INPUT_TOKENS_FIELD_NUMBER: _ClassVar[int]
    OUTPUT_TOKENS_FIELD_NUMBER: _ClassVar[int]
    LAST_ERROR_FIELD_NUMBER: _ClassVar[int]
    conversation_id: int
    chat_id: int
    status: str
    answers: _containers.RepeatedCompositeFieldContainer[WorkflowChatAnswer]
    input_tokens: int
    output_tokens: int
    last_error: LastError
    def __init__(self, conversation_id: _Optional[int] = ..., chat_id: _Optional[int] = ..., status: _Optional[str] = ..., answers: _Optional[_Iterable[_Union[WorkflowChatAnswer, _Mapping]]] = ..., input_tokens: _Optional[int] = ..., output_tokens: _Optional[int] = ..., last_error: _Optional[_Union[LastError, _Mapping]] = ...) -> None: ...

class FinishWorkflowChatResponse(_message.Message):
    __slots__ = ("chat", "answers")
    CHAT_FIELD_NUMBER: _ClassVar[int]
    ANSWERS_FIELD_NUMBER: _ClassVar[int]
    chat: ChatV3ChatDetail
    answers: _containers.RepeatedCompositeFieldContainer[ChatV3MessageDetail]
    def __init__(self, chat: _Optional[_Union[ChatV3ChatDetail, _Mapping]] = ..., answers: _Optional[_Iterable[_Union[ChatV3MessageDetail, _Mapping]]] = ...) -> None: ...

class ConversationScope(_message.Message):
    __slots__ = ("space_id", "user_id", "bot_id", "app_id")
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    USER_ID_FIELD_NUMBER: _ClassVar[int]
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    APP_ID_FIELD_NUMBER: _ClassVar[int]
    space_id: int
    user_id: int
    bot_id: int
    app_id: int
    def __init__(self, space_id: _Optional[int] = ..., user_id: _Optional[int] = ..., bot_id: _Optional[int] = ..., app_id: _Optional[int] = ...) -> None: ...

class GetNamedConversationRequest(_message.Message):
    __slots__ = ("scope", "name", "create")
    SCOPE_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    CREATE_FIELD_NUMBER: _ClassVar[int]
    scope: ConversationScope
    name: str
    create: bool
    def __init__(self, scope: _Optional[_Union[ConversationScope, _Mapping]] = ..., name: _Optional[str] = ..., create: _Optional[bool] = ...) -> None: ...

class GetNamedConversationResponse(_message.Message):
    __slots__ = ("data", "created")
    DATA_FIELD_NUMBER: _ClassVar[int]
    CREATED_FIELD_NUMBER: _ClassVar[int]
    data: ConversationData
    created: bool
    def __init__(self, data: _Optional[_Union[ConversationData, _Mapping]] = ..., created: _Optional[bool] = ...) -> None: ...

class ListNamedConversationsRequest(_message.Message):
    __slots__ = ("scope",)
    SCOPE_FIELD_NUMBER: _ClassVar[int]
    scope: ConversationScope
    def __init__(self, scope: _Optional[_Union[ConversationScope, _Mapping]] = ...) -> None: ...

class ListNamedConversationsResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: _containers.RepeatedCompositeFieldContainer[ConversationData]
    def __init__(self, data: _Optional[_Iterable[_Union[ConversationData, _Mapping]]] = ...) -> None: ...

class RunRecord(_message.Message):
    __slots__ = ("id", "conversation_id", "bot_id", "user_id", "status", "created_at", "finished_at", "latency_ms", "usage", "last_error", "trace_id", "draft_mode", "query")
    ID_FIELD_NUMBER: _ClassVar[int]
    CONVERSATION_ID_FIELD_NUMBER: _ClassVar[int]
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    USER_ID_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    FINISHED_AT_FIELD_NUMBER: _ClassVar[int]
    LATENCY_MS_FIELD_NUMBER: _ClassVar[int]
    USAGE_FIELD_NUMBER: _ClassVar[int]
    LAST_ERROR_FIELD_NUMBER: _ClassVar[int]
    TRACE_ID_FIELD_NUMBER: _ClassVar[int]
    DRAFT_MODE_FIELD_NUMBER: _ClassVar[int]
    QUERY_FIELD_NUMBER: _ClassVar[int]
    id: int
    conversation_id: int
    bot_id: int
    user_id: str
    status: str
    created_at: int
    finished_at: int
    latency_ms: int
    usage: Usage
    last_error: LastError
    trace_id: str
    draft_mode: bool
    query: str
    def __init__(self, id: _Optional[int] = ..., conversation_id: _Optional[int] = ..., bot_id: _Optional[int] = ..., user_id: _Optional[str] = ..., status: _Optional[str] = ..., created_at: _Optional[int] = ..., finished_at: _Optional[int] = ..., latency_ms: _Optional[int] = ..., usage: _Optional[_Union[Usage, _Mapping]] = ..., last_error: _Optional[_Union[LastError, _Mapping]] = ..., trace_id: _Optional[str] = ..., draft_mode: _Optional[bool] = ..., query: _Optional[str] = ...) -> None: ...

class ListRunRecordsRequest(_message.Message):
    __slots__ = ("space_id", "bot_id", "status", "user_id", "conversation_id", "start_time", "end_time", "cursor", "limit")
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    USER_ID_FIELD_NUMBER: _ClassVar[int]
    CONVERSATION_ID_FIELD_NUMBER: _ClassVar[int]
    START_TIME_FIELD_NUMBER: _ClassVar[int]
    END_TIME_FIELD_NUMBER: _ClassVar[int]
    CURSOR_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    space_id: int
    bot_id: int
    status: str
    user_id: str
    conversation_id: int
    start_time: int
    end_time: int
    cursor: str
    limit: int
    def __init__(self, space_id: _Optional[int] = ..., bot_id: _Optional[int] = ..., status: _Optional[str] = ..., user_id: _Optional[str] = ..., conversation_id: _Optional[int] = ..., start_time: _Optional[int] = ..., end_time: _Optional[int] = ..., cursor: _Optional[str] = ..., limit: _Optional[int] = ...) -> None: ...

class ListRunRecordsResponse(_message.Message):
    __slots__ = ("data", "has_more", "next_cursor")
    DATA_FIELD_NUMBER: _ClassVar[int]
    HAS_MORE_FIELD_NUMBER: _ClassVar[int]
    NEXT_CURSOR_FIELD_NUMBER: _ClassVar[int]
    data: _containers.RepeatedCompositeFieldContainer[RunRecord]
    has_more: bool
    next_cursor: str
    def __init__(self, data: _Optional[_Iterable[_Union[RunRecord, _Mapping]]] = ..., has_more: _Optional[bool] = ..., next_cursor: _Optional[str] = ...) -> None: ...

class GetRunRecordRequest(_message.Message):
    __slots__ = ("space_id", "chat_id")
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    CHAT_ID_FIELD_NUMBER: _ClassVar[int]
    space_id: int
    chat_id: int
    def __init__(self, space_id: _Optional[int] = ..., chat_id: _Optional[int] = ...) -> None: ...

class GetRunRecordResponse(_message.Message):
    __slots__ = ("data", "messages")
    DATA_FIELD_NUMBER: _ClassVar[int]
    MESSAGES_FIELD_NUMBER: _ClassVar[int]
    data: RunRecord
    messages: _containers.RepeatedCompositeFieldContainer[ChatMessage]
    def __init__(self, data: _Optional[_Union[RunRecord, _Mapping]] = ..., messages: _Optional[_Iterable[_Union[ChatMessage, _Mapping]]] = ...) -> None: ...
