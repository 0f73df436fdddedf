from __future__ import annotations

import json
import logging

from atelier_common.logging import configure_logging
from atelier_common.telemetry import setup_telemetry, tracer


def test_log_lines_are_json_with_trace_ids(capsys) -> None:
    setup_telemetry("logtest")
    configure_logging("logtest", "INFO")
    log = logging.getLogger("atelier.test")
    with tracer("test").start_as_current_span("op") as span:
        log.info("inside", extra={"document_id": 42})
    try:
        raise ValueError("boom")
    except ValueError:
        log.exception("failed")
    lines = [json.loads(line) for line in capsys.readouterr().err.splitlines() if line.startswith("{")]
    inside = next(entry for entry in lines if entry["msg"] == "inside")
    assert inside["service"] == "logtest" and inside["level"] == "INFO" and inside["document_id"] == 42
    assert inside["trace_id"] == format(span.get_span_context().trace_id, "032x")
    failed = next(entry for entry in lines if entry["msg"] == "failed")
    assert "ValueError: boom" in failed["exc"] and "trace_id" not in failed
