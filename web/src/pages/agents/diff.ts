// Field-by-field difference between two agent configurations (a published version and the draft).
// Objects are compared by dotted path; lists of objects are matched by their identity (a
// variable's key, a dataset's id, a tool's api_id...) so a reordered list shows no change and an
// edited entry shows which of its fields changed.
import type { BotInfo } from "./api";

export type ChangeKind = "added" | "removed" | "changed";

export interface FieldChange {
  /** Dotted path, entries named by identity: "variable_list[city].default_value". */
  path: string;
  /** The path for people: "Variables › city › Default value". */
  label: string;
  kind: ChangeKind;
  before: string;
  after: string;
}

/** Fields the service sets on its own: never a difference a person made. */
const IGNORED = new Set(["bot_id", "creator_id", "create_time", "update_time", "version", "space_id", "icon_url"]);

const SECTION_LABELS: Record<string, string> = {
  name: "Name",
  description: "Description",
  icon_uri: "Icon",
  prompt_info: "Persona",
  model_info: "Model",
  plugin_info_list: "Plugins",
  workflow_info_list: "Workflows",
  onboarding_info: "Onboarding",
  knowledge: "Knowledge",
  knowledge_info: "Datasets",
  variable_list: "Variables",
  database_list: "Databases",
  suggest_reply_info: "Suggestions",
  shortcut_sort: "Shortcut order",
  client_tool_list: "Client tools",
  deep_research: "Deep research",
  recall_strategy: "Recall strategy",
  short_memory_policy: "Short memory",
  default_params: "Default arguments",
  prompt: "Prompt",
  model_id: "Model",
};

/** Fields naming a list entry, most specific first. */
const IDENTITY_KEYS = ["api_id", "workflow_id", "table_id", "key", "id", "name"];

function identityOf(entry: Record<string, unknown>): string | undefined {
  for (const key of IDENTITY_KEYS) {
    const value = entry[key];
    if (value !== undefined && value !== null && value !== "") return String(value);
  }
  return undefined;
}

function humanize(key: string): string {
  if (SECTION_LABELS[key]) return SECTION_LABELS[key];
  const words = key.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Empty values (absent, null, "", [], {}) are one and the same: no value. */
function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === "") return true;
  if (Array.isArray(value)) return value.length === 0;
  if (isRecord(value)) return Object.values(value).every(isEmpty);
  return false;
}

/** A value as the diff shows it; numbers and numeric strings read alike ("3" and 3). */
export function show(value: unknown): string {
  if (isEmpty(value)) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

function same(a: unknown, b: unknown): boolean {
  if (isEmpty(a) && isEmpty(b)) return true;
  if (typeof a === "boolean" || typeof b === "boolean") return Boolean(a) === Boolean(b);
  if ((typeof a === "number" || typeof a === "string") && (typeof b === "number" || typeof b === "string")) {
    const na = Number(a);
    const nb = Number(b);
    if (a !== "" && b !== "" && !Number.isNaN(na) && !Number.isNaN(nb)) return na === nb;
    return String(a) === String(b);
  }
  return show(a) === show(b);
}

function entriesById(list: unknown[]): Map<string, Record<string, unknown>> | null {
  const out = new Map<string, Record<string, unknown>>();
  for (const entry of list) {
    if (!isRecord(entry)) return null;
    const id = identityOf(entry);
    if (id === undefined || out.has(id)) return null;
    out.set(id, entry);
  }
  return out;
}

function walk(before: unknown, after: unknown, path: string, label: string[], out: FieldChange[]): void {
  if (isRecord(before) || isRecord(after)) {
    const a = isRecord(before) ? before : {};
    const b = isRecord(after) ? after : {};
    if (!isRecord(before) && !isEmpty(before)) return push(before, after, path, label, out);
    if (!isRecord(after) && !isEmpty(after)) return push(before, after, path, label, out);
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    for (const key of keys) {
      if (!path && IGNORED.has(key)) continue;
      walk(a[key], b[key], path ? `${path}.${key}` : key, [...label, humanize(key)], out);
    }
    return;
  }
  if (Array.isArray(before) || Array.isArray(after)) {
    const a = Array.isArray(before) ? before : [];
    const b = Array.isArray(after) ? after : [];
    const byIdA = entriesById(a);
    const byIdB = entriesById(b);
    const objects = a.some(isRecord) || b.some(isRecord);
    if (objects && byIdA && byIdB) {
      for (const [id, entry] of byIdA) {
        const other = byIdB.get(id);
        const name = String(entry.api_name ?? entry.workflow_name ?? entry.table_name ?? entry.name ?? id);
        if (other) walk(entry, other, `${path}[${id}]`, [...label, name], out);
        else out.push({ path: `${path}[${id}]`, label: [...label, name].join(" › "), kind: "removed", before: show(entry), after: "" });
      }
      for (const [id, entry] of byIdB) {
        if (byIdA.has(id)) continue;
        const name = String(entry.api_name ?? entry.workflow_name ?? entry.table_name ?? entry.name ?? id);
        out.push({ path: `${path}[${id}]`, label: [...label, name].join(" › "), kind: "added", before: "", after: show(entry) });
      }
      return;
    }
    if (objects) return push(before, after, path, label, out);
    // Lists of plain values: shown as lines, compared in order.
    const lineA = a.map(show).join("\n");
    const lineB = b.map(show).join("\n");
    if (lineA !== lineB) push(lineA, lineB, path, label, out);
    return;
  }
  push(before, after, path, label, out);
}

function push(before: unknown, after: unknown, path: string, label: string[], out: FieldChange[]): void {
  if (same(before, after)) return;
  const kind: ChangeKind = isEmpty(before) ? "added" : isEmpty(after) ? "removed" : "changed";
  out.push({ path, label: label.join(" › "), kind, before: show(before), after: show(after) });
}

/** What changed from `before` to `after`, field by field, in a stable order (sections alphabetically). */
export function diffBotInfo(before: BotInfo, after: BotInfo): FieldChange[] {
  const out: FieldChange[] = [];
  walk(before, after, "", [], out);
  return out;
}
