"""/openapi.json describes what the routes really accept; /docs is Swagger UI served offline."""

from __future__ import annotations

import re

import pytest
from openapi_spec_validator import validate

pytestmark = pytest.mark.timeout(60)


async def test_openapi_is_valid_and_documents_uploads_as_multipart(rig) -> None:
    async with rig.client(token=None) as c:
        r = await c.get("/openapi.json")
    assert r.status_code == 200
    doc = r.json()
    validate(doc)
    for path, fields in (("/api/knowledge/document/upload", {"space_id", "dataset_id", "chunk_strategy"}),
                         ("/v1/files/upload", set())):
        body = doc["paths"][path]["post"]["requestBody"]["content"]
        assert list(body) == ["multipart/form-data"], path
        schema = body["multipart/form-data"]["schema"]
        assert schema["properties"]["file"]["format"] == "binary" and "file" in schema["required"]
        assert fields <= set(schema["properties"]), path
        # what the gateway fills in from the file is never asked of the client
        assert not {"tos_uri", "size", "content", "content_type"} & set(schema["properties"]), path
    doc_upload = doc["paths"]["/api/knowledge/document/upload"]["post"]
    assert doc_upload["requestBody"]["content"]["multipart/form-data"]["encoding"]["chunk_strategy"] == {
        "contentType": "application/json"}
    # summaries and descriptions come from the IDL's comments
    assert doc_upload["summary"] == "Upload a file into a dataset as a new document"
    workspaces = doc["paths"]["/v1/workspaces"]["get"]
    assert "member of" in workspaces["summary"]
    assert {p["name"] for p in workspaces["parameters"]} == {"page_num", "page_size"}
    workspace = doc["components"]["schemas"]["permission.Workspace"]
    assert "owner | admin | member" in workspace["properties"]["role_type"]["description"]


async def test_docs_is_swagger_ui_with_every_asset_served_locally(rig) -> None:
    async with rig.client(token=None) as c:
        page = await c.get("/docs")
        assert page.status_code == 200 and "text/html" in page.headers["content-type"]
        assert 'url: "openapi.json"' in page.text and "SwaggerUIBundle(" in page.text
        refs = re.findall(r'(?:src|href)="([^"]+)"', page.text)
        assert refs and not [u for u in refs if "//" in u], f"the page must not load anything remote: {refs}"
        assert "validatorUrl: null" in page.text  # Swagger UI would otherwise call an online validator
        kinds = {}
        for ref in refs:
            asset = await c.get(f"/{ref}")
            assert asset.status_code == 200, ref
            kinds[ref.rsplit(".", 1)[-1]] = (asset.headers["content-type"], asset.content)
        assert kinds["js"][0].startswith(("text/javascript", "application/javascript"))
        assert b"SwaggerUIBundle" in kinds["js"][1] and len(kinds["js"][1]) > 500_000
        assert kinds["css"][0].startswith("text/css") and b".swagger-ui" in kinds["css"][1]
        assert kinds["png"][0] == "image/png"
        # only the page's own assets: nothing else of the package (its index.html loads a remote demo)
        for name in ("index.html", "swagger-initializer.js", "..%2F__init__.py"):
            assert (await c.get(f"/docs/assets/{name}")).status_code == 404, name
