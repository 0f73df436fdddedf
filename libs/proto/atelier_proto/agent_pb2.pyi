# DO NOT EDIT — generated from idl/agent.thrift by atelier_idlc.
from atelier_proto import annotations_pb2 as _annotations_pb2
from atelier_proto import base_pb2 as _base_pb2
from atelier_proto import knowledge_pb2 as _knowledge_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class BotMode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BOT_MODE_SINGLE_MODE: _ClassVar[BotMode]
    BOT_MODE_MULTI_MODE: _ClassVar[BotMode]
    BOT_MODE_WORKFLOW_MODE: _ClassVar[BotMode]

class ContextMode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CONTEXT_MODE_CHAT: _ClassVar[ContextMode]
    CONTEXT_MODE_FUNCTION_CALL_1: _ClassVar[ContextMode]
    CONTEXT_MODE_FUNCTION_CALL_2: _ClassVar[ContextMode]
    CONTEXT_MODE_FUNCTION_CALL_3: _ClassVar[ContextMode]

class ModelResponseFormat(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    MODEL_RESPONSE_FORMAT_TEXT: _ClassVar[ModelResponseFormat]
    MODEL_RESPONSE_FORMAT_MARKDOWN: _ClassVar[ModelResponseFormat]
    MODEL_RESPONSE_FORMAT_JSON: _ClassVar[ModelResponseFormat]

class KnowledgeNoRecallReplyMode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    KNOWLEDGE_NO_RECALL_REPLY_MODE_DEFAULT: _ClassVar[KnowledgeNoRecallReplyMode]
    KNOWLEDGE_NO_RECALL_REPLY_MODE_CUSTOMIZE_PROMPT: _ClassVar[KnowledgeNoRecallReplyMode]

class KnowledgeShowSourceMode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    KNOWLEDGE_SHOW_SOURCE_MODE_REPLY_BOTTOM: _ClassVar[KnowledgeShowSourceMode]
    KNOWLEDGE_SHOW_SOURCE_MODE_CARD_LIST: _ClassVar[KnowledgeShowSourceMode]

class SuggestReplyMode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SUGGEST_REPLY_MODE_SYSTEM: _ClassVar[SuggestReplyMode]
    SUGGEST_REPLY_MODE_CUSTOM: _ClassVar[SuggestReplyMode]
    SUGGEST_REPLY_MODE_DISABLE: _ClassVar[SuggestReplyMode]

class SuggestedQuestionsShowMode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SUGGESTED_QUESTIONS_SHOW_MODE_RANDOM: _ClassVar[SuggestedQuestionsShowMode]
    SUGGESTED_QUESTIONS_SHOW_MODE_ALL: _ClassVar[SuggestedQuestionsShowMode]

class FieldItemType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FIELD_ITEM_TYPE_UNSPECIFIED: _ClassVar[FieldItemType]
    FIELD_ITEM_TYPE_TEXT: _ClassVar[FieldItemType]
    FIELD_ITEM_TYPE_NUMBER: _ClassVar[FieldItemType]
    FIELD_ITEM_TYPE_DATE: _ClassVar[FieldItemType]
    FIELD_ITEM_TYPE_FLOAT: _ClassVar[FieldItemType]
    FIELD_ITEM_TYPE_BOOLEAN: _ClassVar[FieldItemType]

class BotTableRWMode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BOT_TABLE_RW_MODE_UNSPECIFIED: _ClassVar[BotTableRWMode]
    BOT_TABLE_RW_MODE_LIMITED_READ_WRITE: _ClassVar[BotTableRWMode]
    BOT_TABLE_RW_MODE_READ_ONLY: _ClassVar[BotTableRWMode]
    BOT_TABLE_RW_MODE_UNLIMITED_READ_WRITE: _ClassVar[BotTableRWMode]

class TableType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TABLE_TYPE_UNSPECIFIED: _ClassVar[TableType]
    TABLE_TYPE_DRAFT_TABLE: _ClassVar[TableType]
    TABLE_TYPE_ONLINE_TABLE: _ClassVar[TableType]

class HistoryType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    HISTORY_TYPE_UNSPECIFIED: _ClassVar[HistoryType]
    HISTORY_TYPE_SUBMIT: _ClassVar[HistoryType]
    HISTORY_TYPE_FLAG: _ClassVar[HistoryType]

class VariableChannel(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    VARIABLE_CHANNEL_UNSPECIFIED: _ClassVar[VariableChannel]
    VARIABLE_CHANNEL_CUSTOM: _ClassVar[VariableChannel]
    VARIABLE_CHANNEL_SYSTEM: _ClassVar[VariableChannel]
    VARIABLE_CHANNEL_LOCATION: _ClassVar[VariableChannel]
    VARIABLE_CHANNEL_FEISHU: _ClassVar[VariableChannel]
    VARIABLE_CHANNEL_APP: _ClassVar[VariableChannel]

class SendType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SEND_TYPE_SEND_TYPE_QUERY: _ClassVar[SendType]
    SEND_TYPE_SEND_TYPE_PANEL: _ClassVar[SendType]

class ToolType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TOOL_TYPE_TOOL_TYPE_NONE: _ClassVar[ToolType]
    TOOL_TYPE_TOOL_TYPE_WORK_FLOW: _ClassVar[ToolType]
    TOOL_TYPE_TOOL_TYPE_PLUGIN: _ClassVar[ToolType]

class InputType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    INPUT_TYPE_TEXT_INPUT: _ClassVar[InputType]
    INPUT_TYPE_SELECT: _ClassVar[InputType]
    INPUT_TYPE_UPLOAD_IMAGE: _ClassVar[InputType]
    INPUT_TYPE_UPLOAD_DOC: _ClassVar[InputType]
    INPUT_TYPE_UPLOAD_TABLE: _ClassVar[InputType]
    INPUT_TYPE_UPLOAD_AUDIO: _ClassVar[InputType]
    INPUT_TYPE_MIX_UPLOAD: _ClassVar[InputType]
    INPUT_TYPE_VIDEO: _ClassVar[InputType]
    INPUT_TYPE_ARCHIVE: _ClassVar[InputType]
    INPUT_TYPE_CODE: _ClassVar[InputType]
    INPUT_TYPE_TXT: _ClassVar[InputType]
    INPUT_TYPE_PPT: _ClassVar[InputType]

class ExecuteEventType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    EXECUTE_EVENT_TYPE_ANSWER: _ClassVar[ExecuteEventType]
    EXECUTE_EVENT_TYPE_FUNCTION_CALL: _ClassVar[ExecuteEventType]
    EXECUTE_EVENT_TYPE_TOOL_RESPONSE: _ClassVar[ExecuteEventType]
    EXECUTE_EVENT_TYPE_KNOWLEDGE: _ClassVar[ExecuteEventType]
    EXECUTE_EVENT_TYPE_FOLLOW_UP: _ClassVar[ExecuteEventType]
    EXECUTE_EVENT_TYPE_VERBOSE: _ClassVar[ExecuteEventType]
    EXECUTE_EVENT_TYPE_USAGE: _ClassVar[ExecuteEventType]
    EXECUTE_EVENT_TYPE_REQUIRES_ACTION: _ClassVar[ExecuteEventType]
    EXECUTE_EVENT_TYPE_ERROR: _ClassVar[ExecuteEventType]
    EXECUTE_EVENT_TYPE_CITATIONS: _ClassVar[ExecuteEventType]
BOT_MODE_SINGLE_MODE: BotMode
BOT_MODE_MULTI_MODE: BotMode
BOT_MODE_WORKFLOW_MODE: BotMode
CONTEXT_MODE_CHAT: ContextMode
CONTEXT_MODE_FUNCTION_CALL_1: ContextMode
CONTEXT_MODE_FUNCTION_CALL_2: ContextMode
CONTEXT_MODE_FUNCTION_CALL_3: ContextMode
MODEL_RESPONSE_FORMAT_TEXT: ModelResponseFormat
MODEL_RESPONSE_FORMAT_MARKDOWN: ModelResponseFormat
MODEL_RESPONSE_FORMAT_JSON: ModelResponseFormat
KNOWLEDGE_NO_RECALL_REPLY_MODE_DEFAULT: KnowledgeNoRecallReplyMode
KNOWLEDGE_NO_RECALL_REPLY_MODE_CUSTOMIZE_PROMPT: KnowledgeNoRecallReplyMode
KNOWLEDGE_SHOW_SOURCE_MODE_REPLY_BOTTOM: KnowledgeShowSourceMode
KNOWLEDGE_SHOW_SOURCE_MODE_CARD_LIST: KnowledgeShowSourceMode
SUGGEST_REPLY_MODE_SYSTEM: SuggestReplyMode
SUGGEST_REPLY_MODE_CUSTOM: SuggestReplyMode
SUGGEST_REPLY_MODE_DISABLE: SuggestReplyMode
SUGGESTED_QUESTIONS_SHOW_MODE_RANDOM: SuggestedQuestionsShowMode
SUGGESTED_QUESTIONS_SHOW_MODE_ALL: SuggestedQuestionsShowMode
FIELD_ITEM_TYPE_UNSPECIFIED: FieldItemType
FIELD_ITEM_TYPE_TEXT: FieldItemType
FIELD_ITEM_TYPE_NUMBER: FieldItemType
FIELD_ITEM_TYPE_DATE: FieldItemType
FIELD_ITEM_TYPE_FLOAT: FieldItemType
FIELD_ITEM_TYPE_BOOLEAN: FieldItemType
BOT_TABLE_RW_MODE_UNSPECIFIED: BotTableRWMode
BOT_TABLE_RW_MODE_LIMITED_READ_WRITE: BotTableRWMode
BOT_TABLE_RW_MODE_READ_ONLY: BotTableRWMode
BOT_TABLE_RW_MODE_UNLIMITED_READ_WRITE: BotTableRWMode
TABLE_TYPE_UNSPECIFIED: TableType
TABLE_TYPE_DRAFT_TABLE: TableType
TABLE_TYPE_ONLINE_TABLE: TableType
HISTORY_TYPE_UNSPECIFIED: HistoryType
HISTORY_TYPE_SUBMIT: HistoryType
HISTORY_TYPE_FLAG: HistoryType
VARIABLE_CHANNEL_UNSPECIFIED: VariableChannel
VARIABLE_CHANNEL_CUSTOM: VariableChannel
VARIABLE_CHANNEL_SYSTEM: VariableChannel
VARIABLE_CHANNEL_LOCATION: VariableChannel
VARIABLE_CHANNEL_FEISHU: VariableChannel
VARIABLE_CHANNEL_APP: VariableChannel
SEND_TYPE_SEND_TYPE_QUERY: SendType
SEND_TYPE_SEND_TYPE_PANEL: SendType
TOOL_TYPE_TOOL_TYPE_NONE: ToolType
TOOL_TYPE_TOOL_TYPE_WORK_FLOW: ToolType
TOOL_TYPE_TOOL_TYPE_PLUGIN: ToolType
INPUT_TYPE_TEXT_INPUT: InputType
INPUT_TYPE_SELECT: InputType
INPUT_TYPE_UPLOAD_IMAGE: InputType
INPUT_TYPE_UPLOAD_DOC: InputType
INPUT_TYPE_UPLOAD_TABLE: InputType
INPUT_TYPE_UPLOAD_AUDIO: InputType
INPUT_TYPE_MIX_UPLOAD: InputType
INPUT_TYPE_VIDEO: InputType
INPUT_TYPE_ARCHIVE: InputType
INPUT_TYPE_CODE: InputType
INPUT_TYPE_TXT: InputType
INPUT_TYPE_PPT: InputType
EXECUTE_EVENT_TYPE_ANSWER: ExecuteEventType
EXECUTE_EVENT_TYPE_FUNCTION_CALL: ExecuteEventType
EXECUTE_EVENT_TYPE_TOOL_RESPONSE: ExecuteEventType
EXECUTE_EVENT_TYPE_KNOWLEDGE: ExecuteEventType
EXECUTE_EVENT_TYPE_FOLLOW_UP: ExecuteEventType
EXECUTE_EVENT_TYPE_VERBOSE: ExecuteEventType
EXECUTE_EVENT_TYPE_USAGE: ExecuteEventType
EXECUTE_EVENT_TYPE_REQUIRES_ACTION: ExecuteEventType
EXECUTE_EVENT_TYPE_ERROR: ExecuteEventType
EXECUTE_EVENT_TYPE_CITATIONS: ExecuteEventType

class ShortMemoryPolicy(_message.Message):
    __slots__ = ("context_mode", "history_round")
    CONTEXT_MODE_FIELD_NUMBER: _ClassVar[int]
    HISTORY_ROUND_FIELD_NUMBER: _ClassVar[int]
    context_mode: ContextMode
    history_round: int
    def __init__(self, context_mode: _Optional[_Union[ContextMode, str]] = ..., history_round: _Optional[int] = ...) -> None: ...

class ModelInfo(_message.Message):
    __slots__ = ("model_id", "temperature", "max_tokens", "top_p", "frequency_penalty", "presence_penalty", "short_memory_policy", "top_k", "response_format", "parameters")
    class ParametersEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    MODEL_ID_FIELD_NUMBER: _ClassVar[int]
    TEMPERATURE_FIELD_NUMBER: _ClassVar[int]
    MAX_TOKENS_FIELD_NUMBER: _ClassVar[int]
    TOP_P_FIELD_NUMBER: _ClassVar[int]
    FREQUENCY_PENALTY_FIELD_NUMBER: _ClassVar[int]
    PRESENCE_PENALTY_FIELD_NUMBER: _ClassVar[int]
    SHORT_MEMORY_POLICY_FIELD_NUMBER: _ClassVar[int]
    TOP_K_FIELD_NUMBER: _ClassVar[int]
    RESPONSE_FORMAT_FIELD_NUMBER: _ClassVar[int]
    PARAMETERS_FIELD_NUMBER: _ClassVar[int]
    model_id: int
    temperature: float
    max_tokens: int
    top_p: float
    frequency_penalty: float
    presence_penalty: float
    short_memory_policy: ShortMemoryPolicy
    top_k: int
    response_format: ModelResponseFormat
    parameters: _containers.ScalarMap[str, str]
    def __init__(self, model_id: _Optional[int] = ..., temperature: _Optional[float] = ..., max_tokens: _Optional[int] = ..., top_p: _Optional[float] = ..., frequency_penalty: _Optional[float] = ..., presence_penalty: _Optional[float] = ..., short_memory_policy: _Optional[_Union[ShortMemoryPolicy, _Mapping]] = ..., top_k: _Optional[int] = ..., response_format: _Optional[_Union[ModelResponseFormat, str]] = ..., parameters: _Optional[_Mapping[str, str]] = ...) -> None: ...

class PromptInfo(_message.Message):
    __slots__ = ("prompt",)
    PROMPT_FIELD_NUMBER: _ClassVar[int]
    prompt: str
    def __init__(self, prompt: _Optional[str] = ...) -> None: ...

class PluginInfo(_message.Message):
    __slots__ = ("plugin_id", "api_id", "api_name", "default_params")
    PLUGIN_ID_FIELD_NUMBER: _ClassVar[int]
    API_ID_FIELD_NUMBER: _ClassVar[int]
    API_NAME_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_PARAMS_FIELD_NUMBER: _ClassVar[int]
    plugin_id: int
    api_id: int
    api_name: str
    default_params: _containers.RepeatedCompositeFieldContainer[PluginParamDefault]
    def __init__(self, plugin_id: _Optional[int] = ..., api_id: _Optional[int] = ..., api_name: _Optional[str] = ..., default_params: _Optional[_Iterable[_Union[PluginParamDefault, _Mapping]]] = ...) -> None: ...

class PluginParamDefault(_message.Message):
    __slots__ = ("name", "value", "hidden")
    NAME_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    HIDDEN_FIELD_NUMBER: _ClassVar[int]
    name: str
    value: str
    hidden: bool
    def __init__(self, name: _Optional[str] = ..., value: _Optional[str] = ..., hidden: _Optional[bool] = ...) -> None: ...

class WorkflowInfo(_message.Message):
    __slots__ = ("workflow_id", "plugin_id", "api_id", "workflow_name", "desc", "plugin_icon")
    WORKFLOW_ID_FIELD_NUMBER: _ClassVar[int]
    PLUGIN_ID_FIELD_NUMBER: _ClassVar[int]
    API_ID_FIELD_NUMBER: _ClassVar[int]
    WORKFLOW_NAME_FIELD_NUMBER: _ClassVar[int]
    DESC_FIELD_NUMBER: _ClassVar[int]
    PLUGIN_ICON_FIELD_NUMBER: _ClassVar[int]
    workflow_id: int
    plugin_id: int
    api_id: int
    workflow_name: str
    desc: str
    plugin_icon: str
    def __init__(self, workflow_id: _Optional[int] = ..., plugin_id: _Optional[int] = ..., api_id: _Optional[int] = ..., workflow_name: _Optional[str] = ..., desc: _Optional[str] = ..., plugin_icon: _Optional[str] = ...) -> None: ...

class KnowledgeInfo(_message.Message):
    __slots__ = ("id", "name")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    id: int
    name: str
    def __init__(self, id: _Optional[int] = ..., name: _Optional[str] = ...) -> None: ...

class RecallStrategy(_message.Message):
    __slots__ = ("use_rerank", "use_rewrite", "use_nl2sql")
    USE_RERANK_FIELD_NUMBER: _ClassVar[int]
    USE_REWRITE_FIELD_NUMBER: _ClassVar[int]
    USE_NL2SQL_FIELD_NUMBER: _ClassVar[int]
    use_rerank: bool
    use_rewrite: bool
    use_nl2sql: bool
    def __init__(self, use_rerank: _Optional[bool] = ..., use_rewrite: _Optional[bool] = ..., use_nl2sql: _Optional[bool] = ...) -> None: ...

class Knowledge(_message.Message):
    __slots__ = ("knowledge_info", "top_k", "min_score", "auto", "search_strategy", "show_source", "no_recall_reply_mode", "no_recall_reply_customize_prompt", "show_source_mode", "recall_strategy")
    KNOWLEDGE_INFO_FIELD_NUMBER: _ClassVar[int]
    TOP_K_FIELD_NUMBER: _ClassVar[int]
    MIN_SCORE_FIELD_NUMBER: _ClassVar[int]
    AUTO_FIELD_NUMBER: _ClassVar[int]
    SEARCH_STRATEGY_FIELD_NUMBER: _ClassVar[int]
    SHOW_SOURCE_FIELD_NUMBER: _ClassVar[int]
    NO_RECALL_REPLY_MODE_FIELD_NUMBER: _ClassVar[int]
    NO_RECALL_REPLY_CUSTOMIZE_PROMPT_FIELD_NUMBER: _ClassVar[int]
    SHOW_SOURCE_MODE_FIELD_NUMBER: _ClassVar[int]
    RECALL_STRATEGY_FIELD_NUMBER: _ClassVar[int]
    knowledge_info: _containers.RepeatedCompositeFieldContainer[KnowledgeInfo]
    top_k: int
    min_score: float
    auto: bool
    search_strategy: _knowledge_pb2.SearchStrategy
    show_source: bool
    no_recall_reply_mode: KnowledgeNoRecallReplyMode
    no_recall_reply_customize_prompt: str
    show_source_mode: KnowledgeShowSourceMode
    recall_strategy: RecallStrategy
    def __init__(self, knowledge_info: _Optional[_Iterable[_Union[KnowledgeInfo, _Mapping]]] = ..., top_k: _Optional[int] = ..., min_score: _Optional[float] = ..., auto: _Optional[bool] = ..., search_strategy: _Optional[_Union[_knowledge_pb2.SearchStrategy, str]] = ..., show_source: _Optional[bool] = ..., no_recall_reply_mode: _Optional[_Union[KnowledgeNoRecallReplyMode, str]] = ..., no_recall_reply_customize_prompt: _Optional[str] = ..., show_source_mode: _Optional[_Union[KnowledgeShowSourceMode, str]] = ..., recall_strategy: _Optional[_Union[RecallStrategy, _Mapping]] = ...) -> None: ...

class OnboardingInfo(_message.Message):
    __slots__ = ("prologue", "suggested_questions", "suggested_questions_show_mode")
    PROLOGUE_FIELD_NUMBER: _ClassVar[int]
    SUGGESTED_QUESTIONS_FIELD_NUMBER: _ClassVar[int]
    SUGGESTED_QUESTIONS_SHOW_MODE_FIELD_NUMBER: _ClassVar[int]
    prologue: str
    suggested_questions: _containers.RepeatedScalarFieldContainer[str]
    suggested_questions_show_mode: SuggestedQuestionsShowMode
    def __init__(self, prologue: _Optional[str] = ..., suggested_questions: _Optional[_Iterable[str]] = ..., suggested_questions_show_mode: _Optional[_Union[SuggestedQuestionsShowMode, str]] = ...) -> None: ...

class SuggestReplyInfo(_message.Message):
    __slots__ = ("suggest_reply_mode", "customized_suggest_prompt")
    SUGGEST_REPLY_MODE_FIELD_NUMBER: _ClassVar[int]
    CUSTOMIZED_SUGGEST_PROMPT_FIELD_NUMBER: _ClassVar[int]
    suggest_reply_mode: SuggestReplyMode
    customized_suggest_prompt: str
    def __init__(self, suggest_reply_mode: _Optional[_Union[SuggestReplyMode, str]] = ..., customized_suggest_prompt: _Optional[str] = ...) -> None: ...

class Variable(_message.Message):
    __slots__ = ("key", "description", "default_value", "is_system", "prompt_disabled", "is_disabled")
    KEY_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_VALUE_FIELD_NUMBER: _ClassVar[int]
    IS_SYSTEM_FIELD_NUMBER: _ClassVar[int]
    PROMPT_DISABLED_FIELD_NUMBER: _ClassVar[int]
    IS_DISABLED_FIELD_NUMBER: _ClassVar[int]
    key: str
    description: str
    default_value: str
    is_system: bool
    prompt_disabled: bool
    is_disabled: bool
    def __init__(self, key: _Optional[str] = ..., description: _Optional[str] = ..., default_value: _Optional[str] = ..., is_system: _Optional[bool] = ..., prompt_disabled: _Optional[bool] = ..., is_disabled: _Optional[bool] = ...) -> None: ...

class FieldItem(_message.Message):
    __slots__ = ("name", "desc", "type", "must_required", "id", "is_system_field")
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESC_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    MUST_REQUIRED_FIELD_NUMBER: _ClassVar[int]
    ID_FIELD_NUMBER: _ClassVar[int]
    IS_SYSTEM_FIELD_FIELD_NUMBER: _ClassVar[int]
    name: str
    desc: str
    type: FieldItemType
    must_required: bool
    id: int
    is_system_field: bool
    def __init__(self, name: _Optional[str] = ..., desc: _Optional[str] = ..., type: _Optional[_Union[FieldItemType, str]] = ..., must_required: _Optional[bool] = ..., id: _Optional[int] = ..., is_system_field: _Optional[bool] = ...) -> None: ...

class Database(_message.Message):
    __slots__ = ("table_id", "table_name", "table_desc", "field_list", "prompt_disabled", "rw_mode")
    TABLE_ID_FIELD_NUMBER: _ClassVar[int]
    TABLE_NAME_FIELD_NUMBER: _ClassVar[int]
    TABLE_DESC_FIELD_NUMBER: _ClassVar[int]
    FIELD_LIST_FIELD_NUMBER: _ClassVar[int]
    PROMPT_DISABLED_FIELD_NUMBER: _ClassVar[int]
    RW_MODE_FIELD_NUMBER: _ClassVar[int]
    table_id: int
    table_name: str
    table_desc: str
    field_list: _containers.RepeatedCompositeFieldContainer[FieldItem]
    prompt_disabled: bool
    rw_mode: BotTableRWMode
    def __init__(self, table_id: _Optional[int] = ..., table_name: _Optional[str] = ..., table_desc: _Optional[str] = ..., field_list: _Optional[_Iterable[_Union[FieldItem, _Mapping]]] = ..., prompt_disabled: _Optional[bool] = ..., rw_mode: _Optional[_Union[BotTableRWMode, str]] = ...) -> None: ...

class DefaultValue(_message.Message):
    __slots__ = ("value",)
    VALUE_FIELD_NUMBER: _ClassVar[int]
    value: str
    def __init__(self, value: _Optional[str] = ...) -> None: ...

class Components(_message.Message):
    __slots__ = ("name", "description", "input_type", "parameter", "options", "default_value", "hide")
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    INPUT_TYPE_FIELD_NUMBER: _ClassVar[int]
    PARAMETER_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_VALUE_FIELD_NUMBER: _ClassVar[int]
    HIDE_FIELD_NUMBER: _ClassVar[int]
    name: str
    description: str
    input_type: InputType
    parameter: str
    options: _containers.RepeatedScalarFieldContainer[str]
    default_value: DefaultValue
    hide: bool
    def __init__(self, name: _Optional[str] = ..., description: _Optional[str] = ..., input_type: _Optional[_Union[InputType, str]] = ..., parameter: _Optional[str] = ..., options: _Optional[_Iterable[str]] = ..., default_value: _Optional[_Union[DefaultValue, _Mapping]] = ..., hide: _Optional[bool] = ...) -> None: ...

class ToolParams(_message.Message):
    __slots__ = ("name", "is_required", "desc", "type", "default_value", "refer_component")
    NAME_FIELD_NUMBER: _ClassVar[int]
    IS_REQUIRED_FIELD_NUMBER: _ClassVar[int]
    DESC_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_VALUE_FIELD_NUMBER: _ClassVar[int]
    REFER_COMPONENT_FIELD_NUMBER: _ClassVar[int]
    name: str
    is_required: bool
    desc: str
    type: str
    default_value: str
    refer_component: bool
    def __init__(self, name: _Optional[str] = ..., is_required: _Optional[bool] = ..., desc: _Optional[str] = ..., type: _Optional[str] = ..., default_value: _Optional[str] = ..., refer_component: _Optional[bool] = ...) -> None: ...

class ToolInfo(_message.Message):
    __slots__ = ("tool_name", "tool_params_list")
    TOOL_NAME_FIELD_NUMBER: _ClassVar[int]
    TOOL_PARAMS_LIST_FIELD_NUMBER: _ClassVar[int]
    tool_name: str
    tool_params_list: _containers.RepeatedCompositeFieldContainer[ToolParams]
    def __init__(self, tool_name: _Optional[str] = ..., tool_params_list: _Optional[_Iterable[_Union[ToolParams, _Mapping]]] = ...) -> None: ...

class ShortcutCommand(_message.Message):
    __slots__ = ("object_id", "command_name", "shortcut_command", "description", "send_type", "tool_type", "work_flow_id", "plugin_id", "plugin_api_name", "template_query", "components_list", "command_id", "tool_info", "plugin_api_id")
    OBJECT_ID_FIELD_NUMBER: _ClassVar[int]
    COMMAND_NAME_FIELD_NUMBER: _ClassVar[int]
    SHORTCUT_COMMAND_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    SEND_TYPE_FIELD_NUMBER: _ClassVar[int]
    TOOL_TYPE_FIELD_NUMBER: _ClassVar[int]
    WORK_FLOW_ID_FIELD_NUMBER: _ClassVar[int]
    PLUGIN_ID_FIELD_NUMBER: _ClassVar[int]
    PLUGIN_API_NAME_FIELD_NUMBER: _ClassVar[int]
    TEMPLATE_QUERY_FIELD_NUMBER: _ClassVar[int]
    COMPONENTS_LIST_FIELD_NUMBER: _ClassVar[int]
    COMMAND_ID_FIELD_NUMBER: _ClassVar[int]
    TOOL_INFO_FIELD_NUMBER: _ClassVar[int]
    PLUGIN_API_ID_FIELD_NUMBER: _ClassVar[int]
    object_id: int
    command_name: str
    shortcut_command: str
    description: str
    send_type: SendType
    tool_type: ToolType
    work_flow_id: int
    plugin_id: int
    plugin_api_name: str
    template_query: str
    components_list: _containers.RepeatedCompositeFieldContainer[Components]
    command_id: int
    tool_info: ToolInfo
    plugin_api_id: int
    def __init__(self, object_id: _Optional[int] = ..., command_name: _Optional[str] = ..., shortcut_command: _Optional[str] = ..., description: _Optional[str] = ..., send_type: _Optional[_Union[SendType, str]] = ..., tool_type: _Optional[_Union[ToolType, str]] = ..., work_flow_id: _Optional[int] = ..., plugin_id: _Optional[int] = ..., plugin_api_name: _Optional[str] = ..., template_query: _Optional[str] = ..., components_list: _Optional[_Iterable[_Union[Components, _Mapping]]] = ..., command_id: _Optional[int] = ..., tool_info: _Optional[_Union[ToolInfo, _Mapping]] = ..., plugin_api_id: _Optional[int] = ...) -> None: ...

class ClientTool(_message.Message):
    __slots__ = ("name", "description", "parameters")
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    PARAMETERS_FIELD_NUMBER: _ClassVar[int]
    name: str
    description: str
    parameters: str
    def __init__(self, name: _Optional[str] = ..., description: _Optional[str] = ..., parameters: _Optional[str] = ...) -> None: ...

class DeepResearch(_message.Message):
    __slots__ = ("enabled", "max_steps", "max_tokens")
    ENABLED_FIELD_NUMBER: _ClassVar[int]
    MAX_STEPS_FIELD_NUMBER: _ClassVar[int]
    MAX_TOKENS_FIELD_NUMBER: _ClassVar[int]
    enabled: bool
    max_steps: int
    max_tokens: int
    def __init__(self, enabled: _Optional[bool] = ..., max_steps: _Optional[int] = ..., max_tokens: _Optional[int] = ...) -> None: ...

class BotInfo(_message.Message):
    __slots__ = ("bot_id", "name", "description", "icon_uri", "icon_url", "creator_id", "create_time", "update_time", "version", "model_info", "prompt_info", "plugin_info_list", "workflow_info_list", "onboarding_info", "knowledge", "variable_list", "database_list", "suggest_reply_info", "shortcut_sort", "space_id", "client_tool_list", "deep_research")
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    ICON_URI_FIELD_NUMBER: _ClassVar[int]
    ICON_URL_FIELD_NUMBER: _ClassVar[int]
    CREATOR_ID_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    UPDATE_TIME_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    MODEL_INFO_FIELD_NUMBER: _ClassVar[int]
    PROMPT_INFO_FIELD_NUMBER: _ClassVar[int]
    PLUGIN_INFO_LIST_FIELD_NUMBER: _ClassVar[int]
    WORKFLOW_INFO_LIST_FIELD_NUMBER: _ClassVar[int]
    ONBOARDING_INFO_FIELD_NUMBER: _ClassVar[int]
    KNOWLEDGE_FIELD_NUMBER: _ClassVar[int]
    VARIABLE_LIST_FIELD_NUMBER: _ClassVar[int]
    DATABASE_LIST_FIELD_NUMBER: _ClassVar[int]
    SUGGEST_REPLY_INFO_FIELD_NUMBER: _ClassVar[int]
    SHORTCUT_SORT_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    CLIENT_TOOL_LIST_FIELD_NUMBER: _ClassVar[int]
    DEEP_RESEARCH_FIELD_NUMBER: _ClassVar[int]
    bot_id: int
    name: str
    description: str
    icon_uri: str
    icon_url: str
    creator_id: int
    create_time: int
    update_time: int
    version: str
    model_info: ModelInfo
    prompt_info: PromptInfo
    plugin_info_list: _containers.RepeatedCompositeFieldContainer[PluginInfo]
    workflow_info_list: _containers.RepeatedCompositeFieldContainer[WorkflowInfo]
    onboarding_info: OnboardingInfo
    knowledge: Knowledge
    variable_list: _containers.RepeatedCompositeFieldContainer[Variable]
    database_list: _containers.RepeatedCompositeFieldContainer[Database]
    suggest_reply_info: SuggestReplyInfo
    shortcut_sort: _containers.RepeatedScalarFieldContainer[int]
    space_id: int
    client_tool_list: _containers.RepeatedCompositeFieldContainer[ClientTool]
    deep_research: DeepResearch
    def __init__(self, bot_id: _Optional[int] = ..., name: _Optional[str] = ..., description: _Optional[str] = ..., icon_uri: _Optional[str] = ..., icon_url: _Optional[str] = ..., creator_id: _Optional[int] = ..., create_time: _Optional[int] = ..., update_time: _Optional[int] = ..., version: _Optional[str] = ..., model_info: _Optional[_Union[ModelInfo, _Mapping]] = ..., prompt_info: _Optional[_Union[PromptInfo, _Mapping]] = ..., plugin_info_list: _Optional[_Iterable[_Union[PluginInfo, _Mapping]]] = ..., workflow_info_list: _Optional[_Iterable[_Union[WorkflowInfo, _Mapping]]] = ..., onboarding_info: _Optional[_Union[OnboardingInfo, _Mapping]] = ..., knowledge: _Optional[_Union[Knowledge, _Mapping]] = ..., variable_list: _Optional[_Iterable[_Union[Variable, _Mapping]]] = ..., database_list: _Optional[_Iterable[_Union[Database, _Mapping]]] = ..., suggest_reply_info: _Optional[_Union[SuggestReplyInfo, _Mapping]] = ..., shortcut_sort: _Optional[_Iterable[int]] = ..., space_id: _Optional[int] = ..., client_tool_list: _Optional[_Iterable[_Union[ClientTool, _Mapping]]] = ..., deep_research: _Optional[_Union[DeepResearch, _Mapping]] = ...) -> None: ...

class DraftBotCreateRequest(_message.Message):
    __slots__ = ("space_id", "name", "description", "icon_uri")
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    ICON_URI_FIELD_NUMBER: _ClassVar[int]
    space_id: int
    name: str
    description: str
    icon_uri: str
    def __init__(self, space_id: _Optional[int] = ..., name: _Optional[str] = ..., description: _Optional[str] = ..., icon_uri: _Optional[str] = ...) -> None: ...

class DraftBotCreateData(_message.Message):
    __slots__ = ("bot_id", "check_not_pass")
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    CHECK_NOT_PASS_FIELD_NUMBER: _ClassVar[int]
    bot_id: int
    check_not_pass: bool
    def __init__(self, bot_id: _Optional[int] = ..., check_not_pass: _Optional[bool] = ...) -> None: ...

class DraftBotCreateResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: DraftBotCreateData
    def __init__(self, data: _Optional[_Union[DraftBotCreateData, _Mapping]] = ...) -> None: ...

class DeleteDraftBotRequest(_message.Message):
    __slots__ = ("space_id", "bot_id")
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    space_id: int
    bot_id: int
    def __init__(self, space_id: _Optional[int] = ..., bot_id: _Optional[int] = ...) -> None: ...

class DeleteDraftBotResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class DuplicateDraftBotRequest(_message.Message):
    __slots__ = ("space_id", "bot_id")
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    space_id: int
    bot_id: int
    def __init__(self, space_id: _Optional[int] = ..., bot_id: _Optional[int] = ...) -> None: ...

class DuplicateDraftBotData(_message.Message):
    __slots__ = ("bot_id", "name")
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    bot_id: int
    name: str
    def __init__(self, bot_id: _Optional[int] = ..., name: _Optional[str] = ...) -> None: ...

class DuplicateDraftBotResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: DuplicateDraftBotData
    def __init__(self, data: _Optional[_Union[DuplicateDraftBotData, _Mapping]] = ...) -> None: ...

class PublishDraftBotRequest(_message.Message):
    __slots__ = ("space_id", "bot_id", "connectors", "commit_version", "history_info")
    class ConnectorsEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: _base_pb2.StringMap
        def __init__(self, key: _Optional[str] = ..., value: _Optional[_Union[_base_pb2.StringMap, _Mapping]] = ...) -> None: ...
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    CONNECTORS_FIELD_NUMBER: _ClassVar[int]
    COMMIT_VERSION_FIELD_NUMBER: _ClassVar[int]
    HISTORY_INFO_FIELD_NUMBER: _ClassVar[int]
    space_id: int
    bot_id: int
    connectors: _containers.MessageMap[str, _base_pb2.StringMap]
    commit_version: str
    history_info: str
    def __init__(self, space_id: _Optional[int] = ..., bot_id: _Optional[int] = ..., connectors: _Optional[_Mapping[str, _base_pb2.StringMap]] = ..., commit_version: _Optional[str] = ..., history_info: _Optional[str] = ...) -> None: ...

class PublishDraftBotData(_message.Message):
    __slots__ = ("publish_result", "check_not_pass", "version")
    class PublishResultEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    PUBLISH_RESULT_FIELD_NUMBER: _ClassVar[int]
    CHECK_NOT_PASS_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    publish_result: _containers.ScalarMap[str, str]
    check_not_pass: bool
    version: str
    def __init__(self, publish_result: _Optional[_Mapping[str, str]] = ..., check_not_pass: _Optional[bool] = ..., version: _Optional[str] = ...) -> None: ...

class PublishDraftBotResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: PublishDraftBotData
    def __init__(self, data: _Optional[_Union[PublishDraftBotData, _Mapping]] = ...) -> None: ...

class DraftBotDisplayInfoData(_message.Message):
    __slots__ = ("tab_display_info",)
    class TabDisplayInfoEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: int
        def __init__(self, key: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...
    TAB_DISPLAY_INFO_FIELD_NUMBER: _ClassVar[int]
    tab_display_info: _containers.ScalarMap[str, int]
    def __init__(self, tab_display_info: _Optional[_Mapping[str, int]] = ...) -> None: ...

class UpdateDraftBotDisplayInfoRequest(_message.Message):
    __slots__ = ("bot_id", "display_info", "space_id")
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    DISPLAY_INFO_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    bot_id: int
    display_info: DraftBotDisplayInfoData
    space_id: int
    def __init__(self, bot_id: _Optional[int] = ..., display_info: _Optional[_Union[DraftBotDisplayInfoData, _Mapping]] = ..., space_id: _Optional[int] = ...) -> None: ...

class UpdateDraftBotDisplayInfoResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GetDraftBotDisplayInfoRequest(_message.Message):
    __slots__ = ("bot_id", "space_id")
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    bot_id: int
    space_id: int
    def __init__(self, bot_id: _Optional[int] = ..., space_id: _Optional[int] = ...) -> None: ...

class GetDraftBotDisplayInfoResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: DraftBotDisplayInfoData
    def __init__(self, data: _Optional[_Union[DraftBotDisplayInfoData, _Mapping]] = ...) -> None: ...

class ListDraftBotHistoryRequest(_message.Message):
    __slots__ = ("space_id", "bot_id", "page_index", "page_size", "history_type")
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    PAGE_INDEX_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    HISTORY_TYPE_FIELD_NUMBER: _ClassVar[int]
    space_id: int
    bot_id: int
    page_index: int
    page_size: int
    history_type: HistoryType
    def __init__(self, space_id: _Optional[int] = ..., bot_id: _Optional[int] = ..., page_index: _Optional[int] = ..., page_size: _Optional[int] = ..., history_type: _Optional[_Union[HistoryType, str]] = ...) -> None: ...

class HistoryInfo(_message.Message):
    __slots__ = ("version", "history_type", "info", "create_time", "creator_id")
    VERSION_FIELD_NUMBER: _ClassVar[int]
    HISTORY_TYPE_FIELD_NUMBER: _ClassVar[int]
    INFO_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    CREATOR_ID_FIELD_NUMBER: _ClassVar[int]
    version: str
    history_type: HistoryType
    info: str
    create_time: str
    creator_id: int
    def __init__(self, version: _Optional[str] = ..., history_type: _Optional[_Union[HistoryType, str]] = ..., info: _Optional[str] = ..., create_time: _Optional[str] = ..., creator_id: _Optional[int] = ...) -> None: ...

class ListDraftBotHistoryData(_message.Message):
    __slots__ = ("history_infos", "total")
    HISTORY_INFOS_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    history_infos: _containers.RepeatedCompositeFieldContainer[HistoryInfo]
    total: int
    def __init__(self, history_infos: _Optional[_Iterable[_Union[HistoryInfo, _Mapping]]] = ..., total: _Optional[int] = ...) -> None: ...

class ListDraftBotHistoryResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: ListDraftBotHistoryData
    def __init__(self, data: _Optional[_Union[ListDraftBotHistoryData, _Mapping]] = ...) -> None: ...

class GetDraftBotInfoAgwRequest(_message.Message):
    __slots__ = ("bot_id", "version", "space_id")
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    bot_id: int
    version: str
    space_id: int
    def __init__(self, bot_id: _Optional[int] = ..., version: _Optional[str] = ..., space_id: _Optional[int] = ...) -> None: ...

class BotOptionData(_message.Message):
    __slots__ = ("shortcut_command_list",)
    SHORTCUT_COMMAND_LIST_FIELD_NUMBER: _ClassVar[int]
    shortcut_command_list: _containers.RepeatedCompositeFieldContainer[ShortcutCommand]
    def __init__(self, shortcut_command_list: _Optional[_Iterable[_Union[ShortcutCommand, _Mapping]]] = ...) -> None: ...

class GetDraftBotInfoAgwData(_message.Message):
    __slots__ = ("bot_info", "bot_option_data", "has_unpublished_change", "editable", "deletable", "has_publish", "space_id", "publish_time")
    BOT_INFO_FIELD_NUMBER: _ClassVar[int]
    BOT_OPTION_DATA_FIELD_NUMBER: _ClassVar[int]
    HAS_UNPUBLISHED_CHANGE_FIELD_NUMBER: _ClassVar[int]
    EDITABLE_FIELD_NUMBER: _ClassVar[int]
    DELETABLE_FIELD_NUMBER: _ClassVar[int]
    HAS_PUBLISH_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    PUBLISH_TIME_FIELD_NUMBER: _ClassVar[int]
    bot_info: BotInfo
    bot_option_data: BotOptionData
    has_unpublished_change: bool
    editable: bool
    deletable: bool
    has_publish: bool
    space_id: int
    publish_time: str
    def __init__(self, bot_info: _Optional[_Union[BotInfo, _Mapping]] = ..., bot_option_data: _Optional[_Union[BotOptionData, _Mapping]] = ..., has_unpublished_change: _Optional[bool] = ..., editable: _Optional[bool] = ..., deletable: _Optional[bool] = ..., has_publish: _Optional[bool] = ..., space_id: _Optional[int] = ..., publish_time: _Optional[str] = ...) -> None: ...

class GetDraftBotInfoAgwResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: GetDraftBotInfoAgwData
    def __init__(self, data: _Optional[_Union[GetDraftBotInfoAgwData, _Mapping]] = ...) -> None: ...

class UpdateDraftBotInfoAgwRequest(_message.Message):
    __slots__ = ("bot_info", "base_commit_version", "space_id")
    BOT_INFO_FIELD_NUMBER: _ClassVar[int]
    BASE_COMMIT_VERSION_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    bot_info: BotInfo
    base_commit_version: int
    space_id: int
    def __init__(self, bot_info: _Optional[_Union[BotInfo, _Mapping]] = ..., base_commit_version: _Optional[int] = ..., space_id: _Optional[int] = ...) -> None: ...

class UpdateDraftBotInfoAgwData(_message.Message):
    __slots__ = ("has_change", "check_not_pass")
    HAS_CHANGE_FIELD_NUMBER: _ClassVar[int]
    CHECK_NOT_PASS_FIELD_NUMBER: _ClassVar[int]
    has_change: bool
    check_not_pass: bool
    def __init__(self, has_change: _Optional[bool] = ..., check_not_pass: _Optional[bool] = ...) -> None: ...

class UpdateDraftBotInfoAgwResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: UpdateDraftBotInfoAgwData
    def __init__(self, data: _Optional[_Union[UpdateDraftBotInfoAgwData, _Mapping]] = ...) -> None: ...

class GetOnboardingRequest(_message.Message):
    __slots__ = ("bot_id", "bot_prompt", "space_id")
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    BOT_PROMPT_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    bot_id: int
    bot_prompt: str
    space_id: int
    def __init__(self, bot_id: _Optional[int] = ..., bot_prompt: _Optional[str] = ..., space_id: _Optional[int] = ...) -> None: ...

class OnboardingContent(_message.Message):
    __slots__ = ("prologue", "suggested_questions")
    PROLOGUE_FIELD_NUMBER: _ClassVar[int]
    SUGGESTED_QUESTIONS_FIELD_NUMBER: _ClassVar[int]
    prologue: str
    suggested_questions: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, prologue: _Optional[str] = ..., suggested_questions: _Optional[_Iterable[str]] = ...) -> None: ...

class GetOnboardingResponseData(_message.Message):
    __slots__ = ("onboarding_content",)
    ONBOARDING_CONTENT_FIELD_NUMBER: _ClassVar[int]
    onboarding_content: OnboardingContent
    def __init__(self, onboarding_content: _Optional[_Union[OnboardingContent, _Mapping]] = ...) -> None: ...

class GetOnboardingResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: GetOnboardingResponseData
    def __init__(self, data: _Optional[_Union[GetOnboardingResponseData, _Mapping]] = ...) -> None: ...

class CreateUpdateShortcutCommandRequest(_message.Message):
    __slots__ = ("object_id", "space_id", "shortcuts")
    OBJECT_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    SHORTCUTS_FIELD_NUMBER: _ClassVar[int]
    object_id: int
    space_id: int
    shortcuts: ShortcutCommand
    def __init__(self, object_id: _Optional[int] = ..., space_id: _Optional[int] = ..., shortcuts: _Optional[_Union[ShortcutCommand, _Mapping]] = ...) -> None: ...

class CreateUpdateShortcutCommandResponse(_message.Message):
    __slots__ = ("shortcuts",)
    SHORTCUTS_FIELD_NUMBER: _ClassVar[int]
    shortcuts: ShortcutCommand
    def __init__(self, shortcuts: _Optional[_Union[ShortcutCommand, _Mapping]] = ...) -> None: ...

class OpenAPIBotPromptInfo(_message.Message):
    __slots__ = ("prompt",)
    PROMPT_FIELD_NUMBER: _ClassVar[int]
    prompt: str
    def __init__(self, prompt: _Optional[str] = ...) -> None: ...

class OpenAPIBotOnboardingInfo(_message.Message):
    __slots__ = ("prologue", "suggested_questions")
    PROLOGUE_FIELD_NUMBER: _ClassVar[int]
    SUGGESTED_QUESTIONS_FIELD_NUMBER: _ClassVar[int]
    prologue: str
    suggested_questions: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, prologue: _Optional[str] = ..., suggested_questions: _Optional[_Iterable[str]] = ...) -> None: ...

class OpenAPIBotKnowledge(_message.Message):
    __slots__ = ("dataset_ids", "auto_call", "search_strategy")
    DATASET_IDS_FIELD_NUMBER: _ClassVar[int]
    AUTO_CALL_FIELD_NUMBER: _ClassVar[int]
    SEARCH_STRATEGY_FIELD_NUMBER: _ClassVar[int]
    dataset_ids: _containers.RepeatedScalarFieldContainer[int]
    auto_call: bool
    search_strategy: int
    def __init__(self, dataset_ids: _Optional[_Iterable[int]] = ..., auto_call: _Optional[bool] = ..., search_strategy: _Optional[int] = ...) -> None: ...

class OpenAPIBotModelInfo(_message.Message):
    __slots__ = ("model_id", "model_name", "temperature", "context_round", "max_tokens", "response_format", "top_k", "top_p", "presence_penalty", "frequency_penalty", "parameters")
    class ParametersEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    MODEL_ID_FIELD_NUMBER: _ClassVar[int]
    MODEL_NAME_FIELD_NUMBER: _ClassVar[int]
    TEMPERATURE_FIELD_NUMBER: _ClassVar[int]
    CONTEXT_ROUND_FIELD_NUMBER: _ClassVar[int]
    MAX_TOKENS_FIELD_NUMBER: _ClassVar[int]
    RESPONSE_FORMAT_FIELD_NUMBER: _ClassVar[int]
    TOP_K_FIELD_NUMBER: _ClassVar[int]
    TOP_P_FIELD_NUMBER: _ClassVar[int]
    PRESENCE_PENALTY_FIELD_NUMBER: _ClassVar[int]
    FREQUENCY_PENALTY_FIELD_NUMBER: _ClassVar[int]
    PARAMETERS_FIELD_NUMBER: _ClassVar[int]
    model_id: int
    model_name: str
    temperature: float
    context_round: int
    max_tokens: int
    response_format: str
    top_k: int
    top_p: float
    presence_penalty: float
    frequency_penalty: float
    parameters: _containers.ScalarMap[str, str]
    def __init__(self, model_id: _Optional[int] = ..., model_name: _Optional[str] = ..., temperature: _Optional[float] = ..., context_round: _Optional[int] = ..., max_tokens: _Optional[int] = ..., response_format: _Optional[str] = ..., top_k: _Optional[int] = ..., top_p: _Optional[float] = ..., presence_penalty: _Optional[float] = ..., frequency_penalty: _Optional[float] = ..., parameters: _Optional[_Mapping[str, str]] = ...) -> None: ...

class OpenAPIBotSuggestReplyInfo(_message.Message):
    __slots__ = ("reply_mode", "customized_prompt")
    REPLY_MODE_FIELD_NUMBER: _ClassVar[int]
    CUSTOMIZED_PROMPT_FIELD_NUMBER: _ClassVar[int]
    reply_mode: str
    customized_prompt: str
    def __init__(self, reply_mode: _Optional[str] = ..., customized_prompt: _Optional[str] = ...) -> None: ...

class OpenAPIPluginIDInfo(_message.Message):
    __slots__ = ("plugin_id", "api_id")
    PLUGIN_ID_FIELD_NUMBER: _ClassVar[int]
    API_ID_FIELD_NUMBER: _ClassVar[int]
    plugin_id: int
    api_id: int
    def __init__(self, plugin_id: _Optional[int] = ..., api_id: _Optional[int] = ...) -> None: ...

class OpenAPIPluginIDList(_message.Message):
    __slots__ = ("id_list",)
    ID_LIST_FIELD_NUMBER: _ClassVar[int]
    id_list: _containers.RepeatedCompositeFieldContainer[OpenAPIPluginIDInfo]
    def __init__(self, id_list: _Optional[_Iterable[_Union[OpenAPIPluginIDInfo, _Mapping]]] = ...) -> None: ...

class OpenAPIWorkflowIDInfo(_message.Message):
    __slots__ = ("id",)
    ID_FIELD_NUMBER: _ClassVar[int]
    id: int
    def __init__(self, id: _Optional[int] = ...) -> None: ...

class OpenAPIWorkflowIDList(_message.Message):
    __slots__ = ("ids",)
    IDS_FIELD_NUMBER: _ClassVar[int]
    ids: _containers.RepeatedCompositeFieldContainer[OpenAPIWorkflowIDInfo]
    def __init__(self, ids: _Optional[_Iterable[_Union[OpenAPIWorkflowIDInfo, _Mapping]]] = ...) -> None: ...

class OpenAPIBotPluginAPIInfo(_message.Message):
    __slots__ = ("api_id", "name", "description")
    API_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    api_id: int
    name: str
    description: str
    def __init__(self, api_id: _Optional[int] = ..., name: _Optional[str] = ..., description: _Optional[str] = ...) -> None: ...

class OpenAPIBotPluginInfo(_message.Message):
    __slots__ = ("plugin_id", "name", "description", "icon_url", "api_info_list")
    PLUGIN_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    ICON_URL_FIELD_NUMBER: _ClassVar[int]
    API_INFO_LIST_FIELD_NUMBER: _ClassVar[int]
    plugin_id: int
    name: str
    description: str
    icon_url: str
    api_info_list: _containers.RepeatedCompositeFieldContainer[OpenAPIBotPluginAPIInfo]
    def __init__(self, plugin_id: _Optional[int] = ..., name: _Optional[str] = ..., description: _Optional[str] = ..., icon_url: _Optional[str] = ..., api_info_list: _Optional[_Iterable[_Union[OpenAPIBotPluginAPIInfo, _Mapping]]] = ...) -> None: ...

class OpenAPIBotWorkflowInfo(_message.Message):
    __slots__ = ("id", "name", "description", "icon_url")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    ICON_URL_FIELD_NUMBER: _ClassVar[int]
    id: int
    name: str
    description: str
    icon_url: str
    def __init__(self, id: _Optional[int] = ..., name: _Optional[str] = ..., description: _Optional[str] = ..., icon_url: _Optional[str] = ...) -> None: ...

class OpenAPIBotVariable(_message.Message):
    __slots__ = ("keyword", "default_value", "variable_type", "channel", "description", "enable", "prompt_enable")
    KEYWORD_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_VALUE_FIELD_NUMBER: _ClassVar[int]
    VARIABLE_TYPE_FIELD_NUMBER: _ClassVar[int]
    CHANNEL_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    ENABLE_FIELD_NUMBER: _ClassVar[int]
    PROMPT_ENABLE_FIELD_NUMBER: _ClassVar[int]
    keyword: str
    default_value: str
    variable_type: str
    channel: str
    description: str
    enable: bool
    prompt_enable: bool
    def __init__(self, keyword: _Optional[str] = ..., default_value: _Optional[str] = ..., variable_type: _Optional[str] = ..., channel: _Optional[str] = ..., description: _Optional[str] = ..., enable: _Optional[bool] = ..., prompt_enable: _Optional[bool] = ...) -> None: ...

class ShortcutCommandInfo(_message.Message):
    __slots__ = ("id", "name", "command", "description", "query_template", "icon_url")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    COMMAND_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    QUERY_TEMPLATE_FIELD_NUMBER: _ClassVar[int]
    ICON_URL_FIELD_NUMBER: _ClassVar[int]
    id: int
    name: str
    command: str
    description: str
    query_template: str
    icon_url: str
    def __init__(self, id: _Optional[int] = ..., name: _Optional[str] = ..., command: _Optional[str] = ..., description: _Optional[str] = ..., query_template: _Optional[str] = ..., icon_url: _Optional[str] = ...) -> None: ...

class OpenAPIBotInfo(_message.Message):
    __slots__ = ("bot_id", "name", "description", "icon_url", "create_time", "update_time", "version", "prompt_info", "onboarding_info", "bot_mode", "model_info", "plugin_info_list", "knowledge", "workflow_info_list", "shortcut_commands", "default_user_input_type", "suggest_reply_info", "variables", "owner_user_id")
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    ICON_URL_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    UPDATE_TIME_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    PROMPT_INFO_FIELD_NUMBER: _ClassVar[int]
    ONBOARDING_INFO_FIELD_NUMBER: _ClassVar[int]
    BOT_MODE_FIELD_NUMBER: _ClassVar[int]
    MODEL_INFO_FIELD_NUMBER: _ClassVar[int]
    PLUGIN_INFO_LIST_FIELD_NUMBER: _ClassVar[int]
    KNOWLEDGE_FIELD_NUMBER: _ClassVar[int]
    WORKFLOW_INFO_LIST_FIELD_NUMBER: _ClassVar[int]
    SHORTCUT_COMMANDS_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_USER_INPUT_TYPE_FIELD_NUMBER: _ClassVar[int]
    SUGGEST_REPLY_INFO_FIELD_NUMBER: _ClassVar[int]
    VARIABLES_FIELD_NUMBER: _ClassVar[int]
    OWNER_USER_ID_FIELD_NUMBER: _ClassVar[int]
    bot_id: int
    name: str
    description: str
    icon_url: str
    create_time: int
    update_time: int
    version: str
    prompt_info: OpenAPIBotPromptInfo
    onboarding_info: OpenAPIBotOnboardingInfo
    bot_mode: BotMode
    model_info: OpenAPIBotModelInfo
    plugin_info_list: _containers.RepeatedCompositeFieldContainer[OpenAPIBotPluginInfo]
    knowledge: OpenAPIBotKnowledge
    workflow_info_list: _containers.RepeatedCompositeFieldContainer[OpenAPIBotWorkflowInfo]
    shortcut_commands: _containers.RepeatedCompositeFieldContainer[ShortcutCommandInfo]
    default_user_input_type: str
    suggest_reply_info: OpenAPIBotSuggestReplyInfo
    variables: _containers.RepeatedCompositeFieldContainer[OpenAPIBotVariable]
    owner_user_id: int
    def __init__(self, bot_id: _Optional[int] = ..., name: _Optional[str] = ..., description: _Optional[str] = ..., icon_url: _Optional[str] = ..., create_time: _Optional[int] = ..., update_time: _Optional[int] = ..., version: _Optional[str] = ..., prompt_info: _Optional[_Union[OpenAPIBotPromptInfo, _Mapping]] = ..., onboarding_info: _Optional[_Union[OpenAPIBotOnboardingInfo, _Mapping]] = ..., bot_mode: _Optional[_Union[BotMode, str]] = ..., model_info: _Optional[_Union[OpenAPIBotModelInfo, _Mapping]] = ..., plugin_info_list: _Optional[_Iterable[_Union[OpenAPIBotPluginInfo, _Mapping]]] = ..., knowledge: _Optional[_Union[OpenAPIBotKnowledge, _Mapping]] = ..., workflow_info_list: _Optional[_Iterable[_Union[OpenAPIBotWorkflowInfo, _Mapping]]] = ..., shortcut_commands: _Optional[_Iterable[_Union[ShortcutCommandInfo, _Mapping]]] = ..., default_user_input_type: _Optional[str] = ..., suggest_reply_info: _Optional[_Union[OpenAPIBotSuggestReplyInfo, _Mapping]] = ..., variables: _Optional[_Iterable[_Union[OpenAPIBotVariable, _Mapping]]] = ..., owner_user_id: _Optional[int] = ...) -> None: ...

class OpenGetBotInfoRequest(_message.Message):
    __slots__ = ("bot_id", "is_published", "connector_id", "space_id")
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    IS_PUBLISHED_FIELD_NUMBER: _ClassVar[int]
    CONNECTOR_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    bot_id: int
    is_published: bool
    connector_id: int
    space_id: int
    def __init__(self, bot_id: _Optional[int] = ..., is_published: _Optional[bool] = ..., connector_id: _Optional[int] = ..., space_id: _Optional[int] = ...) -> None: ...

class OpenGetBotInfoResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: OpenAPIBotInfo
    def __init__(self, data: _Optional[_Union[OpenAPIBotInfo, _Mapping]] = ...) -> None: ...

class OpenGetBotOnlineInfoRequest(_message.Message):
    __slots__ = ("bot_id", "space_id")
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    bot_id: int
    space_id: int
    def __init__(self, bot_id: _Optional[int] = ..., space_id: _Optional[int] = ...) -> None: ...

class OpenGetBotOnlineInfoResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: OpenAPIBotInfo
    def __init__(self, data: _Optional[_Union[OpenAPIBotInfo, _Mapping]] = ...) -> None: ...

class OpenCreateBotRequest(_message.Message):
    __slots__ = ("space_id", "name", "description", "icon_file_id", "prompt_info", "onboarding_info", "suggest_reply_info", "model_info_config", "plugin_id_list", "workflow_id_list")
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    ICON_FILE_ID_FIELD_NUMBER: _ClassVar[int]
    PROMPT_INFO_FIELD_NUMBER: _ClassVar[int]
    ONBOARDING_INFO_FIELD_NUMBER: _ClassVar[int]
    SUGGEST_REPLY_INFO_FIELD_NUMBER: _ClassVar[int]
    MODEL_INFO_CONFIG_FIELD_NUMBER: _ClassVar[int]
    PLUGIN_ID_LIST_FIELD_NUMBER: _ClassVar[int]
    WORKFLOW_ID_LIST_FIELD_NUMBER: _ClassVar[int]
    space_id: int
    name: str
    description: str
    icon_file_id: int
    prompt_info: OpenAPIBotPromptInfo
    onboarding_info: OpenAPIBotOnboardingInfo
    suggest_reply_info: OpenAPIBotSuggestReplyInfo
    model_info_config: OpenAPIBotModelInfo
    plugin_id_list: OpenAPIPluginIDList
    workflow_id_list: OpenAPIWorkflowIDList
    def __init__(self, space_id: _Optional[int] = ..., name: _Optional[str] = ..., description: _Optional[str] = ..., icon_file_id: _Optional[int] = ..., prompt_info: _Optional[_Union[OpenAPIBotPromptInfo, _Mapping]] = ..., onboarding_info: _Optional[_Union[OpenAPIBotOnboardingInfo, _Mapping]] = ..., suggest_reply_info: _Optional[_Union[OpenAPIBotSuggestReplyInfo, _Mapping]] = ..., model_info_config: _Optional[_Union[OpenAPIBotModelInfo, _Mapping]] = ..., plugin_id_list: _Optional[_Union[OpenAPIPluginIDList, _Mapping]] = ..., workflow_id_list: _Optional[_Union[OpenAPIWorkflowIDList, _Mapping]] = ...) -> None: ...

class OpenBotIdData(_message.Message):
    __slots__ = ("bot_id",)
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    bot_id: int
    def __init__(self, bot_id: _Optional[int] = ...) -> None: ...

class OpenCreateBotResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: OpenBotIdData
    def __init__(self, data: _Optional[_Union[OpenBotIdData, _Mapping]] = ...) -> None: ...

class OpenUpdateBotRequest(_message.Message):
    __slots__ = ("bot_id", "name", "description", "icon_file_id", "prompt_info", "onboarding_info", "knowledge", "suggest_reply_info", "model_info_config", "plugin_id_list", "workflow_id_list", "space_id")
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    ICON_FILE_ID_FIELD_NUMBER: _ClassVar[int]
    PROMPT_INFO_FIELD_NUMBER: _ClassVar[int]
    ONBOARDING_INFO_FIELD_NUMBER: _ClassVar[int]
    KNOWLEDGE_FIELD_NUMBER: _ClassVar[int]
    SUGGEST_REPLY_INFO_FIELD_NUMBER: _ClassVar[int]
    MODEL_INFO_CONFIG_FIELD_NUMBER: _ClassVar[int]
    PLUGIN_ID_LIST_FIELD_NUMBER: _ClassVar[int]
    WORKFLOW_ID_LIST_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    bot_id: int
    name: str
    description: str
    icon_file_id: int
    prompt_info: OpenAPIBotPromptInfo
    onboarding_info: OpenAPIBotOnboardingInfo
    knowledge: OpenAPIBotKnowledge
    suggest_reply_info: OpenAPIBotSuggestReplyInfo
    model_info_config: OpenAPIBotModelInfo
    plugin_id_list: OpenAPIPluginIDList
    workflow_id_list: OpenAPIWorkflowIDList
    space_id: int
    def __init__(self, bot_id: _Optional[int] = ..., name: _Optional[str] = ..., description: _Optional[str] = ..., icon_file_id: _Optional[int] = ..., prompt_info: _Optional[_Union[OpenAPIBotPromptInfo, _Mapping]] = ..., onboarding_info: _Optional[_Union[OpenAPIBotOnboardingInfo, _Mapping]] = ..., knowledge: _Optional[_Union[OpenAPIBotKnowledge, _Mapping]] = ..., suggest_reply_info: _Optional[_Union[OpenAPIBotSuggestReplyInfo, _Mapping]] = ..., model_info_config: _Optional[_Union[OpenAPIBotModelInfo, _Mapping]] = ..., plugin_id_list: _Optional[_Union[OpenAPIPluginIDList, _Mapping]] = ..., workflow_id_list: _Optional[_Union[OpenAPIWorkflowIDList, _Mapping]] = ..., space_id: _Optional[int] = ...) -> None: ...

class OpenUpdateBotResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class OpenPublishBotRequest(_message.Message):
    __slots__ = ("bot_id", "connector_ids", "space_id")
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    CONNECTOR_IDS_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    bot_id: int
    connector_ids: _containers.RepeatedScalarFieldContainer[str]
    space_id: int
    def __init__(self, bot_id: _Optional[int] = ..., connector_ids: _Optional[_Iterable[str]] = ..., space_id: _Optional[int] = ...) -> None: ...

class OpenPublishBotData(_message.Message):
    __slots__ = ("bot_id", "version")
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    bot_id: int
    version: str
    def __init__(self, bot_id: _Optional[int] = ..., version: _Optional[str] = ...) -> None: ...

class OpenPublishBotResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: OpenPublishBotData
    def __init__(self, data: _Optional[_Union[OpenPublishBotData, _Mapping]] = ...) -> None: ...

class OpenUnpublishBotRequest(_message.Message):
    __slots__ = ("bot_id", "connector_id", "unpublish_reason", "space_id")
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    CONNECTOR_ID_FIELD_NUMBER: _ClassVar[int]
    UNPUBLISH_REASON_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    bot_id: int
    connector_id: str
    unpublish_reason: str
    space_id: int
    def __init__(self, bot_id: _Optional[int] = ..., connector_id: _Optional[str] = ..., unpublish_reason: _Optional[str] = ..., space_id: _Optional[int] = ...) -> None: ...

class OpenUnpublishBotResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class OpenAPISimpleBot(_message.Message):
    __slots__ = ("id", "name", "description", "icon_url", "is_published", "updated_at", "owner_user_id", "published_at")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    ICON_URL_FIELD_NUMBER: _ClassVar[int]
    IS_PUBLISHED_FIELD_NUMBER: _ClassVar[int]
    UPDATED_AT_FIELD_NUMBER: _ClassVar[int]
    OWNER_USER_ID_FIELD_NUMBER: _ClassVar[int]
    PUBLISHED_AT_FIELD_NUMBER: _ClassVar[int]
    id: int
    name: str
    description: str
    icon_url: str
    is_published: bool
    updated_at: int
    owner_user_id: int
    published_at: int
    def __init__(self, id: _Optional[int] = ..., name: _Optional[str] = ..., description: _Optional[str] = ..., icon_url: _Optional[str] = ..., is_published: _Optional[bool] = ..., updated_at: _Optional[int] = ..., owner_user_id: _Optional[int] = ..., published_at: _Optional[int] = ...) -> None: ...

class OpenListBotsRequest(_message.Message):
    __slots__ = ("workspace_id", "publish_status", "connector_id", "page_num", "page_index", "page_size")
    WORKSPACE_ID_FIELD_NUMBER: _ClassVar[int]
    PUBLISH_STATUS_FIELD_NUMBER: _ClassVar[int]
    CONNECTOR_ID_FIELD_NUMBER: _ClassVar[int]
    PAGE_NUM_FIELD_NUMBER: _ClassVar[int]
    PAGE_INDEX_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    workspace_id: int
    publish_status: str
    connector_id: str
    page_num: int
    page_index: int
    page_size: int
    def __init__(self, workspace_id: _Optional[int] = ..., publish_status: _Optional[str] = ..., connector_id: _Optional[str] = ..., page_num: _Optional[int] = ..., page_index: _Optional[int] = ..., page_size: _Optional[int] = ...) -> None: ...

class OpenListBotsData(_message.Message):
    __slots__ = ("items", "total")
    ITEMS_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    items: _containers.RepeatedCompositeFieldContainer[OpenAPISimpleBot]
    total: int
    def __init__(self, items: _Optional[_Iterable[_Union[OpenAPISimpleBot, _Mapping]]] = ..., total: _Optional[int] = ...) -> None: ...

class OpenListBotsResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: OpenListBotsData
    def __init__(self, data: _Optional[_Union[OpenListBotsData, _Mapping]] = ...) -> None: ...

class OpenAPISpaceBot(_message.Message):
    __slots__ = ("bot_id", "bot_name", "description", "icon_url", "publish_time")
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    BOT_NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    ICON_URL_FIELD_NUMBER: _ClassVar[int]
    PUBLISH_TIME_FIELD_NUMBER: _ClassVar[int]
    bot_id: int
    bot_name: str
    description: str
    icon_url: str
    publish_time: str
    def __init__(self, bot_id: _Optional[int] = ..., bot_name: _Optional[str] = ..., description: _Optional[str] = ..., icon_url: _Optional[str] = ..., publish_time: _Optional[str] = ...) -> None: ...

class OpenListPublishedBotsRequest(_message.Message):
    __slots__ = ("space_id", "page_index", "page_size")
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    PAGE_INDEX_FIELD_NUMBER: _ClassVar[int]
    PAGE_SIZE_FIELD_NUMBER: _ClassVar[int]
    space_id: int
    page_index: int
    page_size: int
    def __init__(self, space_id: _Optional[int] = ..., page_index: _Optional[int] = ..., page_size: _Optional[int] = ...) -> None: ...

class OpenListPublishedBotsData(_message.Message):
    __slots__ = ("space_bots", "total")
    SPACE_BOTS_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    space_bots: _containers.RepeatedCompositeFieldContainer[OpenAPISpaceBot]
    total: int
    def __init__(self, space_bots: _Optional[_Iterable[_Union[OpenAPISpaceBot, _Mapping]]] = ..., total: _Optional[int] = ...) -> None: ...

class OpenListPublishedBotsResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: OpenListPublishedBotsData
    def __init__(self, data: _Optional[_Union[OpenListPublishedBotsData, _Mapping]] = ...) -> None: ...

class OpenVariableValue(_message.Message):
    __slots__ = ("keyword", "value", "create_time", "update_time")
    KEYWORD_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    UPDATE_TIME_FIELD_NUMBER: _ClassVar[int]
    keyword: str
    value: str
    create_time: int
    update_time: int
    def __init__(self, keyword: _Optional[str] = ..., value: _Optional[str] = ..., create_time: _Optional[int] = ..., update_time: _Optional[int] = ...) -> None: ...

class OpenGetVariablesRequest(_message.Message):
    __slots__ = ("bot_id", "app_id", "connector_id", "connector_uid", "keywords")
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    APP_ID_FIELD_NUMBER: _ClassVar[int]
    CONNECTOR_ID_FIELD_NUMBER: _ClassVar[int]
    CONNECTOR_UID_FIELD_NUMBER: _ClassVar[int]
    KEYWORDS_FIELD_NUMBER: _ClassVar[int]
    bot_id: int
    app_id: str
    connector_id: str
    connector_uid: str
    keywords: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, bot_id: _Optional[int] = ..., app_id: _Optional[str] = ..., connector_id: _Optional[str] = ..., connector_uid: _Optional[str] = ..., keywords: _Optional[_Iterable[str]] = ...) -> None: ...

