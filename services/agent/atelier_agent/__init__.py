"""atelier_agent — Agents: drafts, versions, publish, memory, and the agent runtime."""
