// An answer's text as blocks and spans (markdown.ts); citation marks link to the turn's sources.
import type { ReactNode } from "react";
import type { MessageSource } from "./api";
import { parseBlocks, type Inline } from "./markdownParse";

interface Props {
  text: string;
  sources: MessageSource[];
  /** The id prefix of the turn's source list items: a mark [n] links to `#<prefix>-n`. */
  anchor: string;
}

export function Markdown({ text, sources, anchor }: Props) {
  const known = new Set(sources.map((s) => s.id));
  const inline = (spans: Inline[]): ReactNode[] =>
    spans.map((span, i) => {
      switch (span.kind) {
        case "code":
          return <code key={i}>{span.text}</code>;
        case "strong":
          return <strong key={i}>{span.text}</strong>;
        case "cite": {
          const source = sources.find((s) => s.id === span.id);
          if (!known.has(span.id)) return <span key={i}>[{span.id}]</span>;
          return (
            <a
              key={i}
              className="chat-cite"
              href={`#${anchor}-${span.id}`}
              aria-label={`Source ${span.id}: ${source?.document_name ?? ""}`}
              title={source?.document_name}
            >
              {span.id}
            </a>
          );
        }
        default:
          return <span key={i}>{span.text}</span>;
      }
    });
  return (
    <div className="chat-markdown">
      {parseBlocks(text).map((block, i) => {
        switch (block.kind) {
          case "code":
            return (
              <pre key={i} className="chat-code" data-lang={block.lang || undefined}>
                <code>{block.text}</code>
              </pre>
            );
          case "heading": {
            // Below the page's and the chat's headings: an answer never outranks them.
            const Tag = block.level <= 2 ? "h4" : "h5";
            return <Tag key={i}>{inline(block.content)}</Tag>;
          }
          case "list": {
            const Tag = block.ordered ? "ol" : "ul";
            return (
              <Tag key={i}>
                {block.items.map((item, j) => (
                  <li key={j}>{inline(item)}</li>
                ))}
              </Tag>
            );
          }
          default:
            return (
              <p key={i}>
                {block.lines.map((line, j) => (
                  <span key={j}>
                    {j > 0 && <br />}
                    {inline(line)}
                  </span>
                ))}
              </p>
            );
        }
      })}
    </div>
  );
}
