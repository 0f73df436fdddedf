import { describe, expect, it } from "vitest";
import type { DocumentInfo } from "./api";
import { mergeProgress, newUpload, pendingDocuments, progressView, summarize, withDocument, withFailure, withSent } from "./uploads";

const doc = (id: string, status: number, descript = ""): DocumentInfo =>
  ({ document_id: id, status, status_descript: descript }) as unknown as DocumentInfo;

describe("upload queue", () => {
  it("shows bytes sent, then indexing progress, then done", () => {
    let items = [newUpload("a", "guide.pdf", 1000), newUpload("b", "notes.md", 10)];
    items = withSent(items, "a", 0.42);
    expect(progressView(items[0])).toMatchObject({ value: 42, text: "Uploading 42%" });
    expect(items[1].sent).toBe(0);

    items = withDocument(items, "a", doc("11", 0));
    expect(items[0]).toMatchObject({ phase: "indexing", sent: 1, documentId: "11" });
    expect(pendingDocuments(items)).toEqual(["11"]);

    items = mergeProgress(items, [{ document_id: "11", progress: 60, status: 4, document_name: "guide.pdf" }]);
    expect(progressView(items[0])).toMatchObject({ value: 60, text: "Indexing 60%" });

    items = mergeProgress(items, [{ document_id: "11", progress: 100, status: 4, document_name: "guide.pdf" }]);
    expect(progressView(items[0])).toMatchObject({ value: 99, text: "Indexing 99%" });

    items = mergeProgress(items, [{ document_id: "11", progress: 100, status: 1, document_name: "guide.pdf" }]);
    expect(progressView(items[0])).toEqual({ value: 100, text: "Done", status: "ok" });
    expect(pendingDocuments(items)).toEqual([]);
  });

  it("never moves a bar backwards", () => {
    let items = withSent([newUpload("a", "x", 1)], "a", 0.8);
    items = withSent(items, "a", 0.5);
    expect(items[0].sent).toBe(0.8);
    items = withDocument(items, "a", doc("1", 4));
    items = mergeProgress(items, [{ document_id: "1", progress: 70, status: 4, document_name: "x" }]);
    items = mergeProgress(items, [{ document_id: "1", progress: 30, status: 4, document_name: "x" }]);
    expect(items[0].indexed).toBe(70);
  });

  it("carries the server's reason when indexing fails", () => {
    let items = withDocument([newUpload("a", "bad.pdf", 1)], "a", doc("7", 0));
    items = mergeProgress(items, [{ document_id: "7", progress: 0, status: 9, status_descript: "the PDF is corrupt", document_name: "bad.pdf" }]);
    expect(progressView(items[0])).toMatchObject({ text: "Failed: the PDF is corrupt", status: "failed" });
  });

  it("marks a refused upload failed with the message, and counts", () => {
    let items = [newUpload("a", "x", 1), newUpload("b", "y", 1), newUpload("c", "z", 1)];
    items = withFailure(items, "a", "the file is too large");
    items = withDocument(items, "b", doc("2", 1));
    expect(items[0]).toMatchObject({ phase: "failed", message: "the file is too large" });
    expect(items[1].phase).toBe("done");
    expect(summarize(items)).toEqual({ done: 1, failed: 1, active: 1 });
  });

  it("ignores progress of documents it does not hold", () => {
    const items = withDocument([newUpload("a", "x", 1)], "a", doc("1", 0));
    expect(mergeProgress(items, [{ document_id: "99", progress: 100, status: 1, document_name: "other" }])).toEqual(items);
  });
});