class OpenGetVariablesData(_message.Message):
    __slots__ = ("items",)
    ITEMS_FIELD_NUMBER: _ClassVar[int]
    items: _containers.RepeatedCompositeFieldContainer[OpenVariableValue]
    def __init__(self, items: _Optional[_Iterable[_Union[OpenVariableValue, _Mapping]]] = ...) -> None: ...

class OpenGetVariablesResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: OpenGetVariablesData
    def __init__(self, data: _Optional[_Union[OpenGetVariablesData, _Mapping]] = ...) -> None: ...

class OpenSetVariablesRequest(_message.Message):
    __slots__ = ("bot_id", "app_id", "connector_id", "connector_uid", "data")
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    APP_ID_FIELD_NUMBER: _ClassVar[int]
    CONNECTOR_ID_FIELD_NUMBER: _ClassVar[int]
    CONNECTOR_UID_FIELD_NUMBER: _ClassVar[int]
    DATA_FIELD_NUMBER: _ClassVar[int]
    bot_id: int
    app_id: str
    connector_id: str
    connector_uid: str
    data: _containers.RepeatedCompositeFieldContainer[OpenVariableValue]
    def __init__(self, bot_id: _Optional[int] = ..., app_id: _Optional[str] = ..., connector_id: _Optional[str] = ..., connector_uid: _Optional[str] = ..., data: _Optional[_Iterable[_Union[OpenVariableValue, _Mapping]]] = ...) -> None: ...

class OpenSetVariablesResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class KVItem(_message.Message):
    __slots__ = ("keyword", "value", "create_time", "update_time", "is_system", "prompt_disabled", "schema")
    KEYWORD_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    UPDATE_TIME_FIELD_NUMBER: _ClassVar[int]
    IS_SYSTEM_FIELD_NUMBER: _ClassVar[int]
    PROMPT_DISABLED_FIELD_NUMBER: _ClassVar[int]
    SCHEMA_FIELD_NUMBER: _ClassVar[int]
    keyword: str
    value: str
    create_time: int
    update_time: int
    is_system: bool
    prompt_disabled: bool
    schema: str
    def __init__(self, keyword: _Optional[str] = ..., value: _Optional[str] = ..., create_time: _Optional[int] = ..., update_time: _Optional[int] = ..., is_system: _Optional[bool] = ..., prompt_disabled: _Optional[bool] = ..., schema: _Optional[str] = ...) -> None: ...

class GetMemoryVariableMetaRequest(_message.Message):
    __slots__ = ("bot_id", "version", "space_id")
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    bot_id: int
    version: str
    space_id: int
    def __init__(self, bot_id: _Optional[int] = ..., version: _Optional[str] = ..., space_id: _Optional[int] = ...) -> None: ...

class MemoryVariable(_message.Message):
    __slots__ = ("keyword", "default_value", "description", "channel", "enable", "prompt_disabled", "is_read_only")
    KEYWORD_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_VALUE_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    CHANNEL_FIELD_NUMBER: _ClassVar[int]
    ENABLE_FIELD_NUMBER: _ClassVar[int]
    PROMPT_DISABLED_FIELD_NUMBER: _ClassVar[int]
    IS_READ_ONLY_FIELD_NUMBER: _ClassVar[int]
    keyword: str
    default_value: str
    description: str
    channel: VariableChannel
    enable: bool
    prompt_disabled: bool
    is_read_only: bool
    def __init__(self, keyword: _Optional[str] = ..., default_value: _Optional[str] = ..., description: _Optional[str] = ..., channel: _Optional[_Union[VariableChannel, str]] = ..., enable: _Optional[bool] = ..., prompt_disabled: _Optional[bool] = ..., is_read_only: _Optional[bool] = ...) -> None: ...

