// Plugins: tools described by an OpenAPI 3 document plus a manifest (ai_plugin), auth
// (none, service token or API key, OAuth 2 authorization code or client credentials), debugging,
// publish; MCP servers as plugins. The runtime RPCs (internal) give an agent its tools and call them.
// Owner service: plugin. Paths and field names follow Coze Studio's plugin_develop IDL.

namespace py atelier.plugin
namespace go atelier.plugin

// ---------------------------------------------------------------- enums

enum AuthorizationType {
    None = 0
    Service = 1             // service token / API key (manifest auth.type "service_http")
    OAuth = 3               // manifest auth.type "oauth"
    Standard = 4
}

enum ServiceAuthSubType {
    ApiKey = 0                  // service_http token/api_key
    OAuthAuthorizationCode = 4  // oauth authorization_code: a token per user
    OAuthClientCredentials = 10 // oauth client_credentials: one token per plugin
}

enum AuthorizationServiceLocation {
    Header = 1
    Query = 2
}

enum ParameterLocation {
    Path = 1
    Query = 2
    Body = 3
    Header = 4
}

enum ParameterType {
    String = 1
    Integer = 2
    Number = 3
    Object = 4
    Array = 5
    Bool = 6
}

enum APIMethod {
    GET = 1
    POST = 2
    PUT = 3
    DELETE = 4
    PATCH = 5
}

enum DebugOperation {
    Debug = 1               // call the tool with parameters
    Parse = 2               // infer response_params from the response
}

enum OAuthStatus {
    Authorized = 1
    Unauthorized = 2
}

enum PluginType {
    PLUGIN = 1
    APP = 2
    FUNC = 3
    WORKFLOW = 4
    IMAGEFLOW = 5
    LOCAL = 6
}

enum CreationMethod {
    COZE = 0                // form / OpenAPI import
    IDE = 1
}

enum APIDebugStatus {
    DebugWaiting = 0
    DebugPassed = 1
}

enum APIListOrder {
    CreateTime = 1
    Name = 2
}

enum PluginDataFormat {
    OpenAPI = 1
    Curl = 2
    Postman = 3
    Swagger = 4
}

// Whether a tool is in the plugin's online version.
enum OnlineStatus {
    OFFLINE = 0
    ONLINE = 1
}

// Where a plugin's tools come from: its OpenAPI document, an MCP server, or Atelier itself (a
// built-in plugin: in every space, run in-process, not editable) (PluginMetaInfo.kind).
enum PluginKind {
    Openapi = 1
    Mcp = 2
    Builtin = 3
} (api.string="true")

// InvokeToolResponse.outcome: how a tool call ended.
enum InvokeOutcome {
    Ok = 0                  // the tool answered 2xx (an MCP tool: a result that is not an error)
    HttpError = 1           // the tool answered with another status (the model sees its body)
    InvalidArguments = 2    // the arguments do not fit the tool's schema: no call was made
    OauthRequired = 3       // the user must authorize first: authorization_url
    Failed = 4              // no usable answer: refused by the SSRF guard, timeout, too big, unreachable
    ToolError = 5           // the tool ran and reported an error (an MCP result marked isError): the model reads why
} (api.string="true")

// UnresolvedTool.problem: why a bound tool gives no tool.
enum UnresolvedProblem {
    PluginNotFound = 1      // no plugin with that id in the agent's space (deleted, or another space's)
    NotPublished = 2        // an online agent's plugin has no published version
    ToolNotFound = 3        // the plugin (draft or online version) has no tool with that id
    ToolDisabled = 4        // the tool is switched off in its plugin
    ToolNotInDocument = 5   // the plugin's document no longer describes the tool
    InvalidDefault = 6      // one of the agent's default_params does not fit the tool
} (api.string="true")

// ---------------------------------------------------------------- manifest
// The manifest travels as JSON text (ai_plugin); these structs describe it.

struct ManifestAuth {
    1: string type                          // none | service_http | oauth
    2: optional string sub_type             // service_http: token/api_key; oauth: authorization_code | client_credentials
    // JSON. token/api_key: {location: header|query, key, service_token};
    // authorization_code: {client_id, client_secret, client_url (authorize endpoint), scope,
    // authorization_url (token endpoint), authorization_content_type};
    // client_credentials: {client_id, client_secret, token_url, scope}. Secrets are masked on read.
    3: optional string payload
}

struct ManifestAPI {
    1: string type                          // "openapi"
}

struct CommonParamSchema {
    1: string name
    2: string value
}

