// Agents (Coze "bots"): drafts, display settings, versions/publish, onboarding, shortcut
// commands, memory (variables, user databases). Owner service: agent.
// Paths and field names follow Coze Studio's developer_api / playground / memory IDL.
include "base.thrift"
include "knowledge.thrift"

namespace py atelier.agent
namespace go atelier.agent

// ---------------------------------------------------------------- enums

// How a bot runs (Coze's bot_common.BotMode); Atelier runs single agents.
enum BotMode {
    SingleMode = 0
    MultiMode = 1
    WorkflowMode = 2
}

enum ContextMode {
    Chat = 0
    FunctionCall_1 = 1
    FunctionCall_2 = 2
    FunctionCall_3 = 3
}

enum ModelResponseFormat {
    Text = 0
    Markdown = 1
    JSON = 2
}

enum KnowledgeNoRecallReplyMode {
    Default = 0             // the model answers without knowledge
    CustomizePrompt = 1     // reply with no_recall_reply_customize_prompt
}

enum KnowledgeShowSourceMode {
    ReplyBottom = 0
    CardList = 1
}

enum SuggestReplyMode {
    System = 0
    Custom = 1
    Disable = 2
}

enum SuggestedQuestionsShowMode {
    Random = 0
    All = 1
}

enum FieldItemType {
    Text = 1
    Number = 2
    Date = 3
    Float = 4
    Boolean = 5
}

enum BotTableRWMode {
    LimitedReadWrite = 1    // each user sees own rows
    ReadOnly = 2
    UnlimitedReadWrite = 3  // all users share rows
}

enum TableType {
    DraftTable = 1
    OnlineTable = 2
}

enum HistoryType {
    SUBMIT = 1              // saved draft version
    FLAG = 2                // published version
}

enum VariableChannel {
    Custom = 1
    System = 2
    Location = 3
    Feishu = 4
    APP = 5
}

enum SendType {
    SendTypeQuery = 0       // send template_query as is
    SendTypePanel = 1       // open a parameter panel first
}

enum ToolType {
    ToolTypeNone = 0
    ToolTypeWorkFlow = 1
    ToolTypePlugin = 2
}

enum InputType {
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
}

// ---------------------------------------------------------------- agent configuration

struct ShortMemoryPolicy {
    1: optional ContextMode context_mode
    2: optional i32 history_round           // chat history rounds sent to the model
}

struct ModelInfo {
    1: optional i64 model_id (api.js_conv="true")
    2: optional double temperature
    3: optional i32 max_tokens
    4: optional double top_p
    5: optional double frequency_penalty
    6: optional double presence_penalty
    7: optional ShortMemoryPolicy short_memory_policy
    8: optional i32 top_k
    9: optional ModelResponseFormat response_format
    15: optional map<string, string> parameters     // extra model parameters
}

struct PromptInfo {
    1: optional string prompt               // persona; Jinja2 {{variables}}
}

struct PluginInfo {
    1: optional i64 plugin_id (api.js_conv="true")
    2: optional i64 api_id (api.js_conv="true")
    3: optional string api_name
    // This agent's values for the tool's arguments (Coze's local_default / local_disable).
    4: optional list<PluginParamDefault> default_params
}

struct PluginParamDefault {
    1: string name                          // the argument as the tool's schema names it
    2: string value                         // the text for a string argument, JSON otherwise
    3: optional bool hidden                 // never shown to the model; the value is always sent
}

struct WorkflowInfo {
    1: optional i64 workflow_id (api.js_conv="true")
    2: optional i64 plugin_id (api.js_conv="true")
    3: optional i64 api_id (api.js_conv="true")
    5: optional string workflow_name
    6: optional string desc
    8: optional string plugin_icon
}

struct KnowledgeInfo {
    1: optional i64 id (api.js_conv="true")     // dataset id
    2: optional string name
}

struct RecallStrategy {
    1: optional bool use_rerank
    2: optional bool use_rewrite
    3: optional bool use_nl2sql
}

struct Knowledge {
    1: optional list<KnowledgeInfo> knowledge_info
    2: optional i64 top_k                   // default 3
    3: optional double min_score            // default 0.5
    4: optional bool auto                   // true: retrieve every turn; false: on demand (tool)
    5: optional knowledge.SearchStrategy search_strategy
    6: optional bool show_source
    7: optional KnowledgeNoRecallReplyMode no_recall_reply_mode
    8: optional string no_recall_reply_customize_prompt
    9: optional KnowledgeShowSourceMode show_source_mode
    10: optional RecallStrategy recall_strategy
}

struct OnboardingInfo {
    1: optional string prologue
    2: optional list<string> suggested_questions
    5: optional SuggestedQuestionsShowMode suggested_questions_show_mode
}

struct SuggestReplyInfo {
    1: optional SuggestReplyMode suggest_reply_mode
    2: optional string customized_suggest_prompt
}

struct Variable {
    1: optional string key
    2: optional string description
    3: optional string default_value
    4: optional bool is_system
    5: optional bool prompt_disabled
    7: optional bool is_disabled
}

struct FieldItem {
    1: optional string name
    2: optional string desc
    3: optional FieldItemType type
    4: optional bool must_required
    5: optional i64 id (api.js_conv="true")
    6: optional bool is_system_field
}

// Database bound to an agent (the agent config view of a user database).
struct Database {
    1: optional i64 table_id (api.js_conv="true")
    2: optional string table_name
    3: optional string table_desc
    4: optional list<FieldItem> field_list
    5: optional bool prompt_disabled
    6: optional BotTableRWMode rw_mode
}

struct DefaultValue {
    1: string value
}

struct Components {
    1: string name
    2: string description
    3: InputType input_type
    4: string parameter                     // tool parameter this component fills
    5: list<string> options                 // Select choices
    6: optional DefaultValue default_value
    7: bool hide
}

