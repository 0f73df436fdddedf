"""Whole-document validation with openapi-spec-validator (OpenAPI 3.0, 3.1 and Swagger 2.0), made safe
for user documents and readable for their authors.

Safe: the library resolves `$ref`s through handlers that read files and fetch URLs; these validators
have none, so validation never leaves the process (importers also refuse non-local refs up front).
The library memoises iter_errors per validator instance without bound (an lru_cache on the method),
which would keep every validated document alive; the cache is cleared after each use.

Readable: the library's first error is narrowed to its most specific cause ("'in' must be one of
path, query, header, cookie" rather than "... is not valid under any of the given schemas") and
prefixed with where it is in the document."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from jsonschema.exceptions import ValidationError
from openapi_spec_validator import OpenAPIV2SpecValidator, OpenAPIV30SpecValidator, OpenAPIV31SpecValidator
from openapi_spec_validator.validation.validators import SpecValidator
from referencing.exceptions import Unresolvable

from atelier_plugin.domain.errors import PluginSpecError


class _OpenAPI30(OpenAPIV30SpecValidator):
    resolver_handlers: Mapping[str, Any] = {}


class _OpenAPI31(OpenAPIV31SpecValidator):
    resolver_handlers: Mapping[str, Any] = {}


class _Swagger2(OpenAPIV2SpecValidator):
    resolver_handlers: Mapping[str, Any] = {}


def validate_openapi3(document: dict[str, Any], minor: int) -> None:
    """Raise PluginSpecError for the first problem of an OpenAPI 3.`minor` document."""
    _validate(_OpenAPI31 if minor >= 1 else _OpenAPI30, document)


def validate_swagger2(document: dict[str, Any]) -> None:
    """Raise PluginSpecError for the first problem of a Swagger 2.0 document."""
    _validate(_Swagger2, document)


def _validate(validator_cls: type[SpecValidator], document: dict[str, Any]) -> None:
    try:
        error = next(iter(validator_cls(document).iter_errors()), None)
    except Unresolvable as e:
        raise PluginSpecError("", f"a $ref cannot be resolved: {e}") from None
    except RecursionError:
        raise PluginSpecError("", "the document's references nest too deeply to validate") from None
    finally:
        _forget_validated(validator_cls)
    if error is not None:
        raise _readable(error, document)


def _forget_validated(validator_cls: type[SpecValidator]) -> None:
    cached = getattr(validator_cls.iter_errors, "__wrapped__", None)
    clear = getattr(cached, "cache_clear", None)
    if clear is not None:
        clear()


def _readable(error: ValidationError, document: dict[str, Any]) -> PluginSpecError:
    leaves = _cause(error)
    depth = max(len(leaf.absolute_path) for leaf in leaves)
    deepest = [leaf for leaf in leaves if len(leaf.absolute_path) == depth]
    chosen = deepest[0]
    path = list(chosen.absolute_path)
    if path and _follow(document, path) is chosen.instance:
        location = path
    else:
        # The library's keyword checks (a schema's default, an unresolved path parameter) report
        # paths relative to what they checked, or none; a default is found by its schema.
        return _keyword_error(chosen, document)
    enums = [leaf for leaf in deepest if leaf.validator == "enum"]
    if enums and len(enums) == len(deepest):
        allowed: list[Any] = []
        for leaf in enums:
            allowed.extend(v for v in leaf.validator_value if v not in allowed)
        listed = ", ".join(str(v) for v in allowed)
        return PluginSpecError(location[:-1], f"'{location[-1]}' must be one of {listed}, not {chosen.instance!r}")
    return PluginSpecError(location, chosen.message)


def _cause(error: ValidationError) -> list[ValidationError]:
    """The most specific errors under a oneOf/anyOf failure.

    The branch that is 'not a $ref' is left out. A branch whose enums all matched (a parameter
    'in': 'path' failing only for lack of 'required') is the one the author meant; when
    every branch failed on an enum, those that failed on fewest are all kept, so the allowed values
    can be listed together."""
    if not error.context:
        return [error]
    branches: dict[Any, list[ValidationError]] = {}
    for sub in error.context:
        branches.setdefault(sub.relative_schema_path[0] if sub.relative_schema_path else None, []).append(sub)
    kept = [errs for errs in branches.values() if not all(_is_ref_alternative(e) for e in errs)]
    if not kept:
        return [error]
    fewest = min(_enum_failures(errs) for errs in kept)
    closest = [errs for errs in kept if _enum_failures(errs) == fewest]
    chosen = [min(closest, key=len)] if fewest == 0 else closest
    return [leaf for errs in chosen for e in errs for leaf in _cause(e)]


def _is_ref_alternative(error: ValidationError) -> bool:
    return error.validator == "required" and "'$ref'" in error.message


def _enum_failures(errors: list[ValidationError]) -> int:
    return sum((e.validator == "enum") + _enum_failures(list(e.context or ())) for e in errors)


def _keyword_error(error: ValidationError, document: dict[str, Any]) -> PluginSpecError:
    schema = error.schema
    if isinstance(schema, Mapping) and "default" in schema:
        where = _find(document, schema)
        if where is not None:
            return PluginSpecError([*where, "default"], f"{error.message} (the default must fit its schema)")
    return PluginSpecError("", error.message)


def _find(document: Any, target: Any) -> list[Any] | None:
    """The path of the object `target` (by identity) in the document."""
    stack: list[tuple[Any, list[Any]]] = [(document, [])]
    while stack:
        node, path = stack.pop()
        if node is target:
            return path
        if isinstance(node, Mapping):
            stack.extend((v, [*path, k]) for k, v in node.items())
        elif isinstance(node, list):
            stack.extend((v, [*path, i]) for i, v in enumerate(node))
    return None


def _follow(document: Any, path: list[Any]) -> Any:
    node = document
    for part in path:
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            return _NOWHERE
    return node


_NOWHERE = object()
