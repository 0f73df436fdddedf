import { describe, expect, it } from "vitest";
import { chunkFormErrors, DEFAULT_CHUNK_FORM, describeStrategy, strategyKey, toChunkStrategy, unescapeSeparator } from "./chunking";

describe("chunk settings", () => {
  it("sends automatic chunking with only the cleaning switches", () => {
    expect(toChunkStrategy({ ...DEFAULT_CHUNK_FORM, removeUrlsEmails: true })).toEqual({
      chunk_type: 0,
      remove_extra_spaces: false,
      remove_urls_emails: true,
    });
  });

  it("sends custom chunking with a real separator and numbers", () => {
    const body = toChunkStrategy({ ...DEFAULT_CHUNK_FORM, mode: "custom", separator: "\\n", maxTokens: " 300 ", overlap: "20" });
    expect(body).toEqual({
      chunk_type: 1,
      separator: "\n",
      max_tokens: 300,
      overlap: 20,
      remove_extra_spaces: false,
      remove_urls_emails: false,
    });
  });

  it("sends heading chunking with level and titles", () => {
    const body = toChunkStrategy({ ...DEFAULT_CHUNK_FORM, mode: "heading", maxLevel: "2", saveTitle: false });
    expect(body).toMatchObject({ chunk_type: 2, max_level: 2, save_title: false, max_tokens: 200 });
    expect(body).not.toHaveProperty("separator");
  });

  it("reads escapes in separators", () => {
    expect(unescapeSeparator("\\n\\n")).toBe("\n\n");
    expect(unescapeSeparator("\\t|")).toBe("\t|");
    expect(unescapeSeparator("。")).toBe("。");
  });

  it("names out-of-range values before sending", () => {
    expect(chunkFormErrors(DEFAULT_CHUNK_FORM)).toEqual({});
    const custom = { ...DEFAULT_CHUNK_FORM, mode: "custom" as const };
    expect(chunkFormErrors({ ...custom, maxTokens: "10" }).maxTokens).toMatch(/50 to 5000/);
    expect(chunkFormErrors({ ...custom, maxTokens: "abc" }).maxTokens).toBeDefined();
    expect(chunkFormErrors({ ...custom, maxTokens: "300" }, 254).maxTokens).toMatch(/50 to 254/);
    expect(chunkFormErrors({ ...custom, overlap: "95" }).overlap).toMatch(/0 to 90/);
    expect(chunkFormErrors({ ...custom, separator: "" }).separator).toBeDefined();
    expect(chunkFormErrors({ ...DEFAULT_CHUNK_FORM, mode: "heading", maxLevel: "7" }).maxLevel).toBeDefined();
  });

  it("keys strategies independently of field order", () => {
    expect(strategyKey({ chunk_type: 1, max_tokens: 2 })).toBe(strategyKey({ max_tokens: 2, chunk_type: 1 }));
    expect(strategyKey({ chunk_type: 1 })).not.toBe(strategyKey({ chunk_type: 2 }));
  });

  it("describes stored strategies", () => {
    expect(describeStrategy(undefined)).toBe("Automatic");
    expect(describeStrategy({ chunk_type: 1, max_tokens: 300 })).toBe("Custom, 300 tokens");
    expect(describeStrategy({ chunk_type: 2, max_level: 2 })).toBe("By heading (level 2)");
  });
});
