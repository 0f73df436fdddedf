"""atelier_conversation — Conversations, messages, runs and the chat entry point."""
