"""Generated blocks of the README (the settings table, the SSRF table): each sits between
`<!-- name:start -->` and `<!-- name:end -->` and is rewritten from the code it documents, so the two
never drift; a test compares the README with the generated text."""

from __future__ import annotations

import sys
from pathlib import Path


def with_block(readme: str, name: str, body: str) -> str:
    """`readme` with `body` placed between its markers for `name` (ValueError when they are missing)."""
    start, end = f"<!-- {name}:start -->", f"<!-- {name}:end -->"
    if start not in readme or end not in readme:
        raise ValueError(f"the README has no {start} ... {end} block")
    head, rest = readme.split(start, 1)
    _, tail = rest.split(end, 1)
    return f"{head}{start}\n{body}\n{end}{tail}"


def readme_cli(name: str, body: str, argv: list[str] | None = None) -> None:
    """`--readme PATH` rewrites that README's block; with no arguments the block is printed."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) == 2 and args[0] == "--readme":
        path = Path(args[1])
        path.write_text(with_block(path.read_text(), name, body))
    else:
        print(body)
