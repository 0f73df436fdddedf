// The upload queue: each file goes through bytes sent (the XHR's progress) then indexing (the
// progress route's percent and status) to done or failed. Pure state changes; the panel drives them.
import type { DocumentInfo, DocumentProgress } from "./api";
import { isIndexing } from "./labels";

export type UploadPhase = "uploading" | "indexing" | "done" | "failed";

export interface UploadItem {
  key: string;
  fileName: string;
  size: number;
  phase: UploadPhase;
  /** Bytes sent, 0..1. */
  sent: number;
  /** Indexing progress, 0..100. */
  indexed: number;
  documentId?: string;
  /** Why it failed: the server's message or the document's status_descript. */
  message?: string;
}

export function newUpload(key: string, fileName: string, size: number): UploadItem {
  return { key, fileName, size, phase: "uploading", sent: 0, indexed: 0 };
}

function update(items: UploadItem[], key: string, change: (item: UploadItem) => UploadItem): UploadItem[] {
  return items.map((item) => (item.key === key ? change(item) : item));
}

export function withSent(items: UploadItem[], key: string, fraction: number): UploadItem[] {
  return update(items, key, (item) =>
    item.phase === "uploading" ? { ...item, sent: Math.max(item.sent, Math.min(1, Math.max(0, fraction))) } : item,
  );
}

/** The server recorded the document: indexing starts (or already ended). */
export function withDocument(items: UploadItem[], key: string, doc: DocumentInfo): UploadItem[] {
  return update(items, key, (item) => applyStatus({ ...item, sent: 1, documentId: doc.document_id, phase: "indexing" }, doc.status, 0, doc.status_descript));
}

export function withFailure(items: UploadItem[], key: string, message: string): UploadItem[] {
  return update(items, key, (item) => ({ ...item, phase: "failed", message }));
}

function applyStatus(item: UploadItem, status: number, progress: number, descript?: string): UploadItem {
  if (status === 9) return { ...item, phase: "failed", message: descript || "indexing failed" };
  if (status === 1 || status === 2) return { ...item, phase: "done", indexed: 100 };
  if (isIndexing(status)) return { ...item, phase: "indexing", indexed: Math.max(item.indexed, Math.min(100, Math.max(0, progress))) };
  return item;
}

/** Folds a progress answer into the queue; documents not in it are left as they are. */
export function mergeProgress(items: UploadItem[], progress: DocumentProgress[]): UploadItem[] {
  const byId = new Map(progress.map((p) => [p.document_id, p]));
  return items.map((item) => {
    const found = item.documentId && item.phase === "indexing" ? byId.get(item.documentId) : undefined;
    return found ? applyStatus(item, found.status, found.progress, found.status_descript) : item;
  });
}

/** Document ids whose indexing progress is still to be polled. */
export function pendingDocuments(items: UploadItem[]): string[] {
  return items.filter((i) => i.phase === "indexing" && i.documentId).map((i) => i.documentId as string);
}

/** What the file's progress bar shows. */
export function progressView(item: UploadItem): { value: number; text: string; status?: "ok" | "failed" } {
  switch (item.phase) {
    case "uploading":
      return { value: item.sent * 100, text: `Uploading ${Math.round(item.sent * 100)}%` };
    case "indexing":
      // 100 % is kept for "done": the last batch may be stored while the document is not enabled yet.
      return { value: Math.min(99, item.indexed), text: `Indexing ${Math.min(99, Math.round(item.indexed))}%` };
    case "done":
      return { value: 100, text: "Done", status: "ok" };
    case "failed":
      return { value: item.phase === "failed" && item.documentId ? item.indexed : item.sent * 100, text: `Failed: ${item.message ?? "unknown error"}`, status: "failed" };
  }
}

export function summarize(items: UploadItem[]): { done: number; failed: number; active: number } {
  return {
    done: items.filter((i) => i.phase === "done").length,
    failed: items.filter((i) => i.phase === "failed").length,
    active: items.filter((i) => i.phase === "uploading" || i.phase === "indexing").length,
  };
}
