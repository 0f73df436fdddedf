"""Chat latency through the stack: time to first token and tokens/s of /v3/chat (gateway ->
conversation -> agent -> model) against calling the model server directly, in the same run.

The model is the suite's OpenAI-compatible server in its own process, answering every chat with a
fixed first-token delay and token rate, so what remains is the stack's own overhead. Measured at 1
and 32 concurrent chats, with and without an attached knowledge base (one retrieval per turn).
Prints one JSON line per figure; progress goes to stderr.

At 32 clients each client runs `--rounds-32` chats one after the other, so the first round starts as
one synchronised burst and the next ones spread out; one such pattern gives 64 first tokens whose
p50 moved by tens of milliseconds from run to run (half of them come from a single burst). The
pattern runs `--repeats-32` times (direct, without knowledge, with knowledge, in turn) and each
figure pools the repetitions' chats: the same mix of burst and spread-out chats, a steadier p50.

cpu_ms_before_first_token_32c(_kb): 32 chats start together while the model holds back its first
token for a while (`--repeats-32` such bursts, averaged); the CPU each service spends before any
first token, per chat, is what the 32 chats queue for (on 2 cores each chat's first token waits for
up to 32 times that, halved), so the figure the first-token overhead at 32 chats follows, and
stable on a busy machine."""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import openai

from atelier_devstack.api_client import AtelierClient
from atelier_devstack.health import http_ok, wait_until
from atelier_devstack.ports import free_port
from atelier_devstack.stack_fixtures import STUB_MODEL_ID, write_stub_models
from benchmarks import figures
from benchmarks.figures import percentile
from benchmarks.harness import CpuMeter, infrastructure, log, services

FIRST_TOKEN_DELAY_S = 0.2
TOKENS_PER_S = 100.0
ANSWER_TOKENS = 60
CHUNK_CHARS = 4
REPLY = {"content": "abcd" * ANSWER_TOKENS, "chunk_size_chars": CHUNK_CHARS,
         "first_token_delay_s": FIRST_TOKEN_DELAY_S, "tokens_per_s": TOKENS_PER_S}
# The services a chat goes through (knowledge: one retrieval per turn when a knowledge base is attached).
STACK = ("gateway", "conversation", "agent", "knowledge")
KB_TEXTS = [f"Note {i}: the maintenance schedule of turbine {i} is every {i + 2} weeks." for i in range(20)]


def emit(figure: str, value: float, unit: str, **extra: Any) -> None:
    figures.emit("chat", figure, value, unit, **extra)


@dataclass
class Sample:
    ttft_s: float
    tokens_per_s: float


async def direct_once(client: openai.AsyncOpenAI) -> Sample:
    start = time.perf_counter()
    first = last = 0.0
    tokens = 0
    stream = await client.chat.completions.create(model="stub-chat", stream=True,
                                                  messages=[{"role": "user", "content": "hello"}])
    async for chunk in stream:
        if chunk.choices and chunk.choices[0].delta.content:
            last = time.perf_counter()
            first = first or last
            tokens += 1
    return Sample(first - start, (tokens - 1) / (last - first) if last > first else 0.0)


async def stack_once(http: httpx.AsyncClient, bot_id: str) -> Sample:
    body = {"bot_id": bot_id, "user_id": f"bench-{uuid.uuid4().hex[:6]}", "stream": True,
            "additional_messages": [{"role": "user", "content": "what is the maintenance schedule of turbine 3?",
                                     "content_type": "text"}]}
    start = time.perf_counter()
    first = last = 0.0
    chars = first_chars = 0
    async with http.stream("POST", "/v3/chat", json=body) as reply:
        if reply.status_code != 200:
            raise RuntimeError(f"/v3/chat answered {reply.status_code}: {(await reply.aread())[:300]!r}")
        delta = False
        async for line in reply.aiter_lines():
            if line.startswith("event:"):
                delta = line == "event: conversation.message.delta"
                if line.startswith("event: conversation.chat.failed"):
                    raise RuntimeError("a benchmark chat failed")
            elif delta and line.startswith("data:"):
                # An event may carry several tokens when the stack merged a backlog: count characters.
                size = len(json.loads(line[5:])["content"])
                last = time.perf_counter()
                if not first:
                    first, first_chars = last, size
                chars += size
    tokens = (chars - first_chars) / CHUNK_CHARS  # tokens after the first event
    return Sample(first - start, tokens / (last - first) if last > first else 0.0)


