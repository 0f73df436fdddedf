// Conversations, messages, chat runs and the streaming chat entry points.
// Owner service: conversation. Paths and field names follow Coze Studio's
// conversation IDL (/api/conversation/*, /v1/conversation*, /v3/chat*).

namespace py atelier.conversation
namespace go atelier.conversation

// ---------------------------------------------------------------- enums
// Wire fields for chat status, message type, role and content type are strings (Coze
// compatibility: "completed", "answer", ...); these enums are the canonical value sets.
// api.string: each value travels as the lower snake case of its name (atelier_proto.enums has
// them as StrEnum, which is what services store).

enum ChatStatus {
    Created = 0
    InProgress = 1
    Completed = 2
    Failed = 3
    RequiresAction = 4
    Cancelled = 5
} (api.string="true")

enum MessageType {
    Question = 0        // user input
    Answer = 1
    FunctionCall = 2
    ToolResponse = 3    // wire: "tool_response"
    Knowledge = 4       // recalled knowledge (verbose)
    FollowUp = 5        // suggested next question
    Verbose = 6
    Interrupt = 7
    Ack = 8             // console: the question as received, first message of /api/conversation/chat
} (api.string="true")

enum MessageRole {
    User = 0
    Assistant = 1
} (api.string="true")

// A message's status (ChatMessage.status).
enum MessageStatus {
    Available = 0
    Broken = 1          // a partial answer: the run stopped before it was finished
} (api.string="true")

enum ContentType {
    Text = 0
    ObjectString = 1    // wire: "object_string" (JSON list of text/image/file items)
    Card = 2
} (api.string="true")

enum Scene {
    Default = 0
    Explore = 1
    BotStore = 2
    CozeHome = 3
    Playground = 4
    Evaluation = 5
    AgentAPP = 6
    SceneOpenApi = 9
    SceneWorkflow = 50
}

enum LoadDirection {
    Unknown = 0
    Prev = 1
    Next = 2
}

// ---------------------------------------------------------------- stream events
// One server-streaming response message = one SSE event, made of its api.sse fields: the gateway
// writes "event: <event>\ndata: <data>\n\n" with data verbatim (JSON text).

// /v3/chat and /v3/chat/submit_tool_outputs. event is one of: conversation.chat.created,
// conversation.chat.in_progress, conversation.message.delta, conversation.message.completed,
// conversation.chat.completed, conversation.chat.failed, conversation.chat.requires_action, error,
// done (always last, as Coze's OpenAPI and cozepy's ChatEventType.DONE).
// data: ChatV3ChatDetail JSON for conversation.chat.*, ChatV3MessageDetail JSON for
// conversation.message.*, {"code","msg"} for error, the JSON string "[DONE]" for done.
// With stream=false the service answers one event `chat` whose data is the ChatV3ChatDetail
// (status in_progress) and goes on running the chat in the background; the gateway answers it as
// {"code": 0, "msg": "", "data": <chat>}.
struct ChatEvent {
    1: string event (api.sse="event")
    2: string data (api.sse="data")
}

// /api/conversation/chat. event is message | done | error; data is RunStreamResponse
// JSON for message, {"code","msg"} (ErrorData) for error, "" for done.
struct AgentRunEvent {
    1: string event (api.sse="event")
    2: string data (api.sse="data")
}

// ---------------------------------------------------------------- messages (console)

struct ExtraInfo {
    1: string local_message_id
    2: string input_tokens
    3: string output_tokens
    4: string token
    5: string plugin_status
    6: string time_cost
    8: string bot_state
    9: string plugin_request
    10: string tool_name
    11: string plugin
    13: string log_id
    15: string message_title
    17: string new_section_id
    22: string call_id
}

struct InterruptFunction {
    1: string name
    2: string arguments                     // JSON
}

struct InterruptRequireInfo {
    1: list<string> infos
}

struct InterruptPlugin {
    1: string id
    2: string type                          // "function"
    3: InterruptFunction function_call (api.body="function")
    4: InterruptRequireInfo require_info
    // Set when the call waits for the user to authorize its plugin (OAuth authorization code): open
    // it, approve, then submit_tool_outputs (this call's output may be left out; the call is made again)
    5: optional string authorization_url
}

struct SubmitToolOutputs {
    1: list<InterruptPlugin> tool_calls
}

