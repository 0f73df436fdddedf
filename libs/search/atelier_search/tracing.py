"""Client spans around the search stores' calls, so a document's trace reaches Milvus or
Elasticsearch (with no OpenTelemetry SDK configured the API makes them no-ops)."""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from opentelemetry import trace
from opentelemetry.trace import SpanKind

from atelier_search.base import collection_name

_tracer = trace.get_tracer("atelier.search")
F = TypeVar("F", bound=Callable[..., Awaitable[Any]])


def traced(system: str, operation: str) -> Callable[[F], F]:
    """A span "<system> <operation>" around a store method whose first argument is the dataset key."""

    def wrap(method: F) -> F:
        @functools.wraps(method)
        async def inner(self: Any, dataset_id: int, *args: Any, **kwargs: Any) -> Any:
            attributes = {"db.system": system, "db.operation": operation,
                          "db.collection.name": collection_name(dataset_id)}
            with _tracer.start_as_current_span(f"{system} {operation}", kind=SpanKind.CLIENT, attributes=attributes):
                return await method(self, dataset_id, *args, **kwargs)

        return inner  # type: ignore[return-value]

    return wrap
