"""convert_to_openapi: Swagger 2.0, cURL and Postman inputs become OpenAPI 3 documents the importer
accepts; credentials in the inputs never reach the documents."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from atelier_plugin.domain.conversion import convert_to_openapi, detect_format
from atelier_plugin.domain.errors import DuplicateOperationsError, PluginSpecError
from atelier_plugin.domain.openapi_import import parse_openapi
from atelier_proto.enums import PluginDataFormat

DATA = Path(__file__).parent / "data"
PETSTORE = (DATA / "petstore_swagger.json").read_text()
SHOP = (DATA / "shop.postman_collection.json").read_text()
WEATHER = (DATA / "weather.yaml").read_text()


def error_of(text: str, **options) -> str:
    with pytest.raises(PluginSpecError) as e:
        convert_to_openapi(text, **options)
    return e.value.msg


def test_formats_are_detected():
    assert detect_format(WEATHER) == PluginDataFormat.OpenAPI
    assert detect_format(PETSTORE) == PluginDataFormat.Swagger
    assert detect_format(SHOP) == PluginDataFormat.Postman
    assert detect_format("  curl https://api.example.com") == PluginDataFormat.Curl
    assert detect_format("$ curl -s https://api.example.com") == PluginDataFormat.Curl


def test_unknown_inputs_are_refused():
    expected = ("cannot tell the format: expected an OpenAPI 3 or Swagger 2.0 document (JSON or YAML), "
                "a Postman collection (v2.x) or a cURL command")
    assert error_of("wget https://api.example.com") == expected
    assert error_of('{"name": "something else"}') == expected
    assert error_of('{"openapi": ').startswith("not valid JSON")
    assert error_of('{"swagger": "1.2", "info": {}}') == "swagger: version '1.2' is not supported; Swagger 2.0 is"


def test_an_openapi_3_document_is_returned_as_it_is():
    conversion = convert_to_openapi(WEATHER)

    assert conversion.format == PluginDataFormat.OpenAPI
    assert conversion.document["paths"].keys() == {"/forecast/{city}", "/alerts", "/alerts/{id}/ack"}
    assert len(conversion.spec.tools) == 4


# ---------------------------------------------------------------- Swagger 2.0


def test_petstore_swagger_becomes_openapi_3_with_servers_components_and_bodies():
    conversion = convert_to_openapi(PETSTORE)
    document = conversion.document

    assert conversion.format == PluginDataFormat.Swagger
    assert document["openapi"] == "3.0.3"
    assert document["servers"] == [{"url": "https://petstore.swagger.io/v2"}]  # https preferred
    assert set(document["components"]["schemas"]) == {"Category", "Tag", "Pet", "ApiResponse"}
    assert document["components"]["schemas"]["Pet"]["properties"]["category"] == {"$ref": "#/components/schemas/Category"}
    assert document["components"]["securitySchemes"]["petstore_auth"]["flows"]["implicit"]["authorizationUrl"] == \
        "https://petstore.swagger.io/oauth/authorize"
    assert document["components"]["securitySchemes"]["api_key"] == {"type": "apiKey", "name": "api_key", "in": "header"}
    add_pet = document["paths"]["/pet"]["post"]
    assert add_pet["requestBody"] == {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}},
                                      "required": True, "description": "Pet object"}
    assert parse_openapi(document).title == "Swagger Petstore"  # the importer accepts the result


def test_swagger_parameters_keep_their_serialisation_and_shared_refs():
    spec = convert_to_openapi(PETSTORE).spec
    find = spec.tool("findPetsByStatus")
    styles = {p.name: (p.style, p.explode) for p in find.parameters}

    assert styles == {"status": ("form", True), "fields": ("form", False), "limit": ("form", True)}
    schema = find.model_schema()
    assert schema["required"] == ["status"]
    assert schema["properties"]["status"]["items"]["enum"] == ["available", "pending", "sold"]
    assert schema["properties"]["limit"] == {"type": "integer", "default": 20, "maximum": 100}
    # the path item's shared petId ($ref to a global parameter) reaches both of its operations
    assert spec.tool("getPetById").model_schema()["required"] == ["petId"]


def test_swagger_form_data_becomes_urlencoded_or_multipart_bodies():
    spec = convert_to_openapi(PETSTORE).spec

    update = spec.tool("updatePetWithForm")
    assert (update.request_body.media_type, update.request_body.encoding) == ("application/x-www-form-urlencoded", "form")
    assert update.model_schema()["required"] == ["petId", "status"]
    upload = spec.tool("uploadFile")
    assert upload.request_body.encoding == "multipart"
    assert upload.model_schema()["properties"]["file"] == {"type": "string", "format": "binary"}


def test_swagger_schema_dialect_is_translated():
    pet = convert_to_openapi(PETSTORE).spec.tool("addPet").model_schema()

    assert "id" not in pet["properties"]  # readOnly
    assert pet["properties"]["status"]["type"] == ["string", "null"]  # x-nullable
    assert pet["properties"]["tags"]["items"]["properties"]["name"] == {"type": "string"}
    assert pet["required"] == ["name", "photoUrls"]


def test_a_swagger_document_without_host_needs_the_plugin_url():
    no_host = json.loads(PETSTORE)
    del no_host["host"]

    assert error_of(json.dumps(no_host)).startswith("servers: the document names no server to call")
    placed = convert_to_openapi(json.dumps(no_host), server_url="https://pets.internal.example.com/v2")
    assert placed.spec.server_url == "https://pets.internal.example.com/v2"


def test_invalid_swagger_is_refused_with_its_location():
    broken = json.loads(PETSTORE)
    broken["paths"]["/pet"]["post"]["parameters"][0]["in"] = "bodyy"

    assert error_of(json.dumps(broken)).startswith("paths./pet.post.parameters[0]: ")


# ---------------------------------------------------------------- cURL


CURL_CHAT = r"""curl -X POST 'https://api.example.com/v1/chat?lang=en&tag=a&tag=b' \
  -H 'Content-Type: application/json' \
  -H "X-Api-Key: sk-live-123456" \
  -H 'X-Client: web app' \
  -H 'Authorization: Bearer abc.def' \
  --compressed -s \
  -d '{"message": "it'"'"'s sunny", "options": {"temperature": 0.5, "stream": false}, "tags": ["x"]}'"""


def test_a_curl_command_becomes_one_operation():
    conversion = convert_to_openapi(CURL_CHAT)
    document = conversion.document

    assert conversion.format == PluginDataFormat.Curl
    assert document["servers"] == [{"url": "https://api.example.com"}]
    operation = document["paths"]["/v1/chat"]["post"]
    assert operation["operationId"] == "post_v1_chat"
    tool = conversion.spec.tools[0]
    schema = tool.model_schema()
    assert list(schema["properties"]) == ["lang", "tag", "X-Client", "message", "options", "tags"]
    assert schema["required"] == ["lang", "tag", "message", "options", "tags"]
    assert schema["properties"]["message"] == {"type": "string", "examples": ["it's sunny"]}
    assert schema["properties"]["tag"]["type"] == "array"
    # a constant header of the call: optional, with its value as the default
    assert schema["properties"]["X-Client"] == {"type": "string", "default": "web app"}
    assert schema["properties"]["options"]["properties"]["stream"] == {"type": "boolean", "examples": [False]}


def test_curl_credentials_become_security_schemes_and_their_values_are_dropped():
    document = convert_to_openapi(CURL_CHAT).document
    text = json.dumps(document)

    assert "sk-live-123456" not in text and "abc.def" not in text
    assert document["components"]["securitySchemes"] == {
        "header_X-Api-Key": {"type": "apiKey", "in": "header", "name": "X-Api-Key"},
        "bearerAuth": {"type": "http", "scheme": "bearer"},
    }
    assert document["paths"]["/v1/chat"]["post"]["security"] == [{"header_X-Api-Key": [], "bearerAuth": []}]


@pytest.mark.parametrize("command, method, path, media, arguments", [
    ("curl https://api.example.com/users", "GET", "/users", None, []),
    ("curl api.example.com/users?page=2", "GET", "/users", None, ["page"]),
    ("curl -I https://api.example.com/health", "HEAD", "/health", None, []),
    ("curl -XDELETE https://api.example.com/users/7", "DELETE", "/users/7", None, []),
    ("curl https://api.example.com/users -d name=Ada -d 'role=admin'", "POST", "/users",
     "application/x-www-form-urlencoded", ["name", "role"]),
    ("curl https://api.example.com/search -G -d q=rust --data-urlencode 'lang=en us'", "GET", "/search", None,
     ["q", "lang"]),
    ("curl https://api.example.com/users -d '{\"name\": \"Ada\"}'", "POST", "/users", "application/json", ["name"]),
    ("curl --json '{\"name\": \"Ada\"}' https://api.example.com/users", "POST", "/users", "application/json", ["name"]),
    ("curl -X PATCH https://api.example.com/users/1 -H 'Content-Type: application/merge-patch+json' "
     "--data-raw '{\"role\": null}'", "PATCH", "/users/1", "application/merge-patch+json", ["role"]),
    ("curl -F 'name=Ada' -F 'avatar=@me.png' https://api.example.com/profile", "POST", "/profile",
     "multipart/form-data", ["name", "avatar"]),
    ("curl -u ada:pw -b 'theme=dark; sessionid=s3cr3t' https://api.example.com/me", "GET", "/me", None, ["theme"]),
    ("curl --url https://api.example.com/items/{id} -o out.json -m 10", "GET", "/items/{id}", None, ["id"]),
    ("curl -H 'Cookie: lang=fr; session=s' https://api.example.com/me", "GET", "/me", None, ["lang"]),
])
def test_curl_options_shape_the_operation(command, method, path, media, arguments):
    tool = convert_to_openapi(command).spec.tools[0]

    assert (tool.method, tool.path) == (method, path)
    assert (tool.request_body.media_type if tool.request_body else None) == media
    assert [a.name for a in tool.arguments] == arguments


def test_curl_basic_auth_and_secret_cookies_never_reach_the_document():
    document = convert_to_openapi("curl -u ada:pw -b 'theme=dark; sessionid=s3cr3t' https://api.example.com/me").document

    assert "s3cr3t" not in json.dumps(document) and "pw" not in json.dumps(document["paths"])
    assert document["components"]["securitySchemes"] == {
        "basicAuth": {"type": "http", "scheme": "basic"},
        "cookie_sessionid": {"type": "apiKey", "in": "cookie", "name": "sessionid"},
    }


BROWSER_COPY = r"""curl 'https://api.example.com/v1/search' \
  -H 'accept: */*' \
  -H 'accept-language: en-GB,en;q=0.9' \
  -H 'content-type: application/json' \
  -H 'origin: https://app.example.com' \
  -H 'sec-ch-ua: "Chromium";v="124"' \
  -H 'sec-fetch-mode: cors' \
  -H 'x-app-version: 4.2.0' \
  -b 'theme=dark; sid=abc123' \
  --data-raw $'{"q":"it\'s \\"quoted\\"\\nnext line","page":1,"lang":"日本"}'"""


def test_a_browsers_copy_as_curl_is_read_with_its_bash_quoting():
    conversion = convert_to_openapi(BROWSER_COPY)
    schema = conversion.spec.tools[0].model_schema()

    # browser and transport headers are no parameters; the app's own header and cookie stay constant
    assert list(schema["properties"]) == ["x-app-version", "theme", "q", "page", "lang"]
    assert schema["properties"]["q"]["examples"] == ['it\'s "quoted"\nnext line']
    assert schema["properties"]["lang"]["examples"] == ["日本"]
    assert "abc123" not in json.dumps(conversion.document)  # sid is a session cookie


@pytest.mark.parametrize("command, expected", [
    ("curl 'https://api.example.com", "the cURL command: cannot be split into words (No closing quotation); "
                                      "check its quotes"),
    ("http https://api.example.com", "cannot tell the format"),
    ("curl -s", "the cURL command: has no URL"),
    ("curl ftp://files.example.com/a", "the cURL command: URL 'ftp://files.example.com/a' is not an http(s) URL "
                                       "with a host"),
    ("curl https://a.example.com https://b.example.com", "the cURL command: has two URLs"),
    ("curl -d @body.json https://api.example.com", "the cURL command: '-d @body.json' reads a file"),
    ("curl -H 'NoColon' https://api.example.com", "the cURL command: header 'NoColon' is not 'Name: value'"),
    ("curl -H 'Content-Type: application/json' -d '{oops' https://api.example.com",
     "the cURL command: its JSON body is not valid JSON"),
    ("curl -H 'Content-Type: text/xml' -d '<a/>' https://api.example.com",
     "the cURL command: its body of type 'text/xml' cannot be described"),
    ("curl -X", "the cURL command: '-X' needs a value"),
])
def test_bad_curl_commands_are_refused(command, expected):
    assert error_of(command).startswith(expected)


# ---------------------------------------------------------------- Postman


def test_a_postman_collection_with_folders_and_variables_becomes_openapi():
    conversion = convert_to_openapi(SHOP)
    document = conversion.document
    spec = conversion.spec

    assert conversion.format == PluginDataFormat.Postman
    assert document["info"]["title"] == "Shop API"
    assert document["info"]["description"] == "Orders and customers of the shop."
    assert spec.server_url == "https://shop.example.com"  # from {{baseUrl}}
    assert [(t.name, t.method, t.path) for t in spec.tools] == [
        ("List_orders", "GET", "/api/orders"),
        ("Create_order", "POST", "/api/orders"),
        ("Get_order", "GET", "/api/orders/{orderId}"),
        ("Customer_orders", "GET", "/api/customers/{customerId}/orders"),
        ("Update_customer", "PUT", "/api/customers/{customerId}"),
    ]
    assert document["paths"]["/api/orders"]["get"]["tags"] == ["Orders"]
    assert spec.tool("List_orders").description == "List orders\n\nAll orders, newest first."


def test_postman_query_headers_and_path_variables_become_parameters():
    spec = convert_to_openapi(SHOP).spec

    orders = spec.tool("List_orders").model_schema()
    assert list(orders["properties"]) == ["status", "limit", "X-Shop-Region"]  # debug is disabled
    assert orders["properties"]["status"] == {"type": "string", "examples": ["open"], "description": "Order status"}
    assert orders["properties"]["X-Shop-Region"]["default"] == "eu"
    order = spec.tool("Get_order").model_schema()
    assert order["properties"]["orderId"] == {"type": "string", "examples": ["1001"], "description": "The order's id"}
    # {{customerId}} has no value: the segment becomes a path parameter
    assert spec.tool("Customer_orders").model_schema()["required"] == ["customerId"]


def test_postman_bodies_keep_their_shape():
    spec = convert_to_openapi(SHOP).spec

    create = spec.tool("Create_order").model_schema()
    assert create["required"] == ["customer", "items"]  # note is null, express an unquoted {{variable}}
    assert create["properties"]["items"]["items"]["properties"]["qty"] == {"type": "integer", "examples": [2]}
    assert create["properties"]["customer"] == {"type": "string"}  # "{{customerId}}" is no example
    update = spec.tool("Update_customer")
    assert update.request_body.encoding == "form"
    assert [a.name for a in update.arguments] == ["customerId", "name", "email"]


def test_postman_auth_is_inherited_and_its_secrets_are_dropped():
    document = convert_to_openapi(SHOP).document

    assert "secret-token-value" not in json.dumps(document)
    assert document["paths"]["/api/orders"]["get"]["security"] == [{"bearerAuth": []}]
    customers = document["paths"]["/api/customers/{customerId}/orders"]["get"]
    assert customers["security"] == [{"header_X-Customer-Key": []}]
    assert document["components"]["securitySchemes"]["header_X-Customer-Key"] == {
        "type": "apiKey", "in": "header", "name": "X-Customer-Key"}


def collection(*items, variables=()) -> str:
    return json.dumps({"info": {"name": "C", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/"
                                                        "collection.json"},
                       "variable": list(variables), "item": list(items)})


def test_repeated_requests_are_reported_unless_merged():
    items = [{"name": n, "request": {"method": "GET", "url": "https://api.example.com/users"}}
             for n in ("All users", "All users again")]

    with pytest.raises(DuplicateOperationsError) as e:
        convert_to_openapi(collection(*items))
    assert [(d.method, d.path, d.count) for d in e.value.duplicates] == [("GET", "/users", 2)]
    assert "GET /users (2 times)" in e.value.msg

    merged = convert_to_openapi(collection(*items), merge_same_paths=True)
    assert [t.name for t in merged.spec.tools] == ["All_users"]
    assert [(d.method, d.path, d.count) for d in merged.duplicates] == [("GET", "/users", 2)]


def test_postman_requests_must_share_one_host():
    message = error_of(collection({"name": "a", "request": {"url": "https://a.example.com/x"}},
                                  {"name": "b", "request": {"url": "https://b.example.com/y"}}))

    assert message == "item[1]: goes to https://b.example.com, not https://a.example.com; a plugin calls one server"


def test_an_undefined_host_variable_is_named_or_filled_by_the_plugin_url():
    undefined = collection({"name": "a", "request": {"url": "{{baseUrl}}/users"}})

    assert error_of(undefined) == ("item[0].request.url: the host is {{baseUrl}}, which the collection's variables do "
                                   "not define; define it, or give the plugin URL")
    placed = convert_to_openapi(undefined, server_url="https://api.example.com/v2")
    assert (placed.spec.server_url, placed.spec.tools[0].path) == ("https://api.example.com/v2", "/v2/users")


@pytest.mark.parametrize("body, expected", [
    ({"mode": "raw", "raw": "<xml/>", "options": {"raw": {"language": "xml"}}},
     "item[0].request.body.raw: a xml body cannot be described; tools send JSON or form data"),
    ({"mode": "raw", "raw": "{broken", "options": {"raw": {"language": "json"}}},
     "item[0].request.body.raw: the JSON body is not valid JSON"),
    ({"mode": "file", "file": {"src": "a.bin"}},
     "item[0].request.body.mode: a 'file' body cannot be described; tools send JSON or form data"),
])
def test_postman_bodies_that_cannot_be_described_are_refused(body, expected):
    item = {"name": "a", "request": {"method": "POST", "url": "https://api.example.com/x", "body": body}}

    assert error_of(collection(item)) == expected


def test_unresolved_variables_are_no_defaults():
    item = {"name": "a", "request": {"url": "https://api.example.com/x",
                                     "header": [{"key": "X-Tenant", "value": "{{tenant}}"}]}}

    tenant = convert_to_openapi(collection(item)).spec.tools[0].model_schema()["properties"]["X-Tenant"]

    assert tenant == {"type": "string"}


def test_other_postman_problems_are_refused():
    assert error_of(json.dumps({"id": "x", "name": "old", "requests": []})).startswith(
        "this is a Postman collection v1")
    assert error_of(collection()) == "item: the collection has no requests"
    digest = {"name": "a", "request": {"url": "https://api.example.com/x", "auth": {"type": "digest"}}}
    assert error_of(collection(digest)).startswith("item[0].request.auth.type: 'digest' auth is not supported")


def test_graphql_bodies_become_query_and_variables():
    item = {"name": "Search", "request": {"method": "POST", "url": "https://api.example.com/graphql", "body": {
        "mode": "graphql", "graphql": {"query": "query($q: String) { search(q: $q) { id } }",
                                       "variables": "{\"q\": \"ada\"}"}}}}

    tool = convert_to_openapi(collection(item)).spec.tools[0]

    assert [a.name for a in tool.arguments] == ["query", "variables"]
    assert tool.model_schema()["properties"]["variables"]["properties"]["q"]["type"] == "string"


def test_the_console_can_rename_and_describe_the_plugin():
    conversion = convert_to_openapi("curl https://api.example.com/ping", title="Pinger", description="Pings")

    assert (conversion.spec.title, conversion.spec.description) == ("Pinger", "Pings")
