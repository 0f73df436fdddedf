// Workflows: canvas editing, publish, test runs (async via Kafka), single-node debug,
// run records, OpenAPI sync/stream runs and resume. Owner service: workflow.
// Paths and field names follow Coze Studio's workflow IDL (/api/workflow_api/*,
// /v1/workflow/*); Coze's camelCase names in process/node results are kept.

namespace py atelier.workflow
namespace go atelier.workflow

include "conversation.thrift"

// ---------------------------------------------------------------- enums

enum WorkflowMode {
    Workflow = 0
    Imageflow = 1
    SceneFlow = 2
    ChatFlow = 3
    All = 100               // queries only
}

enum WorkFlowDevStatus {
    CanNotSubmit = 1        // draft does not pass validation / test run
    CanSubmit = 2
    HadSubmit = 3
    Deleted = 4
}

enum WorkFlowStatus {
    CanNotPublish = 1
    CanPublish = 2
    HadPublished = 3
    Deleted = 4
    Unlisted = 5
}

enum WorkFlowListStatus {
    UnPublished = 1
    HadPublished = 2
}

// What the canvas shows (CanvasData.vcs_data.type): the draft differs from the latest published
// version (Draft), or is that version (Publish). Submit is Coze's collaboration commit, unused.
enum VCSCanvasType {
    Draft = 1
    Submit = 2
    Publish = 3
}

// How one workflow uses another (Coze's refer types); recorded from the draft on every save.
enum WorkflowReferType {
    SubWorkflow = 1         // a SubWorkflow node (type "9") runs it
    Tool = 2                // an LLM node calls it as a tool
}

enum NodeHistoryScene {
    Default = 0             // the node's execution in the run execute_id names
    TestRunInput = 1        // the caller's latest debug of the node (no execute_id)
}

enum WorkflowExeStatus {
    Running = 1
    Success = 2
    Fail = 3
    Cancel = 4
    Interrupted = 5                         // waiting for an answer (question / input node)
}

enum NodeExeStatus {
    Waiting = 1
    Running = 2
    Success = 3
    Fail = 4
}

enum WorkflowExeHistoryStatus {
    NoHistory = 1
    HasHistory = 2
}

// Kind of interrupt a run is waiting on (question / input nodes, OAuth plugins...).
enum InterruptType {
    LocalPlugin = 1
    Question = 2
    RequireInfos = 3
    SceneChat = 4
    Input = 5
    OauthPlugin = 7
}

enum NodeEventType {
    LocalPlugin = 1
    Question = 2
    RequireInfos = 3
    SceneChat = 4
    InputNode = 5
    WorkflowLocalPlugin = 6
    WorkflowOauthPlugin = 7
}

enum WorkflowRunMode {
    Sync = 0
    Stream = 1
    Async = 2
    Debug = 3                               // Atelier: a console test run (draft canvas)
}

enum DeleteStatus {
    SUCCESS = 0
    FAIL = 1
}

enum ValidateErrorType {
    BotValidateNodeErr = 1
    BotValidatePathErr = 2
    BotConcurrentPathErr = 3
}

// What is wrong with a canvas (ValidateErrorData.kind); the message says it in words, naming nodes.
enum CanvasIssueKind {
    MissingEntry = 0            // no Entry node (type "1") on the canvas
    MissingExit = 1             // no Exit node (type "2") on the canvas
    DuplicateNode = 2           // two nodes share an id
    UnknownNodeType = 3         // a node type Atelier does not run
    MisplacedNode = 4           // e.g. Break outside a Loop, Entry inside one
    NestedComposite = 5         // a Loop or Batch inside a Loop or Batch
    Unconnected = 6             // not reachable from the start, no way out, or a port without an edge
    UnknownNode = 7             // an edge to or from a node that is not there
    UnknownPort = 8             // an edge leaving a port its node does not have
    Cycle = 9                   // edges that come back: only Loop and Batch nodes repeat
    EmptyReference = 10         // an input referring to no node
    MissingNode = 11            // a reference to a node that is not on the canvas
    NotPredecessor = 12         // a reference to a node that does not run before this one
    MissingField = 13           // a reference to an output field the node does not have
    TypeMismatch = 14           // a reference whose type cannot be converted into the input's
    InvalidLiteral = 15         // a constant that is not of its input's type
    InvalidName = 16            // an input parameter name that is not an identifier
    InvalidSetting = 17         // a node setting that cannot work (error handling, loop type...)
} (api.string="true")

enum SchemaType {
    DAG = 0
    FDL = 1
    BlockWise = 2
}

// Node types of the canvas, named and numbered as Coze Studio's backend knows them (entity/node_meta.go):
// the "type" of a canvas node is the decimal string of the number ("1" Entry, "21" Loop...).
enum NodeType {
    Entry = 1
    Exit = 2
    LLM = 3
    Plugin = 4
    CodeRunner = 5
    KnowledgeRetriever = 6
    Selector = 8                    // if / else-if / else
    SubWorkflow = 9
    DatabaseCustomSQL = 12
    OutputEmitter = 13
    TextProcessor = 15
    QuestionAnswer = 18
    Break = 19                      // inside Loop
    VariableAssignerWithinLoop = 20 // inside Loop: sets a loop variable
    Loop = 21
    IntentDetector = 22
    KnowledgeIndexer = 27
    Batch = 28
    Continue = 29                   // inside Loop
    InputReceiver = 30
    Comment = 31                    // a note on the canvas: never runs
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
}

