"""JSON <-> protobuf transcoding that honours the IDL annotations (Coze-style api.* options).

The IDL compiler carries each thrift annotation as a custom option `atelier.api.<name>` on the
generated descriptors; this module reads them by full name from the descriptors, so it needs no
import of the compiler nor of a particular generated module.

- `message_from_json(data, cls, query=, path=)` builds a request from the JSON body, the query
  string and the path parameters, converting strings to the field type, accepting i64 as number
  or string, checking `required` and applying thrift defaults. Bad input raises
  `InvalidArgument` naming the field by dotted path (`rule.max_tokens`, `items[2].id`).
- `empty_containers(data, cls)` names the list and map fields the JSON body sent empty (`[]`,
  `{}`), which proto3 cannot tell from absent ones (see atelier_common.sent_empty).
- `message_to_json(msg)` renders Coze-style JSON: keys per api.body, js_conv i64 as strings,
  enums as ints, bytes base64, every field present (proto3-optional unset fields are omitted,
  unset non-optional messages are null).
"""

from __future__ import annotations

import base64
import binascii
import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from google.protobuf.descriptor import Descriptor, FieldDescriptor
from google.protobuf.message import Message

from atelier_common.errors import InvalidArgument

M = TypeVar("M", bound=Message)

_OPT = "atelier.api."
_INT32 = {FieldDescriptor.TYPE_INT32, FieldDescriptor.TYPE_SINT32, FieldDescriptor.TYPE_SFIXED32}
_INT64 = {FieldDescriptor.TYPE_INT64, FieldDescriptor.TYPE_SINT64, FieldDescriptor.TYPE_SFIXED64}
_UINT32 = {FieldDescriptor.TYPE_UINT32, FieldDescriptor.TYPE_FIXED32}
_UINT64 = {FieldDescriptor.TYPE_UINT64, FieldDescriptor.TYPE_FIXED64}
_FLOAT = {FieldDescriptor.TYPE_DOUBLE, FieldDescriptor.TYPE_FLOAT}
_RANGES = {"i8": (-(2**7), 2**7 - 1), "i16": (-(2**15), 2**15 - 1)}


@dataclass(frozen=True)
class _Spec:
    """What the annotations say about one field (cached per descriptor)."""

    fd: FieldDescriptor
    name: str
    key: str  # JSON key
    query: str
    path: str
    js_conv: bool
    json_text: bool  # a string of JSON text: the JSON value itself is accepted too
    required: bool
    optional: bool
    default: Any  # parsed JSON default (see has_default)
    has_default: bool
    thrift_type: str
    is_map: bool
    is_repeated: bool
    has_presence: bool


_SPECS: dict[str, tuple[_Spec, ...]] = {}


def _options(fd: FieldDescriptor) -> dict[str, Any]:
    return {ext.full_name[len(_OPT) :]: v for ext, v in fd.GetOptions().ListFields() if ext.full_name.startswith(_OPT)}


def _specs(desc: Descriptor) -> tuple[_Spec, ...]:
    cached = _SPECS.get(desc.full_name)
    if cached is not None:
        return cached
    out = []
    for fd in desc.fields:
        o = _options(fd)
        is_map = fd.message_type is not None and fd.message_type.GetOptions().map_entry
        repeated = fd.is_repeated
        default_text = o.get("default", "")
        out.append(
            _Spec(
                fd=fd,
                name=fd.name,
                key=o.get("body") or fd.name,
                query=o.get("query", ""),
                path=o.get("path", ""),
                js_conv=bool(o.get("js_conv", False)),
                json_text=bool(o.get("json_text", False)),
                required=bool(o.get("required", False)),
                optional=bool(o.get("optional", False)),
                default=json.loads(default_text) if default_text else None,
                has_default=bool(default_text),
                thrift_type=o.get("thrift_type", ""),
                is_map=bool(is_map),
                is_repeated=repeated and not is_map,
                has_presence=not repeated and fd.has_presence,
            )
        )
    specs = tuple(out)
    _SPECS[desc.full_name] = specs
    return specs


def _join(prefix: str, name: str) -> str:
    return f"{prefix}.{name}" if prefix else name


# ------------------------------------------------------------------------ JSON -> proto


def message_from_json(
    data: Mapping[str, Any] | None,
    message_cls: type[M],
    *,
    query: Mapping[str, str] | None = None,
    path: Mapping[str, str] | None = None,
) -> M:
    """Build `message_cls` from a JSON body plus query-string and path parameters.

    Path params bind to the fields annotated api.path (the compiler requires one per param);
    query params to fields annotated api.query, and to body fields absent from the JSON (how GET
    requests arrive). Raises InvalidArgument naming the offending field.
    """
    if data is None:
        data = {}
    if not isinstance(data, Mapping):
        raise InvalidArgument("request body must be a JSON object")
    msg = message_cls()
    _fill(msg, data, "", query or {}, path or {})
    return msg


