"""One module per event type."""
