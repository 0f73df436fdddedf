"""An OpenAI-compatible server for tests: real HTTP, the real wire format, deterministic answers.

  POST /v1/embeddings        hashed bag of words (+ CJK characters) and character trigrams, signed
                             feature hashing into `dimensions` floats (default 64), L2-normalised, so
                             texts that share words are close; a precomputed vector wins for its text
  POST /v1/chat/completions  stream and non-stream, tool calls in both; answers with the next scripted
                             reply, else captions an image_url part ("An image: <n> bytes of <mime>"),
                             else echoes ("You said: <last user text>")
  GET  /v1/models
  POST /v1/rerank             Jina/Cohere-style: results ordered by the cosine of the stub embeddings

Control (over HTTP too, so service subprocesses' calls can be scripted and inspected):
  POST /_control/script              {"replies": [{"content", "reasoning", "tool_calls": [{"name", "arguments"}],
                                      "error": {"status", "message"}, "first_token_delay_s",
                                      "tokens_per_s", "chunk_size_chars", "stream_error": {"after_chars",
                                      "message"}}]} appended to the queue; stream_error cuts a streamed
                                      answer after that many characters with an in-stream error
                                      (OpenAI's {"error": {...}} chunk); "stall": {"after_chars", "seconds"} pauses the stream once
  POST /_control/embedding_failures  {"status": 500, "times": 2}: the next N embedding requests fail
  POST /_control/embedding_delay     {"seconds": 0.2}: every embedding request takes that long
  POST /_control/precomputed         {"vectors": {"text": [floats]}}
  POST /_control/settings            {"embedding_dimensions": 64, "default_reply": {...reply} (what an
                                      unscripted chat gets instead of the echo; null restores the echo),
                                      "record_requests": false (benchmarks: keep no request log)}
  GET  /_control/requests?path=...   {"requests": [{"path", "json", "time"}]}
  GET  /_control/stats               {"embedding_requests", "max_concurrent_embeddings", "chat_requests",
                                      "aborted_streams" (answers the client stopped reading mid-stream)}
  POST /_control/reset
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
import math
import re
import struct
import time
import uuid
from collections import deque
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

DEFAULT_DIMENSIONS = 64
CHAT_MODELS = ("stub-chat",)
EMBEDDING_MODELS = ("stub-embedding",)

_CJK = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff"
_TOKEN_RE = re.compile(rf"[{_CJK}]|[^\W_{_CJK}]+")


# ------------------------------------------------------------------------------- embeddings


def _feature_hash(feature: str) -> tuple[int, float]:
    digest = int.from_bytes(hashlib.blake2b(feature.encode("utf-8"), digest_size=8).digest(), "little")
    return digest >> 1, (1.0 if digest & 1 else -1.0)


def tokens(text: str) -> list[str]:
    """Lowercase word tokens; each CJK character is a token of its own."""
    return _TOKEN_RE.findall(text.lower())


def embed_text(text: str, dimensions: int = DEFAULT_DIMENSIONS) -> list[float]:
    """The stub's deterministic embedding of one text (also usable directly by tests)."""
    dimensions = max(1, dimensions)
    vec = [0.0] * dimensions
    words = tokens(text)
    features: list[tuple[str, float]] = [(f"w:{w}", 1.0) for w in words]
    for w in words:
        padded = f" {w} "
        features.extend((f"t:{padded[i : i + 3]}", 0.5) for i in range(len(padded) - 2))
    if not features:
        features = [("empty:", 1.0)]
    for feature, weight in features:
        h, sign = _feature_hash(feature)
        vec[h % dimensions] += sign * weight
    norm = math.sqrt(sum(x * x for x in vec))
    if norm == 0.0:  # every feature cancelled out: still a unit vector
        vec = [0.0] * dimensions
        vec[_feature_hash(text)[0] % dimensions] = 1.0
        return vec
    return [x / norm for x in vec]


def _count_tokens(text: str) -> int:
    return max(1, math.ceil(len(text) / 4)) if text else 0


def _error(status: int, message: str, err_type: str = "invalid_request_error") -> JSONResponse:
    headers = {"Retry-After": "0"} if status == 429 else None
    return JSONResponse(
        {"error": {"message": message, "type": err_type, "param": None, "code": None}},
        status_code=status,
        headers=headers,
    )


@dataclass
class StubState:
    replies: deque[dict[str, Any]] = field(default_factory=deque)
    embedding_failure_status: int = 500
    embedding_failures_left: int = 0
    embedding_delay_s: float = 0.0
    precomputed: dict[str, list[float]] = field(default_factory=dict)
    embedding_dimensions: int = DEFAULT_DIMENSIONS
    requests: list[dict[str, Any]] = field(default_factory=list)
    embedding_requests: int = 0
    embeddings_in_flight: int = 0
    max_concurrent_embeddings: int = 0
    chat_requests: int = 0
    default_reply: dict[str, Any] | None = None
    aborted_streams: int = 0  # streamed answers the client hung up on before the end
    record_requests: bool = True


