"""Port helpers: pick free ports for tests and isolated stacks, probe whether something listens."""

from __future__ import annotations

import socket
import time


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port nothing listens on right now (the OS picks it; a race is possible but rare)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


def port_open(host: str, port: int, timeout_s: float = 0.5) -> bool:
    """True when a TCP connect to host:port succeeds."""
    try:
        with socket.create_connection((host, port), timeout=timeout_s):
            return True
    except OSError:
        return False


def wait_port_closed(host: str, port: int, timeout_s: float = 10.0) -> bool:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if not port_open(host, port, 0.2):
            return True
        time.sleep(0.1)
    return not port_open(host, port, 0.2)


def split_hostport(addr: str, default_port: int) -> tuple[str, int]:
    """'host:port' (or a URL's netloc) -> (host, port)."""
    host, _, port = addr.rpartition(":")
    if not host:
        return addr or "127.0.0.1", default_port
    return host.strip("[]"), int(port)
