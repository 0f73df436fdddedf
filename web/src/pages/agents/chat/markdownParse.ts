// A small, safe reading of an answer's markdown: blocks (paragraphs, fenced code, lists, headings)
// and inline spans (code, bold, citation marks). React renders the result as text nodes, so
// nothing the model writes is ever interpreted as HTML.

export type Inline =
  | { kind: "text"; text: string }
  | { kind: "code"; text: string }
  | { kind: "strong"; text: string }
  | { kind: "cite"; id: string };

export type Block =
  | { kind: "paragraph"; lines: Inline[][] }
  | { kind: "code"; lang: string; text: string; open: boolean }
  | { kind: "list"; ordered: boolean; items: Inline[][] }
  | { kind: "heading"; level: number; content: Inline[] };

const FENCE = /^\s*```(\S*)\s*$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;
const HEADING = /^(#{1,6})\s+(.*)$/;

export function parseBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: "paragraph", lines: paragraph.map(parseInline) });
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const fence = FENCE.exec(line);
    if (fence) {
      flush();
      const body: string[] = [];
      let j = i + 1;
      while (j < lines.length && !FENCE.test(lines[j])) body.push(lines[j++]);
      // An unclosed fence is a code block still streaming: it runs to the end.
      blocks.push({ kind: "code", lang: fence[1], text: body.join("\n"), open: j >= lines.length });
      i = j;
      continue;
    }
    if (!line.trim()) {
      flush();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: "heading", level: heading[1].length, content: parseInline(heading[2]) });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet || numbered) {
      flush();
      const ordered = Boolean(numbered);
      const item = parseInline((bullet ?? numbered)![1]);
      const last = blocks[blocks.length - 1];
      if (last && last.kind === "list" && last.ordered === ordered) last.items.push(item);
      else blocks.push({ kind: "list", ordered, items: [item] });
      continue;
    }
    paragraph.push(line);
  }
  flush();
  return blocks;
}

// `code`, **strong**, and citation marks [1] / [1, 3] (an id of digits, as the agent numbers passages).
const INLINE = /`([^`]+)`|\*\*([^*]+)\*\*|\[(\d+(?:\s*,\s*\d+)*)\]/g;

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const start = match.index ?? 0;
    if (start > last) out.push({ kind: "text", text: text.slice(last, start) });
    if (match[1] !== undefined) out.push({ kind: "code", text: match[1] });
    else if (match[2] !== undefined) out.push({ kind: "strong", text: match[2] });
    else for (const id of match[3].split(",")) out.push({ kind: "cite", id: id.trim() });
    last = start + match[0].length;
  }
  if (last < text.length) out.push({ kind: "text", text: text.slice(last) });
  return out;
}
