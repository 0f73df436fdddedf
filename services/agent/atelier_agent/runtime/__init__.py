"""The agent runtime: one chat turn from configuration to streamed events (StreamExecute)."""
