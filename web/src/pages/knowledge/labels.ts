// Words and badge tones for the knowledge enums (idl/knowledge.thrift), shared by every page.

export type Tone = "ok" | "error" | "running" | "muted";

export const FORMAT_LABELS: Record<number, string> = { 0: "Text", 1: "Table", 2: "Image" };

export function formatLabel(formatType: number): string {
  return FORMAT_LABELS[formatType] ?? `Type ${formatType}`;
}

/** DocumentStatus: Init -1, Uploading 0, Enable 1, Disable 2, Deleted 3, Chunking 4, Failed 9. */
export function documentStatus(status: number): { label: string; tone: Tone } {
  switch (status) {
    case -1:
      return { label: "Waiting", tone: "running" };
    case 0:
      return { label: "Queued", tone: "running" };
    case 1:
      return { label: "Enabled", tone: "ok" };
    case 2:
      return { label: "Disabled", tone: "muted" };
    case 3:
      return { label: "Deleted", tone: "muted" };
    case 4:
      return { label: "Indexing", tone: "running" };
    case 9:
      return { label: "Failed", tone: "error" };
    default:
      return { label: `Status ${status}`, tone: "muted" };
  }
}

/** Whether a document's status can still change without anyone touching it. */
export function isIndexing(status: number): boolean {
  return status === -1 || status === 0 || status === 4;
}

/** SliceStatus: Init 0, Stored 1, Failed 9. */
export function sliceStatus(status: number): { label: string; tone: Tone } {
  if (status === 1) return { label: "Searchable", tone: "ok" };
  if (status === 9) return { label: "Failed", tone: "error" };
  return { label: "Embedding", tone: "running" };
}

export const SEARCH_STRATEGIES = [
  { value: 0, label: "Semantic" },
  { value: 20, label: "Full text" },
  { value: 1, label: "Hybrid" },
] as const;

/** A score on the page: up to 3 decimals, trailing zeros off. */
export function formatScore(score: number): string {
  if (!Number.isFinite(score)) return "–";
  return String(Number(score.toFixed(3)));
}

/** "1 document", "3 documents". */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