// Parameters added to every tool call, by location.
struct ManifestCommonParams {
    1: list<CommonParamSchema> header
    2: list<CommonParamSchema> query
    3: list<CommonParamSchema> body
    4: list<CommonParamSchema> path
}

struct PluginManifest {
    1: string schema_version                // "v1"
    2: string name_for_model
    3: string name_for_human
    4: string description_for_model
    5: string description_for_human
    6: ManifestAuth auth
    7: string logo_url
    8: ManifestAPI api
    9: optional ManifestCommonParams common_params
}

// ---------------------------------------------------------------- entities

struct PluginIcon {
    1: string uri
    2: string url
}

// The MCP server of a plugin of kind mcp; its tools are listed from the server when the plugin is
// registered and each time its meta is updated (the console's refresh), and become its APIs.
struct McpServerConfig {
    1: string transport                     // "streamable_http" (stdio servers are an operator's setting)
    2: string url
    3: optional map<string, string> headers // sent with every request; values write-only, masked on read
}

// One common parameter with its location (Coze sends map<location, list>; flattened).
struct CommonParam {
    1: ParameterLocation location
    2: string name
    3: string value
}

struct PluginMetaInfo {
    1: string name
    2: string desc
    3: string url                           // server base URL
    4: PluginIcon icon
    5: list<AuthorizationType> auth_type
    6: optional AuthorizationServiceLocation location
    7: optional string key                  // service token parameter name
    8: optional string service_token        // write-only; masked on read
    9: optional string oauth_info           // JSON OAuth client config
    10: optional list<CommonParam> common_params
    11: optional i32 sub_auth_type          // with auth_type Service: 0 API key / token; with OAuth: 4 authorization code, 10 client credentials
    12: optional string auth_payload        // the manifest auth payload (JSON), secrets masked
    14: string kind                         // PluginKind: openapi | mcp | builtin
    15: optional McpServerConfig mcp_server
}

struct APIParameter {
    1: string id
    2: string name
    3: string desc
    4: ParameterType type
    5: optional ParameterType sub_type      // item type of Array
    6: ParameterLocation location
    7: bool is_required
    8: list<APIParameter> sub_parameters
    9: optional string global_default
    10: bool global_disable
    11: optional string local_default       // per-agent override
    12: bool local_disable
}

struct PluginAPIInfo {
    1: i64 plugin_id (api.js_conv="true")
    2: i64 api_id (api.js_conv="true")
    3: string name
    4: string desc
    5: string path
    6: APIMethod method
    7: list<APIParameter> request_params
    8: list<APIParameter> response_params
    9: string create_time
    10: APIDebugStatus debug_status
    11: bool disabled
    13: OnlineStatus online_status
    18: string function_name
}

struct CodeInfo {
    1: string plugin_desc                   // manifest JSON (ai_plugin)
    2: string openapi_desc                  // OpenAPI 3 YAML/JSON
    3: string client_id
    4: string client_secret                 // masked
    5: string service_token                 // masked
}

struct Creator {
    1: i64 id (api.js_conv="true")
    2: string name
    3: string avatar_url
    4: bool is_self (api.body="self")
}

// ---------------------------------------------------------------- plugin CRUD

struct RegisterPluginRequest {
    1: required string ai_plugin            // manifest JSON (PluginManifest)
    2: required string openapi              // OpenAPI 3 document (YAML or JSON)
    4: optional string client_id
    5: optional string client_secret
    6: optional string service_token
    7: optional PluginType plugin_type
    8: required i64 space_id (api.js_conv="true", api.space="true")
    9: optional bool import_from_file
    10: optional i64 project_id (api.js_conv="true")
}

struct RegisterPluginData {
    1: i64 plugin_id (api.js_conv="true")
    2: string openapi                       // normalized document
}

struct RegisterPluginResponse {
    1: RegisterPluginData data
}

struct RegisterPluginMetaRequest {
    1: required string name
    2: required string desc
    3: optional string url
    4: required PluginIcon icon
    5: optional AuthorizationType auth_type
    6: optional AuthorizationServiceLocation location
    7: optional string key
    8: optional string service_token
    9: optional string oauth_info
    10: required i64 space_id (api.js_conv="true", api.space="true")
    11: optional list<CommonParam> common_params
    12: optional CreationMethod creation_method
    14: optional PluginType plugin_type
    15: optional i64 project_id (api.js_conv="true")
    16: optional i32 sub_auth_type          // 0 API key / token (auth_type Service); 4 authorization code, 10 client credentials (auth_type OAuth)
    17: optional string auth_payload        // the auth settings as the manifest's auth payload (JSON), instead of the fields above
    18: optional McpServerConfig mcp_server // a plugin of kind mcp: its tools come from this server
}