struct ToolParams {
    1: string name
    2: bool is_required (api.body="required")
    3: string desc
    4: string type
    5: optional string default_value
    6: optional bool refer_component        // filled from a component
}

struct ToolInfo {
    1: string tool_name
    2: list<ToolParams> tool_params_list
}

struct ShortcutCommand {
    2: i64 object_id (api.js_conv="true")   // agent id
    3: string command_name
    4: string shortcut_command              // e.g. "/translate"
    5: string description
    6: SendType send_type
    7: ToolType tool_type
    8: i64 work_flow_id (api.js_conv="true")
    9: i64 plugin_id (api.js_conv="true")
    10: string plugin_api_name
    11: string template_query               // "{{parameter}}" placeholders
    12: list<Components> components_list
    16: i64 command_id (api.js_conv="true")
    17: optional ToolInfo tool_info
    22: i64 plugin_api_id (api.js_conv="true")
}

// A client-side tool (Coze's "local plugin"): the model may call it, the caller runs it. The chat
// then stops with status requires_action until the outputs arrive by /v3/chat/submit_tool_outputs.
struct ClientTool {
    1: optional string name                 // the function name the model calls: letters, digits, _ and -
    2: optional string description          // what it does, for the model
    3: optional string parameters           // JSON schema (an object schema) of its arguments; empty: none
}

// Deep research: the model breaks the question into sub-questions, searches the bound knowledge
// (and bound plugin tools) for each over several steps, then writes one answer citing what it read.
struct DeepResearch {
    1: optional bool enabled                // every chat researches (a chat's deep_research flag overrides it)
    2: optional i32 max_steps               // model calls that may search, 1 to 10 (default 4)
    3: optional i32 max_tokens              // tokens (input + output) the searching steps may use, 1000 to 200000 (default 20000)
}

// Full agent configuration. Every field optional so updates can be partial.
struct BotInfo {
    1: optional i64 bot_id (api.js_conv="true")
    2: optional string name
    3: optional string description
    4: optional string icon_uri
    5: optional string icon_url
    6: optional i64 creator_id (api.js_conv="true")
    7: optional i64 create_time             // unix seconds
    8: optional i64 update_time
    10: optional string version
    11: optional ModelInfo model_info
    12: optional PromptInfo prompt_info
    13: optional list<PluginInfo> plugin_info_list
    14: optional list<WorkflowInfo> workflow_info_list
    15: optional OnboardingInfo onboarding_info
    16: optional Knowledge knowledge
    17: optional list<Variable> variable_list
    19: optional list<Database> database_list
    20: optional SuggestReplyInfo suggest_reply_info
    30: optional list<i64> shortcut_sort (api.js_conv="true")   // command ids in display order
    31: optional i64 space_id (api.js_conv="true")
    32: optional list<ClientTool> client_tool_list
    33: optional DeepResearch deep_research
}

// ---------------------------------------------------------------- draftbot

struct DraftBotCreateRequest {
    1: required i64 space_id (api.js_conv="true", api.space="true")
    2: required string name
    3: optional string description
    4: optional string icon_uri
}

struct DraftBotCreateData {
    1: i64 bot_id (api.js_conv="true")
    2: bool check_not_pass
}

struct DraftBotCreateResponse {
    1: DraftBotCreateData data
}

struct DeleteDraftBotRequest {
    1: required i64 space_id (api.js_conv="true", api.space="true")
    2: required i64 bot_id (api.js_conv="true")
}

struct DeleteDraftBotResponse {
}

struct DuplicateDraftBotRequest {
    1: required i64 space_id (api.js_conv="true", api.space="true")
    2: required i64 bot_id (api.js_conv="true")
}

struct DuplicateDraftBotData {
    1: i64 bot_id (api.js_conv="true")
    2: string name
}

struct DuplicateDraftBotResponse {
    1: DuplicateDraftBotData data
}

struct PublishDraftBotRequest {
    1: required i64 space_id (api.js_conv="true", api.space="true")
    2: required i64 bot_id (api.js_conv="true")
    3: optional map<string, base.StringMap> connectors  // connector id -> settings; "API" by default
    12: optional string commit_version
    15: optional string history_info        // release note
}

struct PublishDraftBotData {
    1: map<string, string> publish_result   // connector id -> status
    2: bool check_not_pass
    3: string version                       // the published version
}

struct PublishDraftBotResponse {
    1: PublishDraftBotData data
}

struct DraftBotDisplayInfoData {
    1: optional map<string, i32> tab_display_info   // "<tab>_tab_status" -> 0 default / 1 open / 2 close / 3 hide
}

struct UpdateDraftBotDisplayInfoRequest {
    1: required i64 bot_id (api.js_conv="true")
    2: optional DraftBotDisplayInfoData display_info
    3: optional i64 space_id (api.js_conv="true", api.space="true")
}

struct UpdateDraftBotDisplayInfoResponse {
}

struct GetDraftBotDisplayInfoRequest {
    1: required i64 bot_id (api.js_conv="true")
    2: optional i64 space_id (api.js_conv="true", api.space="true")
}

struct GetDraftBotDisplayInfoResponse {
    1: DraftBotDisplayInfoData data
}

struct ListDraftBotHistoryRequest {
    1: required i64 space_id (api.js_conv="true", api.space="true")
    2: required i64 bot_id (api.js_conv="true")
    3: required i32 page_index
    4: required i32 page_size
    5: optional HistoryType history_type
}

struct HistoryInfo {
    1: string version
    2: HistoryType history_type
    3: string info                          // release note / commit remark
    4: string create_time                   // unix seconds, as a string like Coze
    6: i64 creator_id (api.js_conv="true")
}

struct ListDraftBotHistoryData {
    1: list<HistoryInfo> history_infos
    2: i32 total
}