async def measure(once, clients: int, rounds: int) -> list[Sample]:  # noqa: ANN001
    samples: list[Sample] = []

    async def worker() -> None:
        for _ in range(rounds):
            samples.append(await once())

    await asyncio.gather(*(worker() for _ in range(clients)))
    return samples


def cpu_ms_per_chat(cpu_s: dict[str, float], chats: int) -> dict[str, float]:
    """Milliseconds of CPU each service of the chat path spent per chat, and their total: what the
    stack's overhead is made of, and stable on a busy machine where wall-clock times are not."""
    per_chat = {name: round(cpu_s.get(name, 0.0) * 1000 / chats, 2) for name in STACK}
    return {**per_chat, "total": round(sum(per_chat.values()), 2)}


def report(label: str, clients: int, stack: list[Sample], direct: list[Sample], knowledge: bool,
           cpu: dict[str, float]) -> None:
    cpu_ms = cpu_ms_per_chat(cpu, len(stack))
    for stat, q in (("p50", 0.5), ("p95", 0.95)):
        s, d = percentile([x.ttft_s for x in stack], q), percentile([x.ttft_s for x in direct], q)
        extra = {"clients": clients, "knowledge": knowledge, "direct_ms": round(d * 1000, 1), "ratio": round(s / d, 3),
                 "overhead_ms": round((s - d) * 1000, 1), "samples": len(stack), "cpu_ms_per_chat": cpu_ms}
        emit(f"ttft_{stat}_{label}", s * 1000, "ms", **extra)
    s_rate = statistics.median(x.tokens_per_s for x in stack)
    d_rate = statistics.median(x.tokens_per_s for x in direct)
    emit(f"tokens_per_s_{label}", s_rate, "tokens/s", clients=clients, knowledge=knowledge,
         direct=round(d_rate, 1), ratio=round(s_rate / d_rate, 3), cpu_ms_per_chat=cpu_ms, cpu_s=cpu)
    emit(f"cpu_ms_per_chat_{label}", cpu_ms["total"], "ms", clients=clients, knowledge=knowledge, chats=len(stack),
         by_service=cpu_ms)


HELD_FIRST_TOKEN_S = 2.0  # the model's first-token delay while measuring the CPU before it
BEFORE_FIRST_TOKEN_S = 1.5  # the CPU counted from the chats' start (all of them are waiting for the model by then)


async def cpu_before_first_token(http: httpx.AsyncClient, control_url: str, bot_id: str, clients: int
                                 ) -> dict[str, float]:
    """CPU ms per chat of each service between `clients` chats starting together and their first token."""
    async with httpx.AsyncClient(trust_env=False) as control:
        await control.post(control_url, json={"default_reply": {**REPLY, "first_token_delay_s": HELD_FIRST_TOKEN_S},
                                                 "record_requests": False})
        try:
            meter = CpuMeter(own_only=True)
            meter.start()
            chats = [asyncio.ensure_future(stack_once(http, bot_id)) for _ in range(clients)]
            await asyncio.sleep(BEFORE_FIRST_TOKEN_S)
            used = meter.stop(digits=4)
            await asyncio.gather(*chats)
        finally:
            await control.post(control_url, json={"default_reply": REPLY, "record_requests": False})
    return cpu_ms_per_chat(used, clients)


