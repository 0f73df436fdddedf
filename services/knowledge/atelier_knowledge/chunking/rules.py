"""Chunking rules (Coze's ChunkStrategy in Python form), their defaults and their validation."""

from __future__ import annotations

from dataclasses import dataclass, replace

CHUNK_AUTO = 0
CHUNK_CUSTOM = 1
CHUNK_BY_LEVEL = 2

MIN_TOKENS, MAX_TOKENS = 50, 5000
MAX_OVERLAP = 90


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


class InvalidChunkRules(ValueError):
    """A rule out of range; str(exc) starts with the field name so callers can prefix their path."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field} {message}")
        self.field = field


def separator_text(separator: str) -> str:
    """Users type separators in a text box, so "\\n" may arrive as backslash-n: decode the usual escapes."""
    return separator.replace("\\r\\n", "\r\n").replace("\\n", "\n").replace("\\t", "\t").replace("\\r", "\r")


def validate_rules(rules: ChunkRules) -> None:
    if rules.chunk_type not in (CHUNK_AUTO, CHUNK_CUSTOM, CHUNK_BY_LEVEL):
        raise InvalidChunkRules("chunk_type", "must be 0 (auto), 1 (custom) or 2 (by heading level)")
    if not MIN_TOKENS <= rules.max_tokens <= MAX_TOKENS:
        raise InvalidChunkRules("max_tokens", f"must be between {MIN_TOKENS} and {MAX_TOKENS}")
    if not 0 <= rules.overlap <= MAX_OVERLAP:
        raise InvalidChunkRules("overlap", f"must be between 0 and {MAX_OVERLAP} (percent)")
    if not 1 <= rules.max_level <= 6:
        raise InvalidChunkRules("max_level", "must be between 1 and 6")
    if rules.chunk_type == CHUNK_CUSTOM and not separator_text(rules.separator):
        raise InvalidChunkRules("separator", "must not be empty for custom chunking")