// ---------------------------------------------------------------- canvas
// The canvas travels as a JSON string (SaveWorkflowRequest.schema, Workflow.schema_json)
// for Coze front-end compatibility. These structs describe that JSON; node "inputs" are
// node-type specific and left to the node implementations. Start node id "100001",
// end node id "900001".

// Type of a canvas variable: "type" of an output, of a declared input and of a list's element
// (Coze's VariableType; "float" is Coze's spelling of number).
enum VariableType {
    String = 0
    Integer = 1
    Float = 2
    Boolean = 3
    Object = 4
    List = 5
} (api.string="true")

// Secondary type of a string variable ("assistType"): a file of some kind, or a time.
enum AssistType {
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
}

// How a value is given ("value.type"): a constant, a reference to an output or variable, or an
// object assembled from named values (its "schema" holds them).
enum ValueKind {
    Literal = 0
    Ref = 1
    ObjectRef = 2
} (api.string="true")

// What a node does when it fails ("settingOnError.processType").
enum ErrorProcessType {
    Throw = 1               // the run fails
    ReturnDefaultData = 2   // the node outputs "dataOnErr" and the run goes on
    ExceptionBranch = 3     // the node's "branch_error" port is taken instead of "default"
}

// How a Loop node iterates ("loopType").
enum LoopType {
    Array = 0               // once per element of its list inputs
    Count = 1               // "loopCount" times
    Infinite = 2            // until a Break node runs
} (api.string="true")

struct Position {
    1: double x
    2: double y
}

struct CanvasNodeMeta {
    1: Position position
}

struct NodeMetaInfo {
    1: string title
    2: string description
    3: string icon
    4: string subTitle
}

// Reference to another node's output inside an input value:
// {"type": "ref", "content": {"source": "block-output", "blockID": "...", "name": "...", "path": [...]}}
struct BlockOutputRef {
    1: string source                        // "block-output" | "global_variable_*"
    2: string blockID
    3: string name
    4: list<string> path
}

// Output (or declared input) variable of a node; schema nests for object/list types.
struct CanvasVariable {
    1: string name
    2: string type                          // string | integer | float | boolean | object | list | ...
    3: bool is_required (api.body="required")
    4: string description
    5: list<CanvasVariable> schema
}

struct CanvasNodeData {
    1: NodeMetaInfo nodeMeta
    3: list<CanvasVariable> outputs
}

struct CanvasEdge {
    1: string sourceNodeID
    2: string targetNodeID
    3: string sourcePortID
    4: string targetPortID
}

struct CanvasNode {
    1: string id
    2: string type
    3: CanvasNodeMeta meta
    4: CanvasNodeData data
    5: list<CanvasNode> blocks              // loop / batch bodies
    6: list<CanvasEdge> edges
}

struct Canvas {
    1: list<CanvasNode> nodes
    2: list<CanvasEdge> edges
}

// ---------------------------------------------------------------- workflow entities

struct Creator {
    1: i64 id (api.js_conv="true")
    2: string name
    3: string avatar_url
    4: bool is_self (api.body="self")
}

struct Workflow {
    1: i64 workflow_id (api.js_conv="true")
    2: string name
    3: string desc
    4: string url                           // icon url
    5: string icon_uri
    6: WorkFlowDevStatus status
    7: WorkFlowStatus workflow_status
    9: i64 create_time                      // unix seconds
    10: i64 update_time
    11: SchemaType schema_type
    17: i64 space_id (api.js_conv="true")
    19: optional string schema_json          // canvas JSON (see Canvas)
    20: Creator creator
    22: WorkflowMode flow_mode
    27: optional i64 project_id (api.js_conv="true")
    28: optional i64 plugin_id (api.js_conv="true")   // its id as an agent tool once published (Coze), 0 before
    29: optional string version              // latest published version
}

// Version-control state of the draft. Its commit id changes on every save: a save names the
// commit it was made on (SaveWorkflowRequest.submit_commit_id) and is refused (409) when the
// draft has moved on since, so two editors never silently overwrite each other.
struct VCSCanvasData {
    1: string submit_commit_id              // the draft's commit id: send it with the next save
    2: string draft_commit_id               // the same value (Coze keeps both)
    3: VCSCanvasType type
    4: bool can_edit
    5: optional string publish_commit_id    // the draft commit the latest version was published from
}

struct CanvasData {
    1: Workflow workflow
    2: VCSCanvasData vcs_data
    6: optional bool is_bind_agent
    9: optional string workflow_version     // latest published version
}

struct TokenAndCost {
    1: optional string inputTokens
    2: optional string inputCost
    3: optional string outputTokens
    4: optional string outputCost
    5: optional string totalTokens
    6: optional string totalCost
}

