// Uploaded files (Coze OpenAPI /v1/files). Owner: the gateway itself (served in-process). The
// content goes to object storage through atelier_common.files, where every service resolves a
// file id for the user who uploaded it (chat attachments, dataset icons, document sources).
namespace py atelier.file
namespace go atelier.file

// An uploaded file.
struct File {
    1: i64 id (api.js_conv="true")          // pass it as file_id (messages, dataset icons, documents)
    2: i64 bytes                            // size in bytes
    3: i64 created_at                       // upload time, unix seconds
    4: string file_name
}

struct UploadFileRequest {
    1: optional string file_name (api.file="name")  // the name to keep
    2: binary content (api.file="content")
    3: string content_type (api.file="type")
}

struct UploadFileResponse {
    1: File data
}

struct RetrieveFileRequest {
    1: required i64 file_id (api.query="file_id", api.js_conv="true")
}

struct RetrieveFileResponse {
    1: File data
}

service FileService {
    // Upload a file. Multipart/form-data with the file in part "file", at most
    // ATELIER_MAX_UPLOAD_BYTES; only its uploader can use or retrieve it.
    UploadFileResponse UploadFile(1: UploadFileRequest req)
        (api.post="/v1/files/upload", api.category="file", api.tag="openapi", api.upload="file")
    // The details of a file the caller uploaded.
    RetrieveFileResponse RetrieveFile(1: RetrieveFileRequest req)
        (api.get="/v1/files/retrieve", api.category="file", api.tag="openapi")
}