async def _json_body(request: Request) -> Any:
    raw = await request.body()
    if not raw:
        return {}
    return json.loads(raw)


def _record(state: StubState, request: Request, body: Any) -> None:
    if state.record_requests:
        state.requests.append({"path": request.url.path, "json": body, "time": time.time()})


async def _read(request: Request) -> tuple[StubState, Any]:
    """The stub's state and the request's JSON body, recorded; ValueError when it is not JSON."""
    state: StubState = request.app.state.stub
    body = await _json_body(request)
    _record(state, request, body)
    return state, body


async def embeddings(request: Request) -> Response:
    try:
        state, body = await _read(request)
    except ValueError:
        return _error(400, "request body is not JSON")
    state.embedding_requests += 1
    state.embeddings_in_flight += 1
    state.max_concurrent_embeddings = max(state.max_concurrent_embeddings, state.embeddings_in_flight)
    try:
        if state.embedding_delay_s > 0:
            await asyncio.sleep(state.embedding_delay_s)
        if state.embedding_failures_left > 0:
            state.embedding_failures_left -= 1
            status = state.embedding_failure_status
            return _error(
                status,
                f"scripted embedding failure ({status})",
                "server_error" if status >= 500 else "invalid_request_error",
            )
        inputs = body.get("input") if isinstance(body, dict) else None
        if isinstance(inputs, str):
            inputs = [inputs]
        if not isinstance(inputs, list) or not inputs or not all(isinstance(t, str) for t in inputs):
            return _error(400, "'input' must be a non-empty string or a non-empty array of strings")
        if any(t == "" for t in inputs):
            return _error(400, "'input' cannot contain empty strings")
        dims = body.get("dimensions") or state.embedding_dimensions
        if not isinstance(dims, int) or dims <= 0:
            return _error(400, "'dimensions' must be a positive integer")
        encoding = body.get("encoding_format") or "float"
        if encoding not in ("float", "base64"):
            return _error(400, f"unsupported encoding_format {encoding!r}")
        data = []
        for i, text in enumerate(inputs):
            vec = state.precomputed.get(text) or embed_text(text, dims)
            value: Any = vec
            if encoding == "base64":
                value = base64.b64encode(struct.pack(f"<{len(vec)}f", *vec)).decode("ascii")
            data.append({"object": "embedding", "index": i, "embedding": value})
        used = sum(_count_tokens(t) for t in inputs)
        return JSONResponse(
            {
                "object": "list",
                "data": data,
                "model": body.get("model") or EMBEDDING_MODELS[0],
                "usage": {"prompt_tokens": used, "total_tokens": used},
            }
        )
    finally:
        state.embeddings_in_flight -= 1


# ------------------------------------------------------------------------------- chat