struct NodeResult {
    1: string nodeId
    2: string NodeType
    3: string NodeName
    5: NodeExeStatus nodeStatus
    6: string errorInfo
    7: string input                         // JSON
    8: string output                        // JSON
    9: string nodeExeCost                   // e.g. "0.35s"
    10: optional TokenAndCost tokenAndCost
    11: optional string raw_output
    12: string errorLevel
    13: optional i32 index                  // batch / loop iteration
    14: optional string items
    15: optional i32 maxBatchSize
    18: optional string batch
    19: optional bool isBatch
    21: string extra
    22: optional i64 executeId (api.js_conv="true")
    23: optional i64 subExecuteId (api.js_conv="true")
    24: optional bool needAsync
}

struct NodeEvent {
    1: string id                            // interrupt event id, used to resume
    2: NodeEventType type
    3: string node_title
    4: string data                          // JSON: question / input form
    5: string node_icon
    6: string node_id
    7: string schema_node_id
}

struct Interrupt {
    1: string event_id
    2: InterruptType type
    3: string data
}

// ---------------------------------------------------------------- editing

struct CreateWorkflowRequest {
    1: required string name
    2: required string desc
    3: optional string icon_uri
    4: required i64 space_id (api.js_conv="true", api.space="true")
    5: optional WorkflowMode flow_mode
    9: optional i64 project_id (api.js_conv="true")
}

struct CreateWorkflowData {
    1: i64 workflow_id (api.js_conv="true")
    2: string name
    3: string url
    4: WorkFlowStatus status
    5: SchemaType type
}

struct CreateWorkflowResponse {
    1: CreateWorkflowData data
}

struct GetCanvasInfoRequest {
    1: required i64 space_id (api.js_conv="true", api.space="true")
    2: required i64 workflow_id (api.js_conv="true")
}

struct GetCanvasInfoResponse {
    1: CanvasData data
}

struct SaveWorkflowRequest {
    1: required i64 workflow_id (api.js_conv="true")
    2: optional string schema               // canvas JSON
    3: required i64 space_id (api.js_conv="true", api.space="true")
    4: optional string name
    5: optional string desc
    6: optional string icon_uri
    7: required string submit_commit_id     // the draft commit the edit was made on (canvas vcs_data); 409 when stale
}

struct SaveWorkflowData {
    1: string name
    2: string url
    3: WorkFlowDevStatus status
    4: WorkFlowStatus workflow_status
    5: string submit_commit_id              // Atelier: the new draft commit, to send with the next save
}

struct SaveWorkflowResponse {
    1: SaveWorkflowData data
}

struct UpdateWorkflowMetaRequest {
    1: required i64 workflow_id (api.js_conv="true")
    2: required i64 space_id (api.js_conv="true", api.space="true")
    3: optional string name
    4: optional string desc
    5: optional string icon_uri
    6: optional WorkflowMode flow_mode
}

struct UpdateWorkflowMetaResponse {
}

struct DeleteWorkflowRequest {
    1: required i64 workflow_id (api.js_conv="true")
    2: required i64 space_id (api.js_conv="true", api.space="true")
    // Atelier: delete although other workflows use it (409 otherwise, naming them); their nodes
    // then point at a workflow that is gone.
    10: optional bool force
}

struct DeleteWorkflowData {
    1: DeleteStatus status
}

struct DeleteWorkflowResponse {
    1: DeleteWorkflowData data
}

struct PublishWorkflowRequest {
    1: required i64 workflow_id (api.js_conv="true")
    2: required i64 space_id (api.js_conv="true", api.space="true")
    3: optional bool has_collaborator
    5: optional string commit_id            // the draft commit to publish; 409 when the draft has moved on
    6: optional bool force                  // publish although the draft has not passed a test run since its last change
    7: optional string workflow_version     // "vMAJOR.MINOR.PATCH", above the latest; its next patch when empty
    8: optional string version_description
}

struct PublishWorkflowData {
    1: i64 workflow_id (api.js_conv="true")
    2: string publish_commit_id
    3: bool success
}

struct PublishWorkflowResponse {
    1: PublishWorkflowData data
}

struct CopyWorkflowRequest {
    1: required i64 workflow_id (api.js_conv="true")
    2: required i64 space_id (api.js_conv="true", api.space="true")
}

struct CopyWorkflowData {
    1: i64 workflow_id (api.js_conv="true")
    2: SchemaType schema_type
}

struct CopyWorkflowResponse {
    1: CopyWorkflowData data
}

struct GetWorkFlowListRequest {
    1: optional i32 page
    2: optional i32 size
    3: optional list<i64> workflow_ids (api.js_conv="true")
    5: optional string name
    7: required i64 space_id (api.js_conv="true", api.space="true")
    8: optional WorkFlowListStatus status
    11: optional WorkflowMode flow_mode
    10: optional bool login_user_create     // only the caller's own workflows
    13: optional i64 project_id (api.js_conv="true")
}

struct WorkFlowListData {
    1: list<Workflow> workflow_list
    3: i64 total
    4: bool has_more                        // Atelier: pages after this one
}

