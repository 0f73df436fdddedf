"""Per-call overhead of a plugin tool call: through the plugin service (InvokeTool) and through the
agent inside real chat turns, against calling the tool server directly, in the same run.

The stack is real processes (gateway, agent, conversation, plugin, knowledge); the tool server
(the suite's ToolServer, in a process of its own) answers one GET at once; the plugin is registered
from an OpenAPI document with an API key in a header, and bound to a draft agent whose model is the
suite's OpenAI-compatible server, scripted per chat and answering at once (no first-token delay, no
token rate).

  direct   N GETs of the tool server from this process (httpx, one kept-alive connection, the same
           path, query and API-key header the plugin sends)
  invoke   N InvokeTool calls to the plugin service (arguments validated, key decrypted, request
           built, sent through the SSRF guard, answer shaped); added = p50 - direct p50
  agent    console chats, alternated: a `plain` chat (the model answers at once) and a `tools` chat
           (the model calls the tool K times, one call per model turn, then answers). Both turns
           resolve the bound tools, persist the question and the answer and stream the same events,
           so (p50(tools) - p50(plain)) / K is what one call costs inside a turn: its model round,
           the InvokeTool, its function_call / tool_response / run-record messages. Calls are one per
           model turn because calls of one turn run concurrently, which would hide their cost.
           The model's own time for that round (a streamed tool-call completion from the stub with
           the tool's definition, as the agent asks for it, measured directly here; the replies are
           scripted beforehand, so the timed request is the completion alone) and the tool server's
           (direct p50) are subtracted: agent_tool_call_added_p50_ms is what the stack adds per call,
           the goal being under 5 ms.
  counts   after the timed chats, M plain chats then M tools chats, with Postgres's statistics of this
           benchmark's database (transactions, rows scanned / inserted / updated per schema) and Redis's
           command counts (server-wide) read before, between and after: what one call adds of each
           (agent_tool_call_counts, with the SSE events one call adds to a chat).

Prints one JSON line per figure on stdout; progress goes to stderr. Options: --calls N (direct and
invoke), --chats N (per kind), --calls-per-chat K, --count-chats M; e.g. `make bench-tools BENCH_ARGS="--chats 30"`."""

from __future__ import annotations

import argparse
import asyncio
import json
import secrets
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg
import httpx
import redis.asyncio as redis

from atelier_common.auth import internal_context
from atelier_common.grpc.client import channel
from atelier_devstack.api_client import AtelierClient
from atelier_devstack.health import http_ok, wait_until
from atelier_devstack.ports import free_port
from atelier_devstack.stack_fixtures import STUB_MODEL_ID, write_stub_models
from atelier_devstack.tool_servers import register_api_key_plugin
from atelier_proto import plugin_pb2 as ppb
from atelier_proto import plugin_pb2_grpc
from atelier_proto.enums import InvokeOutcome
from benchmarks import figures
from benchmarks.figures import percentile
from benchmarks.harness import CpuMeter, infrastructure, log, services

GOAL_MS = 5.0
API_KEY = "bench-" + "k" * 24
CITY, DAYS = "Paris", 1
TOOL_PATH = f"/v1/forecast/{CITY}"
TOOL_ANSWER = {"city": CITY, "days": [{"high_c": 21, "sky": "clear"}]}
ARGUMENTS = {"city": CITY, "days": DAYS}
TOOL_CALL_REPLY = {"content": "", "tool_calls": [{"name": "forecast", "arguments": ARGUMENTS}]}
ANSWER_REPLY = {"content": "Clear, 21 C."}
FORECAST_TOOL = {"type": "function", "function": {
    "name": "forecast", "description": "The forecast of a city", "parameters": {
        "type": "object", "required": ["city", "days"],
        "properties": {"city": {"type": "string"}, "days": {"type": "integer", "minimum": 1}}}}}

# The tool server in its own process, so its threads never share this process's interpreter lock
# with the client being measured.
TOOL_SERVER = f"""
import json, sys
from atelier_devstack.tool_servers import ToolServer
with ToolServer() as server:
    server.respond("GET", {TOOL_PATH!r}, json.loads({json.dumps(TOOL_ANSWER)!r}))
    print(server.port, flush=True)
    sys.stdin.read()
"""


