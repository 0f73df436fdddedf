"""Trace-context propagation through dict carriers and Kafka header lists."""

from __future__ import annotations

from opentelemetry import trace

from atelier_common.telemetry import (
    context_from_kafka_headers,
    extract,
    inject,
    kafka_headers,
    meter,
    setup_telemetry,
    tracer,
)


def _trace_id_of(ctx) -> int:
    return trace.get_current_span(ctx).get_span_context().trace_id


def test_setup_is_idempotent_and_spans_have_ids() -> None:
    setup_telemetry("teltest")
    provider = trace.get_tracer_provider()
    setup_telemetry("teltest")
    assert trace.get_tracer_provider() is provider
    with tracer("t").start_as_current_span("op") as span:
        assert span.get_span_context().is_valid, "SDK provider without exporter still issues real ids"
    meter("t").create_counter("teltest_events").add(1)


def test_dict_carrier_round_trip() -> None:
    setup_telemetry("teltest")
    carrier: dict[str, str] = {}
    with tracer("t").start_as_current_span("outgoing") as span:
        inject(carrier)
    ctx = span.get_span_context()
    assert carrier["traceparent"].startswith(f"00-{ctx.trace_id:032x}-{ctx.span_id:016x}-")
    remote = extract(carrier)
    assert _trace_id_of(remote) == ctx.trace_id
    # A child started from the extracted context continues the same trace.
    with tracer("t").start_as_current_span("incoming", context=remote) as child:
        assert child.get_span_context().trace_id == ctx.trace_id
        assert child.parent is not None and child.parent.span_id == ctx.span_id


def test_no_current_span_injects_nothing() -> None:
    carrier: dict[str, str] = {}
    inject(carrier)
    assert "traceparent" not in carrier
    assert not trace.get_current_span(extract({})).get_span_context().is_valid


def test_kafka_headers_round_trip() -> None:
    setup_telemetry("teltest")
    with tracer("t").start_as_current_span("publish") as span:
        headers = kafka_headers({"event-type": "IndexDocument", "event-id": "42"})
    assert all(isinstance(k, str) and isinstance(v, bytes) for k, v in headers)
    as_dict = dict(headers)
    assert as_dict["event-type"] == b"IndexDocument" and as_dict["event-id"] == b"42"
    assert as_dict["traceparent"].startswith(f"00-{span.get_span_context().trace_id:032x}-".encode())
    # aiokafka hands headers back as a tuple of (str, bytes); None values must not break extraction.
    ctx = context_from_kafka_headers(tuple(headers) + (("empty", None),))
    assert _trace_id_of(ctx) == span.get_span_context().trace_id
    assert not trace.get_current_span(context_from_kafka_headers(None)).get_span_context().is_valid
