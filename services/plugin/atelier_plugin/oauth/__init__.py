"""OAuth 2 for plugins: the authorization-code flow per user and client credentials per plugin."""
