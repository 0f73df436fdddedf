import { describe, expect, it } from "vitest";
import type { PlaygroundPlugin, PluginInfo } from "./api";
import { fromBotInfo, toBotInfo } from "./form";
import { defaultRows, toolName, toolParameters, valueHint, withDefault } from "./toolDefaults";

const PLUGINS: PlaygroundPlugin[] = [
  {
    id: "9",
    name: "Notes",
    desc_for_human: "",
    is_official: false,
    published: true,
    kind: "openapi",
    plugin_apis: [
      {
        name: "list_notes",
        desc: "The notes",
        plugin_id: "9",
        plugin_name: "Notes",
        api_id: "91",
        function_name: "list_notes",
        parameters: [
          { name: "limit", desc: "how many", required: false, type: "integer" },
          { name: "tag", desc: "", required: true, type: "string" },
        ],
      },
    ],
  },
];

const TOOL: PluginInfo = { plugin_id: "9", api_id: "91", api_name: "list_notes", default_params: [{ name: "limit", value: "5" }] };

describe("tool defaults", () => {
  it("lists the tool's parameters with the saved values, then saved ones the tool no longer has", () => {
    const stale = { ...TOOL, default_params: [...TOOL.default_params!, { name: "gone", value: "1", hidden: true }] };
    expect(defaultRows(toolParameters(PLUGINS, stale), stale)).toEqual([
      { name: "limit", type: "integer", desc: "how many", required: false, value: "5", hidden: false },
      { name: "tag", type: "string", desc: "", required: true, value: "", hidden: false },
      { name: "gone", type: "", desc: "", required: false, value: "1", hidden: true },
    ]);
    expect(toolParameters(PLUGINS, { plugin_id: "9", api_id: "404" })).toEqual([]);
  });

  it("names a tool bound without its name by the plugin list's", () => {
    expect(toolName(PLUGINS, { plugin_id: "9", api_id: "91" })).toBe("list_notes");
    expect(toolName(PLUGINS, { plugin_id: "9", api_id: "404" })).toBe("tool 404");
  });

  it("sets, replaces in place, hides and drops a default", () => {
    const tagged = withDefault(TOOL, "tag", "work", true);
    expect(tagged.default_params).toEqual([{ name: "limit", value: "5" }, { name: "tag", value: "work", hidden: true }]);
    expect(withDefault(tagged, "limit", "7", false).default_params).toEqual([
      { name: "limit", value: "7" },
      { name: "tag", value: "work", hidden: true },
    ]);
    const cleared = withDefault(withDefault(tagged, "limit", "", false), "tag", "", false);
    expect(cleared).toEqual({ plugin_id: "9", api_id: "91", api_name: "list_notes" });
    expect(TOOL.default_params).toEqual([{ name: "limit", value: "5" }]); // not changed in place
  });

  it("travels through the form to the saved bot info", () => {
    const form = fromBotInfo({ bot_id: "1", plugin_info_list: [TOOL] });
    const edited = { ...form, plugins: form.plugins.map((p) => withDefault(p, "tag", "home", false)) };
    expect(toBotInfo(edited, { bot_id: "1" }).plugin_info_list).toEqual([
      { plugin_id: "9", api_id: "91", api_name: "list_notes", default_params: [{ name: "limit", value: "5" }, { name: "tag", value: "home" }] },
    ]);
    expect(fromBotInfo(toBotInfo(edited, { bot_id: "1" })).plugins[0].default_params).toHaveLength(2);
  });

  it("says how a non-string value is written", () => {
    expect(valueHint("string")).toBe("");
    expect(valueHint("integer")).toContain("number");
    expect(valueHint("array")).toContain("JSON");
  });
});