struct ListDraftBotHistoryResponse {
    1: ListDraftBotHistoryData data
}

struct GetDraftBotInfoAgwRequest {
    1: required i64 bot_id (api.js_conv="true")
    2: optional string version              // published version; draft when empty
    3: optional i64 space_id (api.js_conv="true", api.space="true")
}

struct BotOptionData {
    6: optional list<ShortcutCommand> shortcut_command_list
}

struct GetDraftBotInfoAgwData {
    1: BotInfo bot_info
    2: optional BotOptionData bot_option_data
    3: optional bool has_unpublished_change
    7: optional bool editable
    8: optional bool deletable
    10: bool has_publish
    11: i64 space_id (api.js_conv="true")
    17: optional string publish_time
}

struct GetDraftBotInfoAgwResponse {
    1: GetDraftBotInfoAgwData data
}

struct UpdateDraftBotInfoAgwRequest {
    1: required BotInfo bot_info            // bot_info.bot_id is required
    2: optional i64 base_commit_version (api.js_conv="true")
    3: optional i64 space_id (api.js_conv="true", api.space="true")
}

struct UpdateDraftBotInfoAgwData {
    1: optional bool has_change
    2: bool check_not_pass
}

struct UpdateDraftBotInfoAgwResponse {
    1: UpdateDraftBotInfoAgwData data
}

// ---------------------------------------------------------------- onboarding, shortcuts

struct GetOnboardingRequest {
    1: required i64 bot_id (api.js_conv="true")
    2: optional string bot_prompt           // persona to generate the prologue from
    3: optional i64 space_id (api.js_conv="true", api.space="true")
}

struct OnboardingContent {
    1: optional string prologue
    2: optional list<string> suggested_questions
}

struct GetOnboardingResponseData {
    1: OnboardingContent onboarding_content
}

struct GetOnboardingResponse {
    1: GetOnboardingResponseData data
}

struct CreateUpdateShortcutCommandRequest {
    1: required i64 object_id (api.js_conv="true")  // agent id
    2: required i64 space_id (api.js_conv="true", api.space="true")
    3: required ShortcutCommand shortcuts
}

struct CreateUpdateShortcutCommandResponse {
    1: ShortcutCommand shortcuts
}

// ---------------------------------------------------------------- OpenAPI: bots
// The public bot API as Coze's SDK (cozepy) speaks it: its own field names and string enums,
// mapped onto the one agent configuration (BotInfo) the console edits.

// A bot's persona.
struct OpenAPIBotPromptInfo {
    1: optional string prompt
}

// The bot's opening message and the questions offered with it.
struct OpenAPIBotOnboardingInfo {
    1: optional string prologue
    2: optional list<string> suggested_questions
}

// Knowledge the bot answers from.
struct OpenAPIBotKnowledge {
    1: optional list<i64> dataset_ids (api.js_conv="true")  // datasets of the bot's space
    2: optional bool auto_call              // true: recalled every turn; false: the model calls recallKnowledge when it wants
    3: optional i32 search_strategy         // 0 semantic, 1 hybrid, 20 full text
}

// The bot's model and its parameters (model_info_config in requests, model_info in answers).
// In an update only the fields given change.
struct OpenAPIBotModelInfo {
    1: optional i64 model_id (api.js_conv="true")   // a model of /api/bot/get_type_list
    2: optional string model_name           // answers only
    3: optional double temperature
    4: optional i32 context_round           // chat history rounds sent to the model
    5: optional i32 max_tokens
    6: optional string response_format      // text | markdown | json
    7: optional i32 top_k
    8: optional double top_p
    9: optional double presence_penalty
    10: optional double frequency_penalty
    11: optional map<string, string> parameters   // extra model parameters
}

// Follow-up question suggestions after each answer.
struct OpenAPIBotSuggestReplyInfo {
    1: optional string reply_mode           // disable | enable | customized
    2: optional string customized_prompt    // the prompt for suggestions; required with customized
}

struct OpenAPIPluginIDInfo {
    1: i64 plugin_id (api.js_conv="true")
    2: i64 api_id (api.js_conv="true")
}

// Plugin tools the bot may call.
struct OpenAPIPluginIDList {
    1: optional list<OpenAPIPluginIDInfo> id_list
}

struct OpenAPIWorkflowIDInfo {
    1: i64 id (api.js_conv="true")
}

// Workflows the bot may call.
struct OpenAPIWorkflowIDList {
    1: optional list<OpenAPIWorkflowIDInfo> ids
}

struct OpenAPIBotPluginAPIInfo {
    1: i64 api_id (api.js_conv="true")
    2: string name
    3: string description
}

struct OpenAPIBotPluginInfo {
    1: i64 plugin_id (api.js_conv="true")
    2: string name
    3: string description
    4: string icon_url
    5: list<OpenAPIBotPluginAPIInfo> api_info_list
}

struct OpenAPIBotWorkflowInfo {
    1: i64 id (api.js_conv="true")
    2: string name
    3: string description
    4: string icon_url
}

// A memory variable of the bot (values per end user: GET|PUT /v1/variables).
struct OpenAPIBotVariable {
    1: string keyword
    2: string default_value
    3: string variable_type                 // KVVariable
    4: string channel                       // custom | system
    5: string description
    6: bool enable
    7: bool prompt_enable                   // its value is rendered into the persona
}

struct ShortcutCommandInfo {
    1: i64 id (api.js_conv="true")
    2: string name
    3: string command
    4: string description
    5: string query_template
    6: string icon_url
}

