import { describe, expect, it } from "vitest";
import type { BotInfo } from "./api";
import { diffBotInfo, show } from "./diff";

const base: BotInfo = {
  bot_id: "1",
  name: "Guide",
  version: "100",
  update_time: "5",
  prompt_info: { prompt: "You are {{city}}'s guide." },
  model_info: { model_id: "1001", temperature: 0.7 },
  knowledge: { knowledge_info: [{ id: "7", name: "Fjords" }], top_k: "3", min_score: 0.5, auto: true },
  variable_list: [{ key: "city", default_value: "Oslo", description: "" }],
  plugin_info_list: [{ plugin_id: "9", api_id: "91", api_name: "list_notes" }],
  onboarding_info: { prologue: "Hi", suggested_questions: ["A?"] },
};

describe("diffBotInfo", () => {
  it("finds no change between equal configurations, ignoring service-set fields", () => {
    expect(diffBotInfo(base, { ...base, version: "", update_time: "99" })).toEqual([]);
  });

  it("names each changed field with its before and after", () => {
    const after: BotInfo = { ...base, prompt_info: { prompt: "You are terse." }, model_info: { model_id: "1002", temperature: 0.7 } };
    expect(diffBotInfo(base, after)).toEqual([
      { path: "model_info.model_id", label: "Model › Model", kind: "changed", before: "1001", after: "1002" },
      { path: "prompt_info.prompt", label: "Persona › Prompt", kind: "changed", before: "You are {{city}}'s guide.", after: "You are terse." },
    ]);
  });

  it("matches list entries by identity: a reorder is no change, an edit names the entry and field", () => {
    const before: BotInfo = { variable_list: [{ key: "a", default_value: "1" }, { key: "b", default_value: "2" }] };
    const reordered: BotInfo = { variable_list: [{ key: "b", default_value: "2" }, { key: "a", default_value: "1" }] };
    expect(diffBotInfo(before, reordered)).toEqual([]);
    const edited: BotInfo = { variable_list: [{ key: "a", default_value: "1" }, { key: "b", default_value: "3" }] };
    expect(diffBotInfo(before, edited)).toEqual([
      { path: "variable_list[b].default_value", label: "Variables › b › Default value", kind: "changed", before: "2", after: "3" },
    ]);
  });

  it("reports added and removed entries (datasets, tools)", () => {
    const after: BotInfo = {
      ...base,
      knowledge: { ...base.knowledge, knowledge_info: [{ id: "8", name: "Glaciers" }] },
      plugin_info_list: [],
    };
    const changes = diffBotInfo(base, after);
    expect(changes.map((c) => [c.path, c.kind])).toEqual([
      ["knowledge.knowledge_info[7]", "removed"],
      ["knowledge.knowledge_info[8]", "added"],
      ["plugin_info_list[91]", "removed"],
    ]);
    expect(changes[1].label).toBe("Knowledge › Datasets › Glaciers");
    expect(changes[2].label).toBe("Plugins › list_notes");
  });

  it("treats absent, empty and numeric-string values alike", () => {
    expect(diffBotInfo({ knowledge: { top_k: "3" }, description: "" }, { knowledge: { top_k: 3 } })).toEqual([]);
    expect(diffBotInfo({ onboarding_info: { suggested_questions: [] } }, {})).toEqual([]);
  });

  it("shows lists of plain values as lines and a new field as added", () => {
    const after: BotInfo = { ...base, onboarding_info: { prologue: "Hi", suggested_questions: ["A?", "B?"] }, description: "New" };
    expect(diffBotInfo(base, after)).toEqual([
      { path: "description", label: "Description", kind: "added", before: "", after: "New" },
      { path: "onboarding_info.suggested_questions", label: "Onboarding › Suggested questions", kind: "changed", before: "A?", after: "A?\nB?" },
    ]);
  });

  it("shows booleans and objects readably", () => {
    expect(show(true)).toBe("true");
    expect(show({ a: 1 })).toBe('{"a":1}');
    expect(diffBotInfo({ knowledge: { auto: true } }, { knowledge: { auto: false } })[0]).toMatchObject({ kind: "changed", before: "true", after: "false" });
  });
});
