"""convert_to_openapi with document_url: the plugin service fetches the document itself (no
browser cross-origin rules), through the SSRF guard with its size and time caps, and names what
went wrong when it cannot. The test stack allow-lists 127.0.0.1; any other loopback is refused."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from atelier_devstack.api_client import AtelierClient, expect_error
from atelier_devstack.ports import free_port
from atelier_devstack.web_server import LocalWebServer

DATA = Path(__file__).parent / "data"
CONVERT = "/api/plugin_api/convert_to_openapi"


@pytest.fixture
def web() -> Iterator[LocalWebServer]:
    with LocalWebServer() as server:
        yield server


async def test_a_document_at_a_url_is_fetched_and_converted(client: AtelierClient, web: LocalWebServer,
                                                            weather_api) -> None:
    url = web.page("/openapi.yaml", weather_api("https://api.example.com"), content_type="application/yaml")
    converted = await client.call(CONVERT, {"space_id": client.space_id, "document_url": url, "plugin_name": "Sky"})
    assert web.hits["/openapi.yaml"] == 1
    assert converted["plugin_data_format"] == 1
    assert "/weather/{city}:" in converted["openapi"] and "https://api.example.com" in converted["openapi"]
    assert json.loads(converted["ai_plugin"])["name_for_human"] == "Sky"

    # a Swagger 2.0 JSON document served as JSON becomes OpenAPI 3; data is not needed beside the URL
    url = web.page("/swagger.json", (DATA / "petstore_swagger.json").read_text(), content_type="application/json")
    converted = await client.call(CONVERT, {"space_id": client.space_id, "document_url": url, "data": ""})
    assert converted["plugin_data_format"] == 4 and "openapi: 3.0.3" in converted["openapi"]


async def test_neither_data_nor_a_url_is_refused(client: AtelierClient) -> None:
    await expect_error(client.call(CONVERT, {"space_id": client.space_id}), 400, "field 'data': required")


async def test_only_http_and_https_urls_are_fetched(client: AtelierClient) -> None:
    await expect_error(client.call(CONVERT, {"space_id": client.space_id, "document_url": "file:///etc/passwd"}),
                       400, "field 'document_url': file:///etc/passwd is not an http or https URL")
    await expect_error(client.call(CONVERT, {"space_id": client.space_id, "document_url": "ftp://example.com/a.json"}),
                       400, "is not an http or https URL")


async def test_an_address_the_guard_refuses_is_named_and_never_reached(client: AtelierClient, weather_api) -> None:
    with LocalWebServer("127.0.0.2") as other:
        url = other.page("/openapi.yaml", weather_api("https://api.example.com"), content_type="application/yaml")
        error = await expect_error(client.call(CONVERT, {"space_id": client.space_id, "document_url": url}),
                                   400, f"field 'document_url': {url} resolves to 127.0.0.2, a loopback address")
        assert other.hits["/openapi.yaml"] == 0, error

    # nor through a redirect from an allowed server
    with LocalWebServer() as web, LocalWebServer("127.0.0.2") as other:
        target = other.page("/openapi.yaml", weather_api("https://api.example.com"), content_type="application/yaml")
        hop = web.redirect("/doc", target)
        await expect_error(client.call(CONVERT, {"space_id": client.space_id, "document_url": hop}),
                           400, f"{hop} redirects to {target}, which resolves to 127.0.0.2, a loopback address")
        assert other.hits["/openapi.yaml"] == 0


async def test_unreachable_error_status_too_large_and_not_a_document_are_named(client: AtelierClient,
                                                                              web: LocalWebServer) -> None:
    closed = f"http://127.0.0.1:{free_port()}/openapi.json"
    await expect_error(client.call(CONVERT, {"space_id": client.space_id, "document_url": closed}),
                       400, f"field 'document_url': {closed} could not be fetched: ConnectError")

    missing = web.url("/nothing.json")
    await expect_error(client.call(CONVERT, {"space_id": client.space_id, "document_url": missing}),
                       400, f"field 'document_url': {missing} answered HTTP 404")

    big = web.page("/big.json", b"{" + b" " * (10 * 1024 * 1024 + 1) + b"}", content_type="application/json")
    await expect_error(client.call(CONVERT, {"space_id": client.space_id, "document_url": big}),
                       400, f"field 'document_url': {big} is {10 * 1024 * 1024 + 3} bytes, over the "
                            f"{10 * 1024 * 1024}-byte limit")

    page = web.page("/login", "<html><body>Sign in</body></html>")
    await expect_error(client.call(CONVERT, {"space_id": client.space_id, "document_url": page}),
                       400, f"field 'document_url': {page} answered text/html, not an OpenAPI, Swagger or Postman")

    text = web.page("/notes.txt", "just some notes", content_type="text/plain")
    await expect_error(client.call(CONVERT, {"space_id": client.space_id, "document_url": text}),
                       400, f"field 'document_url': the document at {text} is not a usable document: "
                            "cannot tell the format")
