// Plugins: tools described by an OpenAPI 3 document plus a manifest (ai_plugin), auth
// (none, service token, OAuth 2 authorization code), debugging, publish.
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
    ApiKey = 0
    OAuthAuthorizationCode = 4
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

// ---------------------------------------------------------------- manifest
// The manifest travels as JSON text (ai_plugin); these structs describe it.

struct ManifestAuth {
    1: string type                          // none | service_http | oauth
    2: optional string sub_type             // service_http: token/api_key; oauth: authorization_code
    3: optional string payload              // JSON: location/key/service_token or OAuth client config
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
    11: optional i32 sub_auth_type
    12: optional string auth_payload
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
    16: optional i32 sub_auth_type
    17: optional string auth_payload
}

struct RegisterPluginMetaResponse {
    1: i64 plugin_id (api.js_conv="true")
}

struct GetPluginInfoRequest {
    1: required i64 plugin_id (api.js_conv="true")
    2: optional i64 space_id (api.js_conv="true", api.space="true")
}

struct GetPluginInfoResponse {
    3: PluginMetaInfo meta_info
    4: CodeInfo code_info
    5: bool status                          // all tools debugged
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
    3: required string data                 // curl command, Postman/Swagger/OpenAPI document
    4: optional bool merge_same_paths
    5: required i64 space_id (api.js_conv="true", api.space="true")
    6: optional string plugin_description
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
    7: optional list<APIParameter> request_params
    8: optional list<APIParameter> response_params
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
}

struct RevokeAuthTokenResponse {
}

// Redirect target of the OAuth provider; state identifies user, plugin and return URL.
struct OauthAuthorizationCodeRequest {
    1: required string code (api.query="code")
    2: required string state (api.query="state")
}

struct OauthAuthorizationCodeResponse {
}

// ---------------------------------------------------------------- service

service PluginService {
    RegisterPluginResponse RegisterPlugin(1: RegisterPluginRequest req)
        (api.post="/api/plugin_api/register", api.category="plugin")
    RegisterPluginMetaResponse RegisterPluginMeta(1: RegisterPluginMetaRequest req)
        (api.post="/api/plugin_api/register_plugin_meta", api.category="plugin")
    GetPluginInfoResponse GetPluginInfo(1: GetPluginInfoRequest req)
        (api.post="/api/plugin_api/get_plugin_info", api.category="plugin")
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
    RevokeAuthTokenResponse RevokeAuthToken(1: RevokeAuthTokenRequest req)
        (api.post="/api/plugin_api/revoke_auth_token", api.category="plugin")
    OauthAuthorizationCodeResponse OauthAuthorizationCode(1: OauthAuthorizationCodeRequest req)
        (api.get="/api/oauth/authorization_code", api.category="plugin", api.auth="false")
}
