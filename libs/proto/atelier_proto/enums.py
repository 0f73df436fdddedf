"""DO NOT EDIT — generated from idl/*.thrift by atelier_idlc (`make idl`).

Every enum of the IDL, named as there; IntEnum values are the IDL's numbers, StrEnum values the
strings api.string enums travel as. Import them from here: `from atelier_proto.enums import
DocumentStatus`.
"""

from enum import IntEnum, StrEnum

# ---- idl/agent.thrift


class BotMode(IntEnum):
    """How a bot runs (Coze's bot_common.BotMode); Atelier runs single agents."""

    SingleMode = 0
    MultiMode = 1
    WorkflowMode = 2


class ContextMode(IntEnum):
    Chat = 0
    FunctionCall_1 = 1
    FunctionCall_2 = 2
    FunctionCall_3 = 3


class ModelResponseFormat(IntEnum):
    Text = 0
    Markdown = 1
    JSON = 2


class KnowledgeNoRecallReplyMode(IntEnum):
    Default = 0  # the model answers without knowledge
    CustomizePrompt = 1  # reply with no_recall_reply_customize_prompt


class KnowledgeShowSourceMode(IntEnum):
    ReplyBottom = 0
    CardList = 1


class SuggestReplyMode(IntEnum):
    System = 0
    Custom = 1
    Disable = 2


class SuggestedQuestionsShowMode(IntEnum):
    Random = 0
    All = 1


class FieldItemType(IntEnum):
    Text = 1
    Number = 2
    Date = 3
    Float = 4
    Boolean = 5


class BotTableRWMode(IntEnum):
    LimitedReadWrite = 1  # each user sees own rows
    ReadOnly = 2
    UnlimitedReadWrite = 3  # all users share rows


class TableType(IntEnum):
    DraftTable = 1
    OnlineTable = 2


class HistoryType(IntEnum):
    SUBMIT = 1  # saved draft version
    FLAG = 2  # published version


class VariableChannel(IntEnum):
    Custom = 1
    System = 2
    Location = 3
    Feishu = 4
    APP = 5


class SendType(IntEnum):
    SendTypeQuery = 0  # send template_query as is
    SendTypePanel = 1  # open a parameter panel first


class ToolType(IntEnum):
    ToolTypeNone = 0
    ToolTypeWorkFlow = 1
    ToolTypePlugin = 2


class InputType(IntEnum):
    TextInput = 0
    Select = 1
    UploadImage = 2
    UploadDoc = 3
    UploadTable = 4
    UploadAudio = 5
    MixUpload = 6
    VIDEO = 7
    ARCHIVE = 8
    CODE = 9
    TXT = 10
    PPT = 11


class ExecuteEventType(StrEnum):
    """ExecuteEvent.type: what one runtime event carries."""

    Answer = "answer"  # content = a delta of the answer text
    FunctionCall = "function_call"  # content = {"name","arguments"} JSON; call_id, name set
    ToolResponse = "tool_response"  # content = the tool's result text; call_id, name set
    Knowledge = "knowledge"  # content = JSON list of recalled slices {content, source, score, document_id, dataset_id}
    FollowUp = "follow_up"  # content = one suggested question
    Verbose = "verbose"  # content = JSON {"msg_type", "data"} (e.g. knowledge_recall_failed)
    Usage = "usage"  # usage set (sum over every model call of this run)
    RequiresAction = "requires_action"  # content = JSON list of the calls the run waits for [{id, name, arguments, authorization_url, plugin_name, workflow_id, execute_id, question...}]: client-side calls to answer, plugin calls waiting for the user's OAuth consent (authorization_url set; made again on resume), and workflow runs waiting for the user's answer to a question (execute_id set; the next message in the conversation, or an output for that call, answers it); the run is checkpointed and stops (usage comes just before it)
    Error = "error"  # error_code, content = message; the answer so far is partial; last event
    Citations = "citations"  # content = JSON {"text": the whole answer with its citation marks as [n] (repaired, checked, or inserted by matching), "sources": [{id, dataset_id, dataset_name, document_id, document_name, slice_id, snippet, url, score}]}: after the last answer delta of a turn that gave the model knowledge passages; the answer message takes that text and those sources


