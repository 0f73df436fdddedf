"""Pure plugin logic: no I/O, no framework imports.

OpenAPI plugins, from a document to what a model reads back:
- openapi_import.parse_openapi: OpenAPI 3.0/3.1 text -> PluginSpec (tools.py) with one ToolSpec
  per operation (documents, refs, spec_validation, schemas, servers and naming do the parts);
- conversion.convert_to_openapi: Swagger 2.0 (swagger2), cURL (curl) and Postman (postman) ->
  OpenAPI 3, the last two through example requests (sample_requests);
- arguments: a model's arguments parsed and checked, per-agent defaults;
- request_building.build_request: tool + arguments + credentials (auth) -> PreparedRequest;
- response_shaping.shape_response: status, headers, body -> what the model sees.
Errors (errors.py) are InvalidArgument: PluginSpecError for documents, ToolArgumentsError for
arguments."""
