// Kafka event payloads (value = protobuf bytes of one of these structs). The event type,
// event id and trace context travel in Kafka headers (event-type, event-id, traceparent),
// so there is no envelope struct. No services in this file.
include "knowledge.thrift"

namespace py atelier.events
namespace go atelier.events

// ---------------------------------------------------------------- knowledge / indexer

// Index one document: parse -> chunk -> store slices -> embed -> write search stores -> Enable.
// Written by knowledge for each document it creates, resegments or re-drives (keyed by document
// id, so a document's events stay in order); the indexer reads the document through ClaimDocument.
struct IndexDocument {
    2: i64 dataset_id (api.js_conv="true")
    3: i64 document_id (api.js_conv="true")
}

// (Re-)embed one slice after a manual create/update.
struct IndexSlice {
    2: i64 dataset_id (api.js_conv="true")
    3: i64 document_id (api.js_conv="true")
    4: i64 slice_id (api.js_conv="true")
}

// Remove data from the search stores. Empty document_ids and slice_ids = the whole dataset.
struct DeleteKnowledgeData {
    2: i64 dataset_id (api.js_conv="true")
    3: list<i64> document_ids (api.js_conv="true")
    4: list<i64> slice_ids (api.js_conv="true")
    // Drop only this search index of the dataset (the one an embedder switch replaced).
    5: optional i64 index_id (api.js_conv="true")
}

// Re-embed every slice of a dataset with another embedder into a new search index, then make
// the dataset use it (written by SwitchDatasetEmbedder; resumes where it stopped when redelivered).
struct SwitchEmbedder {
    2: i64 dataset_id (api.js_conv="true")
    3: i64 switch_id (api.js_conv="true")
}

// Build a chunking preview (doc tree) for a review created by /api/knowledge/review/create.
struct DocumentReview {
    1: i64 space_id (api.js_conv="true")     // the preview is stored under the space
    3: i64 review_id (api.js_conv="true")
    4: string tos_uri                       // source file in object storage
    5: string document_type                // file extension
    6: knowledge.ChunkStrategy chunk_strategy
    7: knowledge.ParsingStrategy parsing_strategy
    8: string embedding_model              // the dataset's: chunks are sized for it
}

// Fetch a web page document again (its update_interval passed); re-index it when its text
// changed, or when it had failed. Written by knowledge's refresher with what the fetch compares.
struct RefreshWebDocument {
    3: i64 document_id (api.js_conv="true")
    4: string web_url
    5: string tos_uri                       // where the page's text is stored
    6: string content_hash                  // sha256 of the text indexed last
    7: bool failed                          // the document had failed: re-index even if unchanged
}

// ---------------------------------------------------------------- workflow

// Async run requested (test_run, /v1/workflow/run with is_async); a workflow worker
// executes it and records workflow_execution / node_execution rows.
struct WorkflowRunRequested {
    1: i64 space_id (api.js_conv="true")
    2: i64 workflow_id (api.js_conv="true")
    3: i64 execute_id (api.js_conv="true")
    4: i64 user_id (api.js_conv="true")
    5: string input                         // JSON object of start-node inputs
    6: string version                      // "" = draft
    7: i64 bot_id (api.js_conv="true")
    8: i64 project_id (api.js_conv="true")
    9: bool debug                          // test run (draft canvas, node-level records)
    10: i64 attempt
}

// Resume an interrupted async run (question/input node answered).
struct WorkflowResumeRequested {
    1: i64 space_id (api.js_conv="true")
    2: i64 workflow_id (api.js_conv="true")
    3: i64 execute_id (api.js_conv="true")
    4: string event_id                      // interrupt event being answered
    5: string resume_data
    6: i64 user_id (api.js_conv="true")
}

// Cancellation request fanned out to workers (the one running execute_id stops it).
struct WorkflowCancelRequested {
    1: i64 space_id (api.js_conv="true")
    2: i64 workflow_id (api.js_conv="true")
    3: i64 execute_id (api.js_conv="true")
}
