"""Test helper: compile an IDL directory and import its generated modules in this process.

The generated modules are named `atelier_proto.<stem>_pb2`; the output directory is appended to
the installed `atelier_proto` package's search path so fixtures (whose stems must differ from the
real IDL's) share the one `atelier_proto.annotations_pb2` with the real modules.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType

from .compiler import PKG, build


def compile_and_import(idl_dir: Path, out_dir: Path) -> dict[str, ModuleType]:
    """Build idl_dir into out_dir; return {stem: <stem>_pb2 module} for every thrift file."""
    build(idl_dir, out_dir)
    import atelier_proto

    pkg_dir = str(out_dir / PKG)
    if pkg_dir not in atelier_proto.__path__:
        atelier_proto.__path__.append(pkg_dir)
    importlib.invalidate_caches()
    return {p.stem: importlib.import_module(f"{PKG}.{p.stem}_pb2") for p in sorted(idl_dir.glob("*.thrift"))}