struct RequiredAction {
    1: string type                          // "submit_tool_outputs"
    2: SubmitToolOutputs submit_tool_outputs
}

// A knowledge passage an answer cites (its marks [id] point here).
struct MessageSource {
    1: string id                            // the mark's id in the answer text
    2: i64 dataset_id (api.js_conv="true")
    3: string dataset_name
    4: i64 document_id (api.js_conv="true")
    5: string document_name
    6: i64 slice_id (api.js_conv="true")
    7: string snippet                       // the start of the passage
    8: string url                           // opens the document ("" when there is none)
    9: double score                         // retrieval score
}

struct ChatMessage {
    1: string role
    2: string type
    3: string content
    4: string content_type
    5: i64 message_id (api.js_conv="true")
    6: i64 reply_id (api.js_conv="true")    // the question this message answers
    7: i64 section_id (api.js_conv="true")
    8: ExtraInfo extra_info
    9: string status                        // MessageStatus: available | broken
    10: optional i32 broken_pos
    11: optional i64 sender_id (api.js_conv="true")
    13: i64 content_time                    // unix ms
    14: i64 message_index (api.js_conv="true")
    15: i32 source                          // 0 chat, 1 notice, 2 async result
    17: optional RequiredAction required_action
    20: optional string reasoning_content
    21: optional list<MessageSource> sources  // answer: the knowledge passages it cites
}

// Payload (data) of an AgentRunEvent "message".
struct RunStreamResponse {
    1: ChatMessage message
    2: optional bool is_finish
    3: i32 index
    4: i64 conversation_id (api.js_conv="true")
    5: i32 seq_id
}

struct ErrorData {
    1: i64 code
    2: string msg
}

// ---------------------------------------------------------------- console chat

struct AgentRunRequest {
    1: required i64 bot_id (api.js_conv="true")
    2: required i64 conversation_id (api.js_conv="true")
    5: required string query
    7: optional map<string, string> extra
    9: optional map<string, string> custom_variables
    10: optional bool draft_mode            // chat with the draft instead of the published version
    11: optional Scene scene
    12: optional string content_type        // text | object_string
    13: optional i64 regen_message_id (api.js_conv="true")    // regenerate this answer
    14: optional string local_message_id
    16: optional list<string> insert_history_message_list
    18: optional i64 space_id (api.js_conv="true", api.space="true")
    24: optional i64 shortcut_cmd_id (api.js_conv="true")
    25: optional bool deep_research         // this chat researches (true) or not (false); absent: the agent's setting
}

struct ClearConversationCtxRequest {
    1: required i64 conversation_id (api.js_conv="true")
    2: optional Scene scene
    3: optional list<string> insert_history_message_list
    4: optional i64 space_id (api.js_conv="true", api.space="true")
}

struct ClearConversationCtxResponse {
    3: i64 new_section_id (api.js_conv="true")
}

struct ClearConversationHistoryRequest {
    1: required i64 conversation_id (api.js_conv="true")
    2: optional Scene scene
    3: optional i64 bot_id (api.js_conv="true")
    4: optional i64 space_id (api.js_conv="true", api.space="true")
}

struct ClearConversationHistoryResponse {
    3: i64 new_section_id (api.js_conv="true")
}

struct GetMessageListRequest {
    1: optional i64 conversation_id (api.js_conv="true")  // empty: the caller's latest with bot_id
    2: required string cursor               // "0" = newest
    3: required i32 count
    4: required i64 bot_id (api.js_conv="true")
    5: optional bool draft_mode
    7: optional Scene scene
    10: optional LoadDirection load_direction
    13: optional i64 space_id (api.js_conv="true", api.space="true")
}

struct GetMessageListResponse {
    1: list<ChatMessage> message_list
    2: string cursor
    3: bool hasmore
    4: i64 conversation_id (api.js_conv="true")
    5: optional i64 last_section_id (api.js_conv="true")
    9: string next_cursor
    10: bool next_has_more
}

struct DeleteMessageRequest {
    1: required i64 conversation_id (api.js_conv="true")
    2: required i64 message_id (api.js_conv="true")
    3: optional Scene scene
    4: optional i64 bot_id (api.js_conv="true")
    5: optional i64 space_id (api.js_conv="true", api.space="true")
}

struct DeleteMessageResponse {
}