def _text_of(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return " ".join(p.get("text", "") for p in content if isinstance(p, dict) and p.get("type") == "text")
    return ""


def _default_reply(messages: list[dict[str, Any]]) -> dict[str, Any]:
    last_user = next((m for m in reversed(messages) if isinstance(m, dict) and m.get("role") == "user"), None)
    content = last_user.get("content") if last_user else ""
    if isinstance(content, list):
        for part in content:
            if isinstance(part, dict) and part.get("type") == "image_url":
                url = (part.get("image_url") or {}).get("url", "")
                match = re.match(r"data:([^;,]+)(;base64)?,(.*)", url, re.S)
                if match:
                    mime, is_b64, payload = match.groups()
                    size = len(base64.b64decode(payload)) if is_b64 else len(payload)
                    return {"content": f"An image: {size} bytes of {mime}"}
                return {"content": f"An image: {url}"}
    return {"content": f"You said: {_text_of(content)}"}


def _tool_calls(reply: dict[str, Any]) -> list[dict[str, Any]]:
    calls = []
    for i, call in enumerate(reply.get("tool_calls") or []):
        args = call.get("arguments", "")
        calls.append(
            {
                "id": call.get("id") or f"call_{uuid.uuid4().hex[:12]}_{i}",
                "type": "function",
                "function": {"name": call["name"], "arguments": args if isinstance(args, str) else json.dumps(args)},
            }
        )
    return calls


def _chunks(text: str, size: int) -> list[str]:
    size = max(1, size)
    return [text[i : i + size] for i in range(0, len(text), size)]


async def chat_completions(request: Request) -> Response:
    try:
        state, body = await _read(request)
    except ValueError:
        return _error(400, "request body is not JSON")
    state.chat_requests += 1
    messages = body.get("messages") if isinstance(body, dict) else None
    if not isinstance(messages, list) or not messages:
        return _error(400, "'messages' must be a non-empty array")
    if state.replies:
        reply = state.replies.popleft()
    else:
        reply = state.default_reply if state.default_reply is not None else _default_reply(messages)
    if reply.get("error"):
        err = reply["error"]
        return _error(int(err.get("status", 500)), str(err.get("message", "scripted error")))

    model = body.get("model") or CHAT_MODELS[0]
    content = reply.get("content") or ""
    reasoning = str(reply.get("reasoning") or "")  # a thinking model's reasoning_content, streamed first
    calls = _tool_calls(reply)
    finish = "tool_calls" if calls else "stop"
    first_delay = float(reply.get("first_token_delay_s") or 0.0)
    tokens_per_s = reply.get("tokens_per_s")
    chunk_size = int(reply.get("chunk_size_chars") or 4)
    prompt_tokens = sum(_count_tokens(_text_of(m.get("content"))) for m in messages if isinstance(m, dict))
    completion_tokens = _count_tokens(content) + sum(_count_tokens(c["function"]["arguments"]) for c in calls)
    usage = {
        "prompt_tokens": prompt_tokens,
        "completion_tokens": completion_tokens,
        "total_tokens": prompt_tokens + completion_tokens,
    }
    completion_id = f"chatcmpl-{uuid.uuid4().hex[:16]}"
    created = int(time.time())

    if not body.get("stream"):
        delay = first_delay
        if tokens_per_s:
            delay += len(_chunks(content, chunk_size)) / float(tokens_per_s)
        if delay > 0:
            await asyncio.sleep(delay)
        message: dict[str, Any] = {"role": "assistant", "content": content if (content or not calls) else None}
        if reasoning:
            message["reasoning_content"] = reasoning
        if calls:
            message["tool_calls"] = calls
        return JSONResponse(
            {
                "id": completion_id,
                "object": "chat.completion",
                "created": created,
                "model": model,
                "choices": [{"index": 0, "message": message, "finish_reason": finish, "logprobs": None}],
                "usage": usage,
            }
        )

    include_usage = bool((body.get("stream_options") or {}).get("include_usage"))
    gap = 1.0 / float(tokens_per_s) if tokens_per_s else 0.0

    def chunk(delta: dict[str, Any], finish_reason: str | None = None) -> str:
        payload = {
            "id": completion_id,
            "object": "chat.completion.chunk",
            "created": created,
            "model": model,
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish_reason, "logprobs": None}],
        }
        return f"data: {json.dumps(payload)}\n\n"

    stream_error = reply.get("stream_error")
    stall = reply.get("stall")

    async def events() -> AsyncIterator[str]:
        finished = False
        try:
            async for frame in frames():
                yield frame
            finished = True
        finally:
            if not finished:
                state.aborted_streams += 1

    async def frames() -> AsyncIterator[str]:
        pause = stall
        if first_delay > 0:
            await asyncio.sleep(first_delay)
        yield chunk({"role": "assistant", "content": ""})
        for piece in _chunks(reasoning, chunk_size):
            yield chunk({"reasoning_content": piece})
        sent = 0
        for piece in _chunks(content, chunk_size):
            if stream_error and sent >= int(stream_error.get("after_chars", 0)):
                message = str(stream_error.get("message", "scripted stream error"))
                yield f"data: {json.dumps({'error': {'message': message, 'type': 'server_error'}})}\n\n"
                return
            if pause and sent >= int(pause.get("after_chars", 0)):
                await asyncio.sleep(float(pause.get("seconds", 0)))
                pause = None
            if gap:
                await asyncio.sleep(gap)
            yield chunk({"content": piece})
            sent += len(piece)
        for index, call in enumerate(calls):
            head = {
                "index": index,
                "id": call["id"],
                "type": "function",
                "function": {"name": call["function"]["name"], "arguments": ""},
            }
            yield chunk({"tool_calls": [head]})
            for piece in _chunks(call["function"]["arguments"], chunk_size):
                if gap:
                    await asyncio.sleep(gap)
                yield chunk({"tool_calls": [{"index": index, "function": {"arguments": piece}}]})
        yield chunk({}, finish)
        if include_usage:
            final = {
                "id": completion_id,
                "object": "chat.completion.chunk",
                "created": created,
                "model": model,
                "choices": [],
                "usage": usage,
            }
            yield f"data: {json.dumps(final)}\n\n"
        yield "data: [DONE]\n\n"

    return StreamingResponse(events(), media_type="text/event-stream", headers={"Cache-Control": "no-cache"})


