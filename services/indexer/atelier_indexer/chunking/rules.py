"""Chunking rules (Coze's ChunkStrategy in Python form) and their defaults. A user's strategy is
validated by knowledge when the document is created; the chunker takes the rules as given."""

from __future__ import annotations

from dataclasses import dataclass, replace

CHUNK_AUTO = 0
CHUNK_CUSTOM = 1
CHUNK_BY_LEVEL = 2

MIN_TOKENS = 50  # no chunk is cut smaller, whatever the embedder's limit


@dataclass(frozen=True)
class ChunkRules:
    chunk_type: int = CHUNK_AUTO  # 0 auto, 1 custom (separator/max_tokens/overlap), 2 by heading level
    separator: str = "\n"  # custom: split points; literal "\\n" / "\\t" are decoded (see separator_text)
    max_tokens: int = 800
    overlap: int = 10  # percent of max_tokens carried over from the previous chunk
    remove_extra_spaces: bool = False
    remove_urls_emails: bool = False
    max_level: int = 3  # level chunking: headings with level <= max_level start a new section
    save_title: bool = True  # level chunking: each chunk starts with its heading path

    @classmethod
    def auto(cls) -> ChunkRules:
        """Coze's automatic rules: 800 tokens, 10% overlap, extra spaces removed, paragraph/sentence boundaries."""
        return cls(chunk_type=CHUNK_AUTO, max_tokens=800, overlap=10, remove_extra_spaces=True)

    def normalized(self) -> ChunkRules:
        """The rules with the separator's typed escapes decoded."""
        return replace(self, separator=separator_text(self.separator))


def separator_text(separator: str) -> str:
    """Users type separators in a text box, so "\\n" may arrive as backslash-n: decode the usual escapes."""
    return separator.replace("\\r\\n", "\r\n").replace("\\n", "\n").replace("\\t", "\t").replace("\\r", "\r")