struct RegisterPluginMetaResponse {
    1: i64 plugin_id (api.js_conv="true")
}

// Replace the draft's manifest and OpenAPI document (tools are matched by method and path: kept
// ids for the same operation, new ones for new operations, removed otherwise).
struct UpdatePluginRequest {
    1: required i64 plugin_id (api.js_conv="true")
    3: required string ai_plugin            // manifest JSON (PluginManifest)
    4: required string openapi              // OpenAPI 3 document (YAML or JSON)
    5: optional string client_id
    6: optional string client_secret        // empty or absent keeps the stored one
    7: optional string service_token        // empty or absent keeps the stored one
    9: optional i32 edit_version
    10: optional i64 space_id (api.js_conv="true", api.space="true")
}

struct UpdatePluginData {
    1: bool res
    2: i32 edit_version
}

struct UpdatePluginResponse {
    3: UpdatePluginData data
}

// Change the draft's settings; absent fields keep their value.
struct UpdatePluginMetaRequest {
    1: required i64 plugin_id (api.js_conv="true")
    2: optional string name
    3: optional string desc
    4: optional string url
    5: optional PluginIcon icon
    6: optional AuthorizationType auth_type
    7: optional AuthorizationServiceLocation location
    8: optional string key
    9: optional string service_token        // empty keeps the stored one
    10: optional string oauth_info
    11: optional list<CommonParam> common_params    // replaces the stored ones when sent (even empty), or when auth_type is sent (the whole form)
    13: optional i32 edit_version
    15: optional i32 sub_auth_type
    16: optional string auth_payload
    18: optional i64 space_id (api.js_conv="true", api.space="true")
    19: optional McpServerConfig mcp_server
}

struct UpdatePluginMetaResponse {
    3: i32 edit_version
}

struct GetPluginInfoRequest {
    1: required i64 plugin_id (api.js_conv="true")
    2: optional i64 space_id (api.js_conv="true", api.space="true")
}

struct GetPluginInfoResponse {
    3: PluginMetaInfo meta_info
    4: CodeInfo code_info
    5: bool status                          // the draft has changes that are not published
    6: bool published
    7: Creator creator
    12: CreationMethod creation_method
    14: i32 edit_version
    15: PluginType plugin_type
    16: optional PluginManifest manifest
}

struct GetPluginAPIsRequest {
    1: required i64 plugin_id (api.js_conv="true")
    2: optional list<i64> api_ids (api.js_conv="true")
    3: optional i32 page
    4: optional i32 size
    5: optional APIListOrder order
    6: optional i64 space_id (api.js_conv="true", api.space="true")
}

struct GetPluginAPIsResponse {
    3: list<PluginAPIInfo> api_info
    4: i32 total
    5: i32 edit_version
}

struct PublishPluginRequest {
    1: required i64 plugin_id (api.js_conv="true")
    2: optional bool privacy_status
    3: optional string privacy_info
    4: optional string version_name
    5: optional string version_desc
    6: optional i64 space_id (api.js_conv="true", api.space="true")
}

struct PublishPluginResponse {
    3: string version_ts
}

struct DelPluginRequest {
    1: required i64 plugin_id (api.js_conv="true")
    2: optional i64 space_id (api.js_conv="true", api.space="true")
}

struct DelPluginResponse {
}

struct Convert2OpenAPIRequest {
    1: optional string plugin_name
    2: optional string plugin_url
    // cURL command, Postman/Swagger/OpenAPI document; may be left out when document_url is given
    3: optional string data
    4: optional bool merge_same_paths
    5: required i64 space_id (api.js_conv="true", api.space="true")
    6: optional string plugin_description
    // Fetch the document (OpenAPI/Swagger/Postman JSON or YAML) from this http(s) URL, server-side
    // through the outbound guard (its size and time caps); used instead of data. 400 naming the
    // problem: not http(s), an address the guard refuses, unreachable, a non-2xx answer, too
    // large, not a document.
    7: optional string document_url
}

struct DuplicateAPIInfo {
    1: string method
    2: string path
    3: i64 count
}

struct Convert2OpenAPIResponse {
    3: optional string openapi
    4: optional string ai_plugin
    5: optional PluginDataFormat plugin_data_format
    6: list<DuplicateAPIInfo> duplicate_api_infos
}

