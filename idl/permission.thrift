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
    4: optional list<i64> space_ids (api.js_conv="true", api.space="true")   // spaces the token reaches; default all of the user's
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

// ---------------------------------------------------------------- discovery (Coze OpenAPI)

// A workspace: an Atelier space the caller is a member of.
struct Workspace {
    1: i64 id (api.js_conv="true")          // the space id: space_id in every other call
    2: string name
    3: string icon_url                      // empty: spaces have no icon
    4: string role_type                     // the caller's role: owner | admin | member
    5: string workspace_type                // personal (the user's own space) | team
    6: string enterprise_id                 // empty: there are no enterprises
    7: string description
    8: i64 owner_uid (api.js_conv="true")   // the user who created the space
    9: string joined_status                 // joined
}

struct ListWorkspacesRequest {
    1: optional i32 page_num (api.query="page_num")     // 1-based, default 1
    2: optional i32 page_size (api.query="page_size")   // default 20, at most 50
}

struct ListWorkspacesResponseData {
    1: list<Workspace> workspaces
    2: i64 total_count
}

struct ListWorkspacesResponse {
    1: ListWorkspacesResponseData data
}

struct GetCurrentUserRequest {
}

// The user a token belongs to.
struct CurrentUser {
    1: i64 user_id (api.js_conv="true")
    2: string user_name
    3: string nick_name
    4: string avatar_url                    // empty: users have no avatar
}

struct GetCurrentUserResponse {
    1: CurrentUser data
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

    // ---- discovery
    // The spaces the caller is a member of (personal space first), with the caller's role.
    ListWorkspacesResponse ListWorkspaces(1: ListWorkspacesRequest req)
        (api.get="/v1/workspaces", api.category="workspace", api.tag="openapi")
    // The user the token belongs to.
    GetCurrentUserResponse GetCurrentUser(1: GetCurrentUserRequest req)
        (api.get="/v1/users/me", api.category="user", api.tag="openapi")
}