struct GetWorkFlowListResponse {
    1: WorkFlowListData data
}

struct GetWorkflowDetailRequest {
    1: required list<i64> workflow_ids (api.js_conv="true")
    2: required i64 space_id (api.js_conv="true", api.space="true")
}

struct WorkflowDetailData {
    1: i64 workflow_id (api.js_conv="true")
    2: i64 space_id (api.js_conv="true")
    3: string name
    4: string desc
    5: string icon                          // url
    6: string inputs                        // JSON: start-node parameters
    7: string outputs                       // JSON: end-node parameters
    8: string version
    9: i64 create_time
    10: i64 update_time
    11: optional i64 project_id (api.js_conv="true")
    12: i32 end_type                        // 0 return variables, 1 return answer text
    13: string icon_uri
    14: WorkflowMode flow_mode
}

struct GetWorkflowDetailResponse {
    1: list<WorkflowDetailData> data
}

struct ValidateTreeRequest {
    1: required i64 workflow_id (api.js_conv="true")
    2: optional i64 bind_project_id (api.js_conv="true")
    3: optional i64 bind_bot_id (api.js_conv="true")
    4: optional string schema               // canvas JSON to validate; saved draft when empty
    5: optional i64 space_id (api.js_conv="true", api.space="true")
}

struct NodeError {
    1: string node_id
}

struct PathError {
    1: string start
    2: string end_node (api.body="end")
    3: list<string> path
}

struct ValidateErrorData {
    1: NodeError node_error
    2: PathError path_error
    3: string message
    4: ValidateErrorType type
    5: optional string kind                 // Atelier: the problem as a value (a CanvasIssueKind)
    6: optional string field_path           // Atelier: where in the node, e.g. "inputs.inputParameters.query", "edges[3]"
}

struct ValidateTreeInfo {
    1: i64 workflow_id (api.js_conv="true")     // this workflow or a sub-workflow
    2: string name
    3: list<ValidateErrorData> errors
}

struct ValidateTreeResponse {
    1: list<ValidateTreeInfo> data
}

// Atelier: a workflow and the sub-workflows it uses, recursively, as versioned YAML (for git).
struct ExportWorkflowRequest {
    1: required i64 workflow_id (api.js_conv="true")
    2: required i64 space_id (api.js_conv="true", api.space="true")
}

struct ExportWorkflowData {
    1: string yaml                          // the document (README: "Workflows as YAML")
    2: string file_name                     // "<name>.workflow.yaml"
}

struct ExportWorkflowResponse {
    1: ExportWorkflowData data
}

// Atelier: new workflows in the space from an exported document, all or none.
struct ImportWorkflowRequest {
    1: required i64 space_id (api.js_conv="true", api.space="true")
    2: required string yaml
    3: optional i64 project_id (api.js_conv="true")
}

struct ImportedWorkflow {
    1: string ref                           // its key in the document
    2: i64 workflow_id (api.js_conv="true")
    3: string name                          // the document's name, or "<name>_copy"... when taken
}

struct ImportWorkflowData {
    1: i64 workflow_id (api.js_conv="true")     // the document's main workflow
    2: list<ImportedWorkflow> workflows     // every workflow created, the main one first
}

struct ImportWorkflowResponse {
    1: ImportWorkflowData data
}

struct QueryWorkflowNodeTypeRequest {
    1: required i64 space_id (api.js_conv="true", api.space="true")
    2: required i64 workflow_id (api.js_conv="true")
}

struct NodeProps {
    1: string id
    2: string type
    3: bool is_enable_chat_history
    4: bool is_enable_user_query
    5: bool is_ref_global_variable
}

struct WorkflowNodeTypeData {
    1: list<string> node_types
    2: list<string> sub_workflow_node_types
    3: list<NodeProps> nodes_properties
    4: list<NodeProps> sub_workflow_nodes_properties
}

struct QueryWorkflowNodeTypeResponse {
    1: WorkflowNodeTypeData data
}

// ---------------------------------------------------------------- test runs

struct WorkFlowTestRunRequest {
    1: required i64 workflow_id (api.js_conv="true")
    2: optional map<string, string> input   // start-node parameter -> value (JSON for non-strings)
    3: required i64 space_id (api.js_conv="true", api.space="true")
    4: optional i64 bot_id (api.js_conv="true")
    5: optional string submit_commit_id
    6: optional string commit_id
    7: optional i64 project_id (api.js_conv="true")
}

struct WorkFlowTestRunData {
    1: i64 workflow_id (api.js_conv="true")
    2: i64 execute_id (api.js_conv="true")
    3: string session_id
}

struct WorkFlowTestRunResponse {
    1: WorkFlowTestRunData data
}

struct GetWorkflowProcessRequest {
    1: required i64 workflow_id (api.query="workflow_id", api.js_conv="true")
    2: required i64 space_id (api.query="space_id", api.js_conv="true", api.space="true")
    3: optional i64 execute_id (api.query="execute_id", api.js_conv="true")    // latest run when absent
    4: optional i64 sub_execute_id (api.query="sub_execute_id", api.js_conv="true")
    5: optional bool need_async (api.query="need_async")
}

