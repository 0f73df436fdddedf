"""Atelier as an MCP server: published agents (workflows next) as tools an MCP client calls at
`/v1/mcp` with a personal access token. endpoint (HTTP, auth) -> server (the SDK's low-level
Server) -> tool sources (agents); tools, naming and chat_reply are the pure parts."""
