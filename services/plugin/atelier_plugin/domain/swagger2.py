"""Swagger 2.0 -> OpenAPI 3.0.3, as the OpenAPI 3 specification's own migration notes map it.

- schemes + host + basePath -> servers; definitions / parameters / responses / securityDefinitions
  -> components (refs rewritten to match);
- body parameters -> requestBody (one entry per JSON type the operation consumes); formData
  parameters -> one object schema, multipart when a field is a file or the operation consumes
  multipart/form-data, urlencoded otherwise;
- non-body parameters get a schema; collectionFormat -> style/explode; responses get content per
  type produced; x-nullable -> nullable; type file -> string/binary."""

from __future__ import annotations

import copy
from typing import Any

from atelier_plugin.domain.refs import DocumentRefs
from atelier_plugin.domain.schemas import map_subschemas
from atelier_plugin.domain.spec_validation import validate_swagger2
from atelier_plugin.domain.tools import OPERATION_METHODS, WRITTEN_OPENAPI_VERSION

_PARAMETER_SCHEMA_KEYS = ("type", "format", "default", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum",
                          "maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "enum",
                          "multipleOf")
# collectionFormat -> (style, explode) of a query parameter; path and header lists are always 'simple'.
_QUERY_COLLECTIONS = {"csv": ("form", False), "ssv": ("spaceDelimited", False), "pipes": ("pipeDelimited", False),
                      "multi": ("form", True), "tsv": ("form", False)}
_OAUTH_FLOWS = {"implicit": "implicit", "password": "password", "application": "clientCredentials",
                "accessCode": "authorizationCode"}
_REF_PREFIXES = (("#/definitions/", "#/components/schemas/"), ("#/parameters/", "#/components/parameters/"),
                 ("#/responses/", "#/components/responses/"))


def swagger2_to_openapi3(document: dict[str, Any]) -> dict[str, Any]:
    """The OpenAPI 3.0 form of a Swagger 2.0 document (validated first; raises PluginSpecError)."""
    refs = DocumentRefs(document)
    refs.check()
    validate_swagger2(document)
    return _Converter(document, refs).convert()