struct GetWorkFlowProcessData {
    1: i64 workFlowId (api.js_conv="true")
    2: i64 executeId (api.js_conv="true")
    3: WorkflowExeStatus executeStatus
    4: list<NodeResult> nodeResults
    5: string rate                          // progress "0.5"
    6: WorkflowExeHistoryStatus exeHistoryStatus
    7: string workflowExeCost
    8: optional TokenAndCost tokenAndCost
    9: optional string reason               // failure reason
    10: optional string lastNodeID
    11: string logID
    12: list<NodeEvent> nodeEvents          // pending interrupts
    13: optional i64 projectId (api.js_conv="true")
}

struct GetWorkflowProcessResponse {
    1: GetWorkFlowProcessData data
}

struct WorkflowTestResumeRequest {
    1: required i64 workflow_id (api.js_conv="true")
    2: required i64 execute_id (api.js_conv="true")
    3: required string event_id
    4: required string data                 // answer / input JSON
    5: required i64 space_id (api.js_conv="true", api.space="true")
}

struct WorkflowTestResumeResponse {
}

struct CancelWorkFlowRequest {
    1: required i64 execute_id (api.js_conv="true")
    2: required i64 space_id (api.js_conv="true", api.space="true")
    3: optional i64 workflow_id (api.js_conv="true")
}

struct CancelWorkFlowResponse {
}

struct WorkflowNodeDebugV2Request {
    1: required i64 workflow_id (api.js_conv="true")
    2: required string node_id
    3: optional map<string, string> input
    4: optional map<string, string> batch
    5: required i64 space_id (api.js_conv="true", api.space="true")
    6: optional i64 bot_id (api.js_conv="true")
    7: optional i64 project_id (api.js_conv="true")
    8: optional map<string, string> setting
}

struct WorkflowNodeDebugV2Data {
    1: i64 workflow_id (api.js_conv="true")
    2: string node_id
    3: i64 execute_id (api.js_conv="true")
    4: string session_id
}

struct WorkflowNodeDebugV2Response {
    1: WorkflowNodeDebugV2Data data
}

// A node's last execution in a run (execute_id), or with node_history_scene TestRunInput
// (execute_id empty) in the caller's latest debug of that node (the Start node: of the workflow),
// for the console to fill its test form again.
struct GetNodeExecuteHistoryRequest {
    1: required i64 workflow_id (api.query="workflow_id", api.js_conv="true")
    2: required i64 space_id (api.query="space_id", api.js_conv="true", api.space="true")
    3: optional i64 execute_id (api.query="execute_id", api.js_conv="true")
    5: required string node_id (api.query="node_id")
    6: optional bool is_batch (api.query="is_batch")
    7: optional i32 batch_index (api.query="batch_index")    // with is_batch: that element's execution
    8: optional string node_type (api.query="node_type")
    9: optional NodeHistoryScene node_history_scene (api.query="node_history_scene")
}

struct GetNodeExecuteHistoryResponse {
    1: NodeResult data
}

// The workflows whose drafts use this one: as a SubWorkflow node, or as an LLM node's tool.
struct GetWorkflowReferencesRequest {
    1: required i64 workflow_id (api.js_conv="true")
    2: required i64 space_id (api.js_conv="true", api.space="true")
}

// An agent binding the workflow (its draft's or online version's workflow_info_list).
struct WorkflowReferringBot {
    1: i64 bot_id (api.js_conv="true")
    2: string name
    3: bool in_draft                        // the agent's draft binds it
    4: bool in_published                    // the agent's online version binds it
}

struct WorkflowReferencesData {
    1: list<Workflow> workflow_list         // workflows whose drafts use it (Coze's answer)
    2: list<WorkflowReferringBot> bot_list  // Atelier: agents of the space that bind it, by id
}

struct GetWorkflowReferencesResponse {
    1: WorkflowReferencesData data
}

// ---------------------------------------------------------------- OpenAPI runs

struct OpenAPIRunFlowRequest {
    1: required i64 workflow_id (api.js_conv="true")
    2: optional string parameters (api.json_text="true")   // start-node inputs: a JSON object, or its JSON text
    3: optional map<string, string> ext
    4: optional i64 bot_id (api.js_conv="true")
    5: optional bool is_async               // true: returns execute_id, poll get_run_history
    7: optional string version              // published version; latest when empty
    8: optional i64 connector_id (api.js_conv="true")
    9: optional i64 app_id (api.js_conv="true")
    10: optional i64 space_id (api.js_conv="true", api.space="true")
}

// Same body as /v1/workflow/run; is_async is ignored.
struct OpenAPIStreamRunFlowRequest {
    1: required i64 workflow_id (api.js_conv="true")
    2: optional string parameters (api.json_text="true")
    3: optional map<string, string> ext
    4: optional i64 bot_id (api.js_conv="true")
    7: optional string version
    8: optional i64 connector_id (api.js_conv="true")
    9: optional i64 app_id (api.js_conv="true")
    10: optional i64 space_id (api.js_conv="true", api.space="true")
}

