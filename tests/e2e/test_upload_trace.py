"""One trace covers an upload: the gateway's request span, knowledge's RPC, the event through the
outbox and Kafka, the indexer's handling and its Milvus writes all carry the trace id the gateway
returned (`x-tt-logid`). The services are real processes exporting over OTLP; the test is their
collector and keeps the spans in memory."""

from __future__ import annotations

import asyncio
import time
from collections import defaultdict
from collections.abc import Iterator
from concurrent import futures
from contextlib import ExitStack
from pathlib import Path

import grpc
import pytest
from opentelemetry.proto.collector.trace.v1 import trace_service_pb2, trace_service_pb2_grpc

from atelier_devstack.api_client import AtelierClient
from atelier_devstack.ports import free_port
from atelier_devstack.pytest_plugin import run_sync, with_fresh_addresses
from atelier_devstack.services import start_service
from atelier_devstack.stack_fixtures import _admin_space, own_database_and_broker

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(180)]


class SpanCollector(trace_service_pb2_grpc.TraceServiceServicer):
    """An OTLP trace receiver keeping (service, span name) per trace id in memory."""

    def __init__(self) -> None:
        self.by_trace: dict[str, list[tuple[str, str]]] = defaultdict(list)

    def Export(self, request: trace_service_pb2.ExportTraceServiceRequest, context: grpc.ServicerContext
               ) -> trace_service_pb2.ExportTraceServiceResponse:
        for resource_spans in request.resource_spans:
            service = next((a.value.string_value for a in resource_spans.resource.attributes
                            if a.key == "service.name"), "?")
            for scope_spans in resource_spans.scope_spans:
                for span in scope_spans.spans:
                    self.by_trace[span.trace_id.hex()].append((service, span.name))
        return trace_service_pb2.ExportTraceServiceResponse()


@pytest.fixture(scope="module")
def collector() -> Iterator[tuple[SpanCollector, str]]:
    spans = SpanCollector()
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=4))
    trace_service_pb2_grpc.add_TraceServiceServicer_to_server(spans, server)
    port = free_port()
    server.add_insecure_port(f"127.0.0.1:{port}")
    server.start()
    try:
        yield spans, f"http://127.0.0.1:{port}"
    finally:
        server.stop(0)


async def test_one_trace_from_the_gateway_to_milvus(atelier_env: dict[str, str], collector: tuple[SpanCollector, str],
                                                    tmp_path: Path) -> None:
    spans, endpoint = collector
    with ExitStack() as stack:
        # Its own database and broker: another stack's relay publishing this upload's outbox row
        # would put the Kafka hop in a process that exports to no collector here.
        infra = stack.enter_context(own_database_and_broker(atelier_env, tmp_path, "trace"))
        env = {**with_fresh_addresses(atelier_env), **infra, "ATELIER_OTLP_ENDPOINT": endpoint,
               "OTEL_BSP_SCHEDULE_DELAY": "200",  # export spans within 0.2 s, not the SDK's 5 s
               "ATELIER_BOOTSTRAP_TOKEN_FILE": str(tmp_path / "token")}
        procs = {name: stack.enter_context(start_service(name, env)) for name in ("knowledge", "indexer", "gateway")}
        token = Path(env["ATELIER_BOOTSTRAP_TOKEN_FILE"]).read_text().strip()
        space_id = run_sync(_admin_space(env["ATELIER_DATABASE_URL"]))
        async with AtelierClient(procs["gateway"].url, token, space_id) as client:
            dataset_id = await client.create_dataset("traced")
            reply = await client.http.post(
                "/api/knowledge/document/upload",
                data={"space_id": space_id, "dataset_id": dataset_id, "file_name": "notes.txt"},
                files={"file": ("notes.txt", b"Descaling: soak the kettle in citric acid for an hour.", "text/plain")})
            assert reply.status_code == 200, reply.text
            trace_id = reply.headers["x-tt-logid"]
            document_id = reply.json()["document_info"]["document_id"]
            assert (await client.wait_documents([document_id]))[document_id]["status"] == 1

            wanted = {"atelier-gateway", "atelier-knowledge", "atelier-indexer"}
            deadline = time.monotonic() + 15
            while time.monotonic() < deadline:
                seen = spans.by_trace.get(trace_id, [])
                services = {service for service, _ in seen}
                names = " | ".join(name for _, name in seen)
                if wanted <= services and "milvus" in names.lower():
                    break
                await asyncio.sleep(0.2)
            seen = spans.by_trace.get(trace_id, [])
            services = {service for service, _ in seen}
            assert wanted <= services, f"trace {trace_id} reached only {sorted(services)}: {seen}"
            names = [name.lower() for _, name in seen]
            assert any("publish" in n or "send" in n or "produce" in n for n in names), seen  # the Kafka hop
            assert any("milvus" in n for n in names), seen
