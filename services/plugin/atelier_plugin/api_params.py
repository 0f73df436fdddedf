"""The console's parameter lists (Coze's APIParameter trees) <-> an OpenAPI operation.

Reading follows Coze Studio: path/query/header parameters keep their location, the request body's
JSON (or form) object properties are Body parameters, the 200 (else first 2xx) JSON answer's
properties are the response parameters; `default` is the global default and `x-global-disable`
hides a parameter from the model. $refs are followed with the domain's DocumentRefs. Writing
builds the operation back (no $refs); what the lists cannot say (cookie parameters, a form body's
media type, description and other keys) is kept from the operation being edited.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

from atelier_common.errors import InvalidArgument
from atelier_plugin.domain.errors import PluginSpecError
from atelier_plugin.domain.refs import DocumentRefs
from atelier_proto import plugin_pb2 as ppb
from atelier_proto.enums import ParameterLocation, ParameterType

GLOBAL_DISABLE = "x-global-disable"
ARRAY_ITEM = "[Array Item]"
JSON_MEDIA = "application/json"
NAME_RE = re.compile(r"^[A-Za-z0-9_-]{1,64}$")  # what model APIs accept as a function name
_PATH_PARAM = re.compile(r"{([^{}]+)}")

_TYPES = {"string": ParameterType.String, "integer": ParameterType.Integer, "number": ParameterType.Number,
          "object": ParameterType.Object, "array": ParameterType.Array, "boolean": ParameterType.Bool}
_TYPE_NAMES = {v: k for k, v in _TYPES.items()}
_LOCATIONS = {"path": ParameterLocation.Path, "query": ParameterLocation.Query, "header": ParameterLocation.Header}
_LOCATION_NAMES = {v: k for k, v in _LOCATIONS.items()}


# ---------------------------------------------------------------- operation -> parameters


def _type_of(schema: dict[str, Any]) -> str:
    kind = schema.get("type")
    if isinstance(kind, list):  # OpenAPI 3.1: ["string", "null"]
        kind = next((k for k in kind if k != "null"), None)
    if kind in _TYPES:
        return kind
    if "properties" in schema:
        return "object"
    if "items" in schema:
        return "array"
    return "string"


def _default_text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def _param(name: str, schema: dict[str, Any], location: ParameterLocation, required: bool, desc: str,
           path: str) -> ppb.APIParameter:
    kind = _type_of(schema)
    param = ppb.APIParameter(id=path, name=name, desc=desc or schema.get("description", ""), type=_TYPES[kind],
                             location=location, is_required=required,
                             global_disable=bool(schema.get(GLOBAL_DISABLE, False)))
    if "default" in schema:
        param.global_default = _default_text(schema["default"])
    if kind == "object":
        required_names = set(schema.get("required") or ())
        param.sub_parameters.extend(
            _param(sub, sub_schema, location, sub in required_names, "", f"{path}.{sub}")
            for sub, sub_schema in (schema.get("properties") or {}).items() if isinstance(sub_schema, dict))
    elif kind == "array":
        items = schema.get("items") if isinstance(schema.get("items"), dict) else {}
        item = _param(ARRAY_ITEM, items, location, required, "", f"{path}[]")
        param.sub_type = item.type
        param.sub_parameters.append(item)
    return param


def body_media(request_body: Any) -> tuple[str, dict[str, Any]] | None:
    """A request body object's media type and schema (JSON first, then forms)."""
    content = (request_body.get("content") if isinstance(request_body, dict) else None) or {}
    for media in (JSON_MEDIA, "application/x-www-form-urlencoded", "multipart/form-data", *content):
        if media in content:
            return media, (content[media] or {}).get("schema") or {}
    return None


def request_params(document: dict[str, Any], path: str, method: str) -> list[ppb.APIParameter]:
    """The parameters of the operation at (path, method): the path item's shared ones, the
    operation's (which win), then the body's properties."""
    refs = DocumentRefs(document)
    item, item_where = refs.deref(document["paths"][path], ["paths", path])
    operation, where = item[method], [*item_where, method]
    found: dict[tuple[str, str], ppb.APIParameter] = {}
    for nodes, base in ((item.get("parameters") or [], [*item_where, "parameters"]),
                        (operation.get("parameters") or [], [*where, "parameters"])):
        for i, node in enumerate(nodes):
            raw, raw_where = refs.deref(node, [*base, i])
            if not isinstance(raw, dict) or raw.get("in") not in _LOCATIONS:
                continue
            schema = refs.inline_schema(raw.get("schema") or {}, [*raw_where, "schema"])
            found[(raw["name"], raw["in"])] = _param(raw["name"], schema, _LOCATIONS[raw["in"]],
                                                     bool(raw.get("required")), raw.get("description", ""),
                                                     f"{raw['in']}.{raw['name']}")
    params = list(found.values())
    if operation.get("requestBody") is not None:
        body, body_where = refs.deref(operation["requestBody"], [*where, "requestBody"])
        chosen = body_media(body)
        if chosen is not None:
            schema = refs.inline_schema(chosen[1], [*body_where, "content", chosen[0], "schema"])
            required = set(schema.get("required") or ())
            params.extend(_param(name, sub, ParameterLocation.Body, name in required, "", f"body.{name}")
                          for name, sub in (schema.get("properties") or {}).items() if isinstance(sub, dict))
    return params