// A bot as the OpenAPI shows it: the published version, or the draft.
struct OpenAPIBotInfo {
    1: i64 bot_id (api.js_conv="true")
    2: string name
    3: string description
    4: string icon_url                      // a URL a browser can open (signed, expiring)
    5: i64 create_time                      // unix seconds
    6: i64 update_time
    7: string version                       // the published version shown; empty for the draft
    8: OpenAPIBotPromptInfo prompt_info
    9: OpenAPIBotOnboardingInfo onboarding_info
    10: BotMode bot_mode
    12: optional OpenAPIBotModelInfo model_info   // the model it runs on (the default model when none is set)
    13: list<OpenAPIBotPluginInfo> plugin_info_list
    14: OpenAPIBotKnowledge knowledge
    15: list<OpenAPIBotWorkflowInfo> workflow_info_list
    16: list<ShortcutCommandInfo> shortcut_commands
    18: string default_user_input_type      // text
    19: OpenAPIBotSuggestReplyInfo suggest_reply_info
    21: list<OpenAPIBotVariable> variables
    22: i64 owner_user_id (api.js_conv="true")
}

struct OpenGetBotInfoRequest {
    1: required i64 bot_id (api.path="bot_id", api.js_conv="true")
    2: optional bool is_published (api.query="is_published")    // default true; false: the draft
    3: optional i64 connector_id (api.query="connector_id", api.js_conv="true")
    4: optional i64 space_id (api.query="space_id", api.js_conv="true", api.space="true")    // resolved from the resource when absent
}

struct OpenGetBotInfoResponse {
    1: OpenAPIBotInfo data
}

struct OpenGetBotOnlineInfoRequest {
    1: required i64 bot_id (api.query="bot_id", api.js_conv="true")
    2: optional i64 space_id (api.query="space_id", api.js_conv="true", api.space="true")
}

struct OpenGetBotOnlineInfoResponse {
    1: OpenAPIBotInfo data
}

struct OpenCreateBotRequest {
    1: required i64 space_id (api.js_conv="true", api.space="true")
    2: required string name
    3: optional string description
    4: optional i64 icon_file_id (api.js_conv="true")   // an image the caller uploaded by /v1/files/upload
    5: optional OpenAPIBotPromptInfo prompt_info
    6: optional OpenAPIBotOnboardingInfo onboarding_info
    7: optional OpenAPIBotSuggestReplyInfo suggest_reply_info
    8: optional OpenAPIBotModelInfo model_info_config
    9: optional OpenAPIPluginIDList plugin_id_list
    10: optional OpenAPIWorkflowIDList workflow_id_list
}

struct OpenBotIdData {
    1: i64 bot_id (api.js_conv="true")
}

struct OpenCreateBotResponse {
    1: OpenBotIdData data
}

// Fields given replace the draft's; the others stay.
struct OpenUpdateBotRequest {
    1: required i64 bot_id (api.js_conv="true")
    2: optional string name
    3: optional string description
    4: optional i64 icon_file_id (api.js_conv="true")
    5: optional OpenAPIBotPromptInfo prompt_info
    6: optional OpenAPIBotOnboardingInfo onboarding_info
    7: optional OpenAPIBotKnowledge knowledge
    8: optional OpenAPIBotSuggestReplyInfo suggest_reply_info
    9: optional OpenAPIBotModelInfo model_info_config
    10: optional OpenAPIPluginIDList plugin_id_list
    11: optional OpenAPIWorkflowIDList workflow_id_list
    12: optional i64 space_id (api.js_conv="true", api.space="true")
}

struct OpenUpdateBotResponse {
}

struct OpenPublishBotRequest {
    1: required i64 bot_id (api.js_conv="true")
    2: optional list<string> connector_ids  // 1024 = API (the default)
    3: optional i64 space_id (api.js_conv="true", api.space="true")
}

struct OpenPublishBotData {
    1: i64 bot_id (api.js_conv="true")
    2: string version
}

struct OpenPublishBotResponse {
    1: OpenPublishBotData data
}

// Takes the bot offline: chats with it answer 404 until it is published again (its versions stay).
struct OpenUnpublishBotRequest {
    1: required i64 bot_id (api.path="bot_id", api.js_conv="true")
    2: required string connector_id         // 1024 = API
    3: optional string unpublish_reason     // at most 1024 characters
    4: optional i64 space_id (api.js_conv="true", api.space="true")
}

struct OpenUnpublishBotResponse {
}

// A bot in a list: the published version's name and icon for published_online, the draft's otherwise.
struct OpenAPISimpleBot {
    1: i64 id (api.js_conv="true")
    2: string name
    3: string description
    4: string icon_url
    5: bool is_published
    6: i64 updated_at                       // unix seconds: the publish (published_online) or the last change
    7: i64 owner_user_id (api.js_conv="true")
    8: optional i64 published_at
}

struct OpenListBotsRequest {
    1: required i64 workspace_id (api.query="workspace_id", api.js_conv="true", api.space="true")
    2: optional string publish_status (api.query="publish_status")    // published_online (default) | published_draft | unpublished_draft | all
    3: optional string connector_id (api.query="connector_id")        // only bots published to this connector
    4: optional i32 page_num (api.query="page_num")     // from 1
    5: optional i32 page_index (api.query="page_index") // what cozepy sends for page_num
    6: optional i32 page_size (api.query="page_size")   // 1..100, default 20
}

struct OpenListBotsData {
    1: list<OpenAPISimpleBot> items
    2: i32 total
}

struct OpenListBotsResponse {
    1: OpenListBotsData data
}

struct OpenAPISpaceBot {
    1: i64 bot_id (api.js_conv="true")
    2: string bot_name
    3: string description
    4: string icon_url
    5: string publish_time                  // unix seconds
}

struct OpenListPublishedBotsRequest {
    1: required i64 space_id (api.query="space_id", api.js_conv="true", api.space="true")
    2: optional i32 page_index (api.query="page_index") // from 1
    3: optional i32 page_size (api.query="page_size")   // 1..100, default 20
}

