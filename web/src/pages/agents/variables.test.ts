import { describe, expect, it } from "vitest";
import { extractVariables, segmentPrompt, unknownVariables } from "./variables";

describe("extractVariables", () => {
  it("finds each name once, in order, with or without spaces and filters", () => {
    expect(extractVariables("Hi {{name}}, from {{ city }}; {{ name.upper() }} {{city|title}}")).toEqual(["name", "city"]);
  });
  it("ignores expressions that read no variable and unclosed braces", () => {
    expect(extractVariables("{{ 1 + 2 }} {{ 'x' }} {{ broken")).toEqual([]);
  });
});

describe("segmentPrompt", () => {
  it("marks known and unknown variables and keeps the text whole", () => {
    const prompt = "You help {{ user }} in {{city}}.\nBe brief.";
    const segments = segmentPrompt(prompt, ["city"]);
    expect(segments).toEqual([
      { text: "You help " },
      { text: "{{ user }}", variable: "user", known: false },
      { text: " in " },
      { text: "{{city}}", variable: "city", known: true },
      { text: ".\nBe brief." },
    ]);
    expect(segments.map((s) => s.text).join("")).toBe(prompt);
  });
  it("gives one text segment for a prompt without placeholders and none for an empty one", () => {
    expect(segmentPrompt("plain", [])).toEqual([{ text: "plain" }]);
    expect(segmentPrompt("", [])).toEqual([]);
  });
  it("handles adjacent placeholders", () => {
    expect(segmentPrompt("{{a}}{{b}}", ["b"]).map((s) => [s.variable, s.known])).toEqual([
      ["a", false],
      ["b", true],
    ]);
  });
});

describe("unknownVariables", () => {
  it("lists names the agent does not define", () => {
    expect(unknownVariables("{{a}} {{b}} {{c}}", ["b"])).toEqual(["a", "c"]);
  });
});
