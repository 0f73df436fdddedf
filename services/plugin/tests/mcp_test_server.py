"""An MCP server made with the `mcp` package's MCPServer, for the MCP client tests.

The tests serve `build_server()` over streamable HTTP in a thread, and run this file as a stdio server:
`python mcp_test_server.py [--crash]`. (No `from __future__ import annotations`: MCPServer reads the
tools' annotations at run time.) With MCP_TEST_MARKER set, the process writes that file when it
starts (so a test can tell whether it was started at all).
"""

import asyncio
import os
import sys
from pathlib import Path
from typing import Literal

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from pydantic import BaseModel, Field


class BookFilters(BaseModel):
    genre: Literal["fantasy", "history", "science"]
    max_pages: int = Field(ge=1, description="Longest book to return")


class Book(BaseModel):
    title: str
    pages: int


BOOKS = [Book(title="The Hobbit", pages=310), Book(title="SPQR", pages=608), Book(title="Cosmos", pages=396),
         Book(title="The Silmarillion", pages=365)]
GENRES = {"The Hobbit": "fantasy", "The Silmarillion": "fantasy", "SPQR": "history", "Cosmos": "science"}


def build_server() -> MCPServer:
    server = MCPServer("library")

    @server.tool(description="Add two integers.")
    def add(a: int, b: int) -> int:
        return a + b

    @server.tool(description="Find books of a genre, at most max_pages long, whose title contains the query.")
    def search_books(query: str, filters: BookFilters) -> list[Book]:
        return [b for b in BOOKS if GENRES[b.title] == filters.genre and b.pages <= filters.max_pages
                and query.lower() in b.title.lower()]

    @server.tool(description="Always fails.")
    def explode(reason: str) -> str:
        raise ToolError(f"exploded: {reason}")  # a failure the model may read (other exceptions stay private)

    @server.tool(description="Who the caller says it is: its Authorization header (over HTTP).")
    def whoami(ctx: Context) -> str:
        return (ctx.headers or {}).get("authorization", "anonymous")

    @server.tool(description="The value of an environment variable of the server process.")
    def getenv(name: str) -> str:
        return os.environ.get(name, "unset")

    @server.tool(description="Wait, then answer.")
    async def wait(seconds: float) -> str:
        await asyncio.sleep(seconds)
        return "done"

    @server.tool(description="An answer of `size` characters.")
    def ramble(size: int) -> str:
        return "x" * size

    return server


if __name__ == "__main__":
    marker = os.environ.get("MCP_TEST_MARKER")
    if marker:
        Path(marker).write_text("started")
    if "--crash" in sys.argv:
        print("mcp_test_server: no database configured", file=sys.stderr)
        sys.exit(3)
    build_server().run("stdio")