struct BreakMessageRequest {
    1: required i64 conversation_id (api.js_conv="true")
    2: required i64 query_message_id (api.js_conv="true")
    3: optional i64 answer_message_id (api.js_conv="true")
    4: optional i32 broken_pos              // characters of the answer the user saw
    5: optional Scene scene
    6: optional i64 space_id (api.js_conv="true", api.space="true")
}

struct BreakMessageResponse {
}

// ---------------------------------------------------------------- OpenAPI conversations

struct ConversationData {
    1: i64 id (api.js_conv="true")
    2: i64 created_at                       // unix seconds
    3: map<string, string> meta_data
    4: optional i64 creator_id (api.js_conv="true")
    5: optional i64 connector_id (api.js_conv="true")
    6: optional i64 last_section_id (api.js_conv="true")
    8: optional string name
    9: optional i64 bot_id (api.js_conv="true")
}

struct EnterMessage {
    1: string role                          // user | assistant
    2: string content
    3: optional map<string, string> meta_data
    4: string content_type                  // text | object_string
    5: optional string type                 // question | answer
    6: optional string name
}

struct CreateConversationRequest {
    1: optional map<string, string> meta_data
    2: optional list<EnterMessage> messages
    3: optional i64 bot_id (api.js_conv="true")
    4: optional i64 connector_id (api.js_conv="true")
    5: optional string name
    6: optional i64 space_id (api.js_conv="true", api.space="true")
}

struct CreateConversationResponse {
    1: ConversationData data
}

struct ListConversationsApiRequest {
    1: optional i64 page_num (api.query="page_num")
    2: optional i64 page_size (api.query="page_size")
    3: optional string sort_order (api.query="sort_order")    // ASC | DESC
    4: optional string sort_field (api.query="sort_field")    // created_at | updated_at
    5: required i64 bot_id (api.query="bot_id", api.js_conv="true")
    6: optional i64 connector_id (api.query="connector_id", api.js_conv="true")
    7: optional i64 space_id (api.query="space_id", api.js_conv="true", api.space="true")    // resolved from the resource when absent
}

struct ListConversationData {
    1: list<ConversationData> conversations
    2: bool has_more
}

struct ListConversationsApiResponse {
    1: ListConversationData data
}

struct UpdateConversationApiRequest {
    1: required i64 conversation_id (api.path="conversation_id", api.js_conv="true")
    2: required string name
    3: optional i64 space_id (api.js_conv="true", api.space="true")    // resolved from the resource when absent
}

struct UpdateConversationApiResponse {
    1: ConversationData data
}

struct DeleteConversationApiRequest {
    1: required i64 conversation_id (api.path="conversation_id", api.js_conv="true")
    2: optional i64 space_id (api.query="space_id", api.js_conv="true", api.space="true")    // resolved from the resource when absent
}

struct DeleteConversationApiResponse {
}

struct ClearConversationApiRequest {
    1: required i64 conversation_id (api.path="conversation_id", api.js_conv="true")
    2: optional i64 space_id (api.js_conv="true", api.space="true")    // resolved from the resource when absent
}

struct Section {
    1: i64 id (api.js_conv="true")
    2: i64 conversation_id (api.js_conv="true")
}

struct ClearConversationApiResponse {
    1: Section data
}

struct RetrieveConversationApiRequest {
    1: required i64 conversation_id (api.query="conversation_id", api.js_conv="true")
    2: optional i64 space_id (api.query="space_id", api.js_conv="true", api.space="true")    // resolved from the resource when absent
}

struct RetrieveConversationApiResponse {
    1: ConversationData data
}

struct OpenMessageApi {
    1: i64 id (api.js_conv="true")
    2: i64 bot_id (api.js_conv="true")
    3: string role
    4: string content
    5: i64 conversation_id (api.js_conv="true")
    6: map<string, string> meta_data
    7: i64 created_at
    8: i64 updated_at
    9: i64 chat_id (api.js_conv="true")
    10: string content_type
    11: string type
    12: i64 section_id (api.js_conv="true")
    13: optional string reasoning_content
    14: optional list<MessageSource> sources  // answer: the knowledge passages it cites
}

struct ListMessageApiRequest {
    1: required i64 conversation_id (api.query="conversation_id", api.js_conv="true")
    2: optional i64 limit                   // default 50
    3: optional string order                // desc (default) | asc
    4: optional i64 chat_id (api.js_conv="true")
    5: optional i64 before_id (api.js_conv="true")
    6: optional i64 after_id (api.js_conv="true")
    7: optional i64 space_id (api.js_conv="true", api.space="true")    // resolved from the resource when absent
}

