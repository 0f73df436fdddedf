"""Memory databases: user-defined tables bound to agents, and the per-table SQL tool."""