# ---- idl/conversation.thrift


class ChatStatus(StrEnum):
    Created = "created"
    InProgress = "in_progress"
    Completed = "completed"
    Failed = "failed"
    RequiresAction = "requires_action"
    Cancelled = "cancelled"


class MessageType(StrEnum):
    Question = "question"  # user input
    Answer = "answer"
    FunctionCall = "function_call"
    ToolResponse = "tool_response"  # wire: "tool_response"
    Knowledge = "knowledge"  # recalled knowledge (verbose)
    FollowUp = "follow_up"  # suggested next question
    Verbose = "verbose"
    Interrupt = "interrupt"
    Ack = "ack"  # console: the question as received, first message of /api/conversation/chat


class MessageRole(StrEnum):
    User = "user"
    Assistant = "assistant"


class MessageStatus(StrEnum):
    """A message's status (ChatMessage.status)."""

    Available = "available"
    Broken = "broken"  # a partial answer: the run stopped before it was finished


class ContentType(StrEnum):
    Text = "text"
    ObjectString = "object_string"  # wire: "object_string" (JSON list of text/image/file items)
    Card = "card"


class Scene(IntEnum):
    Default = 0
    Explore = 1
    BotStore = 2
    CozeHome = 3
    Playground = 4
    Evaluation = 5
    AgentAPP = 6
    SceneOpenApi = 9
    SceneWorkflow = 50


class LoadDirection(IntEnum):
    Unknown = 0
    Prev = 1
    Next = 2


# ---- idl/knowledge.thrift


class FormatType(IntEnum):
    """Dataset (knowledge base) type; "format_type" in JSON."""

    Text = 0
    Table = 1
    Image = 2


class DocumentSource(IntEnum):
    """Where a document's content comes from."""

    Document = 0  # local file uploaded to object storage
    Web = 1  # web page (web_url): fetched and its main text extracted by the indexer
    Custom = 2  # custom text typed by the user
    FileId = 5  # OpenAPI: a file uploaded by /v1/files/upload (source_file_id), copied into the document


class UpdateType(IntEnum):
    """Whether a web page document is fetched again periodically."""

    NoUpdate = 0
    AutoUpdate = 1  # every update_interval hours; re-indexed only when the text changed


class DocumentStatus(IntEnum):
    Init = -1  # row created, nothing uploaded yet
    Uploading = 0  # file being stored / queued for indexing
    Enable = 1  # indexed and searchable
    Disable = 2  # kept but excluded from retrieval
    Deleted = 3
    Chunking = 4  # parse/chunk/embed in progress (also on resegment)
    Failed = 9


class SliceStatus(IntEnum):
    Init = 0  # persisted, not yet in the search stores
    Stored = 1  # embedded and written to vector / full-text stores
    Failed = 9


class DatasetStatus(IntEnum):
    DatasetProcessing = 0
    DatasetReady = 1
    DatasetDeleted = 2
    DatasetForbid = 3
    DatasetFailed = 9


class ChunkType(IntEnum):
    DefaultChunk = 0  # automatic
    CustomChunk = 1  # separator + max_tokens + overlap
    LevelChunk = 2  # by heading level (max_level, save_title)


class CaptionType(IntEnum):
    Auto = 0  # image caption generated by a multimodal model
    Manual = 1


class ParsingType(IntEnum):
    FastParsing = 0
    AccurateParsing = 1


class SearchStrategy(IntEnum):
    """Values match Coze's bot_common.SearchStrategy."""

    SemanticSearch = 0
    HybridSearch = 1
    FullTextSearch = 20


class ReviewStatus(IntEnum):
    Processing = 0
    Enable = 1
    Failed = 2
    ForceStop = 3


class ColumnType(IntEnum):
    Unknown = 0
    Text = 1
    Number = 2
    Date = 3
    Float = 4
    Boolean = 5
    Image = 6


class EmbedderSwitchStatus(StrEnum):
    """EmbedderSwitch.status. api.string: travels (and is stored) as the lower snake case of its name."""

    Running = "running"
    Done = "done"
    Failed = "failed"