struct OpenListPublishedBotsData {
    1: list<OpenAPISpaceBot> space_bots
    2: i32 total
}

struct OpenListPublishedBotsResponse {
    1: OpenListPublishedBotsData data
}

// ---------------------------------------------------------------- OpenAPI: variables

struct OpenVariableValue {
    1: string keyword
    2: string value
    3: i64 create_time                      // unix seconds; 0 while the default applies
    4: i64 update_time
}

struct OpenGetVariablesRequest {
    1: optional i64 bot_id (api.query="bot_id", api.js_conv="true")
    2: optional string app_id (api.query="app_id")  // apps are not supported: bots only
    3: optional string connector_id (api.query="connector_id")
    4: optional string connector_uid (api.query="connector_uid")    // the end user (user_id of /v3/chat); default: the caller
    5: optional list<string> keywords (api.query="keywords")        // comma-separated; empty: all
}

struct OpenGetVariablesData {
    1: list<OpenVariableValue> items
}

struct OpenGetVariablesResponse {
    1: OpenGetVariablesData data
}

struct OpenSetVariablesRequest {
    1: optional i64 bot_id (api.js_conv="true")
    2: optional string app_id
    3: optional string connector_id
    4: optional string connector_uid        // the end user (user_id of /v3/chat); default: the caller
    5: required list<OpenVariableValue> data
}

struct OpenSetVariablesResponse {
}

// ---------------------------------------------------------------- memory: variables

struct KVItem {
    1: string keyword
    2: string value
    3: i64 create_time
    4: i64 update_time
    5: bool is_system
    6: bool prompt_disabled
    7: string schema
}

struct GetMemoryVariableMetaRequest {
    1: required i64 bot_id (api.js_conv="true")
    2: optional string version
    3: optional i64 space_id (api.js_conv="true", api.space="true")
}

struct MemoryVariable {
    1: string keyword
    2: string default_value
    3: string description
    4: VariableChannel channel
    5: bool enable
    6: bool prompt_disabled
    7: bool is_read_only
}

struct GetMemoryVariableMetaResponse {
    1: list<MemoryVariable> variable_list
}

struct GetProfileMemoryRequest {
    1: optional i64 user_id (api.js_conv="true")    // default: the caller
    2: required i64 bot_id (api.js_conv="true")
    3: optional list<string> keywords       // empty: all
    4: optional i64 connector_id (api.js_conv="true")
    5: optional i64 space_id (api.js_conv="true", api.space="true")
}

struct GetProfileMemoryResponse {
    1: list<KVItem> memories
}

struct SetKvMemoryRequest {
    1: required i64 bot_id (api.js_conv="true")
    2: optional i64 user_id (api.js_conv="true")
    3: required list<KVItem> data
    4: optional i64 connector_id (api.js_conv="true")
    5: optional i64 space_id (api.js_conv="true", api.space="true")
}

struct SetKvMemoryResponse {
}

struct DelProfileMemoryRequest {
    1: optional i64 user_id (api.js_conv="true")
    2: required i64 bot_id (api.js_conv="true")
    3: optional list<string> keywords       // empty: all
    4: optional i64 connector_id (api.js_conv="true")
    5: optional i64 space_id (api.js_conv="true", api.space="true")
}

struct DelProfileMemoryResponse {
}

// ---------------------------------------------------------------- memory: databases

struct DatabaseInfo {
    1: i64 id (api.js_conv="true")
    2: i64 space_id (api.js_conv="true")
    5: string icon_url
    6: string icon_uri
    7: string table_name
    8: string table_desc
    10: i64 creator_id (api.js_conv="true")
    11: i64 create_time
    12: i64 update_time
    13: list<FieldItem> field_list
    14: string actual_table_name            // physical table
    15: BotTableRWMode rw_mode
    16: bool prompt_disabled
    17: bool is_visible
    18: optional i64 draft_id (api.js_conv="true")
    19: optional i64 bot_id (api.js_conv="true")
    21: optional bool is_added_to_bot
}

struct AddDatabaseRequest {
    2: required i64 space_id (api.js_conv="true", api.space="true")
    4: optional string icon_uri
    5: required string table_name
    6: optional string table_desc
    7: required list<FieldItem> field_list
    8: optional BotTableRWMode rw_mode
    9: optional bool prompt_disabled
    11: optional i64 bot_id (api.js_conv="true")    // bind right away
}

struct AddDatabaseResponse {
    1: DatabaseInfo database_info
}

struct UpdateDatabaseRequest {
    1: required i64 id (api.js_conv="true")
    2: optional string icon_uri
    3: optional string table_name
    5: optional string table_desc
    6: optional list<FieldItem> field_list
    7: optional BotTableRWMode rw_mode
    8: optional bool prompt_disabled
    10: optional i64 space_id (api.js_conv="true", api.space="true")
}

struct UpdateDatabaseResponse {
    1: DatabaseInfo database_info
}

struct DeleteDatabaseRequest {
    1: required i64 id (api.js_conv="true")
    2: optional i64 space_id (api.js_conv="true", api.space="true")
}

struct DeleteDatabaseResponse {
}

struct ListDatabaseRequest {
    3: required i64 space_id (api.js_conv="true", api.space="true")
    4: optional i64 bot_id (api.js_conv="true")
    5: optional string table_name
    6: optional TableType table_type
    8: optional i32 offset
    9: optional i32 limit
}

struct ListDatabaseResponse {
    1: list<DatabaseInfo> database_info_list
    2: bool has_more
    3: i64 total_count
}

struct GetDatabaseByIDRequest {
    1: required i64 id (api.js_conv="true")
    2: optional bool is_draft
    3: optional bool need_sys_fields
    5: optional i64 space_id (api.js_conv="true", api.space="true")
}

