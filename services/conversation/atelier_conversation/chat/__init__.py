"""Chat runs: recording the question and the run, streaming the agent's events, saving the answer."""
