// Slices as people read them: table rows (JSON keyed by column) become "column: value" lines,
// chunk_info's heading path and page a short note.

/** A table row slice's cells, or null when the content is plain text. */
export function rowCells(content: string): [string, string][] | null {
  const text = content.trim();
  if (!text.startsWith("{")) return null;
  try {
    const parsed = JSON.parse(text) as unknown;
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return null;
    return Object.entries(parsed as Record<string, unknown>).map(([k, v]) => [k, v === null || v === undefined ? "" : String(v)]);
  } catch {
    return null;
  }
}

/** Heading path and page of a slice, from its chunk_info JSON; "" when it has neither. */
export function sliceNote(chunkInfo: string): string {
  try {
    const info = JSON.parse(chunkInfo || "{}") as { heading_path?: unknown; page?: unknown };
    const parts: string[] = [];
    if (Array.isArray(info.heading_path) && info.heading_path.length) parts.push(info.heading_path.map(String).join(" › "));
    if (typeof info.page === "number") parts.push(`page ${info.page}`);
    return parts.join(" · ");
  } catch {
    return "";
  }
}

/** Page numbers for the slice list: offset is the slice sequence the page starts at. */
export function pageOf(offset: number, pageSize: number, total: number): { page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return { page: Math.min(pages, Math.floor(offset / pageSize) + 1), pages };
}