struct OpenAPIRunFlowResponse {
    1: optional string data                 // JSON output of the end node (sync runs)
    2: optional i64 token
    3: optional string cost
    4: optional string debug_url
    5: optional i64 execute_id (api.js_conv="true")
}

struct OpenAPIStreamResumeFlowRequest {
    1: required string event_id
    2: required InterruptType interrupt_type
    3: required string resume_data
    4: optional map<string, string> ext
    5: required i64 workflow_id (api.js_conv="true")
    6: optional i64 connector_id (api.js_conv="true")
    7: optional i64 space_id (api.js_conv="true", api.space="true")
}

// One SSE event of /v1/workflow/stream_run and /stream_resume. event is Message, Error,
// Done or Interrupt; id is the SSE id (sequence number, as a string); data is JSON:
// Message {node_seq_id, node_title, content, content_type, node_is_finish, node_type,
// node_id, usage, ext}; Error {error_code, error_message}; Done {debug_url};
// Interrupt {interrupt_data: {event_id, type, data}, node_title}.
struct WorkflowStreamEvent {
    1: string event (api.sse="event")
    2: string data (api.sse="data")
    3: string id (api.sse="id")
}

// Coze's /v1/workflows/chat: a chatflow (its Entry takes USER_INPUT and CONVERSATION_NAME) answers
// the user's last message in a conversation (a new one when conversation_id is absent). The
// conversation service keeps the messages; LLM nodes with chat history read the conversation's.
// A question or form the run stops at ends the chat requires_action: the user's next message in
// the conversation is the answer, and the run carries on from where it stopped.
struct ChatFlowRunRequest {
    1: required i64 workflow_id (api.js_conv="true")
    2: optional string parameters (api.json_text="true")   // Entry inputs besides USER_INPUT: an object, or its JSON text
    3: optional map<string, string> ext
    4: optional i64 bot_id (api.js_conv="true")            // bot_id or app_id: whose chat it is
    7: optional string version                             // published version; latest when empty
    8: optional i64 connector_id (api.js_conv="true")
    9: optional i64 app_id (api.js_conv="true")
    10: optional i64 conversation_id (api.js_conv="true")  // absent: a new conversation
    11: optional list<conversation.EnterMessage> additional_messages  // the last is the user's query
    12: optional i64 space_id (api.js_conv="true", api.space="true")
}

// One SSE event of /v1/workflows/chat (Coze's chat events): conversation.chat.created,
// conversation.chat.in_progress, conversation.message.delta, conversation.message.completed,
// conversation.chat.completed, conversation.chat.requires_action, then done (data {"debug_url"});
// or error (data {"code", "msg"}) when the run failed. data of conversation.chat.* is the chat
// (ChatV3ChatDetail's fields plus execute_id), of conversation.message.* the message
// (ChatV3MessageDetail's fields).
struct ChatFlowRunEvent {
    1: string event (api.sse="event")
    2: string data (api.sse="data")
}

struct GetWorkflowRunHistoryRequest {
    1: required i64 workflow_id (api.query="workflow_id", api.js_conv="true")
    2: optional i64 execute_id (api.query="execute_id", api.js_conv="true")
    3: optional i64 space_id (api.query="space_id", api.js_conv="true", api.space="true")    // resolved from the resource when absent
}

struct WorkflowExecuteHistory {
    1: i64 execute_id (api.js_conv="true")
    2: string execute_status                // Running | Success | Fail | Cancel | Interrupted
    3: optional i64 bot_id (api.js_conv="true")
    4: optional i64 connector_id (api.js_conv="true")
    6: WorkflowRunMode run_mode
    7: string log_id
    8: i64 create_time
    9: i64 update_time
    10: optional string debug_url
    51: optional string input
    52: optional string output
    53: optional i64 token
    54: optional string cost
    101: optional string error_code
    102: optional string error_msg
}

// Coze's /v1/workflows/:workflow_id/run_histories/:execute_id: one run's history entry.
struct GetWorkflowRunHistoryByIdRequest {
    1: required i64 workflow_id (api.path="workflow_id", api.js_conv="true")
    2: required i64 execute_id (api.path="execute_id", api.js_conv="true")
}

struct GetWorkflowRunHistoryResponse {
    1: list<WorkflowExecuteHistory> data
}

// ---------------------------------------------------------------- workflows as tools (agents, MCP)

// ResolveWorkflowToolsResponse.unresolved: why a workflow gives no tool.
enum WorkflowToolProblem {
    NotFound = 0                // no such workflow in the space
    NotPublished = 1            // a published agent (or MCP) needs a published version
    CannotRun = 2               // its canvas does not compile (the reason says why)
} (api.string="true")

// RunWorkflowToolResponse.outcome
enum WorkflowToolOutcome {
    Succeeded = 0
    Interrupted = 1             // a question / input node waits: resume with the user's answer
    Failed = 2                  // error_msg says why (a node failed, the run timed out...)
} (api.string="true")

