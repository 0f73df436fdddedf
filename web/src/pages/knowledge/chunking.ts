// The chunking form: what the user picks -> the ChunkStrategy the upload, preview and resegment
// routes take, with the server's bounds checked first (domain/strategy.py: max_tokens 50..5000,
// overlap 0..90 %, heading level 1..6) so a typo is named before anything is sent.
import type { ChunkStrategy } from "./api";

export type ChunkMode = "auto" | "custom" | "heading";

export interface ChunkForm {
  mode: ChunkMode;
  /** As typed: "\n\n", "\\n" or "。"; escapes \n \t are read as the characters. */
  separator: string;
  maxTokens: string;
  overlap: string;
  maxLevel: string;
  saveTitle: boolean;
  removeExtraSpaces: boolean;
  removeUrlsEmails: boolean;
}

export const DEFAULT_CHUNK_FORM: ChunkForm = {
  mode: "auto",
  separator: "\\n\\n",
  maxTokens: "200",
  overlap: "10",
  maxLevel: "3",
  saveTitle: true,
  removeExtraSpaces: false,
  removeUrlsEmails: false,
};

export const SEPARATORS = [
  { value: "\\n\\n", label: "Blank line (\\n\\n)" },
  { value: "\\n", label: "Line break (\\n)" },
  { value: ". ", label: "Sentence (. )" },
  { value: "。", label: "Chinese full stop (。)" },
];

/** "\\n" as typed -> a real line break. */
export function unescapeSeparator(text: string): string {
  return text.replace(/\\(n|t|r|\\)/g, (_, c: string) => ({ n: "\n", t: "\t", r: "\r", "\\": "\\" })[c] ?? c);
}

function integer(text: string): number | null {
  const trimmed = text.trim();
  if (!/^-?\d+$/.test(trimmed)) return null;
  return Number(trimmed);
}

/** Problems with the form, by field name; empty when it can be sent. `limit`: the dataset's max_chunk_tokens. */
export function chunkFormErrors(form: ChunkForm, limit?: number): Partial<Record<keyof ChunkForm, string>> {
  const errors: Partial<Record<keyof ChunkForm, string>> = {};
  if (form.mode === "auto") return errors;
  const maxTokens = integer(form.maxTokens);
  const upper = limit && limit > 0 ? Math.min(limit, 5000) : 5000;
  if (maxTokens === null || maxTokens < 50 || maxTokens > upper) errors.maxTokens = `Max tokens must be a whole number from 50 to ${upper}`;
  const overlap = integer(form.overlap);
  if (overlap === null || overlap < 0 || overlap > 90) errors.overlap = "Overlap must be a whole number from 0 to 90 (%)";
  if (form.mode === "custom" && !unescapeSeparator(form.separator)) errors.separator = "Separator must not be empty";
  if (form.mode === "heading") {
    const level = integer(form.maxLevel);
    if (level === null || level < 1 || level > 6) errors.maxLevel = "Heading level must be from 1 to 6";
  }
  return errors;
}

/** The request body's chunk_strategy; automatic chunking sends only the cleaning switches. */
export function toChunkStrategy(form: ChunkForm): ChunkStrategy {
  const cleaning = { remove_extra_spaces: form.removeExtraSpaces, remove_urls_emails: form.removeUrlsEmails };
  if (form.mode === "auto") return { chunk_type: 0, ...cleaning };
  const sizing = { max_tokens: Number(form.maxTokens.trim()), overlap: Number(form.overlap.trim()), ...cleaning };
  if (form.mode === "custom") return { chunk_type: 1, separator: unescapeSeparator(form.separator), ...sizing };
  return { chunk_type: 2, max_level: Number(form.maxLevel.trim()), save_title: form.saveTitle, ...sizing };
}

/** A stable text of the strategy: a preview is asked again only when it changes. */
export function strategyKey(strategy: ChunkStrategy): string {
  return JSON.stringify(Object.keys(strategy).sort().map((k) => [k, strategy[k as keyof ChunkStrategy]]));
}

/** A document's stored strategy in words, for the documents table. */
export function describeStrategy(strategy: ChunkStrategy | undefined): string {
  if (!strategy || !strategy.chunk_type) return "Automatic";
  if (strategy.chunk_type === 1) return `Custom, ${strategy.max_tokens ?? 800} tokens`;
  if (strategy.chunk_type === 2) return `By heading (level ${strategy.max_level ?? "all"})`;
  return `Chunk type ${strategy.chunk_type}`;
}
