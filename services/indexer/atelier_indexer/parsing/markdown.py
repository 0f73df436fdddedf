"""Markdown: headings, paragraphs (lists and code blocks kept whole) and tables, from markdown-it tokens."""

from __future__ import annotations

from markdown_it import MarkdownIt

from atelier_indexer.parsing.model import Block, ParsedDocument, table_block
from atelier_indexer.parsing.text import decode_text

_md = MarkdownIt("commonmark").enable("table")


def parse_markdown(data: bytes) -> ParsedDocument:
    text = decode_text(data)
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    tokens = _md.parse("\n".join(lines))
    blocks: list[Block] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok.type == "heading_open":
            inline = tokens[i + 1].content.strip() if i + 1 < len(tokens) else ""
            if inline:
                blocks.append(Block(kind="heading", text=inline, level=int(tok.tag[1])))
            i = _skip_to_close(tokens, i)
        elif tok.type == "table_open":
            end = _skip_to_close(tokens, i)
            rows, row = [], None
            for t in tokens[i:end]:
                if t.type == "tr_open":
                    row = []
                elif t.type == "inline" and row is not None:
                    row.append(t.content.strip())
                elif t.type == "tr_close" and row is not None:
                    rows.append(row)
                    row = None
            block = table_block(rows)
            if block:
                blocks.append(block)
            i = end
        elif (
            tok.level == 0
            and tok.map is not None
            and (tok.nesting == 1 or tok.type in ("fence", "code_block", "html_block"))
        ):
            # Any other top-level block (paragraph, list, quote, code): keep its source text verbatim so
            # list markers and code layout survive; the chunker decides where to split it.
            end = _skip_to_close(tokens, i) if tok.nesting == 1 else i
            start_line, end_line = tok.map
            source = "\n".join(lines[start_line:end_line]).strip()
            if source:
                blocks.append(Block(kind="paragraph", text=source))
            i = end
        i += 1
    return ParsedDocument(tuple(blocks))


def _skip_to_close(tokens: list, i: int) -> int:
    """Index of the token closing tokens[i] (same level, nesting -1)."""
    depth = 0
    for j in range(i, len(tokens)):
        depth += tokens[j].nesting
        if depth == 0:
            return j
    return len(tokens) - 1
