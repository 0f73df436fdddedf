// Per-agent default values of a bound tool's arguments (plugin_info_list[].default_params, Coze's
// local_default / local_disable): the value is the text for a string argument, JSON otherwise; a
// hidden one is never shown to the model and always sent. The server checks them against the
// tool's schema on save (a 400 naming the argument).
import type { PlaygroundPlugin, PluginApi, PluginInfo, PluginParamDefault, PluginParameter } from "./api";

export interface DefaultRow {
  name: string;
  /** The schema's type ("string", "integer"...); "" for a saved default the tool no longer has. */
  type: string;
  desc: string;
  required: boolean;
  value: string;
  hidden: boolean;
}

/** The bound tool as the playground list describes it (its name and argument schema). */
export function toolApi(plugins: PlaygroundPlugin[], tool: PluginInfo): PluginApi | undefined {
  for (const plugin of plugins) {
    const api = plugin.plugin_apis.find((a) => a.api_id === tool.api_id);
    if (api) return api;
  }
  return undefined;
}

/** The tool's top-level parameters from the playground list (which carries each tool's schema). */
export function toolParameters(plugins: PlaygroundPlugin[], tool: PluginInfo): PluginParameter[] {
  return toolApi(plugins, tool)?.parameters ?? [];
}

/** The name to show: the saved api_name, else the tool's own (a binding made over the API may have none). */
export function toolName(plugins: PlaygroundPlugin[], tool: PluginInfo): string {
  return tool.api_name || toolApi(plugins, tool)?.name || `tool ${tool.api_id}`;
}

/** One row per parameter of the tool, with the saved default when there is one; saved defaults of
 * arguments the tool no longer lists follow (kept, so the server can say what is wrong with them). */
export function defaultRows(params: PluginParameter[], tool: PluginInfo): DefaultRow[] {
  const saved = new Map((tool.default_params ?? []).map((d) => [d.name, d]));
  const rows: DefaultRow[] = params.map((p) => {
    const d = saved.get(p.name);
    return { name: p.name, type: p.type, desc: p.desc, required: p.required, value: d?.value ?? "", hidden: d?.hidden ?? false };
  });
  const listed = new Set(params.map((p) => p.name));
  for (const d of tool.default_params ?? []) {
    if (!listed.has(d.name)) rows.push({ name: d.name, type: "", desc: "", required: false, value: d.value, hidden: d.hidden ?? false });
  }
  return rows;
}

/** The tool with argument `name` given `value` (and `hidden`); an empty value drops the default
 * (the model fills the argument). The other defaults keep their order. */
export function withDefault(tool: PluginInfo, name: string, value: string, hidden: boolean): PluginInfo {
  const rest = (tool.default_params ?? []).filter((d) => d.name !== name);
  const index = (tool.default_params ?? []).findIndex((d) => d.name === name);
  const params: PluginParamDefault[] = [...rest];
  if (value !== "") {
    const entry: PluginParamDefault = hidden ? { name, value, hidden: true } : { name, value };
    params.splice(index < 0 ? params.length : index, 0, entry);
  }
  const next: PluginInfo = { ...tool, default_params: params };
  if (!params.length) delete next.default_params;
  return next;
}

/** A hint for the value field: how the server reads a value of this type. */
export function valueHint(type: string): string {
  switch (type) {
    case "string":
    case "":
      return "";
    case "integer":
    case "number":
      return "a number, e.g. 5";
    case "boolean":
      return "true or false";
    case "array":
      return 'JSON, e.g. ["a", "b"]';
    default:
      return 'JSON, e.g. {"key": "value"}';
  }
}
