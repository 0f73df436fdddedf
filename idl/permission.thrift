// Personal access tokens. Owner: the gateway itself (served in-process).
// Paths and field names follow Coze Studio's permission/openapiauth IDL.
namespace py atelier.permission
namespace go atelier.permission

struct PersonalAccessToken {
    1: i64 id (api.js_conv="true")
    2: string name
    3: i64 created_at                       // unix seconds
    4: i64 updated_at
    5: i64 last_used_at                     // 0 = never used
    6: i64 expire_at                        // unix seconds; -1 = never expires
}

struct PersonalAccessTokenWithCreatorInfo {
    1: i64 id (api.js_conv="true")
    2: string name
    3: i64 created_at
    4: i64 updated_at
    5: i64 last_used_at
    6: i64 expire_at
    7: string creator_name
    8: i64 creator_id (api.js_conv="true")
    9: bool locked
}

struct CreatePersonalAccessTokenAndPermissionRequest {
    1: required string name
    2: optional i64 expire_at               // unix seconds; wins over duration_day
    3: optional string duration_day         // "1".."365" or "permanent"
    4: optional list<i64> space_ids (api.js_conv="true")   // spaces the token reaches; default all of the user's
}

struct CreatePersonalAccessTokenAndPermissionResponseData {
    1: PersonalAccessToken personal_access_token
    2: string token                         // the secret; returned only here, stored hashed
}

struct CreatePersonalAccessTokenAndPermissionResponse {
    1: CreatePersonalAccessTokenAndPermissionResponseData data
}

struct ListPersonalAccessTokensRequest {
    1: optional i64 page (api.query="page")
    2: optional i64 size (api.query="size")
}

struct ListPersonalAccessTokensResponseData {
    1: list<PersonalAccessTokenWithCreatorInfo> personal_access_tokens
    2: bool has_more
}

struct ListPersonalAccessTokensResponse {
    1: ListPersonalAccessTokensResponseData data
}

struct GetPersonalAccessTokenAndPermissionRequest {
    1: required i64 id (api.query="id", api.js_conv="true")
}

struct GetPersonalAccessTokenAndPermissionResponseData {
    1: PersonalAccessToken personal_access_token
}

struct GetPersonalAccessTokenAndPermissionResponse {
    1: GetPersonalAccessTokenAndPermissionResponseData data
}

struct UpdatePersonalAccessTokenAndPermissionRequest {
    1: required i64 id (api.js_conv="true")
    2: optional string name
}

struct UpdatePersonalAccessTokenAndPermissionResponse {
}

struct DeletePersonalAccessTokenAndPermissionRequest {
    1: required i64 id (api.js_conv="true")
}

struct DeletePersonalAccessTokenAndPermissionResponse {
}

service PermissionService {
    CreatePersonalAccessTokenAndPermissionResponse CreatePersonalAccessTokenAndPermission(1: CreatePersonalAccessTokenAndPermissionRequest req)
        (api.post="/api/permission_api/pat/create_personal_access_token_and_permission", api.category="permission")
    ListPersonalAccessTokensResponse ListPersonalAccessTokens(1: ListPersonalAccessTokensRequest req)
        (api.get="/api/permission_api/pat/list_personal_access_tokens", api.category="permission")
    GetPersonalAccessTokenAndPermissionResponse GetPersonalAccessTokenAndPermission(1: GetPersonalAccessTokenAndPermissionRequest req)
        (api.get="/api/permission_api/pat/get_personal_access_token_and_permission", api.category="permission")
    UpdatePersonalAccessTokenAndPermissionResponse UpdatePersonalAccessTokenAndPermission(1: UpdatePersonalAccessTokenAndPermissionRequest req)
        (api.post="/api/permission_api/pat/update_personal_access_token_and_permission", api.category="permission")
    DeletePersonalAccessTokenAndPermissionResponse DeletePersonalAccessTokenAndPermission(1: DeletePersonalAccessTokenAndPermissionRequest req)
        (api.post="/api/permission_api/pat/delete_personal_access_token_and_permission", api.category="permission")
}