struct ListMessageApiResponse {
    1: list<OpenMessageApi> data
    2: bool has_more
    3: i64 first_id (api.js_conv="true")
    4: i64 last_id (api.js_conv="true")
}

// ---------------------------------------------------------------- OpenAPI chat v3

struct ShortcutCommandDetail {
    1: required i64 command_id (api.js_conv="true")
    2: map<string, string> parameters       // component name -> value
}

struct ChatV3Request {
    1: required i64 bot_id (api.js_conv="true")
    2: optional i64 conversation_id (api.query="conversation_id", api.js_conv="true")  // new conversation when absent
    3: required string user_id              // caller-defined end user id
    4: optional bool stream (api.stream_switch="true")  // false: the chat (in_progress) at once; poll /v3/chat/retrieve
    5: optional list<EnterMessage> additional_messages
    6: optional map<string, string> custom_variables
    7: optional bool auto_save_history      // default true; false: the chat's messages are readable by chat id only, never part of the conversation
    8: optional map<string, string> meta_data
    11: optional map<string, string> extra_params
    12: optional i64 connector_id (api.js_conv="true")
    13: optional ShortcutCommandDetail shortcut_command
    14: optional string parameters          // JSON, for chatflow start-node inputs
    15: optional i64 space_id (api.js_conv="true", api.space="true")    // resolved from the bot when absent
    16: optional bool deep_research         // this chat researches (true) or not (false); absent: the agent's setting
}

struct LastError {
    1: i32 code
    2: string msg
}

struct Usage {
    1: i32 token_count
    2: i32 output_count
    3: i32 input_count
}

// "Chat" object: data of /v3/chat (stream=false), cancel, retrieve and of the
// conversation.chat.* stream events.
struct ChatV3ChatDetail {
    1: i64 id (api.js_conv="true")
    2: i64 conversation_id (api.js_conv="true")
    3: i64 bot_id (api.js_conv="true")
    4: optional i64 created_at              // unix seconds
    5: optional i64 completed_at
    6: optional i64 failed_at
    7: optional map<string, string> meta_data
    8: optional LastError last_error
    9: string status                        // created | in_progress | completed | failed | requires_action | canceled
    10: optional Usage usage
    11: optional RequiredAction required_action
    12: optional i64 section_id (api.js_conv="true")
}

// Message object of /v3/chat/message/list and of conversation.message.* stream events.
struct ChatV3MessageDetail {
    1: i64 id (api.js_conv="true")
    2: i64 conversation_id (api.js_conv="true")
    3: i64 bot_id (api.js_conv="true")
    4: string role
    5: string type                          // answer | function_call | tool_response | knowledge | follow_up | verbose | interrupt | question
    6: string content
    7: string content_type
    8: optional map<string, string> meta_data
    9: i64 chat_id (api.js_conv="true")
    10: optional i64 section_id (api.js_conv="true")
    11: optional i64 created_at
    12: optional i64 updated_at
    13: optional string reasoning_content
    14: optional list<MessageSource> sources  // answer: the knowledge passages it cites
}

struct CancelChatApiRequest {
    1: required i64 chat_id (api.js_conv="true")
    2: required i64 conversation_id (api.js_conv="true")
    3: optional i64 space_id (api.js_conv="true", api.space="true")    // resolved from the resource when absent
}

struct CancelChatApiResponse {
    1: ChatV3ChatDetail data
}

struct RetrieveChatOpenRequest {
    1: required i64 conversation_id (api.query="conversation_id", api.js_conv="true")
    2: required i64 chat_id (api.query="chat_id", api.js_conv="true")
    3: optional i64 space_id (api.query="space_id", api.js_conv="true", api.space="true")    // resolved from the resource when absent
}

struct RetrieveChatOpenResponse {
    1: ChatV3ChatDetail data
}

struct ListChatMessageApiRequest {
    1: required i64 conversation_id (api.query="conversation_id", api.js_conv="true")
    2: required i64 chat_id (api.query="chat_id", api.js_conv="true")
    3: optional i64 space_id (api.query="space_id", api.js_conv="true", api.space="true")    // resolved from the resource when absent
}

struct ListChatMessageApiResponse {
    1: list<ChatV3MessageDetail> data
}

// ---------------------------------------------------------------- OpenAPI tool outputs

