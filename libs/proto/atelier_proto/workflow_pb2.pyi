# DO NOT EDIT — generated from idl/workflow.thrift by atelier_idlc.
from atelier_proto import annotations_pb2 as _annotations_pb2
from atelier_proto import conversation_pb2 as _conversation_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class WorkflowMode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    WORKFLOW_MODE_WORKFLOW: _ClassVar[WorkflowMode]
    WORKFLOW_MODE_IMAGEFLOW: _ClassVar[WorkflowMode]
    WORKFLOW_MODE_SCENE_FLOW: _ClassVar[WorkflowMode]
    WORKFLOW_MODE_CHAT_FLOW: _ClassVar[WorkflowMode]
    WORKFLOW_MODE_ALL: _ClassVar[WorkflowMode]

class WorkFlowDevStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    WORK_FLOW_DEV_STATUS_UNSPECIFIED: _ClassVar[WorkFlowDevStatus]
    WORK_FLOW_DEV_STATUS_CAN_NOT_SUBMIT: _ClassVar[WorkFlowDevStatus]
    WORK_FLOW_DEV_STATUS_CAN_SUBMIT: _ClassVar[WorkFlowDevStatus]
    WORK_FLOW_DEV_STATUS_HAD_SUBMIT: _ClassVar[WorkFlowDevStatus]
    WORK_FLOW_DEV_STATUS_DELETED: _ClassVar[WorkFlowDevStatus]

class WorkFlowStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    WORK_FLOW_STATUS_UNSPECIFIED: _ClassVar[WorkFlowStatus]
    WORK_FLOW_STATUS_CAN_NOT_PUBLISH: _ClassVar[WorkFlowStatus]
    WORK_FLOW_STATUS_CAN_PUBLISH: _ClassVar[WorkFlowStatus]
    WORK_FLOW_STATUS_HAD_PUBLISHED: _ClassVar[WorkFlowStatus]
    WORK_FLOW_STATUS_DELETED: _ClassVar[WorkFlowStatus]
    WORK_FLOW_STATUS_UNLISTED: _ClassVar[WorkFlowStatus]

class WorkFlowListStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    WORK_FLOW_LIST_STATUS_UNSPECIFIED: _ClassVar[WorkFlowListStatus]
    WORK_FLOW_LIST_STATUS_UN_PUBLISHED: _ClassVar[WorkFlowListStatus]
    WORK_FLOW_LIST_STATUS_HAD_PUBLISHED: _ClassVar[WorkFlowListStatus]

class VCSCanvasType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    VCS_CANVAS_TYPE_UNSPECIFIED: _ClassVar[VCSCanvasType]
    VCS_CANVAS_TYPE_DRAFT: _ClassVar[VCSCanvasType]
    VCS_CANVAS_TYPE_SUBMIT: _ClassVar[VCSCanvasType]
    VCS_CANVAS_TYPE_PUBLISH: _ClassVar[VCSCanvasType]

class WorkflowReferType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    WORKFLOW_REFER_TYPE_UNSPECIFIED: _ClassVar[WorkflowReferType]
    WORKFLOW_REFER_TYPE_SUB_WORKFLOW: _ClassVar[WorkflowReferType]
    WORKFLOW_REFER_TYPE_TOOL: _ClassVar[WorkflowReferType]