class GetMemoryVariableMetaResponse(_message.Message):
    __slots__ = ("variable_list",)
    VARIABLE_LIST_FIELD_NUMBER: _ClassVar[int]
    variable_list: _containers.RepeatedCompositeFieldContainer[MemoryVariable]
    def __init__(self, variable_list: _Optional[_Iterable[_Union[MemoryVariable, _Mapping]]] = ...) -> None: ...

class GetProfileMemoryRequest(_message.Message):
    __slots__ = ("user_id", "bot_id", "keywords", "connector_id", "space_id")
    USER_ID_FIELD_NUMBER: _ClassVar[int]
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    KEYWORDS_FIELD_NUMBER: _ClassVar[int]
    CONNECTOR_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    user_id: int
    bot_id: int
    keywords: _containers.RepeatedScalarFieldContainer[str]
    connector_id: int
    space_id: int
    def __init__(self, user_id: _Optional[int] = ..., bot_id: _Optional[int] = ..., keywords: _Optional[_Iterable[str]] = ..., connector_id: _Optional[int] = ..., space_id: _Optional[int] = ...) -> None: ...

class GetProfileMemoryResponse(_message.Message):
    __slots__ = ("memories",)
    MEMORIES_FIELD_NUMBER: _ClassVar[int]
    memories: _containers.RepeatedCompositeFieldContainer[KVItem]
    def __init__(self, memories: _Optional[_Iterable[_Union[KVItem, _Mapping]]] = ...) -> None: ...