async def make_bot(client: AtelierClient, dataset_id: str | None) -> str:
    bot = (await client.call("/api/draftbot/create", {"space_id": client.space_id, "name": f"bench-{uuid.uuid4().hex[:6]}"}))
    bot_id = bot["data"]["bot_id"]
    info: dict[str, Any] = {"bot_id": bot_id, "model_info": {"model_id": STUB_MODEL_ID},
                            "prompt_info": {"prompt": "You answer questions about turbine maintenance."}}
    if dataset_id:
        info["knowledge"] = {"knowledge_info": [{"id": dataset_id}], "auto": True, "top_k": 3, "min_score": 0,
                             "search_strategy": 1}
    await client.call("/api/playground_api/draftbot/update_draft_bot_info", {"bot_info": info})
    await client.call("/api/draftbot/publish", {"space_id": client.space_id, "bot_id": bot_id})
    return bot_id


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds-1", type=int, default=20, help="chats at 1 client")
    parser.add_argument("--rounds-32", type=int, default=2, help="chats per client at 32 clients")
    parser.add_argument("--repeats-32", type=int, default=3,
                        help="times the 32-client pattern (direct, then the stack without and with knowledge) runs;"
                             " each figure pools their chats")
    args = parser.parse_args()

    port = free_port()
    stub_proc = subprocess.Popen([sys.executable, "-m", "atelier_devstack.openai_stub", "--port", str(port)],
                                 stdout=subprocess.DEVNULL)
    base_url = f"http://127.0.0.1:{port}/v1"
    try:
        if not await wait_until(lambda: http_ok(f"http://127.0.0.1:{port}/v1/models"), 30):
            raise RuntimeError("the model server did not start")
        async with httpx.AsyncClient(trust_env=False) as control:
            await control.post(f"http://127.0.0.1:{port}/_control/settings",
                               json={"default_reply": REPLY, "record_requests": False})
        async with infrastructure() as infra:
            models = write_stub_models(Path(infra.root) / "models", base_url)
            env = {"ATELIER_MODEL_CONFIG_DIR": str(models), "ATELIER_TEST_MODEL_KEY": "bench",
                   "ATELIER_EMBEDDING_PROVIDER": "openai", "ATELIER_EMBEDDING_BASE_URL": base_url,
                   "ATELIER_EMBEDDING_MODEL": "stub-embedding", "ATELIER_EMBEDDING_DIMENSIONS": "64",
                   "ATELIER_LLM_BASE_URL": base_url, "ATELIER_LOG_LEVEL": "WARNING"}
            log("starting knowledge, indexer, agent, conversation and gateway")
            async with services(infra, env, extra=("agent", "conversation")) as stack:
                client = stack.client
                dataset_id = await client.create_dataset(f"bench-chat-{int(time.time())}")
                docs = [await client.create_text_document(dataset_id, f"note-{i}", text) for i, text in enumerate(KB_TEXTS)]
                await client.wait_documents([d["document_id"] for d in docs])
                bots = {False: await make_bot(client, None), True: await make_bot(client, dataset_id)}
                direct = openai.AsyncOpenAI(base_url=base_url, api_key="bench", max_retries=0,
                                            http_client=httpx.AsyncClient(trust_env=False, timeout=120,
                                                                          limits=httpx.Limits(max_connections=64)))
                http = httpx.AsyncClient(base_url=client.http.base_url, headers=dict(client.http.headers),
                                         trust_env=False, timeout=120, limits=httpx.Limits(max_connections=64))
                await stack_once(http, bots[False])  # warm connections and caches
                await direct_once(direct)
                for clients, rounds, repeats in ((1, args.rounds_1, 1), (32, args.rounds_32, args.repeats_32)):
                    baseline: list[Sample] = []
                    samples: dict[bool, list[Sample]] = {False: [], True: []}
                    cpu: dict[bool, dict[str, float]] = {False: {}, True: {}}
                    for repeat in range(repeats):
                        baseline += await measure(lambda: direct_once(direct), clients, rounds)
                        for knowledge in (False, True):
                            log(f"{clients} client(s), knowledge={knowledge}: {clients * rounds} chats"
                                + (f" ({repeat + 1} of {repeats})" if repeats > 1 else ""))
                            # This benchmark's own processes only: other stacks on the machine stay out.
                            meter = CpuMeter(own_only=True)
                            meter.start()
                            samples[knowledge] += await measure(lambda k=knowledge: stack_once(http, bots[k]),
                                                                clients, rounds)
                            for name, seconds in meter.stop(digits=4).items():
                                cpu[knowledge][name] = cpu[knowledge].get(name, 0.0) + seconds
                    for knowledge in (False, True):
                        label = f"{clients}c" + ("_kb" if knowledge else "")
                        report(label, clients, samples[knowledge], baseline, knowledge,
                               {name: round(seconds, 4) for name, seconds in cpu[knowledge].items()})
                for knowledge in (False, True):
                    log(f"32 chats, knowledge={knowledge}: CPU before the first token")
                    bursts = [await cpu_before_first_token(http, f"http://127.0.0.1:{port}/_control/settings",
                                                           bots[knowledge], 32) for _ in range(args.repeats_32)]
                    before = {name: round(statistics.fmean(b[name] for b in bursts), 2) for name in bursts[0]}
                    emit("cpu_ms_before_first_token_32c" + ("_kb" if knowledge else ""), before["total"], "ms",
                         clients=32, knowledge=knowledge, by_service=before)
                await http.aclose()
                await direct.close()
    finally:
        stub_proc.terminate()
        stub_proc.wait(10)


if __name__ == "__main__":
    asyncio.run(main())
