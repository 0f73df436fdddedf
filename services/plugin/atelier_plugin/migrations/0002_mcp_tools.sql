-- The tools of an MCP plugin, as its server listed them when the list was last refreshed (registering
-- the plugin or saving its form): their ids are what agents bind, as for OpenAPI tools. Such a row
-- has method 'mcp', path = the tool's name on the server, and mcp_tool = {description, input_schema}.
ALTER TABLE tools ADD COLUMN mcp_tool json;