class SetKvMemoryRequest(_message.Message):
    __slots__ = ("bot_id", "user_id", "data", "connector_id", "space_id")
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    USER_ID_FIELD_NUMBER: _ClassVar[int]
    DATA_FIELD_NUMBER: _ClassVar[int]
    CONNECTOR_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    bot_id: int
    user_id: int
    data: _containers.RepeatedCompositeFieldContainer[KVItem]
    connector_id: int
    space_id: int
    def __init__(self, bot_id: _Optional[int] = ..., user_id: _Optional[int] = ..., data: _Optional[_Iterable[_Union[KVItem, _Mapping]]] = ..., connector_id: _Optional[int] = ..., space_id: _Optional[int] = ...) -> None: ...

class SetKvMemoryResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class DelProfileMemoryRequest(_message.Message):
    __slots__ = ("user_id", "bot_id", "keywords", "connector_id", "space_id")
    USER_ID_FIELD_NUMBER: _ClassVar[int]
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    KEYWORDS_FIELD_NUMBER: _ClassVar[int]
    CONNECTOR_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    user_id: int
    bot_id: int
    keywords: _containers.RepeatedScalarFieldContainer[str]
    connector_id: int
    space_id: int
    def __init__(self, user_id: _Optional[int] = ..., bot_id: _Optional[int] = ..., keywords: _Optional[_Iterable[str]] = ..., connector_id: _Optional[int] = ..., space_id: _Optional[int] = ...) -> None: ...

class DelProfileMemoryResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class DatabaseInfo(_message.Message):
    __slots__ = ("id", "space_id", "icon_url", "icon_uri", "table_name", "table_desc", "creator_id", "create_time", "update_time", "field_list", "actual_table_name", "rw_mode", "prompt_disabled", "is_visible", "draft_id", "bot_id", "is_added_to_bot")
    ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    ICON_URL_FIELD_NUMBER: _ClassVar[int]
    ICON_URI_FIELD_NUMBER: _ClassVar[int]
    TABLE_NAME_FIELD_NUMBER: _ClassVar[int]
    TABLE_DESC_FIELD_NUMBER: _ClassVar[int]
    CREATOR_ID_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    UPDATE_TIME_FIELD_NUMBER: _ClassVar[int]
    FIELD_LIST_FIELD_NUMBER: _ClassVar[int]
    ACTUAL_TABLE_NAME_FIELD_NUMBER: _ClassVar[int]
    RW_MODE_FIELD_NUMBER: _ClassVar[int]
    PROMPT_DISABLED_FIELD_NUMBER: _ClassVar[int]
    IS_VISIBLE_FIELD_NUMBER: _ClassVar[int]
    DRAFT_ID_FIELD_NUMBER: _ClassVar[int]
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    IS_ADDED_TO_BOT_FIELD_NUMBER: _ClassVar[int]
    id: int
    space_id: int
    icon_url: str
    icon_uri: str
    table_name: str
    table_desc: str
    creator_id: int
    create_time: int
    update_time: int
    field_list: _containers.RepeatedCompositeFieldContainer[FieldItem]
    actual_table_name: str
    rw_mode: BotTableRWMode
    prompt_disabled: bool
    is_visible: bool
    draft_id: int
    bot_id: int
    is_added_to_bot: bool
    def __init__(self, id: _Optional[int] = ..., space_id: _Optional[int] = ..., icon_url: _Optional[str] = ..., icon_uri: _Optional[str] = ..., table_name: _Optional[str] = ..., table_desc: _Optional[str] = ..., creator_id: _Optional[int] = ..., create_time: _Optional[int] = ..., update_time: _Optional[int] = ..., field_list: _Optional[_Iterable[_Union[FieldItem, _Mapping]]] = ..., actual_table_name: _Optional[str] = ..., rw_mode: _Optional[_Union[BotTableRWMode, str]] = ..., prompt_disabled: _Optional[bool] = ..., is_visible: _Optional[bool] = ..., draft_id: _Optional[int] = ..., bot_id: _Optional[int] = ..., is_added_to_bot: _Optional[bool] = ...) -> None: ...