// ---------------------------------------------------------------- tools (APIs)

struct CreateAPIRequest {
    1: required i64 plugin_id (api.js_conv="true")
    2: required string name
    3: required string desc
    4: optional string path
    5: optional APIMethod method
    7: optional list<APIParameter> request_params
    8: optional list<APIParameter> response_params
    9: optional bool disabled
    10: optional i32 edit_version
    11: optional string function_name
    12: optional i64 space_id (api.js_conv="true", api.space="true")
}

struct CreateAPIResponse {
    3: i64 api_id (api.js_conv="true")
    4: i32 edit_version
}

struct UpdateAPIRequest {
    1: required i64 plugin_id (api.js_conv="true")
    2: required i64 api_id (api.js_conv="true")
    3: optional string name
    4: optional string desc
    5: optional string path
    6: optional APIMethod method
    7: optional list<APIParameter> request_params     // replace the tool's when sent (even empty); absent: kept
    8: optional list<APIParameter> response_params    // likewise
    9: optional bool disabled
    11: optional i32 edit_version
    14: optional string function_name
    15: optional i64 space_id (api.js_conv="true", api.space="true")
}

struct UpdateAPIResponse {
    3: i32 edit_version
}

struct DeleteAPIRequest {
    1: required i64 plugin_id (api.js_conv="true")
    2: required i64 api_id (api.js_conv="true")
    3: optional i32 edit_version
    4: optional i64 space_id (api.js_conv="true", api.space="true")
}

struct DeleteAPIResponse {
    3: i32 edit_version
}

struct DebugAPIRequest {
    1: required i64 plugin_id (api.js_conv="true")
    2: required i64 api_id (api.js_conv="true")
    3: required string parameters           // JSON object of request parameters
    4: required DebugOperation operation
    5: optional i32 edit_version
    6: optional i64 space_id (api.js_conv="true", api.space="true")
}

struct DebugAPIResponse {
    3: list<APIParameter> response_params
    4: bool success
    5: string resp                          // response JSON trimmed to response_params
    6: string reason                        // failure reason
    7: string raw_resp
    8: string raw_req
}

// ---------------------------------------------------------------- plugins to bind (agent editor)
// Coze Studio's playground plugin list: the built-in plugins (is_official, in every space) first,
// then the space's own plugins with the tools of their drafts (what a draft agent uses) and their
// online version when published.

struct GetPlaygroundPluginListRequest {
    1: optional i32 page                    // from 1
    2: optional i32 size                    // 1..100, default 20
    4: optional string name                 // plugins whose name contains this (any case)
    5: required i64 space_id (api.js_conv="true", api.space="true")
    6: optional list<i64> plugin_ids (api.js_conv="true")  // only these plugins
    7: optional list<i32> plugin_types      // PluginType; empty: all
    9: optional bool self_created           // only plugins the caller created (no built-ins)
    10: optional i32 order_by               // space plugins: 0 last updated first, 1 last created first
}

// A tool parameter as the agent editor shows it (Coze's PluginParameter).
struct PluginParameter {
    1: string name
    2: string desc
    3: bool required
    4: string type                          // string | integer | number | object | array | boolean
    5: list<PluginParameter> sub_parameters
    6: string sub_type                      // item type of an array
}

// One tool to bind: {plugin_id, api_id} go into the agent's plugin_info_list (Coze's PluginApi).
struct PluginApi {
    1: string name                          // the function name the model calls
    2: string desc
    3: list<PluginParameter> parameters
    4: i64 plugin_id (api.js_conv="true")
    5: string plugin_name
    7: i64 api_id (api.js_conv="true")
    11: string function_name
}

struct PluginInfoForPlayground {
    1: i64 id (api.js_conv="true")
    2: string name
    3: string desc_for_human
    4: string plugin_icon                   // URL
    5: PluginType plugin_type
    15: list<PluginApi> plugin_apis         // enabled tools only
    17: string create_time                  // seconds since the epoch; "" for built-ins
    18: string update_time
    22: Creator creator                     // id 0 for built-ins
    23: i64 space_id (api.js_conv="true")   // 0 for built-ins: they are in every space
    30: CreationMethod creation_method
    31: bool is_official                    // a built-in plugin: not editable, needs no setup
    33: string version_ts                   // the online version ("" when never published; built-ins have none)
    34: string version_name
    40: string kind                         // PluginKind: openapi | mcp | builtin
    41: bool published                      // built-ins are always usable online
}