struct ToolOutput {
    1: required string tool_call_id         // a tool_calls[].id of the chat's required_action
    2: required string output               // the tool's result as the model should read it
}

struct SubmitToolOutputsApiRequest {
    1: required i64 conversation_id (api.query="conversation_id", api.js_conv="true")
    2: required i64 chat_id (api.query="chat_id", api.js_conv="true")
    // one per pending client-side tool call, each exactly once; calls waiting for authorization
    // (authorization_url set) need none: they are made again
    3: required list<ToolOutput> tool_outputs
    4: optional bool stream (api.stream_switch="true")  // true: the rest of the chat as events; false: the chat (in_progress) at once
    5: optional i64 space_id (api.js_conv="true", api.space="true")    // resolved from the resource when absent
}

// ---------------------------------------------------------------- OpenAPI messages

struct CreateMessageApiRequest {
    1: required i64 conversation_id (api.query="conversation_id", api.js_conv="true")
    2: required string role                 // user | assistant
    3: required string content
    4: required string content_type         // text | object_string
    5: optional map<string, string> meta_data
    6: optional i64 space_id (api.js_conv="true", api.space="true")    // resolved from the resource when absent
}

struct CreateMessageApiResponse {
    1: OpenMessageApi data
}

struct RetrieveMessageApiRequest {
    1: required i64 conversation_id (api.query="conversation_id", api.js_conv="true")
    2: required i64 message_id (api.query="message_id", api.js_conv="true")
    3: optional i64 space_id (api.query="space_id", api.js_conv="true", api.space="true")    // resolved from the resource when absent
}

struct RetrieveMessageApiResponse {
    1: OpenMessageApi data
}

// Fields left out stay as they are.
struct ModifyMessageApiRequest {
    1: required i64 conversation_id (api.query="conversation_id", api.js_conv="true")
    2: required i64 message_id (api.query="message_id", api.js_conv="true")
    3: optional string content
    4: optional string content_type         // text | object_string
    5: optional map<string, string> meta_data   // replaces the message's meta_data
    6: optional i64 space_id (api.js_conv="true", api.space="true")    // resolved from the resource when absent
}

// Coze answers the modified message under `message` (cozepy reads that key).
struct ModifyMessageApiResponse {
    1: OpenMessageApi message
}

struct DeleteMessageApiRequest {
    1: required i64 conversation_id (api.query="conversation_id", api.js_conv="true")
    2: required i64 message_id (api.query="message_id", api.js_conv="true")
    3: optional i64 space_id (api.js_conv="true", api.space="true")    // resolved from the resource when absent
}

// The message as it was before it was deleted.
struct DeleteMessageApiResponse {
    1: OpenMessageApi data
}

// ---------------------------------------------------------------- internal: chatflow chats
// The workflow service's chatflow runs (/v1/workflows/chat) keep their turns here: the user's
// messages and the chat when a run starts (StartWorkflowChat), the answer and how the chat ended
// when the run stops (FinishWorkflowChat). A chat that stops for the user's answer (a question or
// a form) ends requires_action with no required_action: the user's next message answers it.

struct StartWorkflowChatRequest {
    1: optional i64 conversation_id          // absent or 0: a new conversation in space_id
    2: required i64 space_id                 // the workflow's: an existing conversation must be in it
    3: optional i64 bot_id                   // the bot the chat is for (0: none)
    // The app (Coze project) the chat is for (0: none); at most one of bot_id and app_id. A new
    // conversation is the app's (app_id, bot_id 0), as conversation nodes keep an app's
    // conversations; an existing one must not belong to another app.
    10: optional i64 app_id
    4: required list<EnterMessage> additional_messages  // the last is the user's query; earlier ones join the history
    5: required string user_id               // the end user
    9: required i64 creator_id               // the authenticated caller (a new conversation's creator)
    6: optional i64 connector_id
    7: optional i32 history_limit            // at most this many earlier messages come back (default 50)
    8: optional i64 resumes_chat_id          // the chat waiting for this message: it is completed
}

struct StartWorkflowChatResponse {
    1: ChatV3ChatDetail chat                 // in_progress
    2: ChatV3MessageDetail question
    3: list<ChatV3MessageDetail> history     // the section's questions and answers before the query, oldest first
}