def _fill(msg: Message, data: Mapping[str, Any], prefix: str, query: Mapping[str, str], path: Mapping[str, str]):
    for spec in _specs(msg.DESCRIPTOR):
        dotted = _join(prefix, spec.key)
        from_text = True
        if spec.path and spec.path in path:
            raw = path[spec.path]
        elif spec.query and spec.query in query:
            raw = query[spec.query]
        elif spec.key in data and data[spec.key] is not None:
            raw, from_text = data[spec.key], False
        elif not spec.query and spec.key in query:
            raw = query[spec.key]
        else:
            if spec.required:
                raise InvalidArgument(f"missing required field: {dotted}")
            if spec.has_default:
                _set(msg, spec, spec.default, dotted, False)
            continue
        if from_text and (spec.is_repeated or spec.is_map):
            raw = _split_text(raw, spec, dotted)
        _set(msg, spec, raw, dotted, from_text)


def _split_text(raw: str, spec: _Spec, dotted: str) -> Any:
    """Repeated/map values in a query string: a JSON array/object, or a comma-separated list."""
    text = str(raw).strip()
    if text.startswith(("[", "{")):
        try:
            return json.loads(text)
        except ValueError:
            raise InvalidArgument(f"invalid value for field {dotted}: malformed JSON") from None
    if spec.is_map:
        raise InvalidArgument(f"invalid value for field {dotted}: expected a JSON object")
    return [p for p in (s.strip() for s in text.split(",")) if p]


def _set(msg: Message, spec: _Spec, raw: Any, dotted: str, from_text: bool) -> None:
    fd = spec.fd
    if spec.is_map:
        if not isinstance(raw, Mapping):
            raise InvalidArgument(f"invalid value for field {dotted}: expected an object")
        target = getattr(msg, spec.name)
        key_fd = fd.message_type.fields_by_name["key"]
        val_fd = fd.message_type.fields_by_name["value"]
        for k, v in raw.items():
            item = f"{dotted}[{json.dumps(k) if isinstance(k, str) else k}]"
            key = _scalar(key_fd, k, item, True, False, "")
            if val_fd.message_type is not None:
                if not isinstance(v, Mapping):
                    raise InvalidArgument(f"invalid value for field {item}: expected an object")
                _fill(target[key], v, item, {}, {})
            elif v is None:
                raise InvalidArgument(f"invalid value for field {item}: null")
            else:
                target[key] = _scalar(val_fd, v, item, from_text, spec.js_conv, spec.thrift_type)
        return
    if spec.is_repeated:
        if isinstance(raw, (str, bytes, Mapping)) or not hasattr(raw, "__iter__"):
            raise InvalidArgument(f"invalid value for field {dotted}: expected an array")
        target = getattr(msg, spec.name)
        for i, v in enumerate(raw):
            item = f"{dotted}[{i}]"
            if fd.message_type is not None:
                if not isinstance(v, Mapping):
                    raise InvalidArgument(f"invalid value for field {item}: expected an object")
                _fill(target.add(), v, item, {}, {})
            elif v is None:
                raise InvalidArgument(f"invalid value for field {item}: null")
            else:
                target.append(_scalar(fd, v, item, from_text, spec.js_conv, spec.thrift_type))
        return
    if fd.message_type is not None:
        if from_text:
            try:
                raw = json.loads(raw)
            except ValueError:
                raise InvalidArgument(f"invalid value for field {dotted}: expected a JSON object") from None
        if not isinstance(raw, Mapping):
            raise InvalidArgument(f"invalid value for field {dotted}: expected an object")
        sub = getattr(msg, spec.name)
        sub.SetInParent()
        _fill(sub, raw, dotted, {}, {})
        return
    if spec.json_text and not isinstance(raw, str) and raw is not None:
        raw = json.dumps(raw, ensure_ascii=False)
    setattr(msg, spec.name, _scalar(fd, raw, dotted, from_text, spec.js_conv, spec.thrift_type))


def _bad(dotted: str, why: str) -> InvalidArgument:
    return InvalidArgument(f"invalid value for field {dotted}: {why}")