struct GetPlaygroundPluginListData {
    1: list<PluginInfoForPlayground> plugin_list
    2: i32 total
}

struct GetPlaygroundPluginListResponse {
    3: GetPlaygroundPluginListData data
}

// ---------------------------------------------------------------- OAuth

struct GetOAuthSchemaRequest {
}

struct GetOAuthSchemaResponse {
    3: string oauth_schema                  // JSON form schema for OAuth client settings
    4: string ide_conf
}

struct GetOAuthStatusRequest {
    1: required i64 plugin_id (api.js_conv="true")
    2: optional i64 bot_id (api.js_conv="true")
    3: optional i64 space_id (api.js_conv="true", api.space="true")    // resolved from the resource when absent
    4: optional string user_id              // an end user of the space's agents ("user_id" of /v3/chat); the caller when absent
}

struct GetOAuthStatusResponse {
    1: bool is_oauth
    2: OAuthStatus status
    3: string content                       // authorization URL when Unauthorized
}

struct RevokeAuthTokenRequest {
    1: required i64 plugin_id (api.js_conv="true")
    2: optional i64 bot_id (api.js_conv="true")
    3: optional i32 context_type
    4: optional i64 space_id (api.js_conv="true", api.space="true")    // resolved from the resource when absent
    5: optional string user_id              // an end user of the space's agents ("user_id" of /v3/chat); the caller when absent
}

struct RevokeAuthTokenResponse {
}

// Redirect target of the OAuth provider; state identifies user, plugin and return URL.
struct OauthAuthorizationCodeRequest {
    1: required string code (api.query="code")
    2: required string state (api.query="state")
}

// What the user's browser gets once the token is kept: a redirect to the page the authorization
// was asked from, else a page saying the plugin is authorized.
struct OauthAuthorizationCodeResponse {
    1: string return_url (api.page="redirect")  // the return URL the signed link carries ("" when it has none)
    2: string title (api.page="title")
    3: string message (api.page="text")         // for people: which plugin is authorized, where to go next
}

// ---------------------------------------------------------------- runtime (internal)
// What the agent runtime asks: an agent's bound tools as model tools, and tool calls.

// An agent's default for one request parameter (Coze's bot default params).
struct ToolDefaultParam {
    1: string name                          // an argument as ResolveTools' schema names it (a parameter or top-level body property; query_id when two share a name)
    2: string value                         // as the console types it (Coze's local_default): the text for a string parameter, JSON otherwise ("3", "true", "[\"a\"]")
    3: bool hidden                          // never shown to the model, `value` always sent (Coze's local_disable); else the schema's default, sent when the model gives none
}

// One tool bound to an agent.
struct ToolRef {
    1: i64 plugin_id
    2: i64 api_id
    3: list<ToolDefaultParam> default_params
}

struct ResolveToolsRequest {
    1: i64 space_id                         // the agent's space: every plugin must belong to it
    2: string user_id                       // end user ("user_id" of the chat; the console user's id as text)
    3: list<ToolRef> refs
    4: bool draft                           // true: the plugins' drafts (a draft agent); false: their online versions
}

struct ResolvedTool {
    1: i64 plugin_id
    2: i64 api_id
    3: string name                          // function name for the model, unique in the answer
    4: string description
    5: string parameters                    // JSON schema (type object) of the arguments, defaults applied
    6: string plugin_name
    7: string version                       // plugin version_ts used; "" for the draft
}

struct UnresolvedTool {
    1: i64 plugin_id
    2: i64 api_id
    3: string reason                        // for people: names the plugin and tool
    4: string problem                       // UnresolvedProblem
}

struct ResolveToolsResponse {
    1: list<ResolvedTool> tools
    2: list<UnresolvedTool> unresolved      // refs that give no tool (deleted, disabled, unpublished, another space)
}

struct InvokeToolRequest {
    1: i64 plugin_id
    2: i64 api_id
    3: string arguments                     // JSON object the model gave
    4: string user_id                       // end user: whose OAuth token is used
    5: i64 bot_id
    6: list<ToolDefaultParam> default_params
    7: bool draft
    8: i64 space_id                         // the agent's space
    9: optional string return_url           // where the OAuth callback sends the user back to
}

