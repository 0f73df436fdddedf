"""The agent runtime's side of plugins: tools resolved for the model, tool calls made."""
