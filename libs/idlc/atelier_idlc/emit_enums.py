"""model -> atelier_proto/enums.py: every IDL enum as a Python enum, the one source services use.

Class and member names are the IDL's (`DocumentStatus.Enable`); values are the wire values:
`IntEnum` with the IDL's numbers, or `StrEnum` with the snake_case spellings for enums marked
api.string (their values travel as strings: `ChatStatus.InProgress == "in_progress"`). A name
that is a Python keyword gets a trailing underscore (`AuthorizationType.None_`).
"""

from __future__ import annotations

import json
import keyword

from .emit_proto import source_name
from .model import Model, REnum

HEADER = '''"""DO NOT EDIT — generated from idl/*.thrift by atelier_idlc (`make idl`).

Every enum of the IDL, named as there; IntEnum values are the IDL's numbers, StrEnum values the
strings api.string enums travel as. Import them from here: `from atelier_proto.enums import
DocumentStatus`.
"""

from enum import {kinds}
'''


def py_name(name: str) -> str:
    return f"{name}_" if keyword.iskeyword(name) or keyword.issoftkeyword(name) else name


def _docstring(text: str, indent: str) -> list[str]:
    lines = text.replace("\\", "\\\\").replace('"""', '\\"\\"\\"').splitlines()
    if len(lines) == 1:
        return [f'{indent}"""{lines[0]}"""']
    return [f'{indent}"""{lines[0]}', *(f"{indent}{ln}" if ln else "" for ln in lines[1:]), f'{indent}"""']


def _enum(e: REnum) -> list[str]:
    out = [f"class {py_name(e.name)}({'StrEnum' if e.strings else 'IntEnum'}):"]
    if e.doc:
        out += _docstring(e.doc, "    ")
        out.append("")
    for name, number in e.values:
        value = json.dumps(e.spelling(name)) if e.strings else str(number)
        doc = e.value_docs.get(name, "").replace("\n", " ")
        out.append(f"    {py_name(name)} = {value}" + (f"  # {doc}" if doc else ""))
    return out


def emit(model: Model) -> str:
    enums = [e for rf in model.files.values() for e in rf.enums]
    kinds = sorted({"StrEnum" if e.strings else "IntEnum" for e in enums})
    blocks = [HEADER.format(kinds=", ".join(kinds)).rstrip("\n")]
    for rf in model.files.values():
        if rf.enums:
            blocks.append(f"# ---- {source_name(rf)}")
            blocks += ["\n".join(_enum(e)) for e in rf.enums]
    head, *rest = blocks
    return head + "\n\n" + "\n\n\n".join(rest) + "\n"  # one blank line after the imports, as isort has it
