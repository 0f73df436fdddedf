"""A stream processor in its own process, for test_stream_faults.py to SIGKILL mid-work:
`python stream_worker.py` with WORKER_BOOTSTRAP, WORKER_DATABASE_URL, WORKER_SCHEMA, WORKER_TOPIC
(and WORKER_GROUP, default "faults").

Each delivery is noted in `attempts` (outside the handler's transaction, so it survives a kill);
the effect goes to `effects` in the transaction that records the event id as processed.
Handlers sleep a random while, so events finish out of order.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal

import asyncpg

from atelier_common.db.pool import create_pool
from atelier_common.kafka.event import Event
from atelier_common.kafka.handling import InTransaction
from atelier_common.kafka.ledger import ProcessedEvents
from atelier_common.kafka.processor import ProcessorConfig, StreamProcessor
from atelier_common.kafka.topics import TopicSpec


async def main() -> None:
    env = os.environ
    pool = await create_pool(env["WORKER_DATABASE_URL"], schema=env["WORKER_SCHEMA"], max_size=10)

    async def handler(event: Event, conn: asyncpg.Connection) -> None:
        await pool.execute("INSERT INTO attempts VALUES ($1)", event.event_id)
        await asyncio.sleep(random.uniform(0.05, 0.4))
        await conn.execute("INSERT INTO effects VALUES ($1, $2)", event.event_id, os.getpid())

    config = ProcessorConfig(env["WORKER_BOOTSTRAP"], env.get("WORKER_GROUP", "faults"), (TopicSpec(env["WORKER_TOPIC"], partitions=2),),
                             concurrency=8)
    processor = StreamProcessor(config, InTransaction(pool, ProcessedEvents(config.group_id), handler))
    await processor.start()
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    await stop.wait()
    await processor.stop()
    await pool.close()


if __name__ == "__main__":
    asyncio.run(main())
