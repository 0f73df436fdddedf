"""/openapi.json (atelier_proto's generated document) and /docs, an interactive reference: Swagger UI
from the pinned `swagger-ui-bundle-v2` package, its assets served by the gateway itself (no CDN: the
gateway may run without internet access), reading /openapi.json and sending requests with the
bearer token a user enters under "Authorize"."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, Response

from atelier_gateway.routing import proto_resource

ASSETS_ROUTE = "/docs/assets/{name}"
# The files the page loads; nothing else of the package is served (its own index.html points at a
# remote demo document).
ASSETS = frozenset({"swagger-ui.css", "swagger-ui-bundle.js", "favicon-32x32.png", "favicon-16x16.png"})

# Relative URLs: the page also works behind a reverse proxy that mounts the gateway under a prefix.
_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="stylesheet" href="docs/assets/swagger-ui.css">
<link rel="icon" type="image/png" href="docs/assets/favicon-32x32.png" sizes="32x32">
<link rel="icon" type="image/png" href="docs/assets/favicon-16x16.png" sizes="16x16">
</head>
<body>
<div id="swagger-ui"></div>
<script src="docs/assets/swagger-ui-bundle.js" charset="utf-8"></script>
<script>
window.ui = SwaggerUIBundle({{
  url: "openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  persistAuthorization: true,
  displayRequestDuration: true,
  filter: true,
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: "BaseLayout"
}});
</script>
</body>
</html>
"""


def load_openapi() -> dict[str, Any]:
    """The OpenAPI document atelier_idlc generated beside the route table."""
    return json.loads(proto_resource("openapi.json"))


def assets_dir() -> Path:
    from swagger_ui_bundle import swagger_ui_path

    return Path(str(swagger_ui_path))


def docs_page(spec: dict[str, Any]) -> HTMLResponse:
    title = html.escape(str(spec.get("info", {}).get("title", "API")))
    return HTMLResponse(_PAGE.format(title=f"{title} reference"))


async def asset(request: Request) -> Response:
    name = request.path_params["name"]
    if name not in ASSETS:
        raise HTTPException(404)
    # The package version is pinned, so an asset never changes under its name within a release.
    return FileResponse(assets_dir() / name, headers={"Cache-Control": "public, max-age=86400"})
