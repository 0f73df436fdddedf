"""model -> routes.json: the gateway's route table."""

from __future__ import annotations

import json

from .model import Model

GENERATED = "DO NOT EDIT — generated from idl/*.thrift by atelier_idlc"


def routes(model: Model) -> list[dict]:
    out = []
    for r in model.http_rpcs:
        route = {
            "method": r.method,
            "path": r.path,
            "service": r.stem,
            "grpc_service": f"atelier.{r.stem}.{r.service}",
            "rpc": r.name,
            "request": f"atelier.{r.request.name}",
            "response": f"atelier.{r.response.name}",
            "module": f"atelier_proto.{r.stem}_pb2",
            "streaming": r.stream,
            "auth": r.auth,
            "category": r.category,
            "openapi": r.openapi,
        }
        if r.upload is not None:  # multipart/form-data: the file's part, and the fields filled from it
            route["upload"] = {"part": r.upload.part, "fields": dict(r.upload.fields)}
        out.append(route)
    out.sort(key=lambda d: (d["path"], d["method"]))
    return out


def emit(model: Model) -> str:
    doc = {"generated": GENERATED, "routes": routes(model)}
    return json.dumps(doc, indent=2, ensure_ascii=False, sort_keys=False) + "\n"