struct GetDatabaseByIDResponse {
    1: DatabaseInfo database_info
}

struct BindDatabaseToBotRequest {
    1: required i64 database_id (api.js_conv="true")
    2: required i64 bot_id (api.js_conv="true")
    3: optional i64 space_id (api.js_conv="true", api.space="true")
}

struct BindDatabaseToBotResponse {
}

struct UnBindDatabaseToBotRequest {
    1: required i64 database_id (api.js_conv="true")
    2: required i64 bot_id (api.js_conv="true")
    3: optional i64 space_id (api.js_conv="true", api.space="true")
}

struct UnBindDatabaseToBotResponse {
}

struct ListDatabaseRecordsRequest {
    1: required i64 database_id (api.js_conv="true")
    2: optional i64 bot_id (api.js_conv="true")
    3: optional i64 workflow_id (api.js_conv="true")
    4: optional bool not_filter_by_user_id
    6: optional TableType table_type
    7: optional i64 limit
    8: optional i64 offset
    12: optional i64 space_id (api.js_conv="true", api.space="true")
}

struct ListDatabaseRecordsResponse {
    1: list<base.StringMap> data            // one map per row: field name -> value
    2: bool HasMore
    3: i32 TotalNum
    4: list<FieldItem> field_list
}

struct UpdateDatabaseRecordsRequest {
    1: required i64 database_id (api.js_conv="true")
    2: optional list<base.StringMap> record_data_add
    3: optional list<base.StringMap> record_data_alter    // rows carry "id"
    4: optional list<base.StringMap> record_data_delete   // rows carry "id"
    5: optional TableType table_type
    7: optional i64 space_id (api.js_conv="true", api.space="true")
}

struct UpdateDatabaseRecordsResponse {
    1: list<base.StringMap> data
}

// One statement of a workflow's database node on a memory table (internal: the workflow service
// calls it). It is checked, rewritten and run exactly as the agent's SQL tool runs a model's
// (databases/sql.py): one SELECT, INSERT, UPDATE or DELETE on this table alone (read-only tables:
// SELECT only; limited tables: the rows of user_id only; INSERT records user_id), as the reduced
// memory role under a statement timeout. Values never enter the SQL text: `$1`..`$n` in `sql`
// are bound to `params` by the database, each converted to the type Postgres expects there.
struct ExecuteDatabaseSqlRequest {
    1: i64 database_id
    2: i64 space_id                         // the workflow's space: a database of another space is not found
    3: string user_id                       // the run's user: whose rows a limited table holds
    4: string sql                           // on the table's own name and field names
    5: list<string> params                  // JSON values, `$1` first
}

struct ExecuteDatabaseSqlResponse {
    1: string rows                          // SELECT: JSON array of row objects (field name -> value); others: "[]"
    2: i64 row_count                        // SELECT: rows returned; others: rows affected
    3: bool is_select
    4: string truncated                     // why fewer rows or shorter values came back, when they did
}

// ---------------------------------------------------------------- models

struct GetTypeListRequest {
    1: optional bool model                  // list models (Coze's flag; models are always listed)
    2: optional i64 space_id (api.js_conv="true", api.space="true")
}

struct ModelAbility {
    1: bool function_call
    2: bool json_mode
    3: bool multimodal                      // image input
}

struct ModelParamDefault {
    1: string name                          // temperature | top_p | max_tokens | frequency_penalty | presence_penalty
    2: string default_val
    3: string min
    4: string max
}

struct Model {
    1: i64 model_type (api.js_conv="true")  // the id an agent's model_info.model_id refers to
    2: string name
    3: string description
    4: string model_name                    // the provider's model name
    5: i32 model_max_context                // tokens
    6: ModelAbility model_ability
    7: list<ModelParamDefault> model_params
    8: bool is_default
}

struct GetTypeListData {
    1: list<Model> model_list
}

struct GetTypeListResponse {
    1: GetTypeListData data
}

// ---------------------------------------------------------------- rollback

struct RevertDraftBotRequest {
    1: required i64 space_id (api.js_conv="true", api.space="true")
    2: required i64 bot_id (api.js_conv="true")
    3: required string version              // a published version: the draft is overwritten with it
}

struct RevertDraftBotData {
    1: BotInfo bot_info
}

struct RevertDraftBotResponse {
    1: RevertDraftBotData data
}

// ---------------------------------------------------------------- workflow references (workflow -> agent)

// Which agents of a space bind a workflow (workflow_info_list of the draft or of the online
// version): the workflow service's references and its check before deleting.
struct ListBotsUsingWorkflowRequest {
    1: required i64 space_id (api.js_conv="true")
    2: required i64 workflow_id (api.js_conv="true")
}

struct BotUsingWorkflow {
    1: i64 bot_id (api.js_conv="true")
    2: string name                          // the draft's name
    3: bool in_draft                        // the draft binds it
    4: bool in_published                    // the online version binds it
}

struct ListBotsUsingWorkflowResponse {
    1: list<BotUsingWorkflow> data          // by bot id
}

// ---------------------------------------------------------------- runtime (conversation -> agent)

// One message of the chat history handed to the runtime, oldest first.
struct ExecuteHistoryMessage {
    1: string role                          // user | assistant | tool
    2: string type                          // question | answer | function_call | tool_response
    3: string content
    4: optional string call_id              // function_call / tool_response pairing
    5: optional string name                 // tool name
    6: optional string content_type         // text (default) | object_string
}

// The output of a client-side tool call, for a run that stopped with requires_action.
struct ExecuteToolOutput {
    1: string call_id
    2: string output
}

struct ExecuteShortcut {
    1: i64 command_id (api.js_conv="true")
    2: map<string, string> parameters       // component name -> value
}