def as_plugin_parameters(params: Iterable[ppb.APIParameter]) -> list[ppb.PluginParameter]:
    """Console parameters as the agent editor's plugin list shows them (Coze's PluginParameter:
    the type by name)."""
    return [ppb.PluginParameter(name=p.name, desc=p.desc, required=p.is_required, type=_TYPE_NAMES.get(p.type, "string"),
                                sub_type=_TYPE_NAMES.get(p.sub_type, "") if p.HasField("sub_type") else "",
                                sub_parameters=as_plugin_parameters(p.sub_parameters))
            for p in params]


def schema_params(schema: dict[str, Any]) -> list[ppb.APIParameter]:
    """The properties of an arguments object's JSON schema (an MCP tool's input schema, its $refs
    inlined) as Body parameters. A schema whose references do not resolve lists no parameters."""
    try:
        inlined = DocumentRefs(schema).inline_schema(schema, [])
    except PluginSpecError:
        return []
    required = set(inlined.get("required") or ())
    return [_param(name, sub, ParameterLocation.Body, name in required, "", f"body.{name}")
            for name, sub in (inlined.get("properties") or {}).items() if isinstance(sub, dict)]


def response_params(document: dict[str, Any], path: str, method: str) -> list[ppb.APIParameter]:
    """The properties of the operation's 200 (else first 2xx) JSON answer."""
    refs = DocumentRefs(document)
    item, item_where = refs.deref(document["paths"][path], ["paths", path])
    where = [*item_where, method, "responses"]
    responses = item[method].get("responses") or {}
    code = "200" if "200" in responses else next((c for c in responses if str(c).startswith("2")), None)
    if code is None:
        return []
    response, response_where = refs.deref(responses[code], [*where, code])
    content = (response.get("content") if isinstance(response, dict) else None) or {}
    media = JSON_MEDIA if JSON_MEDIA in content else next(iter(content), None)
    if media is None:
        return []
    schema = refs.inline_schema((content[media] or {}).get("schema") or {}, [*response_where, "content", media])
    required = set(schema.get("required") or ())
    return [_param(name, sub, ParameterLocation.Body, name in required, "", f"response.{name}")
            for name, sub in (schema.get("properties") or {}).items() if isinstance(sub, dict)]


# ---------------------------------------------------------------- parameters -> operation


def _typed_default(param: ppb.APIParameter, where: str) -> Any:
    text = param.global_default
    if param.type == ParameterType.String:
        return text
    try:
        value = json.loads(text)
    except json.JSONDecodeError:
        value = None
    expected = {ParameterType.Integer: int, ParameterType.Number: (int, float), ParameterType.Bool: bool,
                ParameterType.Object: dict, ParameterType.Array: list}[ParameterType(param.type)]
    if value is None or not isinstance(value, expected) or (param.type != ParameterType.Bool and isinstance(value, bool)):
        raise InvalidArgument(f"field '{where}.global_default': {text!r} is not a {_TYPE_NAMES[param.type]}")
    return value


def _schema(param: ppb.APIParameter, where: str) -> dict[str, Any]:
    if param.type not in _TYPE_NAMES:
        raise InvalidArgument(f"field '{where}.type': {param.type} is not a parameter type (1..6)")
    schema: dict[str, Any] = {"type": _TYPE_NAMES[param.type]}
    if param.desc:
        schema["description"] = param.desc
    if param.HasField("global_default") and param.global_default != "":
        schema["default"] = _typed_default(param, where)
    if param.global_disable:
        schema[GLOBAL_DISABLE] = True
    if param.type == ParameterType.Object:
        properties: dict[str, Any] = {}
        required: list[str] = []
        for i, sub in enumerate(param.sub_parameters):
            _check_name(sub.name, f"{where}.sub_parameters[{i}]")
            properties[sub.name] = _schema(sub, f"{where}.sub_parameters[{i}]")
            if sub.is_required:
                required.append(sub.name)
        schema["properties"] = properties
        if required:
            schema["required"] = required
    elif param.type == ParameterType.Array:
        if not param.sub_parameters:
            raise InvalidArgument(f"field '{where}.sub_parameters': an array needs its item ({ARRAY_ITEM})")
        schema["items"] = _schema(param.sub_parameters[0], f"{where}.sub_parameters[0]")
    return schema


