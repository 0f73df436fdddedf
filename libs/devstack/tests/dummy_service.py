"""Stand-in for `python -m atelier_<name>` in the supervisor's own tests: serves grpc health (or,
for the gateway, GET /readyz) on the address the stack assigned, until SIGTERM."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc


async def serve_grpc(addr: str) -> None:
    server = grpc.aio.server()
    servicer = health.aio.HealthServicer()
    await servicer.set("", health_pb2.HealthCheckResponse.SERVING)
    health_pb2_grpc.add_HealthServicer_to_server(servicer, server)
    server.add_insecure_port(addr)
    await server.start()
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    await stop.wait()
    await server.stop(1)


async def serve_http(host: str, port: int) -> None:
    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        request = await reader.readline()
        ok = request.split()[1:2] == [b"/readyz"]
        body = b'{"status":"ok"}' if ok else b"{}"
        status = b"200 OK" if ok else b"404 Not Found"
        writer.write(b"HTTP/1.1 " + status + b"\r\nContent-Length: %d\r\nConnection: close\r\n\r\n" % len(body) + body)
        await writer.drain()
        writer.close()

    server = await asyncio.start_server(handle, host, port)
    token_file = os.environ.get("ATELIER_BOOTSTRAP_TOKEN_FILE")
    if token_file:
        Path(token_file).write_text("pat_dummy_token\n")
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    async with server:
        await stop.wait()


def main(name: str) -> None:
    if os.environ.get("DUMMY_FAIL") == name:
        print(f"{name}: simulated start-up failure", file=sys.stderr)
        sys.exit(2)
    if name == "gateway":
        asyncio.run(serve_http(os.environ["ATELIER_GATEWAY_HOST"], int(os.environ["ATELIER_GATEWAY_PORT"])))
    else:
        asyncio.run(serve_grpc(os.environ[f"ATELIER_{name.upper()}_ADDR"]))


if __name__ == "__main__":
    main(sys.argv[1])