def emit(figure: str, value: float, unit: str, **extra: Any) -> None:
    figures.emit("tools", figure, value, unit, **extra)


def openapi(port: int) -> dict[str, Any]:
    return {
        "openapi": "3.0.3", "info": {"title": "Weather", "description": "Forecasts", "version": "1"},
        "servers": [{"url": f"http://127.0.0.1:{port}/v1"}],
        "paths": {"/forecast/{city}": {"get": {
            "operationId": "forecast", "summary": "The forecast of a city",
            "parameters": [
                {"name": "city", "in": "path", "required": True, "schema": {"type": "string"}},
                {"name": "days", "in": "query", "required": True, "schema": {"type": "integer", "minimum": 1}}],
            "responses": {"200": {"description": "OK"}}}}},
    }


async def register_plugin(client: AtelierClient, tool_port: int) -> tuple[int, int]:
    """A plugin with one GET tool and an API key in a header: (plugin_id, api_id)."""
    plugin_id, api_id = await register_api_key_plugin(client, openapi(tool_port), api_key=API_KEY)
    return int(plugin_id), int(api_id)


async def make_agent(client: AtelierClient, plugin_id: int, api_id: int) -> str:
    """A draft agent on the stub model with the plugin's tool bound."""
    created = await client.call("/api/draftbot/create", {"space_id": client.space_id, "name": f"bench-tools-{secrets.token_hex(3)}"})
    bot_id = created["data"]["bot_id"]
    await client.call("/api/playground_api/draftbot/update_draft_bot_info", {"bot_info": {
        "bot_id": bot_id, "model_info": {"model_id": STUB_MODEL_ID},
        "plugin_info_list": [{"plugin_id": str(plugin_id), "api_id": str(api_id)}]}})
    return bot_id


async def timed(n: int, once: Callable[[], Awaitable[None]]) -> list[float]:
    """Milliseconds of `n` sequential calls."""
    samples = []
    for _ in range(n):
        start = time.perf_counter()
        await once()
        samples.append((time.perf_counter() - start) * 1000)
    return samples


@dataclass(frozen=True)
class Stats:
    p50: float
    p95: float
    samples: int

    @classmethod
    def of(cls, values: list[float]) -> Stats:
        return cls(percentile(values, 0.5), percentile(values, 0.95), len(values))


def report(name: str, stats: Stats, **extra: Any) -> None:
    emit(f"{name}_p50_ms", stats.p50, "ms", p95_ms=round(stats.p95, 3), samples=stats.samples, **extra)


class Model:
    """The stub model server: scripted per chat over its control API, and timed directly."""

    def __init__(self, http: httpx.AsyncClient, port: int) -> None:
        self.http, self.url = http, f"http://127.0.0.1:{port}"

    async def script(self, *replies: dict[str, Any]) -> None:
        (await self.http.post(f"{self.url}/_control/script", json={"replies": list(replies)})).raise_for_status()

    async def tool_call_round(self) -> None:
        """One streamed completion answering with the tool call (scripted beforehand), read to its end,
        as the agent asks for it and reads it."""
        body = {"model": "stub-chat", "stream": True, "stream_options": {"include_usage": True},
                "messages": [{"role": "user", "content": "Weather in Paris?"}], "tools": [FORECAST_TOOL]}
        async with self.http.stream("POST", f"{self.url}/v1/chat/completions", json=body) as reply:
            reply.raise_for_status()
            async for _ in reply.aiter_lines():
                pass


