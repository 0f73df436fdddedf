import { describe, expect, it } from "vitest";
import type { RunMessage } from "./api";
import { pretty, runSteps, toolName } from "./record";

function msg(type: string, content: string, extra: RunMessage["extra_info"] = {}): RunMessage {
  return { role: type === "question" ? "user" : "assistant", type, content, content_type: "text", message_id: type, extra_info: extra };
}

describe("run steps", () => {
  it("pair each tool call with its result and keep the order", () => {
    const steps = runSteps([
      msg("question", "weather?"),
      msg("function_call", '{"name":"get_weather","arguments":"{}"}', { call_id: "c1" }),
      msg("verbose", "{}"),
      msg("tool_response", '{"temp":21}', { call_id: "c1", tool_name: "get_weather" }),
      msg("answer", "21 degrees"),
    ]);
    expect(steps.map((s) => s.kind)).toEqual(["question", "tool", "event", "answer"]);
    const tool = steps[1];
    expect(tool.kind === "tool" && tool.result?.content).toBe('{"temp":21}');
    expect(tool.kind === "tool" && tool.name).toBe("get_weather");
  });

  it("show a result without its call as an event", () => {
    expect(runSteps([msg("tool_response", "x", { call_id: "zz" })])[0].kind).toBe("event");
  });

  it("name tools from the stored name or the call's JSON", () => {
    expect(toolName(msg("function_call", "{}", { tool_name: "calc" }))).toBe("calc");
    expect(toolName(msg("function_call", '{"function":{"name":"f"}}'))).toBe("f");
    expect(toolName(msg("function_call", "not json"))).toBe("tool");
    expect(pretty('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(pretty("plain")).toBe("plain");
  });
});