class AddDatabaseRequest(_message.Message):
    __slots__ = ("space_id", "icon_uri", "table_name", "table_desc", "field_list", "rw_mode", "prompt_disabled", "bot_id")
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    ICON_URI_FIELD_NUMBER: _ClassVar[int]
    TABLE_NAME_FIELD_NUMBER: _ClassVar[int]
    TABLE_DESC_FIELD_NUMBER: _ClassVar[int]
    FIELD_LIST_FIELD_NUMBER: _ClassVar[int]
    RW_MODE_FIELD_NUMBER: _ClassVar[int]
    PROMPT_DISABLED_FIELD_NUMBER: _ClassVar[int]
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    space_id: int
    icon_uri: str
    table_name: str
    table_desc: str
    field_list: _containers.RepeatedCompositeFieldContainer[FieldItem]
    rw_mode: BotTableRWMode
    prompt_disabled: bool
    bot_id: int
    def __init__(self, space_id: _Optional[int] = ..., icon_uri: _Optional[str] = ..., table_name: _Optional[str] = ..., table_desc: _Optional[str] = ..., field_list: _Optional[_Iterable[_Union[FieldItem, _Mapping]]] = ..., rw_mode: _Optional[_Union[BotTableRWMode, str]] = ..., prompt_disabled: _Optional[bool] = ..., bot_id: _Optional[int] = ...) -> None: ...

class AddDatabaseResponse(_message.Message):
    __slots__ = ("database_info",)
    DATABASE_INFO_FIELD_NUMBER: _ClassVar[int]
    database_info: DatabaseInfo
    def __init__(self, database_info: _Optional[_Union[DatabaseInfo, _Mapping]] = ...) -> None: ...

class UpdateDatabaseRequest(_message.Message):
    __slots__ = ("id", "icon_uri", "table_name", "table_desc", "field_list", "rw_mode", "prompt_disabled", "space_id")
    ID_FIELD_NUMBER: _ClassVar[int]
    ICON_URI_FIELD_NUMBER: _ClassVar[int]
    TABLE_NAME_FIELD_NUMBER: _ClassVar[int]
    TABLE_DESC_FIELD_NUMBER: _ClassVar[int]
    FIELD_LIST_FIELD_NUMBER: _ClassVar[int]
    RW_MODE_FIELD_NUMBER: _ClassVar[int]
    PROMPT_DISABLED_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    id: int
    icon_uri: str
    table_name: str
    table_desc: str
    field_list: _containers.RepeatedCompositeFieldContainer[FieldItem]
    rw_mode: BotTableRWMode
    prompt_disabled: bool
    space_id: int
    def __init__(self, id: _Optional[int] = ..., icon_uri: _Optional[str] = ..., table_name: _Optional[str] = ..., table_desc: _Optional[str] = ..., field_list: _Optional[_Iterable[_Union[FieldItem, _Mapping]]] = ..., rw_mode: _Optional[_Union[BotTableRWMode, str]] = ..., prompt_disabled: _Optional[bool] = ..., space_id: _Optional[int] = ...) -> None: ...

class UpdateDatabaseResponse(_message.Message):
    __slots__ = ("database_info",)
    DATABASE_INFO_FIELD_NUMBER: _ClassVar[int]
    database_info: DatabaseInfo
    def __init__(self, database_info: _Optional[_Union[DatabaseInfo, _Mapping]] = ...) -> None: ...

class DeleteDatabaseRequest(_message.Message):
    __slots__ = ("id", "space_id")
    ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    id: int
    space_id: int
    def __init__(self, id: _Optional[int] = ..., space_id: _Optional[int] = ...) -> None: ...

class DeleteDatabaseResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListDatabaseRequest(_message.Message):
    __slots__ = ("space_id", "bot_id", "table_name", "table_type", "offset", "limit")
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    TABLE_NAME_FIELD_NUMBER: _ClassVar[int]
    TABLE_TYPE_FIELD_NUMBER: _ClassVar[int]
    OFFSET_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    space_id: int
    bot_id: int
    table_name: str
    table_type: TableType
    offset: int
    limit: int
    def __init__(self, space_id: _Optional[int] = ..., bot_id: _Optional[int] = ..., table_name: _Optional[str] = ..., table_type: _Optional[_Union[TableType, str]] = ..., offset: _Optional[int] = ..., limit: _Optional[int] = ...) -> None: ...

class ListDatabaseResponse(_message.Message):
    __slots__ = ("database_info_list", "has_more", "total_count")
    DATABASE_INFO_LIST_FIELD_NUMBER: _ClassVar[int]
    HAS_MORE_FIELD_NUMBER: _ClassVar[int]
    TOTAL_COUNT_FIELD_NUMBER: _ClassVar[int]
    database_info_list: _containers.RepeatedCompositeFieldContainer[DatabaseInfo]
    has_more: bool
    total_count: int
    def __init__(self, database_info_list: _Optional[_Iterable[_Union[DatabaseInfo, _Mapping]]] = ..., has_more: _Optional[bool] = ..., total_count: _Optional[int] = ...) -> None: ...

class GetDatabaseByIDRequest(_message.Message):
    __slots__ = ("id", "is_draft", "need_sys_fields", "space_id")
    ID_FIELD_NUMBER: _ClassVar[int]
    IS_DRAFT_FIELD_NUMBER: _ClassVar[int]
    NEED_SYS_FIELDS_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    id: int
    is_draft: bool
    need_sys_fields: bool
    space_id: int
    def __init__(self, id: _Optional[int] = ..., is_draft: _Optional[bool] = ..., need_sys_fields: _Optional[bool] = ..., space_id: _Optional[int] = ...) -> None: ...

class GetDatabaseByIDResponse(_message.Message):
    __slots__ = ("database_info",)
    DATABASE_INFO_FIELD_NUMBER: _ClassVar[int]
    database_info: DatabaseInfo
    def __init__(self, database_info: _Optional[_Union[DatabaseInfo, _Mapping]] = ...) -> None: ...

class BindDatabaseToBotRequest(_message.Message):
    __slots__ = ("database_id", "bot_id", "space_id")
    DATABASE_ID_FIELD_NUMBER: _ClassVar[int]
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    database_id: int
    bot_id: int
    space_id: int
    def __init__(self, database_id: _Optional[int] = ..., bot_id: _Optional[int] = ..., space_id: _Optional[int] = ...) -> None: ...

class BindDatabaseToBotResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class UnBindDatabaseToBotRequest(_message.Message):
    __slots__ = ("database_id", "bot_id", "space_id")
    DATABASE_ID_FIELD_NUMBER: _ClassVar[int]
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    database_id: int
    bot_id: int
    space_id: int
    def __init__(self, database_id: _Optional[int] = ..., bot_id: _Optional[int] = ..., space_id: _Optional[int] = ...) -> None: ...

class UnBindDatabaseToBotResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListDatabaseRecordsRequest(_message.Message):
    __slots__ = ("database_id", "bot_id", "workflow_id", "not_filter_by_user_id", "table_type", "limit", "offset", "space_id")
    DATABASE_ID_FIELD_NUMBER: _ClassVar[int]
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    WORKFLOW_ID_FIELD_NUMBER: _ClassVar[int]
    NOT_FILTER_BY_USER_ID_FIELD_NUMBER: _ClassVar[int]
    TABLE_TYPE_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    OFFSET_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    database_id: int
    bot_id: int
    workflow_id: int
    not_filter_by_user_id: bool
    table_type: TableType
    limit: int
    offset: int
    space_id: int
    def __init__(self, database_id: _Optional[int] = ..., bot_id: _Optional[int] = ..., workflow_id: _Optional[int] = ..., not_filter_by_user_id: _Optional[bool] = ..., table_type: _Optional[_Union[TableType, str]] = ..., limit: _Optional[int] = ..., offset: _Optional[int] = ..., space_id: _Optional[int] = ...) -> None: ...

class ListDatabaseRecordsResponse(_message.Message):
    __slots__ = ("data", "HasMore", "TotalNum", "field_list")
    DATA_FIELD_NUMBER: _ClassVar[int]
    HASMORE_FIELD_NUMBER: _ClassVar[int]
    TOTALNUM_FIELD_NUMBER: _ClassVar[int]
    FIELD_LIST_FIELD_NUMBER: _ClassVar[int]
    data: _containers.RepeatedCompositeFieldContainer[_base_pb2.StringMap]
    HasMore: bool
    TotalNum: int
    field_list: _containers.RepeatedCompositeFieldContainer[FieldItem]
    def __init__(self, data: _Optional[_Iterable[_Union[_base_pb2.StringMap, _Mapping]]] = ..., HasMore: _Optional[bool] = ..., TotalNum: _Optional[int] = ..., field_list: _Optional[_Iterable[_Union[FieldItem, _Mapping]]] = ...) -> None: ...