struct ResolveWorkflowToolsRequest {
    1: i64 space_id                         // the caller's (an agent's) space: every workflow must belong to it
    2: list<i64> workflow_ids               // empty: every published workflow of the space
    3: bool draft                           // a draft agent's run: the workflows' drafts; else their latest versions
}

// A workflow as a model tool: its name, description and the JSON schema of its Entry node's inputs.
struct WorkflowTool {
    1: i64 workflow_id
    2: string name                          // the workflow's name (a tool name: letters, digits, _ and -)
    3: string description
    4: string parameters                    // JSON schema (object) of the Entry node's declared inputs
    5: bool return_directly                 // the Exit node answers text (terminatePlan useAnswerContent)
    6: string version                       // the version a run uses ("" for the draft)
}

struct UnresolvedWorkflowTool {
    1: i64 workflow_id
    2: string problem                       // WorkflowToolProblem
    3: string reason
}

struct ResolveWorkflowToolsResponse {
    1: list<WorkflowTool> tools
    2: list<UnresolvedWorkflowTool> unresolved
}

struct WorkflowToolMessage {
    1: string role                          // user | assistant
    2: string content
}

// One synchronous run of a workflow called as a tool, or the resumption of one that waited.
struct RunWorkflowToolRequest {
    1: i64 workflow_id
    2: i64 space_id                         // the workflow's space (the caller must reach it)
    3: string arguments                     // the Entry inputs: a JSON object
    4: bool draft                           // run the draft (a draft agent's debug chat)
    5: optional i64 bot_id                  // the calling agent: its user's memory variables
    6: string user_id                       // the end user the run acts for
    7: list<WorkflowToolMessage> history    // the conversation so far (chat-history nodes read it)
    8: optional i64 resume_execute_id       // an interrupted run of this workflow: carry on with resume_data
    9: string resume_data                   // the user's answer to the question the run waits on
}

struct WorkflowToolInterrupt {
    1: string event_id                      // "<execute_id>/<n>"
    2: i32 type                             // Coze's interrupt type (2 question, 5 input form)
    3: string data                          // the node's question or form, as stream_run sends it
    4: string node_title
}

struct RunWorkflowToolResponse {
    1: i64 execute_id
    2: string outcome                       // WorkflowToolOutcome
    3: string output                        // JSON object of the Exit node's variables (Succeeded)
    4: string answer                        // the Exit node's text answer (return_directly workflows)
    5: bool return_directly
    6: optional WorkflowToolInterrupt interrupt
    7: string error_msg
    8: i64 input_tokens
    9: i64 output_tokens
}

// ---------------------------------------------------------------- run records (console)
// The space's workflow runs across its workflows, newest first (node-by-node detail: get_process
// with the run's workflow_id and execute_id). Single-node debugs are left out.

struct WorkflowRunRecord {
    1: i64 execute_id (api.js_conv="true")
    2: i64 workflow_id (api.js_conv="true")
    3: string workflow_name
    4: WorkflowExeStatus status
    5: WorkflowRunMode run_mode
    6: i64 creator_id (api.js_conv="true")      // who started it
    7: i64 bot_id (api.js_conv="true")          // the agent that called it (0: none)
    8: string version                           // "" : the draft
    9: i64 created_at                           // unix ms
    10: i64 finished_at                         // unix ms; 0 while running or interrupted
    11: i64 latency_ms                          // finished_at - created_at; 0 while unfinished
    12: i64 input_tokens
    13: i64 output_tokens
    14: string error_msg
    15: string input                            // JSON
    16: string output                           // JSON ("" until it ends)
}

struct ListWorkflowRunRecordsRequest {
    1: required i64 space_id (api.js_conv="true", api.space="true")
    2: optional i64 workflow_id (api.js_conv="true")
    3: optional WorkflowExeStatus status
    4: optional i64 creator_id (api.js_conv="true")
    5: optional i64 start_time                  // unix seconds: runs created at or after
    6: optional i64 end_time                    // unix seconds: runs created before
    7: optional string cursor                   // next_cursor of the previous page; absent: the newest
    8: optional i32 limit                       // 1..100, default 20
}

struct ListWorkflowRunRecordsResponse {
    1: list<WorkflowRunRecord> data
    2: bool has_more
    3: string next_cursor
}

// ---------------------------------------------------------------- service

