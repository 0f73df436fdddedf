"""OpenTelemetry set-up and W3C trace-context propagation helpers.

Without ATELIER_OTLP_ENDPOINT the SDK providers still create real span ids (so logs carry a
trace id and context propagates across gRPC and Kafka) but nothing is exported.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from opentelemetry import metrics, propagate, trace
from opentelemetry.context import Context
from opentelemetry.sdk.metrics import MeterProvider
from opentelemetry.sdk.resources import Resource
from opentelemetry.sdk.trace import TracerProvider

_configured_for: str | None = None


def setup_telemetry(service: str, otlp_endpoint: str = "") -> None:
    """Install tracer and meter providers once per process."""
    global _configured_for
    if _configured_for is not None:
        return
    resource = Resource.create({"service.name": f"atelier-{service}", "service.namespace": "atelier"})
    tracer_provider = TracerProvider(resource=resource)
    readers = []
    if otlp_endpoint:
        from opentelemetry.exporter.otlp.proto.grpc.metric_exporter import OTLPMetricExporter
        from opentelemetry.exporter.otlp.proto.grpc.trace_exporter import OTLPSpanExporter
        from opentelemetry.sdk.metrics.export import PeriodicExportingMetricReader
        from opentelemetry.sdk.trace.export import BatchSpanProcessor

        tracer_provider.add_span_processor(BatchSpanProcessor(OTLPSpanExporter(endpoint=otlp_endpoint, insecure=True)))
        readers.append(PeriodicExportingMetricReader(OTLPMetricExporter(endpoint=otlp_endpoint, insecure=True)))
    trace.set_tracer_provider(tracer_provider)
    metrics.set_meter_provider(MeterProvider(resource=resource, metric_readers=readers))
    _configured_for = service


def tracer(name: str) -> trace.Tracer:
    return trace.get_tracer(name)


def meter(name: str) -> metrics.Meter:
    return metrics.get_meter(name)


def inject(carrier: dict[str, str], context: Context | None = None) -> None:
    """Write the trace context (traceparent, tracestate; the current one by default) into `carrier`."""
    propagate.inject(carrier, context=context)


def extract(carrier: Mapping[str, str]) -> Context:
    return propagate.extract(dict(carrier))


def kafka_headers(extra: Mapping[str, str] | None = None) -> list[tuple[str, bytes]]:
    """Kafka record headers with the current trace context plus `extra`."""
    carrier: dict[str, str] = {}
    inject(carrier)
    carrier.update(extra or {})
    return [(key, value.encode()) for key, value in carrier.items()]


def context_from_kafka_headers(headers: Sequence[tuple[str, bytes]] | None) -> Context:
    carrier = {key: value.decode(errors="replace") for key, value in headers or () if value is not None}
    return extract(carrier)
