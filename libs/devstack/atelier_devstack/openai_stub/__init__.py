"""An OpenAI-compatible server for tests and benchmarks (embeddings, chat completions, scripted replies)."""

from atelier_devstack.openai_stub.app import create_app, embed_text
from atelier_devstack.openai_stub.server import OpenAIStub

__all__ = ["OpenAIStub", "create_app", "embed_text"]