// An assistant message of a workflow chat (an answer, or the question the run stopped at).
struct WorkflowChatAnswer {
    1: required i64 id                       // the id the message's events carried
    2: required string content
    3: optional string content_type          // text (default) | card
}

struct FinishWorkflowChatRequest {
    1: required i64 conversation_id
    2: required i64 chat_id
    3: required string status                // completed | failed | requires_action
    4: list<WorkflowChatAnswer> answers      // the assistant's messages, in order
    7: optional i32 input_tokens
    8: optional i32 output_tokens
    9: optional LastError last_error         // a failed chat's error
}

struct FinishWorkflowChatResponse {
    1: ChatV3ChatDetail chat
    2: list<ChatV3MessageDetail> answers
}

// ---------------------------------------------------------------- named conversations (internal)
// Workflow conversation nodes (Coze's CreateConversation, MessageList...) address conversations by
// name: a user's conversations within one bot or one app (Coze's app conversations), one per name.
// Only services call these (the workflow, for a run's user); everything else about a conversation
// found here goes through the RPCs above, by its id.

struct ConversationScope {
    1: required i64 space_id                // the run's space; a bot must be in it
    2: required i64 user_id                 // the conversations' owner (creator_id)
    3: optional i64 bot_id                  // exactly one of bot_id and app_id
    4: optional i64 app_id
}

struct GetNamedConversationRequest {
    1: required ConversationScope scope
    2: required string name
    3: optional bool create                 // create it when the scope has none by that name
}

struct GetNamedConversationResponse {
    1: optional ConversationData data       // absent: none by that name
    2: bool created                         // this call created it
}

struct ListNamedConversationsRequest {
    1: required ConversationScope scope
}

// The scope's named conversations, oldest first.
struct ListNamedConversationsResponse {
    1: list<ConversationData> data
}

// ---------------------------------------------------------------- run records (console)
// The space's chat runs (console chats and /v3/chat alike), newest first, and one run's whole
// record: its messages (question, answer, tool calls and their results, other events), usage,
// timings, error and the trace id of the request that started it (the x-tt-logid it answered).

struct RunRecord {
    1: i64 id (api.js_conv="true")              // the chat id
    2: i64 conversation_id (api.js_conv="true")
    3: i64 bot_id (api.js_conv="true")
    4: string user_id                           // the end user
    5: string status                            // ChatStatus
    6: i64 created_at                           // unix ms
    7: i64 finished_at                          // unix ms; 0 while running or waiting
    8: i64 latency_ms                           // finished_at - created_at; 0 while running or waiting
    9: Usage usage
    10: optional LastError last_error
    11: string trace_id                         // "" for runs recorded before trace ids were kept
    12: bool draft_mode                         // a console chat with the agent's draft
    13: string query                            // the question's text (its start)
}

struct ListRunRecordsRequest {
    1: required i64 space_id (api.js_conv="true", api.space="true")
    2: optional i64 bot_id (api.js_conv="true")
    3: optional string status                   // ChatStatus
    4: optional string user_id
    5: optional i64 conversation_id (api.js_conv="true")
    6: optional i64 start_time                  // unix seconds: runs created at or after
    7: optional i64 end_time                    // unix seconds: runs created before
    8: optional string cursor                   // next_cursor of the previous page; absent: the newest
    9: optional i32 limit                       // 1..100, default 20
}

struct ListRunRecordsResponse {
    1: list<RunRecord> data
    2: bool has_more
    3: string next_cursor
}

struct GetRunRecordRequest {
    1: required i64 space_id (api.js_conv="true", api.space="true")
    2: required i64 chat_id (api.js_conv="true")
}

struct GetRunRecordResponse {
    1: RunRecord data
    2: list<ChatMessage> messages               // every message of the run, oldest first
}

// ---------------------------------------------------------------- service

