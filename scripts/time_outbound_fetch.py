"""How long one guarded GET of a small local page takes: `atelier_common.outbound.fetch` (a client
made per call) against a long-lived `Fetcher` (one client, its TLS context and kept-alive
connections reused). Wall and CPU time per fetch. A timing script, not a test:

    .venv/bin/python scripts/time_outbound_fetch.py [fetches]
"""

from __future__ import annotations

import asyncio
import sys
import time

from atelier_common import outbound
from atelier_common.outbound import OutboundPolicy, fetch
from atelier_devstack.web_server import LocalWebServer

PAGE = "<html><head><title>t</title></head><body><p>" + "tea " * 200 + "</p></body></html>"


async def timed(label: str, n: int, one) -> None:  # noqa: ANN001 - an async callable taking the index
    await one(0)  # warm: imports, first connection
    wall, cpu = time.perf_counter(), time.process_time()
    for i in range(n):
        await one(i)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"{label:<34} {wall / n * 1000:7.2f} ms wall  {cpu / n * 1000:7.2f} ms CPU per fetch  ({n} fetches)")


async def main(n: int) -> None:
    with LocalWebServer() as web:
        url = web.page("/page", PAGE)
        policy = OutboundPolicy(allow_networks=outbound.parse_allowlist("127.0.0.1")[0])

        async def one_off(i: int) -> None:
            assert (await fetch(url, policy, what="web page")).status_code == 200

        await timed("fetch() (a client per call)", n, one_off)
        fetcher_cls = getattr(outbound, "Fetcher", None)
        if fetcher_cls is None:
            print("no outbound.Fetcher here: only the per-call figure")
            return
        async with fetcher_cls(policy) as fetcher:
            async def kept(i: int) -> None:
                assert (await fetcher.fetch(url, what="web page")).status_code == 200

            await timed("Fetcher.fetch (one client)", n, kept)


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 50))
