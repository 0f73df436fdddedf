"""atelier_plugin — Plugins and tools from OpenAPI 3: registration, auth and invocation."""