service ConversationService {
    // ---- console
    AgentRunEvent AgentRun(1: AgentRunRequest req)
        (api.post="/api/conversation/chat", api.category="conversation", api.stream="true")
    ClearConversationCtxResponse ClearConversationCtx(1: ClearConversationCtxRequest req)
        (api.post="/api/conversation/create_section", api.category="conversation")
    ClearConversationHistoryResponse ClearConversationHistory(1: ClearConversationHistoryRequest req)
        (api.post="/api/conversation/clear_message", api.category="conversation")
    GetMessageListResponse GetMessageList(1: GetMessageListRequest req)
        (api.post="/api/conversation/get_message_list", api.category="conversation")
    DeleteMessageResponse DeleteMessage(1: DeleteMessageRequest req)
        (api.post="/api/conversation/delete_message", api.category="conversation")
    BreakMessageResponse BreakMessage(1: BreakMessageRequest req)
        (api.post="/api/conversation/break_message", api.category="conversation")
    ListRunRecordsResponse ListRunRecords(1: ListRunRecordsRequest req)
        (api.post="/api/conversation/run_record/list", api.category="conversation")
    GetRunRecordResponse GetRunRecord(1: GetRunRecordRequest req)
        (api.post="/api/conversation/run_record/get", api.category="conversation")

    // ---- OpenAPI conversations and messages
    CreateConversationResponse CreateConversation(1: CreateConversationRequest req)
        (api.post="/v1/conversation/create", api.category="conversation", api.tag="openapi")
    ListConversationsApiResponse ListConversationsApi(1: ListConversationsApiRequest req)
        (api.get="/v1/conversations", api.category="conversation", api.tag="openapi")
    UpdateConversationApiResponse UpdateConversationApi(1: UpdateConversationApiRequest req)
        (api.put="/v1/conversations/:conversation_id", api.category="conversation", api.tag="openapi")
    DeleteConversationApiResponse DeleteConversationApi(1: DeleteConversationApiRequest req)
        (api.delete="/v1/conversations/:conversation_id", api.category="conversation", api.tag="openapi")
    ClearConversationApiResponse ClearConversationApi(1: ClearConversationApiRequest req)
        (api.post="/v1/conversations/:conversation_id/clear", api.category="conversation", api.tag="openapi")
    RetrieveConversationApiResponse RetrieveConversationApi(1: RetrieveConversationApiRequest req)
        (api.get="/v1/conversation/retrieve", api.category="conversation", api.tag="openapi")
    ListMessageApiResponse GetApiMessageList(1: ListMessageApiRequest req)
        (api.post="/v1/conversation/message/list", api.category="conversation", api.tag="openapi")
    CreateMessageApiResponse CreateMessageApi(1: CreateMessageApiRequest req)
        (api.post="/v1/conversation/message/create", api.category="conversation", api.tag="openapi")
    RetrieveMessageApiResponse RetrieveMessageApi(1: RetrieveMessageApiRequest req)
        (api.get="/v1/conversation/message/retrieve", api.category="conversation", api.tag="openapi")
    ModifyMessageApiResponse ModifyMessageApi(1: ModifyMessageApiRequest req)
        (api.post="/v1/conversation/message/modify", api.category="conversation", api.tag="openapi")
    DeleteMessageApiResponse DeleteMessageApi(1: DeleteMessageApiRequest req)
        (api.post="/v1/conversation/message/delete", api.category="conversation", api.tag="openapi")

    // ---- OpenAPI chat
    ChatEvent ChatV3(1: ChatV3Request req)
        (api.post="/v3/chat", api.category="chat", api.tag="openapi", api.stream="true")
    CancelChatApiResponse CancelChatApi(1: CancelChatApiRequest req)
        (api.post="/v3/chat/cancel", api.category="chat", api.tag="openapi")
    RetrieveChatOpenResponse RetrieveChatOpen(1: RetrieveChatOpenRequest req)
        (api.get="/v3/chat/retrieve", api.post="/v3/chat/retrieve", api.category="chat", api.tag="openapi")
    ListChatMessageApiResponse ListChatMessageApi(1: ListChatMessageApiRequest req)
        (api.get="/v3/chat/message/list", api.category="chat", api.tag="openapi")
    ChatEvent SubmitToolOutputs(1: SubmitToolOutputsApiRequest req)
        (api.post="/v3/chat/submit_tool_outputs", api.category="chat", api.tag="openapi", api.stream="true")

    // ---- internal: the workflow service's chatflow runs
    StartWorkflowChatResponse StartWorkflowChat(1: StartWorkflowChatRequest req)
        (api.internal="true")
    FinishWorkflowChatResponse FinishWorkflowChat(1: FinishWorkflowChatRequest req)
        (api.internal="true")

    // ---- named conversations (internal: workflow conversation nodes)
    GetNamedConversationResponse GetNamedConversation(1: GetNamedConversationRequest req)
        (api.internal="true")
    ListNamedConversationsResponse ListNamedConversations(1: ListNamedConversationsRequest req)
        (api.internal="true")
}