class Chats:
    """Console chats with the draft agent, each in a new conversation, timed from request to `done`."""

    def __init__(self, client: AtelierClient, model: Model, bot_id: str) -> None:
        self.client, self.model, self.bot_id = client, model, bot_id
        self.events = 0  # SSE events received, all chats

    async def run(self, tool_calls: int) -> float:
        conversation = (await self.client.call("/v1/conversation/create", {"bot_id": self.bot_id}))["data"]["id"]
        await self.model.script(*[TOOL_CALL_REPLY] * tool_calls, ANSWER_REPLY)
        body = {"bot_id": self.bot_id, "conversation_id": conversation, "query": "Weather in Paris?", "draft_mode": True}
        start = time.perf_counter()
        responses = ok = 0
        async for event, data in self.client.sse("/api/conversation/chat", body):
            self.events += 1
            if event == "done":
                break
            said = json.loads(data) if event == "message" else {}
            if not said.get("is_finish"):
                continue
            message = said["message"]
            if message["type"] == "tool_response":
                responses += 1
            if message["type"] == "verbose":
                content = json.loads(message["content"])
                if content.get("msg_type") == "tool_call_record" and json.loads(content["data"])["outcome"] == "ok":
                    ok += 1
        took = (time.perf_counter() - start) * 1000
        if responses != tool_calls or ok != tool_calls:
            raise RuntimeError(f"a chat scripted with {tool_calls} tool calls had {responses} tool responses, {ok} ok")
        return took