async def models(request: Request) -> Response:
    created = int(time.time())
    data = [
        {"id": m, "object": "model", "created": created, "owned_by": "atelier-stub"}
        for m in (*CHAT_MODELS, *EMBEDDING_MODELS)
    ]
    return JSONResponse({"object": "list", "data": data})


# ------------------------------------------------------------------------------- control


async def control_script(request: Request) -> Response:
    state: StubState = request.app.state.stub
    body = await _json_body(request)
    replies = body.get("replies")
    if not isinstance(replies, list) or not all(isinstance(r, dict) for r in replies):
        return _error(400, "'replies' must be an array of objects")
    state.replies.extend(replies)
    return JSONResponse({"queued": len(state.replies)})


async def control_embedding_failures(request: Request) -> Response:
    state: StubState = request.app.state.stub
    body = await _json_body(request)
    state.embedding_failure_status = int(body.get("status", 500))
    state.embedding_failures_left = int(body.get("times", 1))
    return JSONResponse({"status": state.embedding_failure_status, "times": state.embedding_failures_left})


async def control_embedding_delay(request: Request) -> Response:
    state: StubState = request.app.state.stub
    body = await _json_body(request)
    state.embedding_delay_s = float(body.get("seconds", 0.0))
    return JSONResponse({"seconds": state.embedding_delay_s})


async def control_precomputed(request: Request) -> Response:
    state: StubState = request.app.state.stub
    body = await _json_body(request)
    vectors = body.get("vectors") or {}
    state.precomputed.update({str(k): [float(x) for x in v] for k, v in vectors.items()})
    return JSONResponse({"count": len(state.precomputed)})


async def control_settings(request: Request) -> Response:
    state: StubState = request.app.state.stub
    body = await _json_body(request)
    if "embedding_dimensions" in body:
        state.embedding_dimensions = int(body["embedding_dimensions"])
    if "default_reply" in body:
        state.default_reply = body["default_reply"]
    if "record_requests" in body:
        state.record_requests = bool(body["record_requests"])
    return JSONResponse({"embedding_dimensions": state.embedding_dimensions, "default_reply": state.default_reply,
                         "record_requests": state.record_requests})


async def control_requests(request: Request) -> Response:
    state: StubState = request.app.state.stub
    path = request.query_params.get("path")
    found = [r for r in state.requests if path is None or r["path"] == path]
    return JSONResponse({"requests": found})


async def control_stats(request: Request) -> Response:
    state: StubState = request.app.state.stub
    return JSONResponse(
        {
            "embedding_requests": state.embedding_requests,
            "max_concurrent_embeddings": state.max_concurrent_embeddings,
            "chat_requests": state.chat_requests,
            "aborted_streams": state.aborted_streams,
            "queued_replies": len(state.replies),
        }
    )


async def rerank(request: Request) -> Response:
    """Jina/Cohere-style /rerank: relevance = cosine of the stub embeddings (shared words), 0..1."""
    try:
        state, body = await _read(request)
    except ValueError:
        return _error(400, "request body is not JSON")
    query, documents = body.get("query"), body.get("documents")
    if not isinstance(query, str) or not query:
        return _error(400, "'query' must be a non-empty string")
    if not isinstance(documents, list) or not all(isinstance(d, str) for d in documents):
        return _error(400, "'documents' must be an array of strings")
    q = embed_text(query)
    scored = [(i, max(0.0, sum(a * b for a, b in zip(q, embed_text(d or " "), strict=True))))
              for i, d in enumerate(documents)]
    scored.sort(key=lambda item: -item[1])
    top_n = body.get("top_n") or len(scored)
    return JSONResponse({"model": body.get("model", ""),
                         "results": [{"index": i, "relevance_score": s} for i, s in scored[:top_n]]})


async def control_reset(request: Request) -> Response:
    request.app.state.stub = StubState()
    return JSONResponse({"reset": True})


def create_app() -> Starlette:
    app = Starlette(
        routes=[
            Route("/v1/embeddings", embeddings, methods=["POST"]),
            Route("/v1/chat/completions", chat_completions, methods=["POST"]),
            Route("/v1/models", models, methods=["GET"]),
            Route("/v1/rerank", rerank, methods=["POST"]),
            Route("/_control/script", control_script, methods=["POST"]),
            Route("/_control/embedding_failures", control_embedding_failures, methods=["POST"]),
            Route("/_control/embedding_delay", control_embedding_delay, methods=["POST"]),
            Route("/_control/precomputed", control_precomputed, methods=["POST"]),
            Route("/_control/settings", control_settings, methods=["POST"]),
            Route("/_control/requests", control_requests, methods=["GET"]),
            Route("/_control/stats", control_stats, methods=["GET"]),
            Route("/_control/reset", control_reset, methods=["POST"]),
        ]
    )
    app.state.stub = StubState()
    return app
