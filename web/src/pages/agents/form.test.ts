import { describe, expect, it } from "vitest";
import type { BotInfo } from "./api";
import { fromBotInfo, isDirty, knownVariables, toBotInfo, validate } from "./form";

const info: BotInfo = {
  bot_id: "42",
  name: "Guide",
  description: "Shows the way",
  prompt_info: { prompt: "Hi {{city}}" },
  model_info: { model_id: "1001", temperature: 0.4, parameters: { seed: "1" }, short_memory_policy: { context_mode: 0, history_round: 5 } },
  knowledge: { knowledge_info: [{ id: "7", name: "Fjords" }], top_k: "4", min_score: 0.3, auto: false, search_strategy: 20, show_source: true },
  variable_list: [
    { key: "sys_uuid", is_system: true },
    { key: "city", default_value: "Oslo", description: "home" },
  ],
  plugin_info_list: [{ plugin_id: "9", api_id: "91", api_name: "list_notes" }],
  onboarding_info: { prologue: "Welcome", suggested_questions: ["A?"] },
  suggest_reply_info: { suggest_reply_mode: 1, customized_suggest_prompt: "ask more" },
  deep_research: { enabled: true, max_steps: 3 },
  client_tool_list: [{ name: "get_weather", description: "weather", parameters: '{"type":"object"}' }, { name: "local_time" }],
};

describe("fromBotInfo", () => {
  it("reads every section into the form", () => {
    const form = fromBotInfo(info);
    expect(form).toMatchObject({
      name: "Guide",
      prompt: "Hi {{city}}",
      modelId: "1001",
      historyRound: "5",
      topK: "4",
      minScore: "0.3",
      auto: false,
      searchStrategy: 20,
      showSource: true,
      prologue: "Welcome",
      questions: ["A?"],
      suggestMode: 1,
      suggestPrompt: "ask more",
    });
    expect(form.params.temperature).toBe("0.4");
    expect(form.params.top_p).toBe("");
    expect(form.variables).toEqual([{ key: "city", description: "home", defaultValue: "Oslo", promptDisabled: false, disabled: false }]);
    expect(form.datasets).toEqual([{ id: "7", name: "Fjords" }]);
    expect(knownVariables(form)).toEqual(["city"]);
  });

  it("gives the service's defaults for an empty configuration", () => {
    const form = fromBotInfo({ bot_id: "1", name: "x" });
    expect(form).toMatchObject({ modelId: "", topK: "3", auto: true, searchStrategy: 1, suggestMode: 2, variables: [] });
  });
});

describe("toBotInfo", () => {
  it("round-trips and keeps what the form does not show", () => {
    const out = toBotInfo(fromBotInfo(info), info);
    expect(out.model_info).toEqual({
      model_id: "1001",
      temperature: 0.4,
      parameters: { seed: "1" },
      response_format: 0,
      short_memory_policy: { context_mode: 0, history_round: 5 },
    });
    expect(out.variable_list?.[0]).toEqual({ key: "sys_uuid", is_system: true });
    expect(out.knowledge?.top_k).toBe(4);
    expect(out.plugin_info_list).toEqual(info.plugin_info_list);
    expect(out.bot_id).toBe("42");
    expect(out.deep_research).toEqual({ enabled: true, max_steps: 3 });
    expect(out.client_tool_list).toEqual(info.client_tool_list);
    expect(isDirty(fromBotInfo(info), info)).toBe(false);
  });

  it("sends edits, drops emptied parameters and blank questions", () => {
    const form = fromBotInfo(info);
    form.params.temperature = "";
    form.params.top_p = "0.9";
    form.questions = ["A?", "  ", "B?"];
    form.variables.push({ key: "name", description: "", defaultValue: "Ann", promptDisabled: false, disabled: false });
    const out = toBotInfo(form, info);
    expect(out.model_info?.temperature).toBeUndefined();
    expect(out.model_info?.top_p).toBe(0.9);
    expect(out.onboarding_info?.suggested_questions).toEqual(["A?", "B?"]);
    expect(out.variable_list?.map((v) => v.key)).toEqual(["sys_uuid", "city", "name"]);
    expect(isDirty(form, info)).toBe(true);
  });
});

describe("validate", () => {
  it("names the bad fields", () => {
    const form = fromBotInfo(info);
    form.name = " ";
    form.params.temperature = "warm";
    form.variables.push({ key: "9lives", description: "", defaultValue: "", promptDisabled: false, disabled: false });
    form.variables.push({ key: "city", description: "", defaultValue: "", promptDisabled: false, disabled: false });
    form.clientTools[0].parameters = "{oops";
    expect(validate(form)).toEqual([
      "Name: must not be empty",
      'Model temperature: "warm" is not a number',
      'Variable 2: "9lives" is not a valid name (letters, digits, _; not starting with a digit)',
      'Variable 3: "city" is defined twice',
      "Client tool 1 parameters: not valid JSON",
    ]);
    expect(validate(fromBotInfo(info))).toEqual([]);
  });
});