class OrderField(IntEnum):
    CreateTime = 1
    UpdateTime = 2


class OrderType(IntEnum):
    Desc = 1
    Asc = 2


class TableDataType(IntEnum):
    AllData = 0
    OnlySchema = 1
    OnlyPreview = 2


class ClaimOutcome(IntEnum):
    Claimed = 1  # the run may index the document
    Gone = 2  # deleted (or its dataset): remove what earlier runs wrote
    Final = 3  # indexed or failed already (a re-drive raced a finished run): nothing to do


# ---- idl/plugin.thrift


class AuthorizationType(IntEnum):
    None_ = 0
    Service = 1  # service token / API key (manifest auth.type "service_http")
    OAuth = 3  # manifest auth.type "oauth"
    Standard = 4


class ServiceAuthSubType(IntEnum):
    ApiKey = 0  # service_http token/api_key
    OAuthAuthorizationCode = 4  # oauth authorization_code: a token per user
    OAuthClientCredentials = 10  # oauth client_credentials: one token per plugin


class AuthorizationServiceLocation(IntEnum):
    Header = 1
    Query = 2


class ParameterLocation(IntEnum):
    Path = 1
    Query = 2
    Body = 3
    Header = 4


class ParameterType(IntEnum):
    String = 1
    Integer = 2
    Number = 3
    Object = 4
    Array = 5
    Bool = 6


class APIMethod(IntEnum):
    GET = 1
    POST = 2
    PUT = 3
    DELETE = 4
    PATCH = 5


class DebugOperation(IntEnum):
    Debug = 1  # call the tool with parameters
    Parse = 2  # infer response_params from the response


class OAuthStatus(IntEnum):
    Authorized = 1
    Unauthorized = 2


class PluginType(IntEnum):
    PLUGIN = 1
    APP = 2
    FUNC = 3
    WORKFLOW = 4
    IMAGEFLOW = 5
    LOCAL = 6


class CreationMethod(IntEnum):
    COZE = 0  # form / OpenAPI import
    IDE = 1


class APIDebugStatus(IntEnum):
    DebugWaiting = 0
    DebugPassed = 1


class APIListOrder(IntEnum):
    CreateTime = 1
    Name = 2


class PluginDataFormat(IntEnum):
    OpenAPI = 1
    Curl = 2
    Postman = 3
    Swagger = 4


class OnlineStatus(IntEnum):
    """Whether a tool is in the plugin's online version."""

    OFFLINE = 0
    ONLINE = 1


class PluginKind(StrEnum):
    """Where a plugin's tools come from: its OpenAPI document, an MCP server, or Atelier itself (a
    built-in plugin: in every space, run in-process, not editable) (PluginMetaInfo.kind).
    """

    Openapi = "openapi"
    Mcp = "mcp"
    Builtin = "builtin"


class InvokeOutcome(StrEnum):
    """InvokeToolResponse.outcome: how a tool call ended."""

    Ok = "ok"  # the tool answered 2xx (an MCP tool: a result that is not an error)
    HttpError = "http_error"  # the tool answered with another status (the model sees its body)
    InvalidArguments = "invalid_arguments"  # the arguments do not fit the tool's schema: no call was made
    OauthRequired = "oauth_required"  # the user must authorize first: authorization_url
    Failed = "failed"  # no usable answer: refused by the SSRF guard, timeout, too big, unreachable
    ToolError = "tool_error"  # the tool ran and reported an error (an MCP result marked isError): the model reads why


class UnresolvedProblem(StrEnum):
    """UnresolvedTool.problem: why a bound tool gives no tool."""

    PluginNotFound = "plugin_not_found"  # no plugin with that id in the agent's space (deleted, or another space's)
    NotPublished = "not_published"  # an online agent's plugin has no published version
    ToolNotFound = "tool_not_found"  # the plugin (draft or online version) has no tool with that id
    ToolDisabled = "tool_disabled"  # the tool is switched off in its plugin
    ToolNotInDocument = "tool_not_in_document"  # the plugin's document no longer describes the tool
    InvalidDefault = "invalid_default"  # one of the agent's default_params does not fit the tool