service WorkflowService {
    // ---- editing
    CreateWorkflowResponse CreateWorkflow(1: CreateWorkflowRequest req)
        (api.post="/api/workflow_api/create", api.category="workflow")
    GetCanvasInfoResponse GetCanvasInfo(1: GetCanvasInfoRequest req)
        (api.post="/api/workflow_api/canvas", api.category="workflow")
    SaveWorkflowResponse SaveWorkflow(1: SaveWorkflowRequest req)
        (api.post="/api/workflow_api/save", api.category="workflow")
    UpdateWorkflowMetaResponse UpdateWorkflowMeta(1: UpdateWorkflowMetaRequest req)
        (api.post="/api/workflow_api/update_meta", api.category="workflow")
    DeleteWorkflowResponse DeleteWorkflow(1: DeleteWorkflowRequest req)
        (api.post="/api/workflow_api/delete", api.category="workflow")
    PublishWorkflowResponse PublishWorkflow(1: PublishWorkflowRequest req)
        (api.post="/api/workflow_api/publish", api.category="workflow")
    CopyWorkflowResponse CopyWorkflow(1: CopyWorkflowRequest req)
        (api.post="/api/workflow_api/copy", api.category="workflow")
    GetWorkFlowListResponse GetWorkFlowList(1: GetWorkFlowListRequest req)
        (api.post="/api/workflow_api/workflow_list", api.category="workflow")
    GetWorkflowDetailResponse GetWorkflowDetail(1: GetWorkflowDetailRequest req)
        (api.post="/api/workflow_api/workflow_detail", api.category="workflow")
    ValidateTreeResponse ValidateTree(1: ValidateTreeRequest req)
        (api.post="/api/workflow_api/validate_tree", api.category="workflow")
    ExportWorkflowResponse ExportWorkflow(1: ExportWorkflowRequest req)
        (api.post="/api/workflow_api/export", api.category="workflow")
    ImportWorkflowResponse ImportWorkflow(1: ImportWorkflowRequest req)
        (api.post="/api/workflow_api/import", api.category="workflow")
    QueryWorkflowNodeTypeResponse QueryWorkflowNodeTypes(1: QueryWorkflowNodeTypeRequest req)
        (api.post="/api/workflow_api/node_type", api.category="workflow")
    GetWorkflowReferencesResponse GetWorkflowReferences(1: GetWorkflowReferencesRequest req)
        (api.post="/api/workflow_api/workflow_references", api.category="workflow")

    // ---- test runs
    WorkFlowTestRunResponse WorkFlowTestRun(1: WorkFlowTestRunRequest req)
        (api.post="/api/workflow_api/test_run", api.category="workflow")
    GetWorkflowProcessResponse GetWorkFlowProcess(1: GetWorkflowProcessRequest req)
        (api.get="/api/workflow_api/get_process", api.category="workflow")
    WorkflowTestResumeResponse WorkFlowTestResume(1: WorkflowTestResumeRequest req)
        (api.post="/api/workflow_api/test_resume", api.category="workflow")
    CancelWorkFlowResponse CancelWorkFlow(1: CancelWorkFlowRequest req)
        (api.post="/api/workflow_api/cancel", api.category="workflow")
    WorkflowNodeDebugV2Response WorkflowNodeDebugV2(1: WorkflowNodeDebugV2Request req)
        (api.post="/api/workflow_api/nodeDebug", api.category="workflow")
    GetNodeExecuteHistoryResponse GetNodeExecuteHistory(1: GetNodeExecuteHistoryRequest req)
        (api.get="/api/workflow_api/get_node_execute_history", api.category="workflow")
    ListWorkflowRunRecordsResponse ListWorkflowRunRecords(1: ListWorkflowRunRecordsRequest req)
        (api.post="/api/workflow_api/run_record/list", api.category="workflow")

    // ---- OpenAPI
    OpenAPIRunFlowResponse OpenAPIRunFlow(1: OpenAPIRunFlowRequest req)
        (api.post="/v1/workflow/run", api.category="workflow_open_api", api.tag="openapi")
    WorkflowStreamEvent OpenAPIStreamRunFlow(1: OpenAPIStreamRunFlowRequest req)
        (api.post="/v1/workflow/stream_run", api.category="workflow_open_api", api.tag="openapi", api.stream="true")
    WorkflowStreamEvent OpenAPIStreamResumeFlow(1: OpenAPIStreamResumeFlowRequest req)
        (api.post="/v1/workflow/stream_resume", api.category="workflow_open_api", api.tag="openapi", api.stream="true")
    ChatFlowRunEvent OpenAPIChatFlowRun(1: ChatFlowRunRequest req)
        (api.post="/v1/workflows/chat", api.category="workflow_open_api", api.tag="openapi", api.stream="true")
    GetWorkflowRunHistoryResponse OpenAPIGetWorkflowRunHistory(1: GetWorkflowRunHistoryRequest req)
        (api.get="/v1/workflow/get_run_history", api.category="workflow_open_api", api.tag="openapi")
    GetWorkflowRunHistoryResponse OpenAPIGetWorkflowRunHistoryById(1: GetWorkflowRunHistoryByIdRequest req)
        (api.get="/v1/workflows/:workflow_id/run_histories/:execute_id", api.category="workflow_open_api", api.tag="openapi")

    // ---- workflows as tools (agents' turns, the MCP endpoint)
    // The workflows as model tools; unresolved ones with why. Agents ask when a configuration gains
    // a workflow (draft=true: an unresolved one is refused) and at each turn.
    ResolveWorkflowToolsResponse ResolveWorkflowTools(1: ResolveWorkflowToolsRequest req)
        (api.internal="true")
    // Run one synchronously (or resume an interrupted one) and answer how it ended.
    RunWorkflowToolResponse RunWorkflowTool(1: RunWorkflowToolRequest req)
        (api.internal="true")
}