def _scalar(fd: FieldDescriptor, v: Any, dotted: str, from_text: bool, js_conv: bool, thrift_type: str) -> Any:
    t = fd.type
    if t == FieldDescriptor.TYPE_BOOL:
        if isinstance(v, bool):
            return v
        if from_text and isinstance(v, str) and v.lower() in ("true", "false", "1", "0"):
            return v.lower() in ("true", "1")
        raise _bad(dotted, "expected a boolean")
    if t in _INT32 or t in _INT64 or t in _UINT32 or t in _UINT64 or t == FieldDescriptor.TYPE_ENUM:
        wide = t in _INT64 or t in _UINT64
        if isinstance(v, bool):
            raise _bad(dotted, "expected an integer")
        if isinstance(v, float):
            if not v.is_integer():
                raise _bad(dotted, "expected an integer")
            v = int(v)
        elif isinstance(v, str):
            if not (from_text or wide or js_conv):
                raise _bad(dotted, "expected an integer, got a string")
            try:
                v = int(v.strip(), 10)
            except ValueError:
                raise _bad(dotted, f"{v!r} is not an integer") from None
        elif not isinstance(v, int):
            raise _bad(dotted, "expected an integer")
        if t == FieldDescriptor.TYPE_ENUM:
            if fd.enum_type.values_by_number.get(v) is None:
                raise _bad(dotted, f"unknown {fd.enum_type.name} value {v}")
            return v
        if t in _UINT32 or t in _UINT64:
            lo, hi = 0, 2 ** (64 if wide else 32) - 1
        else:
            lo, hi = _RANGES.get(thrift_type, (-(2 ** (63 if wide else 31)), 2 ** (63 if wide else 31) - 1))
        if not lo <= v <= hi:
            raise _bad(dotted, f"{v} is out of range")
        return v
    if t in _FLOAT:
        if isinstance(v, bool):
            raise _bad(dotted, "expected a number")
        if isinstance(v, (int, float)):
            return float(v)
        if isinstance(v, str) and (from_text or v in ("NaN", "Infinity", "-Infinity")):
            try:
                return float(v)
            except ValueError:
                raise _bad(dotted, f"{v!r} is not a number") from None
        raise _bad(dotted, "expected a number")
    if t == FieldDescriptor.TYPE_STRING:
        if isinstance(v, str):
            return v
        raise _bad(dotted, "expected a string")
    if t == FieldDescriptor.TYPE_BYTES:
        if not isinstance(v, str):
            raise _bad(dotted, "expected a base64 string")
        try:
            s = v.strip()
            s += "=" * (-len(s) % 4)
            return base64.b64decode(s.replace("-", "+").replace("_", "/"), validate=True)
        except (binascii.Error, ValueError):
            raise _bad(dotted, "malformed base64") from None
    raise _bad(dotted, f"unsupported field type {t}")


def empty_containers(data: Any, message_cls: type[Message]) -> frozenset[str]:
    """Dotted paths, by proto field name (`bot_info.workflow_info_list`), of the repeated and map
    fields the JSON body sent as `[]` or `{}`: proto3 keeps no presence for them, so an update
    request cannot otherwise tell "clear this list" from "leave it alone".

    Only paths through singular message fields are followed: an element of a list is a whole
    value (nothing in it is "left alone"), so its empty lists mean empty already. That also keeps
    the set as small as the schema, whatever the size of the body."""
    out: set[str] = set()
    _collect_empty(data, message_cls.DESCRIPTOR, "", out)
    return frozenset(out)


def _collect_empty(data: Any, desc: Descriptor, prefix: str, out: set[str]) -> None:
    if not isinstance(data, Mapping):
        return
    for spec in _specs(desc):
        value = data.get(spec.key)
        if spec.is_repeated or spec.is_map:
            if isinstance(value, (list, Mapping)) and not value:
                out.add(_join(prefix, spec.name))
        elif spec.fd.message_type is not None and isinstance(value, Mapping):
            _collect_empty(value, spec.fd.message_type, _join(prefix, spec.name), out)


# ------------------------------------------------------------------------ proto -> JSON


def message_to_json(msg: Message) -> dict[str, Any]:
    """Render a message as Coze-style JSON (see the module docstring)."""
    out: dict[str, Any] = {}
    for spec in _specs(msg.DESCRIPTOR):
        fd = spec.fd
        if spec.is_map:
            val_fd = fd.message_type.fields_by_name["value"]
            key_fd = fd.message_type.fields_by_name["key"]
            out[spec.key] = {
                _map_key(key_fd, k): _value_to_json(val_fd, v, spec.js_conv)
                for k, v in sorted(getattr(msg, spec.name).items())
            }
        elif spec.is_repeated:
            out[spec.key] = [_value_to_json(fd, v, spec.js_conv) for v in getattr(msg, spec.name)]
        elif fd.message_type is not None:
            if msg.HasField(spec.name):
                out[spec.key] = message_to_json(getattr(msg, spec.name))
            elif not spec.optional:
                out[spec.key] = None
        elif spec.has_presence and not msg.HasField(spec.name):
            continue  # thrift optional, unset: omitted like Go's omitempty
        else:
            out[spec.key] = _value_to_json(fd, getattr(msg, spec.name), spec.js_conv)
    return out


def _map_key(fd: FieldDescriptor, k: Any) -> str:
    if isinstance(k, bool):
        return "true" if k else "false"
    return str(k)


def _value_to_json(fd: FieldDescriptor, v: Any, js_conv: bool) -> Any:
    if fd.message_type is not None:
        return message_to_json(v)
    t = fd.type
    if t in _INT64 or t in _UINT64:
        return str(v) if js_conv else int(v)
    if t == FieldDescriptor.TYPE_BYTES:
        return base64.b64encode(v).decode("ascii")
    if t in _FLOAT and (math.isnan(v) or math.isinf(v)):
        return "NaN" if math.isnan(v) else ("Infinity" if v > 0 else "-Infinity")
    return v