class CpuTally:
    """CPU seconds of this benchmark's own processes (the stack, the model, the tool server), summed
    over the chats run inside `with tally:`."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}
        self._meter = CpuMeter(own_only=True)

    def __enter__(self) -> None:
        self._meter.start()

    def __exit__(self, *exc: object) -> None:
        for name, used in self._meter.stop(digits=6).items():
            self.seconds[name] = self.seconds.get(name, 0.0) + used


# Postgres reports a backend's counters when it goes idle, at most once a second, else after 10 s.
STATS_FLUSH_S = 11.0


class Counts:
    """What the stack asks of Postgres (this benchmark's database: transactions, and rows read and
    written per schema) and of Redis (commands, server-wide), read from their statistics."""

    def __init__(self, database_url: str, redis_url: str) -> None:
        self.database_url, self.redis_url = database_url, redis_url

    async def snapshot(self) -> dict[str, float]:
        await asyncio.sleep(STATS_FLUSH_S)
        conn = await asyncpg.connect(self.database_url)
        try:
            out = {"db.transactions": float(await conn.fetchval(
                "SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = current_database()"))}
            for row in await conn.fetch(
                    "SELECT schemaname, sum(seq_scan + coalesce(idx_scan, 0)) AS scans,"
                    " sum(n_tup_ins) AS inserts, sum(n_tup_upd + n_tup_del) AS updates"
                    " FROM pg_stat_user_tables GROUP BY schemaname"):
                for what in ("scans", "inserts", "updates"):
                    out[f"db.{row['schemaname']}.{what}"] = float(row[what] or 0)
        finally:
            await conn.close()
        client = redis.Redis.from_url(self.redis_url)
        try:
            stats = await client.info("commandstats")
        finally:
            await client.aclose()
        out["redis.commands"] = float(sum(v["calls"] for v in stats.values()))
        out |= {f"redis.{name.removeprefix('cmdstat_')}": float(v["calls"]) for name, v in stats.items()}
        return out

    @staticmethod
    def per_call(before: dict[str, float], plain: dict[str, float], tools: dict[str, float], calls: int
                 ) -> dict[str, float]:
        """(tools chats' counts - plain chats' counts) per call; `plain` is taken between the two runs.
        Each pooled statement is two transactions (the statement, and the reset as the connection goes
        back to its pool)."""
        out = {}
        for name in sorted(n for n in set(tools) | set(plain) if n.startswith("db.") or n == "redis.commands"):
            used_plain = plain.get(name, 0.0) - before.get(name, 0.0)
            used_tools = tools.get(name, 0.0) - plain.get(name, 0.0)
            if used_plain or used_tools:
                out[name] = round((used_tools - used_plain) / calls, 2)
        return out


def start_tool_server() -> tuple[subprocess.Popen[str], int]:
    proc = subprocess.Popen([sys.executable, "-c", TOOL_SERVER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    return proc, int(proc.stdout.readline())


async def measure(args: argparse.Namespace, stack_client: AtelierClient, plugin_addr: str, model: Model,
                  tool_port: int, counts: Counts) -> None:
    plugin_id, api_id = await register_plugin(stack_client, tool_port)
    bot_id = await make_agent(stack_client, plugin_id, api_id)
    space_id = int(stack_client.space_id)

    direct_http = httpx.AsyncClient(trust_env=False, timeout=30)
    tool_url = f"http://127.0.0.1:{tool_port}{TOOL_PATH}"

    async def direct_once() -> None:
        reply = await direct_http.get(tool_url, params={"days": DAYS}, headers={"X-Api-Key": API_KEY})
        reply.raise_for_status()

    stub = plugin_pb2_grpc.PluginServiceStub(channel(plugin_addr))
    request = ppb.InvokeToolRequest(plugin_id=plugin_id, api_id=api_id, arguments=json.dumps(ARGUMENTS),
                                    user_id="bench", bot_id=int(bot_id), space_id=space_id, draft=True)

    async def invoke_once() -> None:
        with internal_context():
            reply = await stub.InvokeTool(request, timeout=30)
        if reply.outcome != InvokeOutcome.Ok:
            raise RuntimeError(f"InvokeTool answered {reply.outcome}: {reply.error}")

    chats = Chats(stack_client, model, bot_id)
    try:
        log("warming up: connections, the plugin's parsed document, the agent's model client")
        await model.script(*[TOOL_CALL_REPLY] * 5)
        for _ in range(5):
            await direct_once()
            await invoke_once()
            await model.tool_call_round()
        await chats.run(0)
        await chats.run(args.calls_per_chat)

        log(f"direct: {args.calls} GETs of the tool server")
        direct = Stats.of(await timed(args.calls, direct_once))
        log(f"invoke: {args.calls} InvokeTool calls")
        invoke_cpu = CpuTally()
        with invoke_cpu:
            invoke = Stats.of(await timed(args.calls, invoke_once))
        log(f"model: {args.calls} streamed tool-call completions of the stub model")
        await model.script(*[TOOL_CALL_REPLY] * args.calls)
        model_round = Stats.of(await timed(args.calls, model.tool_call_round))

        log(f"agent: {args.chats} chats without tool calls and {args.chats} with {args.calls_per_chat}, alternated")
        plain: list[float] = []
        tools: list[float] = []
        plain_cpu = CpuTally()
        tools_cpu = CpuTally()
        plain_events = tools_events = 0
        for i in range(args.chats):
            with plain_cpu:
                before = chats.events
                plain.append(await chats.run(0))
                plain_events += chats.events - before
            with tools_cpu:
                before = chats.events
                tools.append(await chats.run(args.calls_per_chat))
                tools_events += chats.events - before
            if (i + 1) % 10 == 0:
                log(f"  {i + 1}/{args.chats}")

        log(f"counts: {args.count_chats} chats without tool calls, then {args.count_chats} with, "
            "Postgres and Redis statistics read between (each read waits for Postgres to report)")
        counted_before = await counts.snapshot()
        for _ in range(args.count_chats):
            await chats.run(0)
        counted_plain = await counts.snapshot()
        for _ in range(args.count_chats):
            await chats.run(args.calls_per_chat)
        counted_tools = await counts.snapshot()
        log(f"  counted: {json.dumps([counted_before, counted_plain, counted_tools])}")
    finally:
        await direct_http.aclose()

    report("direct", direct)
    report("invoke", invoke, added_ms=round(invoke.p50 - direct.p50, 3), direct_p50_ms=round(direct.p50, 3))
    # The plugin service's CPU per InvokeTool (the tool server's and this process's beside it).
    emit("invoke_cpu_ms", invoke_cpu.seconds.get("plugin", 0.0) * 1000 / args.calls, "ms",
         by_process={n: round(v * 1000 / args.calls, 3) for n, v in sorted(invoke_cpu.seconds.items()) if v})
    report("model_round", model_round)
    plain_stats, tools_stats = Stats.of(plain), Stats.of(tools)
    report("agent_chat_plain", plain_stats)
    report("agent_chat_tools", tools_stats, tool_calls=args.calls_per_chat)
    k = args.calls_per_chat
    per_call = (tools_stats.p50 - plain_stats.p50) / k
    per_call_p95 = (tools_stats.p95 - plain_stats.p95) / k
    emit("agent_tool_call_p50_ms", per_call, "ms", p95_ms=round(per_call_p95, 3), tool_calls_per_chat=k,
         chats=args.chats)
    # CPU the stack's processes spent per call (tools chats minus plain chats, per call): what the
    # wall-clock figure is made of, and stable on a busy machine where wall-clock times are not.
    cpu_per_call = {name: (tools_cpu.seconds.get(name, 0.0) - plain_cpu.seconds.get(name, 0.0)) * 1000 / (k * args.chats)
                    for name in sorted(set(tools_cpu.seconds) | set(plain_cpu.seconds))}
    emit("agent_tool_call_cpu_ms", sum(v for n, v in cpu_per_call.items() if n not in ("model", "bench")), "ms",
         by_process={n: round(v, 3) for n, v in cpu_per_call.items()})
    # What one call asks of Postgres and Redis, and the SSE events it adds.
    emit("agent_tool_call_counts", (tools_events - plain_events) / (k * args.chats), "sse events",
         per_call=Counts.per_call(counted_before, counted_plain, counted_tools, k * args.count_chats),
         chats=args.count_chats)
    added = per_call - model_round.p50 - direct.p50
    emit("agent_tool_call_added_p50_ms", added, "ms", goal_ms=GOAL_MS, meets_goal=added < GOAL_MS,
         per_call_p50_ms=round(per_call, 3), model_round_p50_ms=round(model_round.p50, 3),
         direct_p50_ms=round(direct.p50, 3), invoke_added_ms=round(invoke.p50 - direct.p50, 3))


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--calls", type=int, default=300, help="direct, InvokeTool and model-round samples")
    parser.add_argument("--chats", type=int, default=60, help="chats of each kind (plain, with tool calls)")
    parser.add_argument("--calls-per-chat", type=int, default=5, help="tool calls in a chat, one per model turn")
    parser.add_argument("--count-chats", type=int, default=10,
                        help="chats of each kind whose Postgres and Redis work is counted (after the timed ones)")
    args = parser.parse_args()

    model_port = free_port()
    model_proc = subprocess.Popen([sys.executable, "-m", "atelier_devstack.openai_stub", "--port", str(model_port)],
                                  stdout=subprocess.DEVNULL)
    tool_proc, tool_port = start_tool_server()
    base_url = f"http://127.0.0.1:{model_port}/v1"
    try:
        if not await wait_until(lambda: http_ok(f"{base_url}/models"), 30):
            raise RuntimeError("the model server did not start")
        async with httpx.AsyncClient(trust_env=False, timeout=30) as control:
            # Unscripted requests (e.g. follow-up suggestions) get an instant short answer; no request log.
            await control.post(f"http://127.0.0.1:{model_port}/_control/settings",
                               json={"default_reply": {"content": "ok"}, "record_requests": False})
            model = Model(control, model_port)
            async with infrastructure() as infra:
                models = write_stub_models(Path(infra.root) / "models", base_url)
                env = {"ATELIER_MODEL_CONFIG_DIR": str(models), "ATELIER_TEST_MODEL_KEY": "bench",
                       "ATELIER_EMBEDDING_PROVIDER": "openai", "ATELIER_EMBEDDING_BASE_URL": base_url,
                       "ATELIER_EMBEDDING_MODEL": "stub-embedding", "ATELIER_EMBEDDING_DIMENSIONS": "64",
                       "ATELIER_LLM_BASE_URL": base_url, "ATELIER_SECRET_KEY": secrets.token_urlsafe(32),
                       "ATELIER_OUTBOUND_ALLOWLIST": "127.0.0.1",
                       # One model turn per tool call, then the answer.
                       "ATELIER_AGENT_MAX_ITERATIONS": str(args.calls_per_chat + 1)}
                log("starting knowledge, agent, conversation, plugin and gateway")
                async with services(infra, env, indexers=0, extra=("plugin", "agent", "conversation")) as stack:
                    plugin_addr = next(p for p in stack.procs if p.name == "plugin").env["ATELIER_PLUGIN_ADDR"]
                    counts = Counts(infra.env["ATELIER_DATABASE_URL"], infra.env["ATELIER_REDIS_URL"])
                    await measure(args, stack.client, plugin_addr, model, tool_port, counts)
    finally:
        tool_proc.terminate()
        model_proc.terminate()
        tool_proc.wait(10)
        model_proc.wait(10)


if __name__ == "__main__":
    asyncio.run(main())