struct StreamExecuteRequest {
    1: required i64 bot_id (api.js_conv="true")
    2: bool draft_mode                      // true: the draft (debug chat); false: the published version
    3: string user_id                       // end user: memory variables and limited-mode rows are theirs
    4: string query                         // the user's message
    5: string content_type                  // text | object_string
    6: list<ExecuteHistoryMessage> history
    7: map<string, string> custom_variables
    8: optional ExecuteShortcut shortcut
    // A turn of this conversation waiting for the answer to a workflow's question takes this message as it
    9: i64 conversation_id (api.js_conv="true")
    10: i64 chat_id (api.js_conv="true")
    11: optional i64 space_id (api.js_conv="true")    // checked against the bot's space when set
    // Resume the run of chat_id that stopped with requires_action: its checkpoint continues with
    // these outputs (one per pending client-side call); query, history and shortcut are not used.
    12: list<ExecuteToolOutput> tool_outputs
    // Set with tool_outputs (which may then be empty): calls that waited for the user to authorize
    // their plugin (OAuth) are made again before the loop goes on.
    13: bool resume
    // This chat researches (true) or answers directly (false); absent: the agent's deep_research setting
    14: optional bool deep_research
    // The chat opens its conversation (written with this chat): no turn of it waits for an answer,
    // so the agent looks for none
    15: bool new_conversation
}

struct ExecuteUsage {
    1: i32 input_tokens
    2: i32 output_tokens
}

// ExecuteEvent.type: what one runtime event carries.
enum ExecuteEventType {
    Answer = 0          // content = a delta of the answer text
    FunctionCall = 1    // content = {"name","arguments"} JSON; call_id, name set
    ToolResponse = 2    // content = the tool's result text; call_id, name set
    Knowledge = 3       // content = JSON list of recalled slices {content, source, score, document_id, dataset_id}
    FollowUp = 4        // content = one suggested question
    Verbose = 5         // content = JSON {"msg_type", "data"} (e.g. knowledge_recall_failed)
    Usage = 6           // usage set (sum over every model call of this run)
    // content = JSON list of the calls the run waits for [{id, name, arguments, authorization_url,
    // plugin_name, workflow_id, execute_id, question...}]: client-side calls to answer, plugin calls
    // waiting for the user's OAuth consent (authorization_url set; made again on resume), and workflow
    // runs waiting for the user's answer to a question (execute_id set; the next message in the
    // conversation, or an output for that call, answers it); the run is checkpointed and stops (usage
    // comes just before it)
    RequiresAction = 7
    Error = 8           // error_code, content = message; the answer so far is partial; last event
    // content = JSON {"text": the whole answer with its citation marks as [n] (repaired, checked,
    // or inserted by matching), "sources": [{id, dataset_id, dataset_name, document_id,
    // document_name, slice_id, snippet, url, score}]}: after the last answer delta of a turn that
    // gave the model knowledge passages; the answer message takes that text and those sources
    Citations = 9
} (api.string="true")

// One runtime event; `type` is an ExecuteEventType (its string). Answer, function_call,
// tool_response, knowledge, follow_up and verbose events become messages of the same type.
// Knowledge: before the answer, the recalled slices (a JSON list); after it, when the agent shows
// sources (knowledge.show_source), the passages the answer cites in Coze's verbose shape
// {"msg_type": "knowledge_recall", "data": "{\"chunks\": [{slice, score, meta: {dataset, document, link}}]}"}.
struct ExecuteEvent {
    1: string type
    2: string content
    3: optional string call_id
    4: optional string name
    5: optional ExecuteUsage usage
    6: optional i32 error_code
    7: optional string reasoning_content
    // Answer: how the content reads (ContentType); empty: text. A workflow's option question or input
    // form is a card (its JSON, as Coze shows it)
    8: optional string content_type
}

// ---------------------------------------------------------------- service

