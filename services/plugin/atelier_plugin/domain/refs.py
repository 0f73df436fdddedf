"""`$ref`s of one document, resolved with `referencing` and never outside the document.

A plugin document is user input: a reference to a file or URL would make the importer read the
server's disk or call the network, so only local references ('#/components/...') are accepted.
Schemas are inlined for models, which cannot follow references; a recursive schema is cut where it
recurs, and a budget bounds the output (references that fan out can multiply a document's size)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referencing import Registry, Specification
from referencing.exceptions import Unresolvable

from atelier_plugin.domain.errors import PluginSpecError
from atelier_plugin.domain.schemas import map_subschemas

MAX_INLINED_NODES = 500_000  # per document: schema objects written while inlining
_DOCUMENT_URI = "urn:atelier:plugin-document"
# Keys whose values are data (examples, defaults, enumerations), where "$ref" is just a key.
_DATA_KEYS = frozenset({"example", "examples", "default", "enum", "const"})

Location = Sequence[str | int]


class DocumentRefs:
    """Resolves the local references of `document` (which must not change while this is used)."""

    def __init__(self, document: dict[str, Any]) -> None:
        resource = Specification.OPAQUE.create_resource(document)
        self._resolver = Registry().with_resource(_DOCUMENT_URI, resource).resolver(_DOCUMENT_URI)
        self._document = document
        self._budget = MAX_INLINED_NODES

    def check(self) -> None:
        """Every `$ref` outside data values is local and points somewhere."""
        stack: list[tuple[Any, list[str | int]]] = [(self._document, [])]
        while stack:
            node, where = stack.pop()
            if isinstance(node, dict):
                ref = node.get("$ref")
                if isinstance(ref, str):
                    self._lookup(ref, where)
                stack.extend((v, [*where, k]) for k, v in node.items()
                             if k not in _DATA_KEYS and not str(k).startswith("x-"))
            elif isinstance(node, list):
                stack.extend((v, [*where, i]) for i, v in enumerate(node))

    def deref(self, node: Any, where: Location) -> tuple[Any, list[str | int]]:
        """Follow an OpenAPI object's `$ref` chain (a parameter, a request body): the object and
        its location."""
        where = list(where)
        seen: set[str] = set()
        while isinstance(node, dict) and isinstance(node.get("$ref"), str):
            ref = node["$ref"]
            if ref in seen:
                raise PluginSpecError([*where, "$ref"], f"'{ref}' refers to itself through a cycle")
            seen.add(ref)
            node = self._lookup(ref, where)
            where = _pointer_parts(ref)
        return node, where

    def inline_schema(self, schema: Any, where: Location) -> Any:
        """`schema` with every `$ref` replaced by what it points to."""
        return self._inline(schema, list(where), ())

    def _inline(self, schema: Any, where: list[str | int], open_refs: tuple[str, ...]) -> Any:
        if not isinstance(schema, dict):
            return schema
        self._budget -= 1
        if self._budget < 0:
            raise PluginSpecError(where, f"the document's schemas grow past {MAX_INLINED_NODES} objects once "
                                         "their references are inlined")
        ref = schema.get("$ref")
        if not isinstance(ref, str):
            return map_subschemas(schema, lambda sub, rel: self._inline(sub, [*where, *rel], open_refs))
        target = self._lookup(ref, where)
        # Keywords beside a $ref (a description, nullable) refine what it points to.
        siblings = self._inline({k: v for k, v in schema.items() if k != "$ref"}, where, open_refs)
        if ref in open_refs:
            return {**_recursion_stub(target, ref), **siblings}
        inlined = self._inline(target, _pointer_parts(ref), (*open_refs, ref))
        return {**inlined, **siblings} if isinstance(inlined, dict) else inlined

    def _lookup(self, ref: str, where: Location) -> Any:
        if not ref.startswith("#"):
            raise PluginSpecError([*where, "$ref"], f"'{ref}' is outside this document; only local references "
                                                    "('#/components/...') are supported")
        try:
            return self._resolver.lookup(ref).contents
        except Unresolvable:
            raise PluginSpecError([*where, "$ref"], f"'{ref}' points to nothing in this document") from None


def _recursion_stub(target: Any, ref: str) -> dict[str, Any]:
    """What a schema that contains itself becomes where it recurs: its type, and a note."""
    stub: dict[str, Any] = {}
    if isinstance(target, dict) and "type" in target:
        stub["type"] = target["type"]
    name = ref.rsplit("/", 1)[-1]
    stub["description"] = f"a nested {name} (same shape as its parent)"
    return stub


def _pointer_parts(ref: str) -> list[str | int]:
    """'#/components/schemas/a~1b' -> ['components', 'schemas', 'a/b'] (for error locations)."""
    pointer = ref[1:].lstrip("/")
    return [p.replace("~1", "/").replace("~0", "~") for p in pointer.split("/")] if pointer else []
