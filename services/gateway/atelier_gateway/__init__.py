"""atelier_gateway — the only HTTP edge: auth, JSON <-> protobuf, gRPC forwarding, SSE, docs."""