service AgentService {
    DraftBotCreateResponse DraftBotCreate(1: DraftBotCreateRequest req)
        (api.post="/api/draftbot/create", api.category="draftbot")
    DeleteDraftBotResponse DeleteDraftBot(1: DeleteDraftBotRequest req)
        (api.post="/api/draftbot/delete", api.category="draftbot")
    DuplicateDraftBotResponse DuplicateDraftBot(1: DuplicateDraftBotRequest req)
        (api.post="/api/draftbot/duplicate", api.category="draftbot")
    PublishDraftBotResponse PublishDraftBot(1: PublishDraftBotRequest req)
        (api.post="/api/draftbot/publish", api.category="draftbot")
    UpdateDraftBotDisplayInfoResponse UpdateDraftBotDisplayInfo(1: UpdateDraftBotDisplayInfoRequest req)
        (api.post="/api/draftbot/update_display_info", api.category="draftbot")
    GetDraftBotDisplayInfoResponse GetDraftBotDisplayInfo(1: GetDraftBotDisplayInfoRequest req)
        (api.post="/api/draftbot/get_display_info", api.category="draftbot")
    ListDraftBotHistoryResponse ListDraftBotHistory(1: ListDraftBotHistoryRequest req)
        (api.post="/api/draftbot/list_draft_history", api.category="draftbot")

    GetDraftBotInfoAgwResponse GetDraftBotInfoAgw(1: GetDraftBotInfoAgwRequest req)
        (api.post="/api/playground_api/draftbot/get_draft_bot_info", api.category="playground")
    UpdateDraftBotInfoAgwResponse UpdateDraftBotInfoAgw(1: UpdateDraftBotInfoAgwRequest req)
        (api.post="/api/playground_api/draftbot/update_draft_bot_info", api.category="playground")
    GetOnboardingResponse GetOnboarding(1: GetOnboardingRequest req)
        (api.post="/api/playground/get_onboarding", api.category="playground")
    CreateUpdateShortcutCommandResponse CreateUpdateShortcutCommand(1: CreateUpdateShortcutCommandRequest req)
        (api.post="/api/playground_api/create_update_shortcut_command", api.category="playground")

    // ---- OpenAPI: bots
    // Create a bot (a draft) in a space.
    OpenCreateBotResponse OpenCreateBot(1: OpenCreateBotRequest req)
        (api.post="/v1/bot/create", api.category="bot", api.tag="openapi")
    // Change a bot's draft.
    OpenUpdateBotResponse OpenUpdateBot(1: OpenUpdateBotRequest req)
        (api.post="/v1/bot/update", api.category="bot", api.tag="openapi")
    // Publish the draft as a new version: chats use it from now on.
    OpenPublishBotResponse OpenPublishBot(1: OpenPublishBotRequest req)
        (api.post="/v1/bot/publish", api.category="bot", api.tag="openapi")
    // Take a published bot offline.
    OpenUnpublishBotResponse OpenUnpublishBot(1: OpenUnpublishBotRequest req)
        (api.post="/v1/bots/:bot_id/unpublish", api.category="bot", api.tag="openapi")
    // The published version of a bot (404 when it is not published).
    OpenGetBotOnlineInfoResponse OpenGetBotOnlineInfo(1: OpenGetBotOnlineInfoRequest req)
        (api.get="/v1/bot/get_online_info", api.category="bot", api.tag="openapi")
    // A bot: its published version, or its draft with is_published=false.
    OpenGetBotInfoResponse OpenGetBotInfo(1: OpenGetBotInfoRequest req)
        (api.get="/v1/bots/:bot_id", api.category="bot", api.tag="openapi")
    // The bots of a workspace: published ones by latest publish, drafts by latest change.
    OpenListBotsResponse OpenListBots(1: OpenListBotsRequest req)
        (api.get="/v1/bots", api.category="bot", api.tag="openapi")
    // The published bots of a space, latest publish first.
    OpenListPublishedBotsResponse OpenListPublishedBots(1: OpenListPublishedBotsRequest req)
        (api.get="/v1/space/published_bots_list", api.category="bot", api.tag="openapi")

    // ---- OpenAPI: variables
    // An end user's values of a bot's memory variables (the default until set).
    OpenGetVariablesResponse OpenGetVariables(1: OpenGetVariablesRequest req)
        (api.get="/v1/variables", api.category="variable", api.tag="openapi")
    // Set an end user's values of a bot's memory variables.
    OpenSetVariablesResponse OpenSetVariables(1: OpenSetVariablesRequest req)
        (api.put="/v1/variables", api.category="variable", api.tag="openapi")

    // ---- memory: variables
    GetMemoryVariableMetaResponse GetMemoryVariableMeta(1: GetMemoryVariableMetaRequest req)
        (api.post="/api/memory/variable/get_meta", api.category="memory")
    GetProfileMemoryResponse GetPlayGroundMemory(1: GetProfileMemoryRequest req)
        (api.post="/api/memory/variable/get", api.category="memory")
    SetKvMemoryResponse SetKvMemory(1: SetKvMemoryRequest req)
        (api.post="/api/memory/variable/upsert", api.category="memory")
    DelProfileMemoryResponse DelProfileMemory(1: DelProfileMemoryRequest req)
        (api.post="/api/memory/variable/delete", api.category="memory")

    // ---- memory: databases
    AddDatabaseResponse AddDatabase(1: AddDatabaseRequest req)
        (api.post="/api/memory/database/add", api.category="memory")
    UpdateDatabaseResponse UpdateDatabase(1: UpdateDatabaseRequest req)
        (api.post="/api/memory/database/update", api.category="memory")
    DeleteDatabaseResponse DeleteDatabase(1: DeleteDatabaseRequest req)
        (api.post="/api/memory/database/delete", api.category="memory")
    ListDatabaseResponse ListDatabase(1: ListDatabaseRequest req)
        (api.post="/api/memory/database/list", api.category="memory")
    GetDatabaseByIDResponse GetDatabaseByID(1: GetDatabaseByIDRequest req)
        (api.post="/api/memory/database/get_by_id", api.category="memory")
    BindDatabaseToBotResponse BindDatabase(1: BindDatabaseToBotRequest req)
        (api.post="/api/memory/database/bind_to_bot", api.category="memory")
    UnBindDatabaseToBotResponse UnBindDatabase(1: UnBindDatabaseToBotRequest req)
        (api.post="/api/memory/database/unbind_to_bot", api.category="memory")
    ListDatabaseRecordsResponse ListDatabaseRecords(1: ListDatabaseRecordsRequest req)
        (api.post="/api/memory/database/list_records", api.category="memory")
    UpdateDatabaseRecordsResponse UpdateDatabaseRecords(1: UpdateDatabaseRecordsRequest req)
        (api.post="/api/memory/database/update_records", api.category="memory")
    // A workflow database node's statement (see ExecuteDatabaseSqlRequest).
    ExecuteDatabaseSqlResponse ExecuteDatabaseSql(1: ExecuteDatabaseSqlRequest req)
        (api.internal="true", api.category="memory")

    // ---- models
    GetTypeListResponse GetTypeList(1: GetTypeListRequest req)
        (api.post="/api/bot/get_type_list", api.category="model")

    // ---- versions
    RevertDraftBotResponse RevertDraftBot(1: RevertDraftBotRequest req)
        (api.post="/api/draftbot/revert_draft_bot", api.category="draftbot")

    // ---- workflow references: the agents binding a workflow
    ListBotsUsingWorkflowResponse ListBotsUsingWorkflow(1: ListBotsUsingWorkflowRequest req)
        (api.internal="true", api.category="draftbot")

    // ---- runtime: the conversation service streams one run
    ExecuteEvent StreamExecute(1: StreamExecuteRequest req)
        (api.internal="true", api.stream="true", api.category="runtime")
}
