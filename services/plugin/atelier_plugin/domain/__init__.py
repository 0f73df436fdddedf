"""Pure plugin logic: no I/O, no framework imports.

OpenAPI plugins, from a document to what a model reads back:
- openapi_import.parse_openapi: OpenAPI 3.0/3.1 text -> PluginSpec (tools.py) with one ToolSpec
  per operation (documents, refs, spec_validation, schemas, servers and naming do the parts);
- conversion.convert_to_openapi: Swagger 2.0 (swagger2), cURL (curl) and Postman (postman) ->
  OpenAPI 3, the last two through example requests (sample_requests);
- arguments: a model's arguments parsed and checked, per-agent defaults;
- request_building.build_request: tool + arguments + credentials (auth) -> PreparedRequest;
- response_shaping.shape_response: status, headers, body -> what the model sees.
Tools whose arguments are one JSON schema (MCP servers' tools, built-in tools): schema_tools.
Built-in plugins: builtin/ (the catalog and each tool's logic).
Errors (errors.py): PluginSpecError for documents and ToolArgumentsError for arguments (both
InvalidArgument); ArgumentValueError and ToolRunError from built-in tools."""