class UpdateDatabaseRecordsRequest(_message.Message):
    __slots__ = ("database_id", "record_data_add", "record_data_alter", "record_data_delete", "table_type", "space_id")
    DATABASE_ID_FIELD_NUMBER: _ClassVar[int]
    RECORD_DATA_ADD_FIELD_NUMBER: _ClassVar[int]
    RECORD_DATA_ALTER_FIELD_NUMBER: _ClassVar[int]
    RECORD_DATA_DELETE_FIELD_NUMBER: _ClassVar[int]
    TABLE_TYPE_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    database_id: int
    record_data_add: _containers.RepeatedCompositeFieldContainer[_base_pb2.StringMap]
    record_data_alter: _containers.RepeatedCompositeFieldContainer[_base_pb2.StringMap]
    record_data_delete: _containers.RepeatedCompositeFieldContainer[_base_pb2.StringMap]
    table_type: TableType
    space_id: int
    def __init__(self, database_id: _Optional[int] = ..., record_data_add: _Optional[_Iterable[_Union[_base_pb2.StringMap, _Mapping]]] = ..., record_data_alter: _Optional[_Iterable[_Union[_base_pb2.StringMap, _Mapping]]] = ..., record_data_delete: _Optional[_Iterable[_Union[_base_pb2.StringMap, _Mapping]]] = ..., table_type: _Optional[_Union[TableType, str]] = ..., space_id: _Optional[int] = ...) -> None: ...

class UpdateDatabaseRecordsResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: _containers.RepeatedCompositeFieldContainer[_base_pb2.StringMap]
    def __init__(self, data: _Optional[_Iterable[_Union[_base_pb2.StringMap, _Mapping]]] = ...) -> None: ...

class ExecuteDatabaseSqlRequest(_message.Message):
    __slots__ = ("database_id", "space_id", "user_id", "sql", "params")
    DATABASE_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    USER_ID_FIELD_NUMBER: _ClassVar[int]
    SQL_FIELD_NUMBER: _ClassVar[int]
    PARAMS_FIELD_NUMBER: _ClassVar[int]
    database_id: int
    space_id: int
    user_id: str
    sql: str
    params: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, database_id: _Optional[int] = ..., space_id: _Optional[int] = ..., user_id: _Optional[str] = ..., sql: _Optional[str] = ..., params: _Optional[_Iterable[str]] = ...) -> None: ...

class ExecuteDatabaseSqlResponse(_message.Message):
    __slots__ = ("rows", "row_count", "is_select", "truncated")
    ROWS_FIELD_NUMBER: _ClassVar[int]
    ROW_COUNT_FIELD_NUMBER: _ClassVar[int]
    IS_SELECT_FIELD_NUMBER: _ClassVar[int]
    TRUNCATED_FIELD_NUMBER: _ClassVar[int]
    rows: str
    row_count: int
    is_select: bool
    truncated: str
    def __init__(self, rows: _Optional[str] = ..., row_count: _Optional[int] = ..., is_select: _Optional[bool] = ..., truncated: _Optional[str] = ...) -> None: ...

class GetTypeListRequest(_message.Message):
    __slots__ = ("model", "space_id")
    MODEL_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    model: bool
    space_id: int
    def __init__(self, model: _Optional[bool] = ..., space_id: _Optional[int] = ...) -> None: ...

class ModelAbility(_message.Message):
    __slots__ = ("function_call", "json_mode", "multimodal")
    FUNCTION_CALL_FIELD_NUMBER: _ClassVar[int]
    JSON_MODE_FIELD_NUMBER: _ClassVar[int]
    MULTIMODAL_FIELD_NUMBER: _ClassVar[int]
    function_call: bool
    json_mode: bool
    multimodal: bool
    def __init__(self, function_call: _Optional[bool] = ..., json_mode: _Optional[bool] = ..., multimodal: _Optional[bool] = ...) -> None: ...

class ModelParamDefault(_message.Message):
    __slots__ = ("name", "default_val", "min", "max")
    NAME_FIELD_NUMBER: _ClassVar[int]
    DEFAULT_VAL_FIELD_NUMBER: _ClassVar[int]
    MIN_FIELD_NUMBER: _ClassVar[int]
    MAX_FIELD_NUMBER: _ClassVar[int]
    name: str
    default_val: str
    min: str
    max: str
    def __init__(self, name: _Optional[str] = ..., default_val: _Optional[str] = ..., min: _Optional[str] = ..., max: _Optional[str] = ...) -> None: ...

class Model(_message.Message):
    __slots__ = ("model_type", "name", "description", "model_name", "model_max_context", "model_ability", "model_params", "is_default")
    MODEL_TYPE_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    MODEL_NAME_FIELD_NUMBER: _ClassVar[int]
    MODEL_MAX_CONTEXT_FIELD_NUMBER: _ClassVar[int]
    MODEL_ABILITY_FIELD_NUMBER: _ClassVar[int]
    MODEL_PARAMS_FIELD_NUMBER: _ClassVar[int]
    IS_DEFAULT_FIELD_NUMBER: _ClassVar[int]
    model_type: int
    name: str
    description: str
    model_name: str
    model_max_context: int
    model_ability: ModelAbility
    model_params: _containers.RepeatedCompositeFieldContainer[ModelParamDefault]
    is_default: bool
    def __init__(self, model_type: _Optional[int] = ..., name: _Optional[str] = ..., description: _Optional[str] = ..., model_name: _Optional[str] = ..., model_max_context: _Optional[int] = ..., model_ability: _Optional[_Union[ModelAbility, _Mapping]] = ..., model_params: _Optional[_Iterable[_Union[ModelParamDefault, _Mapping]]] = ..., is_default: _Optional[bool] = ...) -> None: ...

class GetTypeListData(_message.Message):
    __slots__ = ("model_list",)
    MODEL_LIST_FIELD_NUMBER: _ClassVar[int]
    model_list: _containers.RepeatedCompositeFieldContainer[Model]
    def __init__(self, model_list: _Optional[_Iterable[_Union[Model, _Mapping]]] = ...) -> None: ...

class GetTypeListResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: GetTypeListData
    def __init__(self, data: _Optional[_Union[GetTypeListData, _Mapping]] = ...) -> None: ...

class RevertDraftBotRequest(_message.Message):
    __slots__ = ("space_id", "bot_id", "version")
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    space_id: int
    bot_id: int
    version: str
    def __init__(self, space_id: _Optional[int] = ..., bot_id: _Optional[int] = ..., version: _Optional[str] = ...) -> None: ...

class RevertDraftBotData(_message.Message):
    __slots__ = ("bot_info",)
    BOT_INFO_FIELD_NUMBER: _ClassVar[int]
    bot_info: BotInfo
    def __init__(self, bot_info: _Optional[_Union[BotInfo, _Mapping]] = ...) -> None: ...

class RevertDraftBotResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: RevertDraftBotData
    def __init__(self, data: _Optional[_Union[RevertDraftBotData, _Mapping]] = ...) -> None: ...

class ListBotsUsingWorkflowRequest(_message.Message):
    __slots__ = ("space_id", "workflow_id")
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    WORKFLOW_ID_FIELD_NUMBER: _ClassVar[int]
    space_id: int
    workflow_id: int
    def __init__(self, space_id: _Optional[int] = ..., workflow_id: _Optional[int] = ...) -> None: ...

class BotUsingWorkflow(_message.Message):
    __slots__ = ("bot_id", "name", "in_draft", "in_published")
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    IN_DRAFT_FIELD_NUMBER: _ClassVar[int]
    IN_PUBLISHED_FIELD_NUMBER: _ClassVar[int]
    bot_id: int
    name: str
    in_draft: bool
    in_published: bool
    def __init__(self, bot_id: _Optional[int] = ..., name: _Optional[str] = ..., in_draft: _Optional[bool] = ..., in_published: _Optional[bool] = ...) -> None: ...

class ListBotsUsingWorkflowResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: _containers.RepeatedCompositeFieldContainer[BotUsingWorkflow]
    def __init__(self, data: _Optional[_Iterable[_Union[BotUsingWorkflow, _Mapping]]] = ...) -> None: ...

class ExecuteHistoryMessage(_message.Message):
    __slots__ = ("role", "type", "content", "call_id", "name", "content_type")
    ROLE_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    CALL_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    CONTENT_TYPE_FIELD_NUMBER: _ClassVar[int]
    role: str
    type: str
    content: str
    call_id: str
    name: str
    content_type: str
    def __init__(self, role: _Optional[str] = ..., type: _Optional[str] = ..., content: _Optional[str] = ..., call_id: _Optional[str] = ..., name: _Optional[str] = ..., content_type: _Optional[str] = ...) -> None: ...

class ExecuteToolOutput(_message.Message):
    __slots__ = ("call_id", "output")
    CALL_ID_FIELD_NUMBER: _ClassVar[int]
    OUTPUT_FIELD_NUMBER: _ClassVar[int]
    call_id: str
    output: str
    def __init__(self, call_id: _Optional[str] = ..., output: _Optional[str] = ...) -> None: ...

class ExecuteShortcut(_message.Message):
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

class StreamExecuteRequest(_message.Message):
    __slots__ = ("bot_id", "draft_mode", "user_id", "query", "content_type", "history", "custom_variables", "shortcut", "conversation_id", "chat_id", "space_id", "tool_outputs", "resume", "deep_research", "new_conversation")
    class CustomVariablesEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    DRAFT_MODE_FIELD_NUMBER: _ClassVar[int]
    USER_ID_FIELD_NUMBER: _ClassVar[int]
    QUERY_FIELD_NUMBER: _ClassVar[int]
    CONTENT_TYPE_FIELD_NUMBER: _ClassVar[int]
    HISTORY_FIELD_NUMBER: _ClassVar[int]
    CUSTOM_VARIABLES_FIELD_NUMBER: _ClassVar[int]
    SHORTCUT_FIELD_NUMBER: _ClassVar[int]
    CONVERSATION_ID_FIELD_NUMBER: _ClassVar[int]
    CHAT_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    TOOL_OUTPUTS_FIELD_NUMBER: _ClassVar[int]
    RESUME_FIELD_NUMBER: _ClassVar[int]
    DEEP_RESEARCH_FIELD_NUMBER: _ClassVar[int]
    NEW_CONVERSATION_FIELD_NUMBER: _ClassVar[int]
    bot_id: int
    draft_mode: bool
    user_id: str
    query: str
    content_type: str
    history: _containers.RepeatedCompositeFieldContainer[ExecuteHistoryMessage]
    custom_variables: _containers.ScalarMap[str, str]
    shortcut: ExecuteShortcut
    conversation_id: int
    chat_id: int
    space_id: int
    tool_outputs: _containers.RepeatedCompositeFieldContainer[ExecuteToolOutput]
    resume: bool
    deep_research: bool
    new_conversation: bool
    def __init__(self, bot_id: _Optional[int] = ..., draft_mode: _Optional[bool] = ..., user_id: _Optional[str] = ..., query: _Optional[str] = ..., content_type: _Optional[str] = ..., history: _Optional[_Iterable[_Union[ExecuteHistoryMessage, _Mapping]]] = ..., custom_variables: _Optional[_Mapping[str, str]] = ..., shortcut: _Optional[_Union[ExecuteShortcut, _Mapping]] = ..., conversation_id: _Optional[int] = ..., chat_id: _Optional[int] = ..., space_id: _Optional[int] = ..., tool_outputs: _Optional[_Iterable[_Union[ExecuteToolOutput, _Mapping]]] = ..., resume: _Optional[bool] = ..., deep_research: _Optional[bool] = ..., new_conversation: _Optional[bool] = ...) -> None: ...

class ExecuteUsage(_message.Message):
    __slots__ = ("input_tokens", "output_tokens")
    INPUT_TOKENS_FIELD_NUMBER: _ClassVar[int]
    OUTPUT_TOKENS_FIELD_NUMBER: _ClassVar[int]
    input_tokens: int
    output_tokens: int
    def __init__(self, input_tokens: _Optional[int] = ..., output_tokens: _Optional[int] = ...) -> None: ...

class ExecuteEvent(_message.Message):
    __slots__ = ("type", "content", "call_id", "name", "usage", "error_code", "reasoning_content", "content_type")
    TYPE_FIELD_NUMBER: _ClassVar[int]
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    CALL_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    USAGE_FIELD_NUMBER: _ClassVar[int]
    ERROR_CODE_FIELD_NUMBER: _ClassVar[int]
    REASONING_CONTENT_FIELD_NUMBER: _ClassVar[int]
    CONTENT_TYPE_FIELD_NUMBER: _ClassVar[int]
    type: str
    content: str
    call_id: str
    name: str
    usage: ExecuteUsage
    error_code: int
    reasoning_content: str
    content_type: str
    def __init__(self, type: _Optional[str] = ..., content: _Optional[str] = ..., call_id: _Optional[str] = ..., name: _Optional[str] = ..., usage: _Optional[_Union[ExecuteUsage, _Mapping]] = ..., error_code: _Optional[int] = ..., reasoning_content: _Optional[str] = ..., content_type: _Optional[str] = ...) -> None: ...
