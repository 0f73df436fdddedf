"""The wire between the runner and the child: one JSON request on the child's stdin, and on a
separate pipe two JSON lines back, so the code's own prints never mix with them.

The first line is the child's setup report, written before any user code runs (so the code
cannot forge it); the second is the run's result, which the code could write itself (no more
than returning it would). Pure functions; imported by both sides."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import Any

from atelier_workflow.sandbox.model import FailureKind, Layer, Limits, SandboxPolicy

SETUP_OK = "ok"
SETUP_FAILED = "failed"


@dataclass(frozen=True)
class Request:
    source: str
    params: dict[str, Any]
    limits: Limits
    layers: frozenset[Layer]
    required: frozenset[Layer]
    scratch: str  # the scratch dir's path, the same inside the sandbox and out
    uid: int  # the run's own uid and gid, used when the service is root
    gid: int
    extra_read_paths: tuple[str, ...]


def encode_request(
    source: str, params: dict[str, Any], limits: Limits, policy: SandboxPolicy, scratch: str, run_uid: int
) -> bytes:
    """The request as bytes; raises TypeError/ValueError when params are not JSON."""
    return json.dumps(
        {
            "source": source,
            "params": params,
            "limits": asdict(limits),
            "layers": sorted(policy.layers),
            "required": sorted(policy.required),
            "scratch": scratch,
            "uid": run_uid,
            "gid": run_uid,
            "extra_read_paths": list(policy.extra_read_paths),
        },
        ensure_ascii=False,
        allow_nan=False,
    ).encode()


def decode_request(data: bytes) -> Request:
    raw = json.loads(data)
    return Request(
        source=raw["source"],
        params=raw["params"],
        limits=Limits(**raw["limits"]),
        layers=frozenset(Layer(name) for name in raw["layers"]),
        required=frozenset(Layer(name) for name in raw["required"]),
        scratch=raw["scratch"],
        uid=raw["uid"],
        gid=raw["gid"],
        extra_read_paths=tuple(raw["extra_read_paths"]),
    )


def setup_ok(layers: frozenset[Layer]) -> bytes:
    return _line({"setup": SETUP_OK, "layers": sorted(layers)})


def setup_failed(layer: Layer, reason: str) -> bytes:
    return _line({"setup": SETUP_FAILED, "layer": layer, "reason": reason})


def result_ok(outputs_json: str) -> bytes:
    """`outputs_json` is main()'s value already encoded (the child measures it against the cap)."""
    return f'{{"status": "ok", "outputs": {outputs_json}}}\n'.encode()


def result_failed(kind: FailureKind, message: str, error_type: str = "", traceback: str = "") -> bytes:
    return _line({"status": "error", "kind": kind, "message": message, "error_type": error_type, "traceback": traceback})


def _line(message: dict[str, Any]) -> bytes:
    return (json.dumps(message, ensure_ascii=False) + "\n").encode()


@dataclass(frozen=True)
class ChildReport:
    """What came back on the result pipe, parsed; None where a part is missing or garbled."""

    setup: dict[str, Any] | None
    result: dict[str, Any] | None


def parse_report(data: bytes) -> ChildReport:
    setup_line, _, result_line = data.partition(b"\n")
    return ChildReport(setup=_json_object(setup_line), result=_json_object(result_line.strip()))


def _json_object(line: bytes) -> dict[str, Any] | None:
    try:
        value = json.loads(line)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None
