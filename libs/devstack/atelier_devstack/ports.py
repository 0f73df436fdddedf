"""Port helpers: pick free ports for tests and isolated stacks, probe whether something listens."""

from __future__ import annotations

import random
import socket
import time
from pathlib import Path

_handed_out: set[int] = set()


def _ephemeral_low() -> int:
    try:
        return int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port nothing listens on right now, below the kernel's ephemeral range: a port the OS
    hands out for bind(0) is also what it gives outgoing connections, so one of those could take
    it before the service binds. Never the same port twice in one process."""
    low, high = 15000, _ephemeral_low() - 1
    for _ in range(200):
        port = random.randint(low, high)
        if port in _handed_out:
            continue
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
            try:
                sock.bind((host, port))
            except OSError:
                continue
        _handed_out.add(port)
        return port
    raise RuntimeError(f"no free TCP port in {low}..{high}")


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