struct InvokeToolResponse {
    1: string outcome                       // InvokeOutcome
    2: i32 status_code                      // the tool's HTTP status; 0 when no answer or an MCP tool
    3: string result_for_model              // what the model reads (trimmed body, or a readable error)
    4: string body                          // the full response body (an MCP tool: its CallToolResult as JSON), for the run record
    5: string request                       // JSON {method, url, headers, body} as sent, secrets masked; an MCP tool: {server, headers, tool, arguments}
    6: string authorization_url             // outcome oauth_required
    7: string error                         // why, for outcomes other than ok
    8: bool truncated                       // result_for_model is shorter than the body
    9: string plugin_name
    10: string tool_name
}

// ---------------------------------------------------------------- service

service PluginService {
    RegisterPluginResponse RegisterPlugin(1: RegisterPluginRequest req)
        (api.post="/api/plugin_api/register", api.category="plugin")
    RegisterPluginMetaResponse RegisterPluginMeta(1: RegisterPluginMetaRequest req)
        (api.post="/api/plugin_api/register_plugin_meta", api.category="plugin")
    GetPluginInfoResponse GetPluginInfo(1: GetPluginInfoRequest req)
        (api.post="/api/plugin_api/get_plugin_info", api.category="plugin")
    GetPlaygroundPluginListResponse GetPlaygroundPluginList(1: GetPlaygroundPluginListRequest req)
        (api.post="/api/plugin_api/get_playground_plugin_list", api.category="plugin")
    GetPluginAPIsResponse GetPluginAPIs(1: GetPluginAPIsRequest req)
        (api.post="/api/plugin_api/get_plugin_apis", api.category="plugin")
    CreateAPIResponse CreateAPI(1: CreateAPIRequest req)
        (api.post="/api/plugin_api/create_api", api.category="plugin")
    UpdateAPIResponse UpdateAPI(1: UpdateAPIRequest req)
        (api.post="/api/plugin_api/update_api", api.category="plugin")
    DeleteAPIResponse DeleteAPI(1: DeleteAPIRequest req)
        (api.post="/api/plugin_api/delete_api", api.category="plugin")
    DebugAPIResponse DebugAPI(1: DebugAPIRequest req)
        (api.post="/api/plugin_api/debug_api", api.category="plugin")
    UpdatePluginResponse UpdatePlugin(1: UpdatePluginRequest req)
        (api.post="/api/plugin_api/update", api.category="plugin")
    UpdatePluginMetaResponse UpdatePluginMeta(1: UpdatePluginMetaRequest req)
        (api.post="/api/plugin_api/update_plugin_meta", api.category="plugin")
    PublishPluginResponse PublishPlugin(1: PublishPluginRequest req)
        (api.post="/api/plugin_api/publish_plugin", api.category="plugin")
    DelPluginResponse DelPlugin(1: DelPluginRequest req)
        (api.post="/api/plugin_api/del_plugin", api.category="plugin")
    Convert2OpenAPIResponse Convert2OpenAPI(1: Convert2OpenAPIRequest req)
        (api.post="/api/plugin_api/convert_to_openapi", api.category="plugin")

    // ---- OAuth
    GetOAuthSchemaResponse GetOAuthSchema(1: GetOAuthSchemaRequest req)
        (api.post="/api/plugin_api/get_oauth_schema", api.category="plugin")
    GetOAuthStatusResponse GetOAuthStatus(1: GetOAuthStatusRequest req)
        (api.post="/api/plugin_api/get_oauth_status", api.category="plugin")
    // Forget the user's OAuth tokens for the plugin. 400 for a plugin that cannot hold one (built
    // in, or not on OAuth authorization code); a user who never authorized is no error.
    RevokeAuthTokenResponse RevokeAuthToken(1: RevokeAuthTokenRequest req)
        (api.post="/api/plugin_api/revoke_auth_token", api.category="plugin")
    // Where the OAuth provider sends the user's browser back (redirect_uri): a redirect or an HTML
    // page, never JSON; an expired or forged state is a 400 page naming it.
    OauthAuthorizationCodeResponse OauthAuthorizationCode(1: OauthAuthorizationCodeRequest req)
        (api.get="/api/oauth/authorization_code", api.category="plugin", api.auth="false")

    // ---- runtime (the agent's calls)
    // An agent's bound tools as model tools: name, description and JSON schema of each. The agent
    // also asks it when a configuration gains a tool (draft=true): an unresolved ref is refused.
    ResolveToolsResponse ResolveTools(1: ResolveToolsRequest req)
        (api.internal="true")
    // Call one tool: arguments validated first, then the HTTP request through the SSRF guard.
    InvokeToolResponse InvokeTool(1: InvokeToolRequest req)
        (api.internal="true")
}