# ---- idl/workflow.thrift


class WorkflowMode(IntEnum):
    Workflow = 0
    Imageflow = 1
    SceneFlow = 2
    ChatFlow = 3
    All = 100  # queries only


class WorkFlowDevStatus(IntEnum):
    CanNotSubmit = 1  # draft does not pass validation / test run
    CanSubmit = 2
    HadSubmit = 3
    Deleted = 4


class WorkFlowStatus(IntEnum):
    CanNotPublish = 1
    CanPublish = 2
    HadPublished = 3
    Deleted = 4
    Unlisted = 5


class WorkFlowListStatus(IntEnum):
    UnPublished = 1
    HadPublished = 2


class VCSCanvasType(IntEnum):
    """What the canvas shows (CanvasData.vcs_data.type): the draft differs from the latest published
    version (Draft), or is that version (Publish). Submit is Coze's collaboration commit, unused.
    """

    Draft = 1
    Submit = 2
    Publish = 3


class WorkflowReferType(IntEnum):
    """How one workflow uses another (Coze's refer types); recorded from the draft on every save."""

    SubWorkflow = 1  # a SubWorkflow node (type "9") runs it
    Tool = 2  # an LLM node calls it as a tool


class NodeHistoryScene(IntEnum):
    Default = 0  # the node's execution in the run execute_id names
    TestRunInput = 1  # the caller's latest debug of the node (no execute_id)


class WorkflowExeStatus(IntEnum):
    Running = 1
    Success = 2
    Fail = 3
    Cancel = 4
    Interrupted = 5  # waiting for an answer (question / input node)


class NodeExeStatus(IntEnum):
    Waiting = 1
    Running = 2
    Success = 3
    Fail = 4


class WorkflowExeHistoryStatus(IntEnum):
    NoHistory = 1
    HasHistory = 2


class InterruptType(IntEnum):
    """Kind of interrupt a run is waiting on (question / input nodes, OAuth plugins...)."""

    LocalPlugin = 1
    Question = 2
    RequireInfos = 3
    SceneChat = 4
    Input = 5
    OauthPlugin = 7


class NodeEventType(IntEnum):
    LocalPlugin = 1
    Question = 2
    RequireInfos = 3
    SceneChat = 4
    InputNode = 5
    WorkflowLocalPlugin = 6
    WorkflowOauthPlugin = 7


class WorkflowRunMode(IntEnum):
    Sync = 0
    Stream = 1
    Async = 2
    Debug = 3  # Atelier: a console test run (draft canvas)


class DeleteStatus(IntEnum):
    SUCCESS = 0
    FAIL = 1


class ValidateErrorType(IntEnum):
    BotValidateNodeErr = 1
    BotValidatePathErr = 2
    BotConcurrentPathErr = 3


class CanvasIssueKind(StrEnum):
    """What is wrong with a canvas (ValidateErrorData.kind); the message says it in words, naming nodes."""

    MissingEntry = "missing_entry"  # no Entry node (type "1") on the canvas
    MissingExit = "missing_exit"  # no Exit node (type "2") on the canvas
    DuplicateNode = "duplicate_node"  # two nodes share an id
    UnknownNodeType = "unknown_node_type"  # a node type Atelier does not run
    MisplacedNode = "misplaced_node"  # e.g. Break outside a Loop, Entry inside one
    NestedComposite = "nested_composite"  # a Loop or Batch inside a Loop or Batch
    Unconnected = "unconnected"  # not reachable from the start, no way out, or a port without an edge
    UnknownNode = "unknown_node"  # an edge to or from a node that is not there
    UnknownPort = "unknown_port"  # an edge leaving a port its node does not have
    Cycle = "cycle"  # edges that come back: only Loop and Batch nodes repeat
    EmptyReference = "empty_reference"  # an input referring to no node
    MissingNode = "missing_node"  # a reference to a node that is not on the canvas
    NotPredecessor = "not_predecessor"  # a reference to a node that does not run before this one
    MissingField = "missing_field"  # a reference to an output field the node does not have
    TypeMismatch = "type_mismatch"  # a reference whose type cannot be converted into the input's
    InvalidLiteral = "invalid_literal"  # a constant that is not of its input's type
    InvalidName = "invalid_name"  # an input parameter name that is not an identifier
    InvalidSetting = "invalid_setting"  # a node setting that cannot work (error handling, loop type...)


