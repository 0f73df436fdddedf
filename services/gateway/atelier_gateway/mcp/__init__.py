"""Atelier as an MCP server: published agents and workflows as tools an MCP client calls at
`/v1/mcp` with a personal access token. endpoint (HTTP, auth) -> server (the SDK's low-level
Server) -> tool sources (agents, workflows); tools, naming and chat_reply are the pure parts."""