class NodeHistoryScene(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    NODE_HISTORY_SCENE_DEFAULT: _ClassVar[NodeHistoryScene]
    NODE_HISTORY_SCENE_TEST_RUN_INPUT: _ClassVar[NodeHistoryScene]

class WorkflowExeStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    WORKFLOW_EXE_STATUS_UNSPECIFIED: _ClassVar[WorkflowExeStatus]
    WORKFLOW_EXE_STATUS_RUNNING: _ClassVar[WorkflowExeStatus]
    WORKFLOW_EXE_STATUS_SUCCESS: _ClassVar[WorkflowExeStatus]
    WORKFLOW_EXE_STATUS_FAIL: _ClassVar[WorkflowExeStatus]
    WORKFLOW_EXE_STATUS_CANCEL: _ClassVar[WorkflowExeStatus]
    WORKFLOW_EXE_STATUS_INTERRUPTED: _ClassVar[WorkflowExeStatus]

class NodeExeStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    NODE_EXE_STATUS_UNSPECIFIED: _ClassVar[NodeExeStatus]
    NODE_EXE_STATUS_WAITING: _ClassVar[NodeExeStatus]
    NODE_EXE_STATUS_RUNNING: _ClassVar[NodeExeStatus]
    NODE_EXE_STATUS_SUCCESS: _ClassVar[NodeExeStatus]
    NODE_EXE_STATUS_FAIL: _ClassVar[NodeExeStatus]

class WorkflowExeHistoryStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    WORKFLOW_EXE_HISTORY_STATUS_UNSPECIFIED: _ClassVar[WorkflowExeHistoryStatus]
    WORKFLOW_EXE_HISTORY_STATUS_NO_HISTORY: _ClassVar[WorkflowExeHistoryStatus]
    WORKFLOW_EXE_HISTORY_STATUS_HAS_HISTORY: _ClassVar[WorkflowExeHistoryStatus]

class InterruptType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    INTERRUPT_TYPE_UNSPECIFIED: _ClassVar[InterruptType]
    INTERRUPT_TYPE_LOCAL_PLUGIN: _ClassVar[InterruptType]
    INTERRUPT_TYPE_QUESTION: _ClassVar[InterruptType]
    INTERRUPT_TYPE_REQUIRE_INFOS: _ClassVar[InterruptType]
    INTERRUPT_TYPE_SCENE_CHAT: _ClassVar[InterruptType]
    INTERRUPT_TYPE_INPUT: _ClassVar[InterruptType]
    INTERRUPT_TYPE_OAUTH_PLUGIN: _ClassVar[InterruptType]

class NodeEventType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    NODE_EVENT_TYPE_UNSPECIFIED: _ClassVar[NodeEventType]
    NODE_EVENT_TYPE_LOCAL_PLUGIN: _ClassVar[NodeEventType]
    NODE_EVENT_TYPE_QUESTION: _ClassVar[NodeEventType]
    NODE_EVENT_TYPE_REQUIRE_INFOS: _ClassVar[NodeEventType]
    NODE_EVENT_TYPE_SCENE_CHAT: _ClassVar[NodeEventType]
    NODE_EVENT_TYPE_INPUT_NODE: _ClassVar[NodeEventType]
    NODE_EVENT_TYPE_WORKFLOW_LOCAL_PLUGIN: _ClassVar[NodeEventType]
    NODE_EVENT_TYPE_WORKFLOW_OAUTH_PLUGIN: _ClassVar[NodeEventType]

class WorkflowRunMode(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    WORKFLOW_RUN_MODE_SYNC: _ClassVar[WorkflowRunMode]
    WORKFLOW_RUN_MODE_STREAM: _ClassVar[WorkflowRunMode]
    WORKFLOW_RUN_MODE_ASYNC: _ClassVar[WorkflowRunMode]
    WORKFLOW_RUN_MODE_DEBUG: _ClassVar[WorkflowRunMode]

class DeleteStatus(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DELETE_STATUS_SUCCESS: _ClassVar[DeleteStatus]
    DELETE_STATUS_FAIL: _ClassVar[DeleteStatus]

class ValidateErrorType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    VALIDATE_ERROR_TYPE_UNSPECIFIED: _ClassVar[ValidateErrorType]
    VALIDATE_ERROR_TYPE_BOT_VALIDATE_NODE_ERR: _ClassVar[ValidateErrorType]
    VALIDATE_ERROR_TYPE_BOT_VALIDATE_PATH_ERR: _ClassVar[ValidateErrorType]
    VALIDATE_ERROR_TYPE_BOT_CONCURRENT_PATH_ERR: _ClassVar[ValidateErrorType]

class CanvasIssueKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CANVAS_ISSUE_KIND_MISSING_ENTRY: _ClassVar[CanvasIssueKind]
    CANVAS_ISSUE_KIND_MISSING_EXIT: _ClassVar[CanvasIssueKind]
    CANVAS_ISSUE_KIND_DUPLICATE_NODE: _ClassVar[CanvasIssueKind]
    CANVAS_ISSUE_KIND_UNKNOWN_NODE_TYPE: _ClassVar[CanvasIssueKind]
    CANVAS_ISSUE_KIND_MISPLACED_NODE: _ClassVar[CanvasIssueKind]
    CANVAS_ISSUE_KIND_NESTED_COMPOSITE: _ClassVar[CanvasIssueKind]
    CANVAS_ISSUE_KIND_UNCONNECTED: _ClassVar[CanvasIssueKind]
    CANVAS_ISSUE_KIND_UNKNOWN_NODE: _ClassVar[CanvasIssueKind]
    CANVAS_ISSUE_KIND_UNKNOWN_PORT: _ClassVar[CanvasIssueKind]
    CANVAS_ISSUE_KIND_CYCLE: _ClassVar[CanvasIssueKind]
    CANVAS_ISSUE_KIND_EMPTY_REFERENCE: _ClassVar[CanvasIssueKind]
    CANVAS_ISSUE_KIND_MISSING_NODE: _ClassVar[CanvasIssueKind]
    CANVAS_ISSUE_KIND_NOT_PREDECESSOR: _ClassVar[CanvasIssueKind]
    CANVAS_ISSUE_KIND_MISSING_FIELD: _ClassVar[CanvasIssueKind]
    CANVAS_ISSUE_KIND_TYPE_MISMATCH: _ClassVar[CanvasIssueKind]
    CANVAS_ISSUE_KIND_INVALID_LITERAL: _ClassVar[CanvasIssueKind]
    CANVAS_ISSUE_KIND_INVALID_NAME: _ClassVar[CanvasIssueKind]
    CANVAS_ISSUE_KIND_INVALID_SETTING: _ClassVar[CanvasIssueKind]

class SchemaType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    SCHEMA_TYPE_DAG: _ClassVar[SchemaType]
    SCHEMA_TYPE_FDL: _ClassVar[SchemaType]
    SCHEMA_TYPE_BLOCK_WISE: _ClassVar[SchemaType]

class NodeType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    NODE_TYPE_UNSPECIFIED: _ClassVar[NodeType]
    NODE_TYPE_ENTRY: _ClassVar[NodeType]
    NODE_TYPE_EXIT: _ClassVar[NodeType]
    NODE_TYPE_LLM: _ClassVar[NodeType]
    NODE_TYPE_PLUGIN: _ClassVar[NodeType]
    NODE_TYPE_CODE_RUNNER: _ClassVar[NodeType]
    NODE_TYPE_KNOWLEDGE_RETRIEVER: _ClassVar[NodeType]
    NODE_TYPE_SELECTOR: _ClassVar[NodeType]
    NODE_TYPE_SUB_WORKFLOW: _ClassVar[NodeType]
    NODE_TYPE_DATABASE_CUSTOM_SQL: _ClassVar[NodeType]
    NODE_TYPE_OUTPUT_EMITTER: _ClassVar[NodeType]
    NODE_TYPE_TEXT_PROCESSOR: _ClassVar[NodeType]
    NODE_TYPE_QUESTION_ANSWER: _ClassVar[NodeType]
    NODE_TYPE_BREAK: _ClassVar[NodeType]
    NODE_TYPE_VARIABLE_ASSIGNER_WITHIN_LOOP: _ClassVar[NodeType]
    NODE_TYPE_LOOP: _ClassVar[NodeType]
    NODE_TYPE_INTENT_DETECTOR: _ClassVar[NodeType]
    NODE_TYPE_KNOWLEDGE_INDEXER: _ClassVar[NodeType]
    NODE_TYPE_BATCH: _ClassVar[NodeType]
    NODE_TYPE_CONTINUE: _ClassVar[NodeType]
    NODE_TYPE_INPUT_RECEIVER: _ClassVar[NodeType]
    NODE_TYPE_COMMENT: _ClassVar[NodeType]
    NODE_TYPE_VARIABLE_AGGREGATOR: _ClassVar[NodeType]
    NODE_TYPE_MESSAGE_LIST: _ClassVar[NodeType]
    NODE_TYPE_CLEAR_CONVERSATION_HISTORY: _ClassVar[NodeType]
    NODE_TYPE_CREATE_CONVERSATION: _ClassVar[NodeType]
    NODE_TYPE_VARIABLE_ASSIGNER: _ClassVar[NodeType]
    NODE_TYPE_DATABASE_UPDATE: _ClassVar[NodeType]
    NODE_TYPE_DATABASE_QUERY: _ClassVar[NodeType]
    NODE_TYPE_DATABASE_DELETE: _ClassVar[NodeType]
    NODE_TYPE_HTTP_REQUESTER: _ClassVar[NodeType]
    NODE_TYPE_DATABASE_INSERT: _ClassVar[NodeType]
    NODE_TYPE_CONVERSATION_UPDATE: _ClassVar[NodeType]
    NODE_TYPE_CONVERSATION_DELETE: _ClassVar[NodeType]
    NODE_TYPE_CONVERSATION_LIST: _ClassVar[NodeType]
    NODE_TYPE_CONVERSATION_HISTORY: _ClassVar[NodeType]
    NODE_TYPE_CREATE_MESSAGE: _ClassVar[NodeType]
    NODE_TYPE_EDIT_MESSAGE: _ClassVar[NodeType]
    NODE_TYPE_DELETE_MESSAGE: _ClassVar[NodeType]
    NODE_TYPE_JSON_SERIALIZATION: _ClassVar[NodeType]
    NODE_TYPE_JSON_DESERIALIZATION: _ClassVar[NodeType]
    NODE_TYPE_KNOWLEDGE_DELETER: _ClassVar[NodeType]

class VariableType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    VARIABLE_TYPE_STRING: _ClassVar[VariableType]
    VARIABLE_TYPE_INTEGER: _ClassVar[VariableType]
    VARIABLE_TYPE_FLOAT: _ClassVar[VariableType]
    VARIABLE_TYPE_BOOLEAN: _ClassVar[VariableType]
    VARIABLE_TYPE_OBJECT: _ClassVar[VariableType]
    VARIABLE_TYPE_LIST: _ClassVar[VariableType]

class AssistType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ASSIST_TYPE_NOT_SET: _ClassVar[AssistType]
    ASSIST_TYPE_DEFAULT_FILE: _ClassVar[AssistType]
    ASSIST_TYPE_IMAGE: _ClassVar[AssistType]
    ASSIST_TYPE_DOC: _ClassVar[AssistType]
    ASSIST_TYPE_CODE: _ClassVar[AssistType]
    ASSIST_TYPE_PPT: _ClassVar[AssistType]
    ASSIST_TYPE_TXT: _ClassVar[AssistType]
    ASSIST_TYPE_EXCEL: _ClassVar[AssistType]
    ASSIST_TYPE_AUDIO: _ClassVar[AssistType]
    ASSIST_TYPE_ZIP: _ClassVar[AssistType]
    ASSIST_TYPE_VIDEO: _ClassVar[AssistType]
    ASSIST_TYPE_SVG: _ClassVar[AssistType]
    ASSIST_TYPE_VOICE: _ClassVar[AssistType]
    ASSIST_TYPE_TIME: _ClassVar[AssistType]

class ValueKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    VALUE_KIND_LITERAL: _ClassVar[ValueKind]
    VALUE_KIND_REF: _ClassVar[ValueKind]
    VALUE_KIND_OBJECT_REF: _ClassVar[ValueKind]

class ErrorProcessType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    ERROR_PROCESS_TYPE_UNSPECIFIED: _ClassVar[ErrorProcessType]
    ERROR_PROCESS_TYPE_THROW: _ClassVar[ErrorProcessType]
    ERROR_PROCESS_TYPE_RETURN_DEFAULT_DATA: _ClassVar[ErrorProcessType]
    ERROR_PROCESS_TYPE_EXCEPTION_BRANCH: _ClassVar[ErrorProcessType]

class LoopType(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    LOOP_TYPE_ARRAY: _ClassVar[LoopType]
    LOOP_TYPE_COUNT: _ClassVar[LoopType]
    LOOP_TYPE_INFINITE: _ClassVar[LoopType]

class WorkflowToolProblem(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    WORKFLOW_TOOL_PROBLEM_NOT_FOUND: _ClassVar[WorkflowToolProblem]
    WORKFLOW_TOOL_PROBLEM_NOT_PUBLISHED: _ClassVar[WorkflowToolProblem]
    WORKFLOW_TOOL_PROBLEM_CANNOT_RUN: _ClassVar[WorkflowToolProblem]

class WorkflowToolOutcome(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    WORKFLOW_TOOL_OUTCOME_SUCCEEDED: _ClassVar[WorkflowToolOutcome]
    WORKFLOW_TOOL_OUTCOME_INTERRUPTED: _ClassVar[WorkflowToolOutcome]
    WORKFLOW_TOOL_OUTCOME_FAILED: _ClassVar[WorkflowToolOutcome]
WORKFLOW_MODE_WORKFLOW: WorkflowMode
WORKFLOW_MODE_IMAGEFLOW: WorkflowMode
WORKFLOW_MODE_SCENE_FLOW: WorkflowMode
WORKFLOW_MODE_CHAT_FLOW: WorkflowMode
WORKFLOW_MODE_ALL: WorkflowMode
WORK_FLOW_DEV_STATUS_UNSPECIFIED: WorkFlowDevStatus
WORK_FLOW_DEV_STATUS_CAN_NOT_SUBMIT: WorkFlowDevStatus
WORK_FLOW_DEV_STATUS_CAN_SUBMIT: WorkFlowDevStatus
WORK_FLOW_DEV_STATUS_HAD_SUBMIT: WorkFlowDevStatus
WORK_FLOW_DEV_STATUS_DELETED: WorkFlowDevStatus
WORK_FLOW_STATUS_UNSPECIFIED: WorkFlowStatus
WORK_FLOW_STATUS_CAN_NOT_PUBLISH: WorkFlowStatus
WORK_FLOW_STATUS_CAN_PUBLISH: WorkFlowStatus
WORK_FLOW_STATUS_HAD_PUBLISHED: WorkFlowStatus
WORK_FLOW_STATUS_DELETED: WorkFlowStatus
WORK_FLOW_STATUS_UNLISTED: WorkFlowStatus
WORK_FLOW_LIST_STATUS_UNSPECIFIED: WorkFlowListStatus
WORK_FLOW_LIST_STATUS_UN_PUBLISHED: WorkFlowListStatus
WORK_FLOW_LIST_STATUS_HAD_PUBLISHED: WorkFlowListStatus
VCS_CANVAS_TYPE_UNSPECIFIED: VCSCanvasType
VCS_CANVAS_TYPE_DRAFT: VCSCanvasType
VCS_CANVAS_TYPE_SUBMIT: VCSCanvasType
VCS_CANVAS_TYPE_PUBLISH: VCSCanvasType
WORKFLOW_REFER_TYPE_UNSPECIFIED: WorkflowReferType
WORKFLOW_REFER_TYPE_SUB_WORKFLOW: WorkflowReferType
WORKFLOW_REFER_TYPE_TOOL: WorkflowReferType
NODE_HISTORY_SCENE_DEFAULT: NodeHistoryScene
NODE_HISTORY_SCENE_TEST_RUN_INPUT: NodeHistoryScene
WORKFLOW_EXE_STATUS_UNSPECIFIED: WorkflowExeStatus
WORKFLOW_EXE_STATUS_RUNNING: WorkflowExeStatus
WORKFLOW_EXE_STATUS_SUCCESS: WorkflowExeStatus
WORKFLOW_EXE_STATUS_FAIL: WorkflowExeStatus
WORKFLOW_EXE_STATUS_CANCEL: WorkflowExeStatus
WORKFLOW_EXE_STATUS_INTERRUPTED: WorkflowExeStatus
NODE_EXE_STATUS_UNSPECIFIED: NodeExeStatus
NODE_EXE_STATUS_WAITING: NodeExeStatus
NODE_EXE_STATUS_RUNNING: NodeExeStatus
NODE_EXE_STATUS_SUCCESS: NodeExeStatus
NODE_EXE_STATUS_FAIL: NodeExeStatus
WORKFLOW_EXE_HISTORY_STATUS_UNSPECIFIED: WorkflowExeHistoryStatus
WORKFLOW_EXE_HISTORY_STATUS_NO_HISTORY: WorkflowExeHistoryStatus
WORKFLOW_EXE_HISTORY_STATUS_HAS_HISTORY: WorkflowExeHistoryStatus
INTERRUPT_TYPE_UNSPECIFIED: InterruptType
INTERRUPT_TYPE_LOCAL_PLUGIN: InterruptType
INTERRUPT_TYPE_QUESTION: InterruptType
INTERRUPT_TYPE_REQUIRE_INFOS: InterruptType
INTERRUPT_TYPE_SCENE_CHAT: InterruptType
INTERRUPT_TYPE_INPUT: InterruptType
INTERRUPT_TYPE_OAUTH_PLUGIN: InterruptType
NODE_EVENT_TYPE_UNSPECIFIED: NodeEventType
NODE_EVENT_TYPE_LOCAL_PLUGIN: NodeEventType
NODE_EVENT_TYPE_QUESTION: NodeEventType
NODE_EVENT_TYPE_REQUIRE_INFOS: NodeEventType
NODE_EVENT_TYPE_SCENE_CHAT: NodeEventType
NODE_EVENT_TYPE_INPUT_NODE: NodeEventType
NODE_EVENT_TYPE_WORKFLOW_LOCAL_PLUGIN: NodeEventType
NODE_EVENT_TYPE_WORKFLOW_OAUTH_PLUGIN: NodeEventType
WORKFLOW_RUN_MODE_SYNC: WorkflowRunMode
WORKFLOW_RUN_MODE_STREAM: WorkflowRunMode
WORKFLOW_RUN_MODE_ASYNC: WorkflowRunMode
WORKFLOW_RUN_MODE_DEBUG: WorkflowRunMode
DELETE_STATUS_SUCCESS: DeleteStatus
DELETE_STATUS_FAIL: DeleteStatus
VALIDATE_ERROR_TYPE_UNSPECIFIED: ValidateErrorType
VALIDATE_ERROR_TYPE_BOT_VALIDATE_NODE_ERR: ValidateErrorType
VALIDATE_ERROR_TYPE_BOT_VALIDATE_PATH_ERR: ValidateErrorType
VALIDATE_ERROR_TYPE_BOT_CONCURRENT_PATH_ERR: ValidateErrorType
CANVAS_ISSUE_KIND_MISSING_ENTRY: CanvasIssueKind
CANVAS_ISSUE_KIND_MISSING_EXIT: CanvasIssueKind
CANVAS_ISSUE_KIND_DUPLICATE_NODE: CanvasIssueKind
CANVAS_ISSUE_KIND_UNKNOWN_NODE_TYPE: CanvasIssueKind
CANVAS_ISSUE_KIND_MISPLACED_NODE: CanvasIssueKind
CANVAS_ISSUE_KIND_NESTED_COMPOSITE: CanvasIssueKind
CANVAS_ISSUE_KIND_UNCONNECTED: CanvasIssueKind
CANVAS_ISSUE_KIND_UNKNOWN_NODE: CanvasIssueKind
CANVAS_ISSUE_KIND_UNKNOWN_PORT: CanvasIssueKind
CANVAS_ISSUE_KIND_CYCLE: CanvasIssueKind
CANVAS_ISSUE_KIND_EMPTY_REFERENCE: CanvasIssueKind
CANVAS_ISSUE_KIND_MISSING_NODE: CanvasIssueKind
CANVAS_ISSUE_KIND_NOT_PREDECESSOR: CanvasIssueKind
CANVAS_ISSUE_KIND_MISSING_FIELD: CanvasIssueKind
CANVAS_ISSUE_KIND_TYPE_MISMATCH: CanvasIssueKind
CANVAS_ISSUE_KIND_INVALID_LITERAL: CanvasIssueKind
CANVAS_ISSUE_KIND_INVALID_NAME: CanvasIssueKind
CANVAS_ISSUE_KIND_INVALID_SETTING: CanvasIssueKind
SCHEMA_TYPE_DAG: SchemaType
SCHEMA_TYPE_FDL: SchemaType
SCHEMA_TYPE_BLOCK_WISE: SchemaType
NODE_TYPE_UNSPECIFIED: NodeType
NODE_TYPE_ENTRY: NodeType
NODE_TYPE_EXIT: NodeType
NODE_TYPE_LLM: NodeType
NODE_TYPE_PLUGIN: NodeType
NODE_TYPE_CODE_RUNNER: NodeType
NODE_TYPE_KNOWLEDGE_RETRIEVER: NodeType
NODE_TYPE_SELECTOR: NodeType
NODE_TYPE_SUB_WORKFLOW: NodeType
NODE_TYPE_DATABASE_CUSTOM_SQL: NodeType
NODE_TYPE_OUTPUT_EMITTER: NodeType
NODE_TYPE_TEXT_PROCESSOR: NodeType
NODE_TYPE_QUESTION_ANSWER: NodeType
NODE_TYPE_BREAK: NodeType
NODE_TYPE_VARIABLE_ASSIGNER_WITHIN_LOOP: NodeType
NODE_TYPE_LOOP: NodeType
NODE_TYPE_INTENT_DETECTOR: NodeType
NODE_TYPE_KNOWLEDGE_INDEXER: NodeType
NODE_TYPE_BATCH: NodeType
NODE_TYPE_CONTINUE: NodeType
NODE_TYPE_INPUT_RECEIVER: NodeType
NODE_TYPE_COMMENT: NodeType
NODE_TYPE_VARIABLE_AGGREGATOR: NodeType
NODE_TYPE_MESSAGE_LIST: NodeType
NODE_TYPE_CLEAR_CONVERSATION_HISTORY: NodeType
NODE_TYPE_CREATE_CONVERSATION: NodeType
NODE_TYPE_VARIABLE_ASSIGNER: NodeType
NODE_TYPE_DATABASE_UPDATE: NodeType
NODE_TYPE_DATABASE_QUERY: NodeType
NODE_TYPE_DATABASE_DELETE: NodeType
NODE_TYPE_HTTP_REQUESTER: NodeType
NODE_TYPE_DATABASE_INSERT: NodeType
NODE_TYPE_CONVERSATION_UPDATE: NodeType
NODE_TYPE_CONVERSATION_DELETE: NodeType
NODE_TYPE_CONVERSATION_LIST: NodeType
NODE_TYPE_CONVERSATION_HISTORY: NodeType
NODE_TYPE_CREATE_MESSAGE: NodeType
NODE_TYPE_EDIT_MESSAGE: NodeType
NODE_TYPE_DELETE_MESSAGE: NodeType
NODE_TYPE_JSON_SERIALIZATION: NodeType
NODE_TYPE_JSON_DESERIALIZATION: NodeType
NODE_TYPE_KNOWLEDGE_DELETER: NodeType
VARIABLE_TYPE_STRING: VariableType
VARIABLE_TYPE_INTEGER: VariableType
VARIABLE_TYPE_FLOAT: VariableType
VARIABLE_TYPE_BOOLEAN: VariableType
VARIABLE_TYPE_OBJECT: VariableType
VARIABLE_TYPE_LIST: VariableType
ASSIST_TYPE_NOT_SET: AssistType
ASSIST_TYPE_DEFAULT_FILE: AssistType
ASSIST_TYPE_IMAGE: AssistType
ASSIST_TYPE_DOC: AssistType
ASSIST_TYPE_CODE: AssistType
ASSIST_TYPE_PPT: AssistType
ASSIST_TYPE_TXT: AssistType
ASSIST_TYPE_EXCEL: AssistType
ASSIST_TYPE_AUDIO: AssistType
ASSIST_TYPE_ZIP: AssistType
ASSIST_TYPE_VIDEO: AssistType
ASSIST_TYPE_SVG: AssistType
ASSIST_TYPE_VOICE: AssistType
ASSIST_TYPE_TIME: AssistType
VALUE_KIND_LITERAL: ValueKind
VALUE_KIND_REF: ValueKind
VALUE_KIND_OBJECT_REF: ValueKind
ERROR_PROCESS_TYPE_UNSPECIFIED: ErrorProcessType
ERROR_PROCESS_TYPE_THROW: ErrorProcessType
ERROR_PROCESS_TYPE_RETURN_DEFAULT_DATA: ErrorProcessType
ERROR_PROCESS_TYPE_EXCEPTION_BRANCH: ErrorProcessType
LOOP_TYPE_ARRAY: LoopType
LOOP_TYPE_COUNT: LoopType
LOOP_TYPE_INFINITE: LoopType
WORKFLOW_TOOL_PROBLEM_NOT_FOUND: WorkflowToolProblem
WORKFLOW_TOOL_PROBLEM_NOT_PUBLISHED: WorkflowToolProblem
WORKFLOW_TOOL_PROBLEM_CANNOT_RUN: WorkflowToolProblem
WORKFLOW_TOOL_OUTCOME_SUCCEEDED: WorkflowToolOutcome
WORKFLOW_TOOL_OUTCOME_INTERRUPTED: WorkflowToolOutcome
WORKFLOW_TOOL_OUTCOME_FAILED: WorkflowToolOutcome

class Position(_message.Message):
    __slots__ = ("x", "y")
    X_FIELD_NUMBER: _ClassVar[int]
    Y_FIELD_NUMBER: _ClassVar[int]
    x: float
    y: float
    def __init__(self, x: _Optional[float] = ..., y: _Optional[float] = ...) -> None: ...

class CanvasNodeMeta(_message.Message):
    __slots__ = ("position",)
    POSITION_FIELD_NUMBER: _ClassVar[int]
    position: Position
    def __init__(self, position: _Optional[_Union[Position, _Mapping]] = ...) -> None: ...

class NodeMetaInfo(_message.Message):
    __slots__ = ("title", "description", "icon", "subTitle")
    TITLE_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    ICON_FIELD_NUMBER: _ClassVar[int]
    SUBTITLE_FIELD_NUMBER: _ClassVar[int]
    title: str
    description: str
    icon: str
    subTitle: str
    def __init__(self, title: _Optional[str] = ..., description: _Optional[str] = ..., icon: _Optional[str] = ..., subTitle: _Optional[str] = ...) -> None: ...

class BlockOutputRef(_message.Message):
    __slots__ = ("source", "blockID", "name", "path")
    SOURCE_FIELD_NUMBER: _ClassVar[int]
    BLOCKID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    PATH_FIELD_NUMBER: _ClassVar[int]
    source: str
    blockID: str
    name: str
    path: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, source: _Optional[str] = ..., blockID: _Optional[str] = ..., name: _Optional[str] = ..., path: _Optional[_Iterable[str]] = ...) -> None: ...

class CanvasVariable(_message.Message):
    __slots__ = ("name", "type", "is_required", "description", "schema")
    NAME_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    IS_REQUIRED_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    SCHEMA_FIELD_NUMBER: _ClassVar[int]
    name: str
    type: str
    is_required: bool
    description: str
    schema: _containers.RepeatedCompositeFieldContainer[CanvasVariable]
    def __init__(self, name: _Optional[str] = ..., type: _Optional[str] = ..., is_required: _Optional[bool] = ..., description: _Optional[str] = ..., schema: _Optional[_Iterable[_Union[CanvasVariable, _Mapping]]] = ...) -> None: ...

class CanvasNodeData(_message.Message):
    __slots__ = ("nodeMeta", "outputs")
    NODEMETA_FIELD_NUMBER: _ClassVar[int]
    OUTPUTS_FIELD_NUMBER: _ClassVar[int]
    nodeMeta: NodeMetaInfo
    outputs: _containers.RepeatedCompositeFieldContainer[CanvasVariable]
    def __init__(self, nodeMeta: _Optional[_Union[NodeMetaInfo, _Mapping]] = ..., outputs: _Optional[_Iterable[_Union[CanvasVariable, _Mapping]]] = ...) -> None: ...

class CanvasEdge(_message.Message):
    __slots__ = ("sourceNodeID", "targetNodeID", "sourcePortID", "targetPortID")
    SOURCENODEID_FIELD_NUMBER: _ClassVar[int]
    TARGETNODEID_FIELD_NUMBER: _ClassVar[int]
    SOURCEPORTID_FIELD_NUMBER: _ClassVar[int]
    TARGETPORTID_FIELD_NUMBER: _ClassVar[int]
    sourceNodeID: str
    targetNodeID: str
    sourcePortID: str
    targetPortID: str
    def __init__(self, sourceNodeID: _Optional[str] = ..., targetNodeID: _Optional[str] = ..., sourcePortID: _Optional[str] = ..., targetPortID: _Optional[str] = ...) -> None: ...

class CanvasNode(_message.Message):
    __slots__ = ("id", "type", "meta", "data", "blocks", "edges")
    ID_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    META_FIELD_NUMBER: _ClassVar[int]
    DATA_FIELD_NUMBER: _ClassVar[int]
    BLOCKS_FIELD_NUMBER: _ClassVar[int]
    EDGES_FIELD_NUMBER: _ClassVar[int]
    id: str
    type: str
    meta: CanvasNodeMeta
    data: CanvasNodeData
    blocks: _containers.RepeatedCompositeFieldContainer[CanvasNode]
    edges: _containers.RepeatedCompositeFieldContainer[CanvasEdge]
    def __init__(self, id: _Optional[str] = ..., type: _Optional[str] = ..., meta: _Optional[_Union[CanvasNodeMeta, _Mapping]] = ..., data: _Optional[_Union[CanvasNodeData, _Mapping]] = ..., blocks: _Optional[_Iterable[_Union[CanvasNode, _Mapping]]] = ..., edges: _Optional[_Iterable[_Union[CanvasEdge, _Mapping]]] = ...) -> None: ...

class Canvas(_message.Message):
    __slots__ = ("nodes", "edges")
    NODES_FIELD_NUMBER: _ClassVar[int]
    EDGES_FIELD_NUMBER: _ClassVar[int]
    nodes: _containers.RepeatedCompositeFieldContainer[CanvasNode]
    edges: _containers.RepeatedCompositeFieldContainer[CanvasEdge]
    def __init__(self, nodes: _Optional[_Iterable[_Union[CanvasNode, _Mapping]]] = ..., edges: _Optional[_Iterable[_Union[CanvasEdge, _Mapping]]] = ...) -> None: ...

class Creator(_message.Message):
    __slots__ = ("id", "name", "avatar_url", "is_self")
    ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    AVATAR_URL_FIELD_NUMBER: _ClassVar[int]
    IS_SELF_FIELD_NUMBER: _ClassVar[int]
    id: int
    name: str
    avatar_url: str
    is_self: bool
    def __init__(self, id: _Optional[int] = ..., name: _Optional[str] = ..., avatar_url: _Optional[str] = ..., is_self: _Optional[bool] = ...) -> None: ...

class Workflow(_message.Message):
    __slots__ = ("workflow_id", "name", "desc", "url", "icon_uri", "status", "workflow_status", "create_time", "update_time", "schema_type", "space_id", "schema_json", "creator", "flow_mode", "project_id", "plugin_id", "version")
    WORKFLOW_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESC_FIELD_NUMBER: _ClassVar[int]
    URL_FIELD_NUMBER: _ClassVar[int]
    ICON_URI_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    WORKFLOW_STATUS_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    UPDATE_TIME_FIELD_NUMBER: _ClassVar[int]
    SCHEMA_TYPE_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    SCHEMA_JSON_FIELD_NUMBER: _ClassVar[int]
    CREATOR_FIELD_NUMBER: _ClassVar[int]
    FLOW_MODE_FIELD_NUMBER: _ClassVar[int]
    PROJECT_ID_FIELD_NUMBER: _ClassVar[int]
    PLUGIN_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    workflow_id: int
    name: str
    desc: str
    url: str
    icon_uri: str
    status: WorkFlowDevStatus
    workflow_status: WorkFlowStatus
    create_time: int
    update_time: int
    schema_type: SchemaType
    space_id: int
    schema_json: str
    creator: Creator
    flow_mode: WorkflowMode
    project_id: int
    plugin_id: int
    version: str
    def __init__(self, workflow_id: _Optional[int] = ..., name: _Optional[str] = ..., desc: _Optional[str] = ..., url: _Optional[str] = ..., icon_uri: _Optional[str] = ..., status: _Optional[_Union[WorkFlowDevStatus, str]] = ..., workflow_status: _Optional[_Union[WorkFlowStatus, str]] = ..., create_time: _Optional[int] = ..., update_time: _Optional[int] = ..., schema_type: _Optional[_Union[SchemaType, str]] = ..., space_id: _Optional[int] = ..., schema_json: _Optional[str] = ..., creator: _Optional[_Union[Creator, _Mapping]] = ..., flow_mode: _Optional[_Union[WorkflowMode, str]] = ..., project_id: _Optional[int] = ..., plugin_id: _Optional[int] = ..., version: _Optional[str] = ...) -> None: ...

class VCSCanvasData(_message.Message):
    __slots__ = ("submit_commit_id", "draft_commit_id", "type", "can_edit", "publish_commit_id")
    SUBMIT_COMMIT_ID_FIELD_NUMBER: _ClassVar[int]
    DRAFT_COMMIT_ID_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    CAN_EDIT_FIELD_NUMBER: _ClassVar[int]
    PUBLISH_COMMIT_ID_FIELD_NUMBER: _ClassVar[int]
    submit_commit_id: str
    draft_commit_id: str
    type: VCSCanvasType
    can_edit: bool
    publish_commit_id: str
    def __init__(self, submit_commit_id: _Optional[str] = ..., draft_commit_id: _Optional[str] = ..., type: _Optional[_Union[VCSCanvasType, str]] = ..., can_edit: _Optional[bool] = ..., publish_commit_id: _Optional[str] = ...) -> None: ...

class CanvasData(_message.Message):
    __slots__ = ("workflow", "vcs_data", "is_bind_agent", "workflow_version")
    WORKFLOW_FIELD_NUMBER: _ClassVar[int]
    VCS_DATA_FIELD_NUMBER: _ClassVar[int]
    IS_BIND_AGENT_FIELD_NUMBER: _ClassVar[int]
    WORKFLOW_VERSION_FIELD_NUMBER: _ClassVar[int]
    workflow: Workflow
    vcs_data: VCSCanvasData
    is_bind_agent: bool
    workflow_version: str
    def __init__(self, workflow: _Optional[_Union[Workflow, _Mapping]] = ..., vcs_data: _Optional[_Union[VCSCanvasData, _Mapping]] = ..., is_bind_agent: _Optional[bool] = ..., workflow_version: _Optional[str] = ...) -> None: ...

class TokenAndCost(_message.Message):
    __slots__ = ("inputTokens", "inputCost", "outputTokens", "outputCost", "totalTokens", "totalCost")
    INPUTTOKENS_FIELD_NUMBER: _ClassVar[int]
    INPUTCOST_FIELD_NUMBER: _ClassVar[int]
    OUTPUTTOKENS_FIELD_NUMBER: _ClassVar[int]
    OUTPUTCOST_FIELD_NUMBER: _ClassVar[int]
    TOTALTOKENS_FIELD_NUMBER: _ClassVar[int]
    TOTALCOST_FIELD_NUMBER: _ClassVar[int]
    inputTokens: str
    inputCost: str
    outputTokens: str
    outputCost: str
    totalTokens: str
    totalCost: str
    def __init__(self, inputTokens: _Optional[str] = ..., inputCost: _Optional[str] = ..., outputTokens: _Optional[str] = ..., outputCost: _Optional[str] = ..., totalTokens: _Optional[str] = ..., totalCost: _Optional[str] = ...) -> None: ...

class NodeResult(_message.Message):
    __slots__ = ("nodeId", "NodeType", "NodeName", "nodeStatus", "errorInfo", "input", "output", "nodeExeCost", "tokenAndCost", "raw_output", "errorLevel", "index", "items", "maxBatchSize", "batch", "isBatch", "extra", "executeId", "subExecuteId", "needAsync")
    NODEID_FIELD_NUMBER: _ClassVar[int]
    NODETYPE_FIELD_NUMBER: _ClassVar[int]
    NODENAME_FIELD_NUMBER: _ClassVar[int]
    NODESTATUS_FIELD_NUMBER: _ClassVar[int]
    ERRORINFO_FIELD_NUMBER: _ClassVar[int]
    INPUT_FIELD_NUMBER: _ClassVar[int]
    OUTPUT_FIELD_NUMBER: _ClassVar[int]
    NODEEXECOST_FIELD_NUMBER: _ClassVar[int]
    TOKENANDCOST_FIELD_NUMBER: _ClassVar[int]
    RAW_OUTPUT_FIELD_NUMBER: _ClassVar[int]
    ERRORLEVEL_FIELD_NUMBER: _ClassVar[int]
    INDEX_FIELD_NUMBER: _ClassVar[int]
    ITEMS_FIELD_NUMBER: _ClassVar[int]
    MAXBATCHSIZE_FIELD_NUMBER: _ClassVar[int]
    BATCH_FIELD_NUMBER: _ClassVar[int]
    ISBATCH_FIELD_NUMBER: _ClassVar[int]
    EXTRA_FIELD_NUMBER: _ClassVar[int]
    EXECUTEID_FIELD_NUMBER: _ClassVar[int]
    SUBEXECUTEID_FIELD_NUMBER: _ClassVar[int]
    NEEDASYNC_FIELD_NUMBER: _ClassVar[int]
    nodeId: str
    NodeType: str
    NodeName: str
    nodeStatus: NodeExeStatus
    errorInfo: str
    input: str
    output: str
    nodeExeCost: str
    tokenAndCost: TokenAndCost
    raw_output: str
    errorLevel: str
    index: int
    items: str
    maxBatchSize: int
    batch: str
    isBatch: bool
    extra: str
    executeId: int
    subExecuteId: int
    needAsync: bool
    def __init__(self, nodeId: _Optional[str] = ..., NodeType: _Optional[str] = ..., NodeName: _Optional[str] = ..., nodeStatus: _Optional[_Union[NodeExeStatus, str]] = ..., errorInfo: _Optional[str] = ..., input: _Optional[str] = ..., output: _Optional[str] = ..., nodeExeCost: _Optional[str] = ..., tokenAndCost: _Optional[_Union[TokenAndCost, _Mapping]] = ..., raw_output: _Optional[str] = ..., errorLevel: _Optional[str] = ..., index: _Optional[int] = ..., items: _Optional[str] = ..., maxBatchSize: _Optional[int] = ..., batch: _Optional[str] = ..., isBatch: _Optional[bool] = ..., extra: _Optional[str] = ..., executeId: _Optional[int] = ..., subExecuteId: _Optional[int] = ..., needAsync: _Optional[bool] = ...) -> None: ...

class NodeEvent(_message.Message):
    __slots__ = ("id", "type", "node_title", "data", "node_icon", "node_id", "schema_node_id")
    ID_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    NODE_TITLE_FIELD_NUMBER: _ClassVar[int]
    DATA_FIELD_NUMBER: _ClassVar[int]
    NODE_ICON_FIELD_NUMBER: _ClassVar[int]
    NODE_ID_FIELD_NUMBER: _ClassVar[int]
    SCHEMA_NODE_ID_FIELD_NUMBER: _ClassVar[int]
    id: str
    type: NodeEventType
    node_title: str
    data: str
    node_icon: str
    node_id: str
    schema_node_id: str
    def __init__(self, id: _Optional[str] = ..., type: _Optional[_Union[NodeEventType, str]] = ..., node_title: _Optional[str] = ..., data: _Optional[str] = ..., node_icon: _Optional[str] = ..., node_id: _Optional[str] = ..., schema_node_id: _Optional[str] = ...) -> None: ...

class Interrupt(_message.Message):
    __slots__ = ("event_id", "type", "data")
    EVENT_ID_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    DATA_FIELD_NUMBER: _ClassVar[int]
    event_id: str
    type: InterruptType
    data: str
    def __init__(self, event_id: _Optional[str] = ..., type: _Optional[_Union[InterruptType, str]] = ..., data: _Optional[str] = ...) -> None: ...

class CreateWorkflowRequest(_message.Message):
    __slots__ = ("name", "desc", "icon_uri", "space_id", "flow_mode", "project_id")
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESC_FIELD_NUMBER: _ClassVar[int]
    ICON_URI_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    FLOW_MODE_FIELD_NUMBER: _ClassVar[int]
    PROJECT_ID_FIELD_NUMBER: _ClassVar[int]
    name: str
    desc: str
    icon_uri: str
    space_id: int
    flow_mode: WorkflowMode
    project_id: int
    def __init__(self, name: _Optional[str] = ..., desc: _Optional[str] = ..., icon_uri: _Optional[str] = ..., space_id: _Optional[int] = ..., flow_mode: _Optional[_Union[WorkflowMode, str]] = ..., project_id: _Optional[int] = ...) -> None: ...

class CreateWorkflowData(_message.Message):
    __slots__ = ("workflow_id", "name", "url", "status", "type")
    WORKFLOW_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    URL_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    workflow_id: int
    name: str
    url: str
    status: WorkFlowStatus
    type: SchemaType
    def __init__(self, workflow_id: _Optional[int] = ..., name: _Optional[str] = ..., url: _Optional[str] = ..., status: _Optional[_Union[WorkFlowStatus, str]] = ..., type: _Optional[_Union[SchemaType, str]] = ...) -> None: ...

class CreateWorkflowResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: CreateWorkflowData
    def __init__(self, data: _Optional[_Union[CreateWorkflowData, _Mapping]] = ...) -> None: ...

class GetCanvasInfoRequest(_message.Message):
    __slots__ = ("space_id", "workflow_id")
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    WORKFLOW_ID_FIELD_NUMBER: _ClassVar[int]
    space_id: int
    workflow_id: int
    def __init__(self, space_id: _Optional[int] = ..., workflow_id: _Optional[int] = ...) -> None: ...

class GetCanvasInfoResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: CanvasData
    def __init__(self, data: _Optional[_Union[CanvasData, _Mapping]] = ...) -> None: ...

class SaveWorkflowRequest(_message.Message):
    __slots__ = ("workflow_id", "schema", "space_id", "name", "desc", "icon_uri", "submit_commit_id")
    WORKFLOW_ID_FIELD_NUMBER: _ClassVar[int]
    SCHEMA_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESC_FIELD_NUMBER: _ClassVar[int]
    ICON_URI_FIELD_NUMBER: _ClassVar[int]
    SUBMIT_COMMIT_ID_FIELD_NUMBER: _ClassVar[int]
    workflow_id: int
    schema: str
    space_id: int
    name: str
    desc: str
    icon_uri: str
    submit_commit_id: str
    def __init__(self, workflow_id: _Optional[int] = ..., schema: _Optional[str] = ..., space_id: _Optional[int] = ..., name: _Optional[str] = ..., desc: _Optional[str] = ..., icon_uri: _Optional[str] = ..., submit_commit_id: _Optional[str] = ...) -> None: ...

class SaveWorkflowData(_message.Message):
    __slots__ = ("name", "url", "status", "workflow_status", "submit_commit_id")
    NAME_FIELD_NUMBER: _ClassVar[int]
    URL_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    WORKFLOW_STATUS_FIELD_NUMBER: _ClassVar[int]
    SUBMIT_COMMIT_ID_FIELD_NUMBER: _ClassVar[int]
    name: str
    url: str
    status: WorkFlowDevStatus
    workflow_status: WorkFlowStatus
    submit_commit_id: str
    def __init__(self, name: _Optional[str] = ..., url: _Optional[str] = ..., status: _Optional[_Union[WorkFlowDevStatus, str]] = ..., workflow_status: _Optional[_Union[WorkFlowStatus, str]] = ..., submit_commit_id: _Optional[str] = ...) -> None: ...

class SaveWorkflowResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: SaveWorkflowData
    def __init__(self, data: _Optional[_Union[SaveWorkflowData, _Mapping]] = ...) -> None: ...

class UpdateWorkflowMetaRequest(_message.Message):
    __slots__ = ("workflow_id", "space_id", "name", "desc", "icon_uri", "flow_mode")
    WORKFLOW_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESC_FIELD_NUMBER: _ClassVar[int]
    ICON_URI_FIELD_NUMBER: _ClassVar[int]
    FLOW_MODE_FIELD_NUMBER: _ClassVar[int]
    workflow_id: int
    space_id: int
    name: str
    desc: str
    icon_uri: str
    flow_mode: WorkflowMode
    def __init__(self, workflow_id: _Optional[int] = ..., space_id: _Optional[int] = ..., name: _Optional[str] = ..., desc: _Optional[str] = ..., icon_uri: _Optional[str] = ..., flow_mode: _Optional[_Union[WorkflowMode, str]] = ...) -> None: ...

class UpdateWorkflowMetaResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class DeleteWorkflowRequest(_message.Message):
    __slots__ = ("workflow_id", "space_id", "force")
    WORKFLOW_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    FORCE_FIELD_NUMBER: _ClassVar[int]
    workflow_id: int
    space_id: int
    force: bool
    def __init__(self, workflow_id: _Optional[int] = ..., space_id: _Optional[int] = ..., force: _Optional[bool] = ...) -> None: ...

class DeleteWorkflowData(_message.Message):
    __slots__ = ("status",)
    STATUS_FIELD_NUMBER: _ClassVar[int]
    status: DeleteStatus
    def __init__(self, status: _Optional[_Union[DeleteStatus, str]] = ...) -> None: ...

class DeleteWorkflowResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: DeleteWorkflowData
    def __init__(self, data: _Optional[_Union[DeleteWorkflowData, _Mapping]] = ...) -> None: ...

class PublishWorkflowRequest(_message.Message):
    __slots__ = ("workflow_id", "space_id", "has_collaborator", "commit_id", "force", "workflow_version", "version_description")
    WORKFLOW_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    HAS_COLLABORATOR_FIELD_NUMBER: _ClassVar[int]
    COMMIT_ID_FIELD_NUMBER: _ClassVar[int]
    FORCE_FIELD_NUMBER: _ClassVar[int]
    WORKFLOW_VERSION_FIELD_NUMBER: _ClassVar[int]
    VERSION_DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    workflow_id: int
    space_id: int
    has_collaborator: bool
    commit_id: str
    force: bool
    workflow_version: str
    version_description: str
    def __init__(self, workflow_id: _Optional[int] = ..., space_id: _Optional[int] = ..., has_collaborator: _Optional[bool] = ..., commit_id: _Optional[str] = ..., force: _Optional[bool] = ..., workflow_version: _Optional[str] = ..., version_description: _Optional[str] = ...) -> None: ...

class PublishWorkflowData(_message.Message):
    __slots__ = ("workflow_id", "publish_commit_id", "success")
    WORKFLOW_ID_FIELD_NUMBER: _ClassVar[int]
    PUBLISH_COMMIT_ID_FIELD_NUMBER: _ClassVar[int]
    SUCCESS_FIELD_NUMBER: _ClassVar[int]
    workflow_id: int
    publish_commit_id: str
    success: bool
    def __init__(self, workflow_id: _Optional[int] = ..., publish_commit_id: _Optional[str] = ..., success: _Optional[bool] = ...) -> None: ...

class PublishWorkflowResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: PublishWorkflowData
    def __init__(self, data: _Optional[_Union[PublishWorkflowData, _Mapping]] = ...) -> None: ...

class CopyWorkflowRequest(_message.Message):
    __slots__ = ("workflow_id", "space_id")
    WORKFLOW_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    workflow_id: int
    space_id: int
    def __init__(self, workflow_id: _Optional[int] = ..., space_id: _Optional[int] = ...) -> None: ...

class CopyWorkflowData(_message.Message):
    __slots__ = ("workflow_id", "schema_type")
    WORKFLOW_ID_FIELD_NUMBER: _ClassVar[int]
    SCHEMA_TYPE_FIELD_NUMBER: _ClassVar[int]
    workflow_id: int
    schema_type: SchemaType
    def __init__(self, workflow_id: _Optional[int] = ..., schema_type: _Optional[_Union[SchemaType, str]] = ...) -> None: ...

class CopyWorkflowResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: CopyWorkflowData
    def __init__(self, data: _Optional[_Union[CopyWorkflowData, _Mapping]] = ...) -> None: ...

class GetWorkFlowListRequest(_message.Message):
    __slots__ = ("page", "size", "workflow_ids", "name", "space_id", "status", "login_user_create", "flow_mode", "project_id")
    PAGE_FIELD_NUMBER: _ClassVar[int]
    SIZE_FIELD_NUMBER: _ClassVar[int]
    WORKFLOW_IDS_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    LOGIN_USER_CREATE_FIELD_NUMBER: _ClassVar[int]
    FLOW_MODE_FIELD_NUMBER: _ClassVar[int]
    PROJECT_ID_FIELD_NUMBER: _ClassVar[int]
    page: int
    size: int
    workflow_ids: _containers.RepeatedScalarFieldContainer[int]
    name: str
    space_id: int
    status: WorkFlowListStatus
    login_user_create: bool
    flow_mode: WorkflowMode
    project_id: int
    def __init__(self, page: _Optional[int] = ..., size: _Optional[int] = ..., workflow_ids: _Optional[_Iterable[int]] = ..., name: _Optional[str] = ..., space_id: _Optional[int] = ..., status: _Optional[_Union[WorkFlowListStatus, str]] = ..., login_user_create: _Optional[bool] = ..., flow_mode: _Optional[_Union[WorkflowMode, str]] = ..., project_id: _Optional[int] = ...) -> None: ...

class WorkFlowListData(_message.Message):
    __slots__ = ("workflow_list", "total", "has_more")
    WORKFLOW_LIST_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    HAS_MORE_FIELD_NUMBER: _ClassVar[int]
    workflow_list: _containers.RepeatedCompositeFieldContainer[Workflow]
    total: int
    has_more: bool
    def __init__(self, workflow_list: _Optional[_Iterable[_Union[Workflow, _Mapping]]] = ..., total: _Optional[int] = ..., has_more: _Optional[bool] = ...) -> None: ...

class GetWorkFlowListResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: WorkFlowListData
    def __init__(self, data: _Optional[_Union[WorkFlowListData, _Mapping]] = ...) -> None: ...

class GetWorkflowDetailRequest(_message.Message):
    __slots__ = ("workflow_ids", "space_id")
    WORKFLOW_IDS_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    workflow_ids: _containers.RepeatedScalarFieldContainer[int]
    space_id: int
    def __init__(self, workflow_ids: _Optional[_Iterable[int]] = ..., space_id: _Optional[int] = ...) -> None: ...

class WorkflowDetailData(_message.Message):
    __slots__ = ("workflow_id", "space_id", "name", "desc", "icon", "inputs", "outputs", "version", "create_time", "update_time", "project_id", "end_type", "icon_uri", "flow_mode")
    WORKFLOW_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESC_FIELD_NUMBER: _ClassVar[int]
    ICON_FIELD_NUMBER: _ClassVar[int]
    INPUTS_FIELD_NUMBER: _ClassVar[int]
    OUTPUTS_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    UPDATE_TIME_FIELD_NUMBER: _ClassVar[int]
    PROJECT_ID_FIELD_NUMBER: _ClassVar[int]
    END_TYPE_FIELD_NUMBER: _ClassVar[int]
    ICON_URI_FIELD_NUMBER: _ClassVar[int]
    FLOW_MODE_FIELD_NUMBER: _ClassVar[int]
    workflow_id: int
    space_id: int
    name: str
    desc: str
    icon: str
    inputs: str
    outputs: str
    version: str
    create_time: int
    update_time: int
    project_id: int
    end_type: int
    icon_uri: str
    flow_mode: WorkflowMode
    def __init__(self, workflow_id: _Optional[int] = ..., space_id: _Optional[int] = ..., name: _Optional[str] = ..., desc: _Optional[str] = ..., icon: _Optional[str] = ..., inputs: _Optional[str] = ..., outputs: _Optional[str] = ..., version: _Optional[str] = ..., create_time: _Optional[int] = ..., update_time: _Optional[int] = ..., project_id: _Optional[int] = ..., end_type: _Optional[int] = ..., icon_uri: _Optional[str] = ..., flow_mode: _Optional[_Union[WorkflowMode, str]] = ...) -> None: ...

class GetWorkflowDetailResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: _containers.RepeatedCompositeFieldContainer[WorkflowDetailData]
    def __init__(self, data: _Optional[_Iterable[_Union[WorkflowDetailData, _Mapping]]] = ...) -> None: ...

class ValidateTreeRequest(_message.Message):
    __slots__ = ("workflow_id", "bind_project_id", "bind_bot_id", "schema", "space_id")
    WORKFLOW_ID_FIELD_NUMBER: _ClassVar[int]
    BIND_PROJECT_ID_FIELD_NUMBER: _ClassVar[int]
    BIND_BOT_ID_FIELD_NUMBER: _ClassVar[int]
    SCHEMA_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    workflow_id: int
    bind_project_id: int
    bind_bot_id: int
    schema: str
    space_id: int
    def __init__(self, workflow_id: _Optional[int] = ..., bind_project_id: _Optional[int] = ..., bind_bot_id: _Optional[int] = ..., schema: _Optional[str] = ..., space_id: _Optional[int] = ...) -> None: ...

class NodeError(_message.Message):
    __slots__ = ("node_id",)
    NODE_ID_FIELD_NUMBER: _ClassVar[int]
    node_id: str
    def __init__(self, node_id: _Optional[str] = ...) -> None: ...

class PathError(_message.Message):
    __slots__ = ("start", "end_node", "path")
    START_FIELD_NUMBER: _ClassVar[int]
    END_NODE_FIELD_NUMBER: _ClassVar[int]
    PATH_FIELD_NUMBER: _ClassVar[int]
    start: str
    end_node: str
    path: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, start: _Optional[str] = ..., end_node: _Optional[str] = ..., path: _Optional[_Iterable[str]] = ...) -> None: ...

class ValidateErrorData(_message.Message):
    __slots__ = ("node_error", "path_error", "message", "type", "kind", "field_path")
    NODE_ERROR_FIELD_NUMBER: _ClassVar[int]
    PATH_ERROR_FIELD_NUMBER: _ClassVar[int]
    MESSAGE_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    FIELD_PATH_FIELD_NUMBER: _ClassVar[int]
    node_error: NodeError
    path_error: PathError
    message: str
    type: ValidateErrorType
    kind: str
    field_path: str
    def __init__(self, node_error: _Optional[_Union[NodeError, _Mapping]] = ..., path_error: _Optional[_Union[PathError, _Mapping]] = ..., message: _Optional[str] = ..., type: _Optional[_Union[ValidateErrorType, str]] = ..., kind: _Optional[str] = ..., field_path: _Optional[str] = ...) -> None: ...

class ValidateTreeInfo(_message.Message):
    __slots__ = ("workflow_id", "name", "errors")
    WORKFLOW_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    ERRORS_FIELD_NUMBER: _ClassVar[int]
    workflow_id: int
    name: str
    errors: _containers.RepeatedCompositeFieldContainer[ValidateErrorData]
    def __init__(self, workflow_id: _Optional[int] = ..., name: _Optional[str] = ..., errors: _Optional[_Iterable[_Union[ValidateErrorData, _Mapping]]] = ...) -> None: ...

class ValidateTreeResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: _containers.RepeatedCompositeFieldContainer[ValidateTreeInfo]
    def __init__(self, data: _Optional[_Iterable[_Union[ValidateTreeInfo, _Mapping]]] = ...) -> None: ...

class ExportWorkflowRequest(_message.Message):
    __slots__ = ("workflow_id", "space_id")
    WORKFLOW_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    workflow_id: int
    space_id: int
    def __init__(self, workflow_id: _Optional[int] = ..., space_id: _Optional[int] = ...) -> None: ...

class ExportWorkflowData(_message.Message):
    __slots__ = ("yaml", "file_name")
    YAML_FIELD_NUMBER: _ClassVar[int]
    FILE_NAME_FIELD_NUMBER: _ClassVar[int]
    yaml: str
    file_name: str
    def __init__(self, yaml: _Optional[str] = ..., file_name: _Optional[str] = ...) -> None: ...

class ExportWorkflowResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: ExportWorkflowData
    def __init__(self, data: _Optional[_Union[ExportWorkflowData, _Mapping]] = ...) -> None: ...

class ImportWorkflowRequest(_message.Message):
    __slots__ = ("space_id", "yaml", "project_id")
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    YAML_FIELD_NUMBER: _ClassVar[int]
    PROJECT_ID_FIELD_NUMBER: _ClassVar[int]
    space_id: int
    yaml: str
    project_id: int
    def __init__(self, space_id: _Optional[int] = ..., yaml: _Optional[str] = ..., project_id: _Optional[int] = ...) -> None: ...

class ImportedWorkflow(_message.Message):
    __slots__ = ("ref", "workflow_id", "name")
    REF_FIELD_NUMBER: _ClassVar[int]
    WORKFLOW_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    ref: str
    workflow_id: int
    name: str
    def __init__(self, ref: _Optional[str] = ..., workflow_id: _Optional[int] = ..., name: _Optional[str] = ...) -> None: ...

class ImportWorkflowData(_message.Message):
    __slots__ = ("workflow_id", "workflows")
    WORKFLOW_ID_FIELD_NUMBER: _ClassVar[int]
    WORKFLOWS_FIELD_NUMBER: _ClassVar[int]
    workflow_id: int
    workflows: _containers.RepeatedCompositeFieldContainer[ImportedWorkflow]
    def __init__(self, workflow_id: _Optional[int] = ..., workflows: _Optional[_Iterable[_Union[ImportedWorkflow, _Mapping]]] = ...) -> None: ...

class ImportWorkflowResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: ImportWorkflowData
    def __init__(self, data: _Optional[_Union[ImportWorkflowData, _Mapping]] = ...) -> None: ...

class QueryWorkflowNodeTypeRequest(_message.Message):
    __slots__ = ("space_id", "workflow_id")
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    WORKFLOW_ID_FIELD_NUMBER: _ClassVar[int]
    space_id: int
    workflow_id: int
    def __init__(self, space_id: _Optional[int] = ..., workflow_id: _Optional[int] = ...) -> None: ...

class NodeProps(_message.Message):
    __slots__ = ("id", "type", "is_enable_chat_history", "is_enable_user_query", "is_ref_global_variable")
    ID_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    IS_ENABLE_CHAT_HISTORY_FIELD_NUMBER: _ClassVar[int]
    IS_ENABLE_USER_QUERY_FIELD_NUMBER: _ClassVar[int]
    IS_REF_GLOBAL_VARIABLE_FIELD_NUMBER: _ClassVar[int]
    id: str
    type: str
    is_enable_chat_history: bool
    is_enable_user_query: bool
    is_ref_global_variable: bool
    def __init__(self, id: _Optional[str] = ..., type: _Optional[str] = ..., is_enable_chat_history: _Optional[bool] = ..., is_enable_user_query: _Optional[bool] = ..., is_ref_global_variable: _Optional[bool] = ...) -> None: ...

class WorkflowNodeTypeData(_message.Message):
    __slots__ = ("node_types", "sub_workflow_node_types", "nodes_properties", "sub_workflow_nodes_properties")
    NODE_TYPES_FIELD_NUMBER: _ClassVar[int]
    SUB_WORKFLOW_NODE_TYPES_FIELD_NUMBER: _ClassVar[int]
    NODES_PROPERTIES_FIELD_NUMBER: _ClassVar[int]
    SUB_WORKFLOW_NODES_PROPERTIES_FIELD_NUMBER: _ClassVar[int]
    node_types: _containers.RepeatedScalarFieldContainer[str]
    sub_workflow_node_types: _containers.RepeatedScalarFieldContainer[str]
    nodes_properties: _containers.RepeatedCompositeFieldContainer[NodeProps]
    sub_workflow_nodes_properties: _containers.RepeatedCompositeFieldContainer[NodeProps]
    def __init__(self, node_types: _Optional[_Iterable[str]] = ..., sub_workflow_node_types: _Optional[_Iterable[str]] = ..., nodes_properties: _Optional[_Iterable[_Union[NodeProps, _Mapping]]] = ..., sub_workflow_nodes_properties: _Optional[_Iterable[_Union[NodeProps, _Mapping]]] = ...) -> None: ...

class QueryWorkflowNodeTypeResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: WorkflowNodeTypeData
    def __init__(self, data: _Optional[_Union[WorkflowNodeTypeData, _Mapping]] = ...) -> None: ...

class WorkFlowTestRunRequest(_message.Message):
    __slots__ = ("workflow_id", "input", "space_id", "bot_id", "submit_commit_id", "commit_id", "project_id")
    class InputEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    WORKFLOW_ID_FIELD_NUMBER: _ClassVar[int]
    INPUT_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    SUBMIT_COMMIT_ID_FIELD_NUMBER: _ClassVar[int]
    COMMIT_ID_FIELD_NUMBER: _ClassVar[int]
    PROJECT_ID_FIELD_NUMBER: _ClassVar[int]
    workflow_id: int
    input: _containers.ScalarMap[str, str]
    space_id: int
    bot_id: int
    submit_commit_id: str
    commit_id: str
    project_id: int
    def __init__(self, workflow_id: _Optional[int] = ..., input: _Optional[_Mapping[str, str]] = ..., space_id: _Optional[int] = ..., bot_id: _Optional[int] = ..., submit_commit_id: _Optional[str] = ..., commit_id: _Optional[str] = ..., project_id: _Optional[int] = ...) -> None: ...

class WorkFlowTestRunData(_message.Message):
    __slots__ = ("workflow_id", "execute_id", "session_id")
    WORKFLOW_ID_FIELD_NUMBER: _ClassVar[int]
    EXECUTE_ID_FIELD_NUMBER: _ClassVar[int]
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    workflow_id: int
    execute_id: int
    session_id: str
    def __init__(self, workflow_id: _Optional[int] = ..., execute_id: _Optional[int] = ..., session_id: _Optional[str] = ...) -> None: ...

class WorkFlowTestRunResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: WorkFlowTestRunData
    def __init__(self, data: _Optional[_Union[WorkFlowTestRunData, _Mapping]] = ...) -> None: ...

class GetWorkflowProcessRequest(_message.Message):
    __slots__ = ("workflow_id", "space_id", "execute_id", "sub_execute_id", "need_async")
    WORKFLOW_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    EXECUTE_ID_FIELD_NUMBER: _ClassVar[int]
    SUB_EXECUTE_ID_FIELD_NUMBER: _ClassVar[int]
    NEED_ASYNC_FIELD_NUMBER: _ClassVar[int]
    workflow_id: int
    space_id: int
    execute_id: int
    sub_execute_id: int
    need_async: bool
    def __init__(self, workflow_id: _Optional[int] = ..., space_id: _Optional[int] = ..., execute_id: _Optional[int] = ..., sub_execute_id: _Optional[int] = ..., need_async: _Optional[bool] = ...) -> None: ...

class GetWorkFlowProcessData(_message.Message):
    __slots__ = ("workFlowId", "executeId", "executeStatus", "nodeResults", "rate", "exeHistoryStatus", "workflowExeCost", "tokenAndCost", "reason", "lastNodeID", "logID", "nodeEvents", "projectId")
    WORKFLOWID_FIELD_NUMBER: _ClassVar[int]
    EXECUTEID_FIELD_NUMBER: _ClassVar[int]
    EXECUTESTATUS_FIELD_NUMBER: _ClassVar[int]
    NODERESULTS_FIELD_NUMBER: _ClassVar[int]
    RATE_FIELD_NUMBER: _ClassVar[int]
    EXEHISTORYSTATUS_FIELD_NUMBER: _ClassVar[int]
    WORKFLOWEXECOST_FIELD_NUMBER: _ClassVar[int]
    TOKENANDCOST_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    LASTNODEID_FIELD_NUMBER: _ClassVar[int]
    LOGID_FIELD_NUMBER: _ClassVar[int]
    NODEEVENTS_FIELD_NUMBER: _ClassVar[int]
    PROJECTID_FIELD_NUMBER: _ClassVar[int]
    workFlowId: int
    executeId: int
    executeStatus: WorkflowExeStatus
    nodeResults: _containers.RepeatedCompositeFieldContainer[NodeResult]
    rate: str
    exeHistoryStatus: WorkflowExeHistoryStatus
    workflowExeCost: str
    tokenAndCost: TokenAndCost
    reason: str
    lastNodeID: str
    logID: str
    nodeEvents: _containers.RepeatedCompositeFieldContainer[NodeEvent]
    projectId: int
    def __init__(self, workFlowId: _Optional[int] = ..., executeId: _Optional[int] = ..., executeStatus: _Optional[_Union[WorkflowExeStatus, str]] = ..., nodeResults: _Optional[_Iterable[_Union[NodeResult, _Mapping]]] = ..., rate: _Optional[str] = ..., exeHistoryStatus: _Optional[_Union[WorkflowExeHistoryStatus, str]] = ..., workflowExeCost: _Optional[str] = ..., tokenAndCost: _Optional[_Union[TokenAndCost, _Mapping]] = ..., reason: _Optional[str] = ..., lastNodeID: _Optional[str] = ..., logID: _Optional[str] = ..., nodeEvents: _Optional[_Iterable[_Union[NodeEvent, _Mapping]]] = ..., projectId: _Optional[int] = ...) -> None: ...

class GetWorkflowProcessResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: GetWorkFlowProcessData
    def __init__(self, data: _Optional[_Union[GetWorkFlowProcessData, _Mapping]] = ...) -> None: ...

class WorkflowTestResumeRequest(_message.Message):
    __slots__ = ("workflow_id", "execute_id", "event_id", "data", "space_id")
    WORKFLOW_ID_FIELD_NUMBER: _ClassVar[int]
    EXECUTE_ID_FIELD_NUMBER: _ClassVar[int]
    EVENT_ID_FIELD_NUMBER: _ClassVar[int]
    DATA_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    workflow_id: int
    execute_id: int
    event_id: str
    data: str
    space_id: int
    def __init__(self, workflow_id: _Optional[int] = ..., execute_id: _Optional[int] = ..., event_id: _Optional[str] = ..., data: _Optional[str] = ..., space_id: _Optional[int] = ...) -> None: ...

class WorkflowTestResumeResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class CancelWorkFlowRequest(_message.Message):
    __slots__ = ("execute_id", "space_id", "workflow_id")
    EXECUTE_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    WORKFLOW_ID_FIELD_NUMBER: _ClassVar[int]
    execute_id: int
    space_id: int
    workflow_id: int
    def __init__(self, execute_id: _Optional[int] = ..., space_id: _Optional[int] = ..., workflow_id: _Optional[int] = ...) -> None: ...

class CancelWorkFlowResponse(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class WorkflowNodeDebugV2Request(_message.Message):
    __slots__ = ("workflow_id", "node_id", "input", "batch", "space_id", "bot_id", "project_id", "setting")
    class InputEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    class BatchEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    class SettingEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    WORKFLOW_ID_FIELD_NUMBER: _ClassVar[int]
    NODE_ID_FIELD_NUMBER: _ClassVar[int]
    INPUT_FIELD_NUMBER: _ClassVar[int]
    BATCH_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    PROJECT_ID_FIELD_NUMBER: _ClassVar[int]
    SETTING_FIELD_NUMBER: _ClassVar[int]
    workflow_id: int
    node_id: str
    input: _containers.ScalarMap[str, str]
    batch: _containers.ScalarMap[str, str]
    space_id: int
    bot_id: int
    project_id: int
    setting: _containers.ScalarMap[str, str]
    def __init__(self, workflow_id: _Optional[int] = ..., node_id: _Optional[str] = ..., input: _Optional[_Mapping[str, str]] = ..., batch: _Optional[_Mapping[str, str]] = ..., space_id: _Optional[int] = ..., bot_id: _Optional[int] = ..., project_id: _Optional[int] = ..., setting: _Optional[_Mapping[str, str]] = ...) -> None: ...

class WorkflowNodeDebugV2Data(_message.Message):
    __slots__ = ("workflow_id", "node_id", "execute_id", "session_id")
    WORKFLOW_ID_FIELD_NUMBER: _ClassVar[int]
    NODE_ID_FIELD_NUMBER: _ClassVar[int]
    EXECUTE_ID_FIELD_NUMBER: _ClassVar[int]
    SESSION_ID_FIELD_NUMBER: _ClassVar[int]
    workflow_id: int
    node_id: str
    execute_id: int
    session_id: str
    def __init__(self, workflow_id: _Optional[int] = ..., node_id: _Optional[str] = ..., execute_id: _Optional[int] = ..., session_id: _Optional[str] = ...) -> None: ...

class WorkflowNodeDebugV2Response(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: WorkflowNodeDebugV2Data
    def __init__(self, data: _Optional[_Union[WorkflowNodeDebugV2Data, _Mapping]] = ...) -> None: ...

class GetNodeExecuteHistoryRequest(_message.Message):
    __slots__ = ("workflow_id", "space_id", "execute_id", "node_id", "is_batch", "batch_index", "node_type", "node_history_scene")
    WORKFLOW_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    EXECUTE_ID_FIELD_NUMBER: _ClassVar[int]
    NODE_ID_FIELD_NUMBER: _ClassVar[int]
    IS_BATCH_FIELD_NUMBER: _ClassVar[int]
    BATCH_INDEX_FIELD_NUMBER: _ClassVar[int]
    NODE_TYPE_FIELD_NUMBER: _ClassVar[int]
    NODE_HISTORY_SCENE_FIELD_NUMBER: _ClassVar[int]
    workflow_id: int
    space_id: int
    execute_id: int
    node_id: str
    is_batch: bool
    batch_index: int
    node_type: str
    node_history_scene: NodeHistoryScene
    def __init__(self, workflow_id: _Optional[int] = ..., space_id: _Optional[int] = ..., execute_id: _Optional[int] = ..., node_id: _Optional[str] = ..., is_batch: _Optional[bool] = ..., batch_index: _Optional[int] = ..., node_type: _Optional[str] = ..., node_history_scene: _Optional[_Union[NodeHistoryScene, str]] = ...) -> None: ...

class GetNodeExecuteHistoryResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: NodeResult
    def __init__(self, data: _Optional[_Union[NodeResult, _Mapping]] = ...) -> None: ...

class GetWorkflowReferencesRequest(_message.Message):
    __slots__ = ("workflow_id", "space_id")
    WORKFLOW_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    workflow_id: int
    space_id: int
    def __init__(self, workflow_id: _Optional[int] = ..., space_id: _Optional[int] = ...) -> None: ...

class WorkflowReferringBot(_message.Message):
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

class WorkflowReferencesData(_message.Message):
    __slots__ = ("workflow_list", "bot_list")
    WORKFLOW_LIST_FIELD_NUMBER: _ClassVar[int]
    BOT_LIST_FIELD_NUMBER: _ClassVar[int]
    workflow_list: _containers.RepeatedCompositeFieldContainer[Workflow]
    bot_list: _containers.RepeatedCompositeFieldContainer[WorkflowReferringBot]
    def __init__(self, workflow_list: _Optional[_Iterable[_Union[Workflow, _Mapping]]] = ..., bot_list: _Optional[_Iterable[_Union[WorkflowReferringBot, _Mapping]]] = ...) -> None: ...

class GetWorkflowReferencesResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: WorkflowReferencesData
    def __init__(self, data: _Optional[_Union[WorkflowReferencesData, _Mapping]] = ...) -> None: ...

class OpenAPIRunFlowRequest(_message.Message):
    __slots__ = ("workflow_id", "parameters", "ext", "bot_id", "is_async", "version", "connector_id", "app_id", "space_id")
    class ExtEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    WORKFLOW_ID_FIELD_NUMBER: _ClassVar[int]
    PARAMETERS_FIELD_NUMBER: _ClassVar[int]
    EXT_FIELD_NUMBER: _ClassVar[int]
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    IS_ASYNC_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    CONNECTOR_ID_FIELD_NUMBER: _ClassVar[int]
    APP_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    workflow_id: int
    parameters: str
    ext: _containers.ScalarMap[str, str]
    bot_id: int
    is_async: bool
    version: str
    connector_id: int
    app_id: int
    space_id: int
    def __init__(self, workflow_id: _Optional[int] = ..., parameters: _Optional[str] = ..., ext: _Optional[_Mapping[str, str]] = ..., bot_id: _Optional[int] = ..., is_async: _Optional[bool] = ..., version: _Optional[str] = ..., connector_id: _Optional[int] = ..., app_id: _Optional[int] = ..., space_id: _Optional[int] = ...) -> None: ...

class OpenAPIStreamRunFlowRequest(_message.Message):
    __slots__ = ("workflow_id", "parameters", "ext", "bot_id", "version", "connector_id", "app_id", "space_id")
    class ExtEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    WORKFLOW_ID_FIELD_NUMBER: _ClassVar[int]
    PARAMETERS_FIELD_NUMBER: _ClassVar[int]
    EXT_FIELD_NUMBER: _ClassVar[int]
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    CONNECTOR_ID_FIELD_NUMBER: _ClassVar[int]
    APP_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    workflow_id: int
    parameters: str
    ext: _containers.ScalarMap[str, str]
    bot_id: int
    version: str
    connector_id: int
    app_id: int
    space_id: int
    def __init__(self, workflow_id: _Optional[int] = ..., parameters: _Optional[str] = ..., ext: _Optional[_Mapping[str, str]] = ..., bot_id: _Optional[int] = ..., version: _Optional[str] = ..., connector_id: _Optional[int] = ..., app_id: _Optional[int] = ..., space_id: _Optional[int] = ...) -> None: ...

class OpenAPIRunFlowResponse(_message.Message):
    __slots__ = ("data", "token", "cost", "debug_url", "execute_id")
    DATA_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    COST_FIELD_NUMBER: _ClassVar[int]
    DEBUG_URL_FIELD_NUMBER: _ClassVar[int]
    EXECUTE_ID_FIELD_NUMBER: _ClassVar[int]
    data: str
    token: int
    cost: str
    debug_url: str
    execute_id: int
    def __init__(self, data: _Optional[str] = ..., token: _Optional[int] = ..., cost: _Optional[str] = ..., debug_url: _Optional[str] = ..., execute_id: _Optional[int] = ...) -> None: ...

class OpenAPIStreamResumeFlowRequest(_message.Message):
    __slots__ = ("event_id", "interrupt_type", "resume_data", "ext", "workflow_id", "connector_id", "space_id")
    class ExtEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    EVENT_ID_FIELD_NUMBER: _ClassVar[int]
    INTERRUPT_TYPE_FIELD_NUMBER: _ClassVar[int]
    RESUME_DATA_FIELD_NUMBER: _ClassVar[int]
    EXT_FIELD_NUMBER: _ClassVar[int]
    WORKFLOW_ID_FIELD_NUMBER: _ClassVar[int]
    CONNECTOR_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    event_id: str
    interrupt_type: InterruptType
    resume_data: str
    ext: _containers.ScalarMap[str, str]
    workflow_id: int
    connector_id: int
    space_id: int
    def __init__(self, event_id: _Optional[str] = ..., interrupt_type: _Optional[_Union[InterruptType, str]] = ..., resume_data: _Optional[str] = ..., ext: _Optional[_Mapping[str, str]] = ..., workflow_id: _Optional[int] = ..., connector_id: _Optional[int] = ..., space_id: _Optional[int] = ...) -> None: ...

class WorkflowStreamEvent(_message.Message):
    __slots__ = ("event", "data", "id")
    EVENT_FIELD_NUMBER: _ClassVar[int]
    DATA_FIELD_NUMBER: _ClassVar[int]
    ID_FIELD_NUMBER: _ClassVar[int]
    event: str
    data: str
    id: str
    def __init__(self, event: _Optional[str] = ..., data: _Optional[str] = ..., id: _Optional[str] = ...) -> None: ...

class ChatFlowRunRequest(_message.Message):
    __slots__ = ("workflow_id", "parameters", "ext", "bot_id", "version", "connector_id", "app_id", "conversation_id", "additional_messages", "space_id")
    class ExtEntry(_message.Message):
        __slots__ = ("key", "value")
        KEY_FIELD_NUMBER: _ClassVar[int]
        VALUE_FIELD_NUMBER: _ClassVar[int]
        key: str
        value: str
        def __init__(self, key: _Optional[str] = ..., value: _Optional[str] = ...) -> None: ...
    WORKFLOW_ID_FIELD_NUMBER: _ClassVar[int]
    PARAMETERS_FIELD_NUMBER: _ClassVar[int]
    EXT_FIELD_NUMBER: _ClassVar[int]
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    CONNECTOR_ID_FIELD_NUMBER: _ClassVar[int]
    APP_ID_FIELD_NUMBER: _ClassVar[int]
    CONVERSATION_ID_FIELD_NUMBER: _ClassVar[int]
    ADDITIONAL_MESSAGES_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    workflow_id: int
    parameters: str
    ext: _containers.ScalarMap[str, str]
    bot_id: int
    version: str
    connector_id: int
    app_id: int
    conversation_id: int
    additional_messages: _containers.RepeatedCompositeFieldContainer[_conversation_pb2.EnterMessage]
    space_id: int
    def __init__(self, workflow_id: _Optional[int] = ..., parameters: _Optional[str] = ..., ext: _Optional[_Mapping[str, str]] = ..., bot_id: _Optional[int] = ..., version: _Optional[str] = ..., connector_id: _Optional[int] = ..., app_id: _Optional[int] = ..., conversation_id: _Optional[int] = ..., additional_messages: _Optional[_Iterable[_Union[_conversation_pb2.EnterMessage, _Mapping]]] = ..., space_id: _Optional[int] = ...) -> None: ...

class ChatFlowRunEvent(_message.Message):
    __slots__ = ("event", "data")
    EVENT_FIELD_NUMBER: _ClassVar[int]
    DATA_FIELD_NUMBER: _ClassVar[int]
    event: str
    data: str
    def __init__(self, event: _Optional[str] = ..., data: _Optional[str] = ...) -> None: ...

class GetWorkflowRunHistoryRequest(_message.Message):
    __slots__ = ("workflow_id", "execute_id", "space_id")
    WORKFLOW_ID_FIELD_NUMBER: _ClassVar[int]
    EXECUTE_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    workflow_id: int
    execute_id: int
    space_id: int
    def __init__(self, workflow_id: _Optional[int] = ..., execute_id: _Optional[int] = ..., space_id: _Optional[int] = ...) -> None: ...

class WorkflowExecuteHistory(_message.Message):
    __slots__ = ("execute_id", "execute_status", "bot_id", "connector_id", "run_mode", "log_id", "create_time", "update_time", "debug_url", "input", "output", "token", "cost", "error_code", "error_msg")
    EXECUTE_ID_FIELD_NUMBER: _ClassVar[int]
    EXECUTE_STATUS_FIELD_NUMBER: _ClassVar[int]
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    CONNECTOR_ID_FIELD_NUMBER: _ClassVar[int]
    RUN_MODE_FIELD_NUMBER: _ClassVar[int]
    LOG_ID_FIELD_NUMBER: _ClassVar[int]
    CREATE_TIME_FIELD_NUMBER: _ClassVar[int]
    UPDATE_TIME_FIELD_NUMBER: _ClassVar[int]
    DEBUG_URL_FIELD_NUMBER: _ClassVar[int]
    INPUT_FIELD_NUMBER: _ClassVar[int]
    OUTPUT_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    COST_FIELD_NUMBER: _ClassVar[int]
    ERROR_CODE_FIELD_NUMBER: _ClassVar[int]
    ERROR_MSG_FIELD_NUMBER: _ClassVar[int]
    execute_id: int
    execute_status: str
    bot_id: int
    connector_id: int
    run_mode: WorkflowRunMode
    log_id: str
    create_time: int
    update_time: int
    debug_url: str
    input: str
    output: str
    token: int
    cost: str
    error_code: str
    error_msg: str
    def __init__(self, execute_id: _Optional[int] = ..., execute_status: _Optional[str] = ..., bot_id: _Optional[int] = ..., connector_id: _Optional[int] = ..., run_mode: _Optional[_Union[WorkflowRunMode, str]] = ..., log_id: _Optional[str] = ..., create_time: _Optional[int] = ..., update_time: _Optional[int] = ..., debug_url: _Optional[str] = ..., input: _Optional[str] = ..., output: _Optional[str] = ..., token: _Optional[int] = ..., cost: _Optional[str] = ..., error_code: _Optional[str] = ..., error_msg: _Optional[str] = ...) -> None: ...

class GetWorkflowRunHistoryByIdRequest(_message.Message):
    __slots__ = ("workflow_id", "execute_id")
    WORKFLOW_ID_FIELD_NUMBER: _ClassVar[int]
    EXECUTE_ID_FIELD_NUMBER: _ClassVar[int]
    workflow_id: int
    execute_id: int
    def __init__(self, workflow_id: _Optional[int] = ..., execute_id: _Optional[int] = ...) -> None: ...

class GetWorkflowRunHistoryResponse(_message.Message):
    __slots__ = ("data",)
    DATA_FIELD_NUMBER: _ClassVar[int]
    data: _containers.RepeatedCompositeFieldContainer[WorkflowExecuteHistory]
    def __init__(self, data: _Optional[_Iterable[_Union[WorkflowExecuteHistory, _Mapping]]] = ...) -> None: ...

class ResolveWorkflowToolsRequest(_message.Message):
    __slots__ = ("space_id", "workflow_ids", "draft")
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    WORKFLOW_IDS_FIELD_NUMBER: _ClassVar[int]
    DRAFT_FIELD_NUMBER: _ClassVar[int]
    space_id: int
    workflow_ids: _containers.RepeatedScalarFieldContainer[int]
    draft: bool
    def __init__(self, space_id: _Optional[int] = ..., workflow_ids: _Optional[_Iterable[int]] = ..., draft: _Optional[bool] = ...) -> None: ...

class WorkflowTool(_message.Message):
    __slots__ = ("workflow_id", "name", "description", "parameters", "return_directly", "version")
    WORKFLOW_ID_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    PARAMETERS_FIELD_NUMBER: _ClassVar[int]
    RETURN_DIRECTLY_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    workflow_id: int
    name: str
    description: str
    parameters: str
    return_directly: bool
    version: str
    def __init__(self, workflow_id: _Optional[int] = ..., name: _Optional[str] = ..., description: _Optional[str] = ..., parameters: _Optional[str] = ..., return_directly: _Optional[bool] = ..., version: _Optional[str] = ...) -> None: ...

class UnresolvedWorkflowTool(_message.Message):
    __slots__ = ("workflow_id", "problem", "reason")
    WORKFLOW_ID_FIELD_NUMBER: _ClassVar[int]
    PROBLEM_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    workflow_id: int
    problem: str
    reason: str
    def __init__(self, workflow_id: _Optional[int] = ..., problem: _Optional[str] = ..., reason: _Optional[str] = ...) -> None: ...

class ResolveWorkflowToolsResponse(_message.Message):
    __slots__ = ("tools", "unresolved")
    TOOLS_FIELD_NUMBER: _ClassVar[int]
    UNRESOLVED_FIELD_NUMBER: _ClassVar[int]
    tools: _containers.RepeatedCompositeFieldContainer[WorkflowTool]
    unresolved: _containers.RepeatedCompositeFieldContainer[UnresolvedWorkflowTool]
    def __init__(self, tools: _Optional[_Iterable[_Union[WorkflowTool, _Mapping]]] = ..., unresolved: _Optional[_Iterable[_Union[UnresolvedWorkflowTool, _Mapping]]] = ...) -> None: ...

class WorkflowToolMessage(_message.Message):
    __slots__ = ("role", "content")
    ROLE_FIELD_NUMBER: _ClassVar[int]
    CONTENT_FIELD_NUMBER: _ClassVar[int]
    role: str
    content: str
    def __init__(self, role: _Optional[str] = ..., content: _Optional[str] = ...) -> None: ...

class RunWorkflowToolRequest(_message.Message):
    __slots__ = ("workflow_id", "space_id", "arguments", "draft", "bot_id", "user_id", "history", "resume_execute_id", "resume_data")
    WORKFLOW_ID_FIELD_NUMBER: _ClassVar[int]
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    ARGUMENTS_FIELD_NUMBER: _ClassVar[int]
    DRAFT_FIELD_NUMBER: _ClassVar[int]
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    USER_ID_FIELD_NUMBER: _ClassVar[int]
    HISTORY_FIELD_NUMBER: _ClassVar[int]
    RESUME_EXECUTE_ID_FIELD_NUMBER: _ClassVar[int]
    RESUME_DATA_FIELD_NUMBER: _ClassVar[int]
    workflow_id: int
    space_id: int
    arguments: str
    draft: bool
    bot_id: int
    user_id: str
    history: _containers.RepeatedCompositeFieldContainer[WorkflowToolMessage]
    resume_execute_id: int
    resume_data: str
    def __init__(self, workflow_id: _Optional[int] = ..., space_id: _Optional[int] = ..., arguments: _Optional[str] = ..., draft: _Optional[bool] = ..., bot_id: _Optional[int] = ..., user_id: _Optional[str] = ..., history: _Optional[_Iterable[_Union[WorkflowToolMessage, _Mapping]]] = ..., resume_execute_id: _Optional[int] = ..., resume_data: _Optional[str] = ...) -> None: ...

class WorkflowToolInterrupt(_message.Message):
    __slots__ = ("event_id", "type", "data", "node_title")
    EVENT_ID_FIELD_NUMBER: _ClassVar[int]
    TYPE_FIELD_NUMBER: _ClassVar[int]
    DATA_FIELD_NUMBER: _ClassVar[int]
    NODE_TITLE_FIELD_NUMBER: _ClassVar[int]
    event_id: str
    type: int
    data: str
    node_title: str
    def __init__(self, event_id: _Optional[str] = ..., type: _Optional[int] = ..., data: _Optional[str] = ..., node_title: _Optional[str] = ...) -> None: ...

class RunWorkflowToolResponse(_message.Message):
    __slots__ = ("execute_id", "outcome", "output", "answer", "return_directly", "interrupt", "error_msg", "input_tokens", "output_tokens")
    EXECUTE_ID_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    OUTPUT_FIELD_NUMBER: _ClassVar[int]
    ANSWER_FIELD_NUMBER: _ClassVar[int]
    RETURN_DIRECTLY_FIELD_NUMBER: _ClassVar[int]
    INTERRUPT_FIELD_NUMBER: _ClassVar[int]
    ERROR_MSG_FIELD_NUMBER: _ClassVar[int]
    INPUT_TOKENS_FIELD_NUMBER: _ClassVar[int]
    OUTPUT_TOKENS_FIELD_NUMBER: _ClassVar[int]
    execute_id: int
    outcome: str
    output: str
    answer: str
    return_directly: bool
    interrupt: WorkflowToolInterrupt
    error_msg: str
    input_tokens: int
    output_tokens: int
    def __init__(self, execute_id: _Optional[int] = ..., outcome: _Optional[str] = ..., output: _Optional[str] = ..., answer: _Optional[str] = ..., return_directly: _Optional[bool] = ..., interrupt: _Optional[_Union[WorkflowToolInterrupt, _Mapping]] = ..., error_msg: _Optional[str] = ..., input_tokens: _Optional[int] = ..., output_tokens: _Optional[int] = ...) -> None: ...

class WorkflowRunRecord(_message.Message):
    __slots__ = ("execute_id", "workflow_id", "workflow_name", "status", "run_mode", "creator_id", "bot_id", "version", "created_at", "finished_at", "latency_ms", "input_tokens", "output_tokens", "error_msg", "input", "output")
    EXECUTE_ID_FIELD_NUMBER: _ClassVar[int]
    WORKFLOW_ID_FIELD_NUMBER: _ClassVar[int]
    WORKFLOW_NAME_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    RUN_MODE_FIELD_NUMBER: _ClassVar[int]
    CREATOR_ID_FIELD_NUMBER: _ClassVar[int]
    BOT_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    CREATED_AT_FIELD_NUMBER: _ClassVar[int]
    FINISHED_AT_FIELD_NUMBER: _ClassVar[int]
    LATENCY_MS_FIELD_NUMBER: _ClassVar[int]
    INPUT_TOKENS_FIELD_NUMBER: _ClassVar[int]
    OUTPUT_TOKENS_FIELD_NUMBER: _ClassVar[int]
    ERROR_MSG_FIELD_NUMBER: _ClassVar[int]
    INPUT_FIELD_NUMBER: _ClassVar[int]
    OUTPUT_FIELD_NUMBER: _ClassVar[int]
    execute_id: int
    workflow_id: int
    workflow_name: str
    status: WorkflowExeStatus
    run_mode: WorkflowRunMode
    creator_id: int
    bot_id: int
    version: str
    created_at: int
    finished_at: int
    latency_ms: int
    input_tokens: int
    output_tokens: int
    error_msg: str
    input: str
    output: str
    def __init__(self, execute_id: _Optional[int] = ..., workflow_id: _Optional[int] = ..., workflow_name: _Optional[str] = ..., status: _Optional[_Union[WorkflowExeStatus, str]] = ..., run_mode: _Optional[_Union[WorkflowRunMode, str]] = ..., creator_id: _Optional[int] = ..., bot_id: _Optional[int] = ..., version: _Optional[str] = ..., created_at: _Optional[int] = ..., finished_at: _Optional[int] = ..., latency_ms: _Optional[int] = ..., input_tokens: _Optional[int] = ..., output_tokens: _Optional[int] = ..., error_msg: _Optional[str] = ..., input: _Optional[str] = ..., output: _Optional[str] = ...) -> None: ...

class ListWorkflowRunRecordsRequest(_message.Message):
    __slots__ = ("space_id", "workflow_id", "status", "creator_id", "start_time", "end_time", "cursor", "limit")
    SPACE_ID_FIELD_NUMBER: _ClassVar[int]
    WORKFLOW_ID_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    CREATOR_ID_FIELD_NUMBER: _ClassVar[int]
    START_TIME_FIELD_NUMBER: _ClassVar[int]
    END_TIME_FIELD_NUMBER: _ClassVar[int]
    CURSOR_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    space_id: int
    workflow_id: int
    status: WorkflowExeStatus
    creator_id: int
    start_time: int
    end_time: int
    cursor: str
    limit: int
    def __init__(self, space_id: _Optional[int] = ..., workflow_id: _Optional[int] = ..., status: _Optional[_Union[WorkflowExeStatus, str]] = ..., creator_id: _Optional[int] = ..., start_time: _Optional[int] = ..., end_time: _Optional[int] = ..., cursor: _Optional[str] = ..., limit: _Optional[int] = ...) -> None: ...

class ListWorkflowRunRecordsResponse(_message.Message):
    __slots__ = ("data", "has_more", "next_cursor")
    DATA_FIELD_NUMBER: _ClassVar[int]
    HAS_MORE_FIELD_NUMBER: _ClassVar[int]
    NEXT_CURSOR_FIELD_NUMBER: _ClassVar[int]
    data: _containers.RepeatedCompositeFieldContainer[WorkflowRunRecord]
    has_more: bool
    next_cursor: str
    def __init__(self, data: _Optional[_Iterable[_Union[WorkflowRunRecord, _Mapping]]] = ..., has_more: _Optional[bool] = ..., next_cursor: _Optional[str] = ...) -> None: ...