class SchemaType(IntEnum):
    DAG = 0
    FDL = 1
    BlockWise = 2


class NodeType(IntEnum):
    """Node types of the canvas, named and numbered as Coze Studio's backend knows them (entity/node_meta.go):
    the "type" of a canvas node is the decimal string of the number ("1" Entry, "21" Loop...).
    """

    Entry = 1
    Exit = 2
    LLM = 3
    Plugin = 4
    CodeRunner = 5
    KnowledgeRetriever = 6
    Selector = 8  # if / else-if / else
    SubWorkflow = 9
    DatabaseCustomSQL = 12
    OutputEmitter = 13
    TextProcessor = 15
    QuestionAnswer = 18
    Break = 19  # inside Loop
    VariableAssignerWithinLoop = 20  # inside Loop: sets a loop variable
    Loop = 21
    IntentDetector = 22
    KnowledgeIndexer = 27
    Batch = 28
    Continue = 29  # inside Loop
    InputReceiver = 30
    Comment = 31  # a note on the canvas: never runs
    VariableAggregator = 32
    MessageList = 37
    ClearConversationHistory = 38
    CreateConversation = 39
    VariableAssigner = 40
    DatabaseUpdate = 42
    DatabaseQuery = 43
    DatabaseDelete = 44
    HTTPRequester = 45
    DatabaseInsert = 46
    ConversationUpdate = 51
    ConversationDelete = 52
    ConversationList = 53
    ConversationHistory = 54
    CreateMessage = 55
    EditMessage = 56
    DeleteMessage = 57
    JsonSerialization = 58
    JsonDeserialization = 59
    KnowledgeDeleter = 60


class VariableType(StrEnum):
    """Type of a canvas variable: "type" of an output, of a declared input and of a list's element
    (Coze's VariableType; "float" is Coze's spelling of number).
    """

    String = "string"
    Integer = "integer"
    Float = "float"
    Boolean = "boolean"
    Object = "object"
    List = "list"


class AssistType(IntEnum):
    """Secondary type of a string variable ("assistType"): a file of some kind, or a time."""

    NotSet = 0
    DefaultFile = 1
    Image = 2
    Doc = 3
    Code = 4
    PPT = 5
    TXT = 6
    Excel = 7
    Audio = 8
    Zip = 9
    Video = 10
    Svg = 11
    Voice = 12
    Time = 10000


class ValueKind(StrEnum):
    """How a value is given ("value.type"): a constant, a reference to an output or variable, or an
    object assembled from named values (its "schema" holds them).
    """

    Literal = "literal"
    Ref = "ref"
    ObjectRef = "object_ref"


class ErrorProcessType(IntEnum):
    """What a node does when it fails ("settingOnError.processType")."""

    Throw = 1  # the run fails
    ReturnDefaultData = 2  # the node outputs "dataOnErr" and the run goes on
    ExceptionBranch = 3  # the node's "branch_error" port is taken instead of "default"


class LoopType(StrEnum):
    """How a Loop node iterates ("loopType")."""

    Array = "array"  # once per element of its list inputs
    Count = "count"  # "loopCount" times
    Infinite = "infinite"  # until a Break node runs


class WorkflowToolProblem(StrEnum):
    """ResolveWorkflowToolsResponse.unresolved: why a workflow gives no tool."""

    NotFound = "not_found"  # no such workflow in the space
    NotPublished = "not_published"  # a published agent (or MCP) needs a published version
    CannotRun = "cannot_run"  # its canvas does not compile (the reason says why)


class WorkflowToolOutcome(StrEnum):
    """RunWorkflowToolResponse.outcome"""

    Succeeded = "succeeded"
    Interrupted = "interrupted"  # a question / input node waits: resume with the user's answer
    Failed = "failed"  # error_msg says why (a node failed, the run timed out...)
