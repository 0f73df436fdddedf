import { describe, expect, it } from "vitest";
import { parseBlocks, parseInline } from "./markdownParse";

describe("parseBlocks", () => {
  it("splits paragraphs, fenced code, lists and headings", () => {
    const text = "# Title\nFirst line\nsecond line\n\n```python\nprint('<b>hi</b>')\n```\n- one\n- two\n1. a\n2) b";
    expect(parseBlocks(text)).toEqual([
      { kind: "heading", level: 1, content: [{ kind: "text", text: "Title" }] },
      { kind: "paragraph", lines: [[{ kind: "text", text: "First line" }], [{ kind: "text", text: "second line" }]] },
      { kind: "code", lang: "python", text: "print('<b>hi</b>')", open: false },
      { kind: "list", ordered: false, items: [[{ kind: "text", text: "one" }], [{ kind: "text", text: "two" }]] },
      { kind: "list", ordered: true, items: [[{ kind: "text", text: "a" }], [{ kind: "text", text: "b" }]] },
    ]);
  });

  it("keeps a code block that is still streaming open to the end", () => {
    expect(parseBlocks("Look:\n```js\nconst a = 1;\n")).toEqual([
      { kind: "paragraph", lines: [[{ kind: "text", text: "Look:" }]] },
      { kind: "code", lang: "js", text: "const a = 1;\n", open: true },
    ]);
  });

  it("reads nothing into an empty answer", () => {
    expect(parseBlocks("")).toEqual([]);
    expect(parseBlocks("\n\n")).toEqual([]);
  });
});

describe("parseInline", () => {
  it("finds code, bold and citation marks, and leaves HTML as text", () => {
    expect(parseInline("Use `ls` **now** [1] or [2, 3] <script>x</script>")).toEqual([
      { kind: "text", text: "Use " },
      { kind: "code", text: "ls" },
      { kind: "text", text: " " },
      { kind: "strong", text: "now" },
      { kind: "text", text: " " },
      { kind: "cite", id: "1" },
      { kind: "text", text: " or " },
      { kind: "cite", id: "2" },
      { kind: "cite", id: "3" },
      { kind: "text", text: " <script>x</script>" },
    ]);
  });

  it("does not take a link's text or an array for a citation", () => {
    expect(parseInline("[see here](x) [a]").every((s) => s.kind === "text")).toBe(true);
  });
});
