// The indexer's RPCs: parsing, which is its job, offered to the other services (all internal, no
// HTTP route). Owner service: indexer. Its main work arrives as events (events.thrift).
include "base.thrift"
include "knowledge.thrift"

namespace py atelier.indexer
namespace go atelier.indexer

// ---------------------------------------------------------------- text extraction
// The text of a user's file or of a web page, parsed like a document would be (pdf, docx, md,
// txt, csv, xlsx, json, html). Dialled by the agent runtime for files attached to chat messages,
// on behalf of the user whose message it is.

struct ExtractTextRequest {
    1: optional i64 file_id (api.js_conv="true")    // an uploaded file of the calling user
    2: optional string url                         // or a document on the web (through the SSRF guard)
    3: optional i32 max_chars                      // cut the text to this length (default 20000)
}

struct ExtractTextResponse {
    1: string text
    2: string file_name
    3: bool truncated                              // the text was longer than max_chars
}

// ---------------------------------------------------------------- table files
// A table file's sheets, its columns with their types inferred, and its first rows: what knowledge
// shows before a table dataset's schema exists (GetTableSchema) and checks files against
// (ValidateTableSchema). Knowledge checks the caller's access first and calls as a system caller.

struct InspectTableRequest {
    1: string tos_uri                               // the file in object storage
    2: optional string content                      // or the table as text (custom content)
    3: string file_type                             // csv, xlsx, json
    4: optional knowledge.TableSheet table_sheet    // which sheet, header line and first data line
    5: i32 preview_rows                             // rows to return (0: none)
}

struct InspectTableResponse {
    1: list<knowledge.DocTableSheet> sheets
    2: list<knowledge.TableColumn> columns          // in file order, types inferred from the rows
    3: list<base.StringMap> preview                 // the first rows, by column name
}

// ---------------------------------------------------------------- service

service IndexerService {
    ExtractTextResponse ExtractText(1: ExtractTextRequest req)
        (api.internal="true")
    InspectTableResponse InspectTable(1: InspectTableRequest req)
        (api.internal="true")
}
