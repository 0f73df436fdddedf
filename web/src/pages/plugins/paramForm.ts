// A tool's request parameters (APIParameter, idl/plugin.thrift) as a form, and the form's values
// as debug_api's arguments: {name: value} at the top, an object's fields nested, typed values.
import type { APIParameter } from "./api";

/** ParameterType */
export const TYPES = { string: 1, integer: 2, number: 3, object: 4, array: 5, boolean: 6 } as const;
export const TYPE_NAMES: Record<number, string> = { 1: "string", 2: "integer", 3: "number", 4: "object", 5: "array", 6: "boolean" };
/** ParameterLocation */
export const LOCATION_NAMES: Record<number, string> = { 1: "path", 2: "query", 3: "body", 4: "header" };

export interface FormField {
  /** The path of the value in the arguments: ["options", "lang"]. */
  path: string[];
  /** "options.lang": the field's key in the form's values. */
  key: string;
  label: string;
  type: number;
  required: boolean;
  location: string;
  description: string;
  defaultValue: string;
}

/**
 * The fields to fill: one per scalar or array parameter, an object's fields in its place (an
 * object without fields, and every array, is typed as JSON). Parameters the developer hid
 * (global_disable) are left out: the tool sends their defaults.
 */
export function fieldsOf(params: APIParameter[], parent: string[] = [], parentRequired = true): FormField[] {
  const fields: FormField[] = [];
  for (const p of params) {
    if (p.global_disable) continue;
    const path = [...parent, p.name];
    const required = Boolean(p.is_required) && parentRequired;
    if (p.type === TYPES.object && p.sub_parameters?.length) {
      fields.push(...fieldsOf(p.sub_parameters, path, required));
      continue;
    }
    fields.push({
      path,
      key: path.join("."),
      label: path.join(" › "),
      type: p.type,
      required,
      location: LOCATION_NAMES[p.location ?? 3] ?? "body",
      description: p.desc ?? "",
      defaultValue: p.global_default ?? "",
    });
  }
  return fields;
}

export function initialValues(fields: FormField[]): Record<string, string> {
  return Object.fromEntries(fields.map((f) => [f.key, f.defaultValue]));
}

export interface ArgsResult {
  args: Record<string, unknown>;
  /** One message per field that cannot be sent, naming it. */
  errors: Record<string, string>;
}

/** The values typed into the fields as the tool's arguments; empty optional fields are left out. */
export function argsFrom(fields: FormField[], values: Record<string, string>): ArgsResult {
  const args: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const raw = (values[field.key] ?? "").trim();
    if (!raw) {
      if (field.required) errors[field.key] = `${field.label} is required.`;
      continue;
    }
    const parsed = parseValue(field, raw);
    if ("error" in parsed) {
      errors[field.key] = parsed.error;
      continue;
    }
    let target = args;
    for (const part of field.path.slice(0, -1)) {
      if (typeof target[part] !== "object" || target[part] === null) target[part] = {};
      target = target[part] as Record<string, unknown>;
    }
    target[field.path[field.path.length - 1]] = parsed.value;
  }
  return { args, errors };
}

function parseValue(field: FormField, raw: string): { value: unknown } | { error: string } {
  switch (field.type) {
    case TYPES.integer:
      return /^-?\d+$/.test(raw) ? { value: Number(raw) } : { error: `${field.label} must be a whole number.` };
    case TYPES.number:
      return raw !== "" && Number.isFinite(Number(raw)) ? { value: Number(raw) } : { error: `${field.label} must be a number.` };
    case TYPES.boolean:
      if (raw === "true" || raw === "false") return { value: raw === "true" };
      return { error: `${field.label} must be true or false.` };
    case TYPES.array:
    case TYPES.object: {
      const kind = field.type === TYPES.array ? "array" : "object";
      try {
        const value: unknown = JSON.parse(raw);
        const ok = kind === "array" ? Array.isArray(value) : typeof value === "object" && value !== null && !Array.isArray(value);
        return ok ? { value } : { error: `${field.label} must be a JSON ${kind}.` };
      } catch {
        return { error: `${field.label} must be a JSON ${kind}.` };
      }
    }
    default:
      return { value: raw };
  }
}