def _check_name(name: str, where: str) -> None:
    if not name.strip():
        raise InvalidArgument(f"field '{where}.name': required")


def operation_of(*, name: str, desc: str | None, path: str, request: Iterable[ppb.APIParameter] | None,
                 response: Iterable[ppb.APIParameter] | None, base: dict[str, Any] | None = None) -> dict[str, Any]:
    """The operation the lists describe, on top of `base` (the operation being edited); a list or
    desc left None keeps what `base` has. The console's desc is the summary (and replaces a longer
    description)."""
    operation = dict(base or {})
    operation["operationId"] = name
    if desc is not None:
        operation["summary"] = desc
        operation.pop("description", None)
    if request is not None:
        kept_cookies = [p for p in operation.get("parameters") or () if isinstance(p, dict) and p.get("in") == "cookie"]
        parameters: list[dict[str, Any]] = []
        body: dict[str, Any] = {"type": "object", "properties": {}}
        body_required: list[str] = []
        seen: set[tuple[int, str]] = set()
        for i, param in enumerate(request):
            where = f"request_params[{i}]"
            _check_name(param.name, where)
            key = (param.location, param.name)
            if key in seen:
                raise InvalidArgument(f"field '{where}.name': {param.name!r} is given twice in one location")
            seen.add(key)
            if param.location == ParameterLocation.Body:
                body["properties"][param.name] = _schema(param, where)
                if param.is_required:
                    body_required.append(param.name)
                continue
            if param.location not in _LOCATION_NAMES:
                raise InvalidArgument(f"field '{where}.location': {param.location} is not 1 (path), 2 (query), "
                                      "3 (body) or 4 (header)")
            if param.type == ParameterType.Object:
                raise InvalidArgument(f"field '{where}.type': a {_LOCATION_NAMES[param.location]} parameter "
                                      "cannot be an object")
            if param.location == ParameterLocation.Path and param.type == ParameterType.Array:
                raise InvalidArgument(f"field '{where}.type': a path parameter cannot be an array")
            entry = {"name": param.name, "in": _LOCATION_NAMES[param.location],
                     "required": param.is_required or param.location == ParameterLocation.Path,
                     "schema": _schema(param, where)}
            if param.desc:
                entry["description"] = param.desc
            parameters.append(entry)
        operation["parameters"] = parameters + kept_cookies
        if body["properties"]:
            if body_required:
                body["required"] = body_required
            media = (body_media((base or {}).get("requestBody")) or (JSON_MEDIA, {}))[0]
            operation["requestBody"] = {"required": bool(body_required), "content": {media: {"schema": body}}}
        else:
            operation.pop("requestBody", None)
        _check_path_params(path, parameters)
    if response is not None:
        properties = {}
        required = []
        for i, param in enumerate(response):
            _check_name(param.name, f"response_params[{i}]")
            properties[param.name] = _schema(param, f"response_params[{i}]")
            if param.is_required:
                required.append(param.name)
        schema: dict[str, Any] = {"type": "object", "properties": properties}
        if required:
            schema["required"] = required
        operation["responses"] = {"200": {"description": "OK", "content": {JSON_MEDIA: {"schema": schema}}}}
    operation.setdefault("responses", {"200": {"description": "OK"}})
    return operation


def _check_path_params(path: str, parameters: list[dict[str, Any]]) -> None:
    in_path = set(_PATH_PARAM.findall(path))
    declared = {p["name"] for p in parameters if p["in"] == "path"}
    if missing := sorted(in_path - declared):
        raise InvalidArgument(f"field 'request_params': the path {path} needs the path parameter(s) {', '.join(missing)}")
    if extra := sorted(declared - in_path):
        raise InvalidArgument(f"field 'request_params': path parameter(s) {', '.join(extra)} do not appear in "
                              f"the path {path}")


def location_name(location: int) -> str:
    """path, query or header (Body has no OpenAPI parameter location)."""
    return _LOCATION_NAMES[ParameterLocation(location)]


def check_tool_name(name: str, field: str = "name") -> str:
    name = name.strip()
    if not NAME_RE.match(name):
        raise InvalidArgument(f"field '{field}': {name!r} must be 1 to 64 letters, digits, '_' or '-' "
                              "(the name the model calls the tool by)")
    return name


def check_path(path: str, field: str = "path") -> str:
    path = path.strip()
    if not path.startswith("/"):
        raise InvalidArgument(f"field '{field}': {path!r} must start with '/'")
    return path
