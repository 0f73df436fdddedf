// Display helpers shared by every page.

/** Unix seconds (or milliseconds past 1e12) as a local date and time; "never" for 0 / -1. */
export function formatTime(value: number | string | undefined, never = "never"): string {
  const n = Number(value ?? 0);
  if (!n || n < 0) return never;
  const ms = n > 1e12 ? n : n * 1000;
  return new Date(ms).toLocaleString();
}

export function formatMs(ms: number | undefined): string {
  if (ms === undefined || Number.isNaN(ms)) return "–";
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
