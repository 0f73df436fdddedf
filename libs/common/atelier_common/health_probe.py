"""Container health probe: `python -m atelier_common.health_probe HOST:PORT [SERVICE]`.

Exits 0 when the gRPC health service reports SERVING, 1 otherwise. Images need no extra binary
(grpc_health_probe) for Docker HEALTHCHECKs.
"""

from __future__ import annotations

import sys

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc


def check(addr: str, service: str = "", timeout_s: float = 2.0) -> bool:
    with grpc.insecure_channel(addr) as channel:
        try:
            reply = health_pb2_grpc.HealthStub(channel).Check(
                health_pb2.HealthCheckRequest(service=service), timeout=timeout_s
            )
        except grpc.RpcError:
            return False
    return reply.status == health_pb2.HealthCheckResponse.SERVING


def main(argv: list[str]) -> int:
    if not 2 <= len(argv) <= 3:
        print(__doc__.splitlines()[0], file=sys.stderr)
        return 2
    return 0 if check(argv[1], argv[2] if len(argv) == 3 else "") else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
