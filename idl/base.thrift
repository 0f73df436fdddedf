// Shared types for every Atelier IDL file.
namespace py atelier.base
namespace go atelier.base

// Error body rendered by the gateway ({"code": <int>, "msg": "<text>"}); successful
// responses get code 0 / msg "" added around the response struct, so responses never
// declare these fields themselves.
struct BaseResp {
    1: i32 code
    2: string msg
}

// Nothing in, nothing (but code/msg) out.
struct Empty {
}

// 1-based page number paging, Coze console style (page, size).
struct PageRequest {
    1: optional i32 page
    2: optional i32 page_size
}

struct PageInfo {
    1: i32 page
    2: i32 page_size
    3: i64 total
    4: bool has_more
}

// Key/value pair with string values (ordered, unlike a map).
struct KV {
    1: string key
    2: string value
}

// A row of string cells (use inside lists instead of nested containers).
struct StringMap {
    1: map<string, string> values
}

struct StringList {
    1: list<string> values
}