class _Converter:
    def __init__(self, document: dict[str, Any], refs: DocumentRefs) -> None:
        self.doc = document
        self.refs = refs

    def convert(self) -> dict[str, Any]:
        doc = self.doc
        out: dict[str, Any] = {"openapi": WRITTEN_OPENAPI_VERSION, "info": copy.deepcopy(doc["info"])}
        server = self._server()
        if server:
            out["servers"] = [{"url": server}]
        for key in ("tags", "security", "externalDocs"):
            if key in doc:
                out[key] = copy.deepcopy(doc[key])
        out["paths"] = {path: self._path_item(path, item) for path, item in doc["paths"].items()
                        if not path.startswith("x-")}
        components: dict[str, Any] = {}
        if doc.get("definitions"):
            components["schemas"] = {name: self._schema(s) for name, s in doc["definitions"].items()}
        shared = {name: self._parameter(p) for name, p in (doc.get("parameters") or {}).items()
                  if p.get("in") not in ("body", "formData")}
        if shared:
            components["parameters"] = shared
        if doc.get("responses"):
            components["responses"] = {name: self._response(r, self._produces({})) for name, r in doc["responses"].items()}
        if doc.get("securityDefinitions"):
            components["securitySchemes"] = {name: _security_scheme(s) for name, s in doc["securityDefinitions"].items()}
        if components:
            out["components"] = components
        return out

    def _server(self) -> str | None:
        host = self.doc.get("host")
        if not host:
            return None
        schemes = self.doc.get("schemes") or ["https"]
        scheme = "https" if "https" in schemes else schemes[0]
        return f"{scheme}://{host}{self.doc.get('basePath', '')}".rstrip("/")

    def _path_item(self, path: str, item: dict[str, Any]) -> dict[str, Any]:
        item, where = self.refs.deref(item, ["paths", path])
        shared = item.get("parameters") or []
        out: dict[str, Any] = {}
        plain = [self._parameter_or_ref(node, [*where, "parameters", i]) for i, node in enumerate(shared)]
        plain = [p for p in plain if p is not None]
        if plain:
            out["parameters"] = plain
        for method in OPERATION_METHODS:
            if method in item:
                out[method] = self._operation(item[method], shared, where, method)
        return out

    def _operation(self, operation: dict[str, Any], shared: list[Any], item_where: list[Any],
                   method: str) -> dict[str, Any]:
        out = {k: copy.deepcopy(operation[k]) for k in ("operationId", "summary", "description", "tags", "deprecated",
                                                          "security", "externalDocs") if k in operation}
        own = self._resolved(operation.get("parameters") or [], [*item_where, method, "parameters"])
        own_keys = {(r.get("name"), r.get("in")) for _, _, r in own}
        own_body = any(r.get("in") == "body" for _, _, r in own)
        # Non-body parameters of the path item stay there; its body and form fields move into each
        # operation that does not replace them.
        inherited = [(n, w, r) for n, w, r in self._resolved(shared, [*item_where, "parameters"])
                     if (r.get("in") == "formData" and (r.get("name"), "formData") not in own_keys)
                     or (r.get("in") == "body" and not own_body)]
        parameters: list[Any] = []
        body: dict[str, Any] | None = None
        form_properties: dict[str, Any] = {}
        form_required: list[str] = []
        for node, where, resolved in (*inherited, *own):
            location = resolved.get("in")
            if location == "body":
                body = self._request_body(resolved, operation)
            elif location == "formData":
                described = {"description": resolved["description"]} if resolved.get("description") else {}
                form_properties[resolved["name"]] = {**self._parameter_schema(resolved), **described}
                if resolved.get("required"):
                    form_required.append(resolved["name"])
            else:
                parameters.append(self._parameter_or_ref(node, where))
        if parameters:
            out["parameters"] = parameters
        if form_properties:
            body = self._form_body(form_properties, form_required, operation)
        if body is not None:
            out["requestBody"] = body
        produces = self._produces(operation)
        out["responses"] = {code: self._response(r, produces) for code, r in operation["responses"].items()
                            if not str(code).startswith("x-")}
        return out

    def _resolved(self, nodes: list[Any], where: list[Any]) -> list[tuple[Any, list[Any], dict[str, Any]]]:
        """(node as written, its location, the parameter it is or refers to) for each node."""
        return [(node, [*where, i], self.refs.deref(node, [*where, i])[0]) for i, node in enumerate(nodes)]

    def _consumes(self, operation: dict[str, Any]) -> list[str]:
        return list(operation.get("consumes") or self.doc.get("consumes") or ["application/json"])

    def _produces(self, operation: dict[str, Any]) -> list[str]:
        return list(operation.get("produces") or self.doc.get("produces") or ["application/json"])

    def _request_body(self, parameter: dict[str, Any], operation: dict[str, Any]) -> dict[str, Any]:
        consumes = self._consumes(operation)
        media_types = [m for m in consumes if "json" in m or m == "*/*"] or consumes
        schema = self._schema(parameter.get("schema", {}))
        body: dict[str, Any] = {"content": {m: {"schema": copy.deepcopy(schema)} for m in media_types},
                                "required": bool(parameter.get("required", False))}
        if parameter.get("description"):
            body["description"] = parameter["description"]
        return body

    def _form_body(self, properties: dict[str, Any], required: list[str], operation: dict[str, Any]) -> dict[str, Any]:
        has_file = any(p.get("format") == "binary" for p in properties.values())
        multipart = has_file or "multipart/form-data" in self._consumes(operation)
        media = "multipart/form-data" if multipart else "application/x-www-form-urlencoded"
        schema: dict[str, Any] = {"type": "object", "properties": properties}
        if required:
            schema["required"] = required
        return {"content": {media: {"schema": schema}}, "required": bool(required)}

    def _parameter_or_ref(self, node: Any, where: list[Any]) -> dict[str, Any] | None:
        """A non-body parameter (a $ref to a shared one stays a $ref); None for body and form data."""
        resolved, _ = self.refs.deref(node, where)
        if resolved.get("in") in ("body", "formData"):
            return None
        if isinstance(node, dict) and "$ref" in node:
            return {"$ref": _rewrite_ref(node["$ref"])}
        return self._parameter(resolved)

    def _parameter(self, parameter: dict[str, Any]) -> dict[str, Any]:
        location = parameter["in"]
        out: dict[str, Any] = {"name": parameter["name"], "in": location,
                               "required": bool(parameter.get("required", location == "path")),
                               "schema": self._parameter_schema(parameter)}
        for key in ("description", "allowEmptyValue"):
            if key in parameter and (key != "allowEmptyValue" or location == "query"):
                out[key] = parameter[key]
        if parameter.get("type") == "array":
            if location == "query":
                style, explode = _QUERY_COLLECTIONS.get(parameter.get("collectionFormat", "csv"), ("form", False))
                out["style"], out["explode"] = style, explode
            elif location in ("path", "header"):
                out["style"], out["explode"] = "simple", False
        return out

    def _parameter_schema(self, parameter: dict[str, Any]) -> dict[str, Any]:
        schema = {k: copy.deepcopy(parameter[k]) for k in _PARAMETER_SCHEMA_KEYS if k in parameter}
        if schema.get("type") == "file":
            schema["type"], schema["format"] = "string", "binary"
        if isinstance(parameter.get("items"), dict):
            schema["items"] = self._parameter_schema(parameter["items"])
        return schema

    def _response(self, response: dict[str, Any], produces: list[str]) -> dict[str, Any]:
        if "$ref" in response:
            return {"$ref": _rewrite_ref(response["$ref"])}
        out: dict[str, Any] = {"description": response.get("description", "")}
        if "schema" in response:
            schema = self._schema(response["schema"])
            out["content"] = {m: {"schema": copy.deepcopy(schema)} for m in produces}
        if response.get("headers"):
            out["headers"] = {name: {"schema": self._parameter_schema(h),
                                     **({"description": h["description"]} if h.get("description") else {})}
                              for name, h in response["headers"].items()}
        return out

    def _schema(self, schema: Any) -> Any:
        if not isinstance(schema, dict):
            return schema
        out = map_subschemas(schema, lambda sub, _path: self._schema(sub))
        if isinstance(out.get("$ref"), str):
            out["$ref"] = _rewrite_ref(out["$ref"])
        if "x-nullable" in out:
            out["nullable"] = bool(out.pop("x-nullable"))
        if out.get("type") == "file":
            out["type"], out["format"] = "string", "binary"
        if isinstance(out.get("discriminator"), str):
            out["discriminator"] = {"propertyName": out["discriminator"]}
        return out


def _rewrite_ref(ref: str) -> str:
    for old, new in _REF_PREFIXES:
        if ref.startswith(old):
            return new + ref[len(old):]
    return ref


def _security_scheme(scheme: dict[str, Any]) -> dict[str, Any]:
    kind = scheme.get("type")
    if kind == "basic":
        out: dict[str, Any] = {"type": "http", "scheme": "basic"}
    elif kind == "apiKey":
        out = {"type": "apiKey", "name": scheme["name"], "in": scheme["in"]}
    else:
        flow: dict[str, Any] = {"scopes": copy.deepcopy(scheme.get("scopes") or {})}
        for key in ("authorizationUrl", "tokenUrl"):
            if key in scheme:
                flow[key] = scheme[key]
        out = {"type": "oauth2", "flows": {_OAUTH_FLOWS.get(scheme.get("flow", ""), "implicit"): flow}}
    if scheme.get("description"):
        out["description"] = scheme["description"]
    return out
