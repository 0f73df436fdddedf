"""faust's aiokafka transport with a short fetch wait.

faust builds its consumer with `fetch_max_wait_ms=1500` and no setting to change it. A broker that
answers a long poll over several partitions only at its deadline (Tansu does) then adds up to
1.5 s to every hop of the pipeline: an upload would wait seconds before indexing starts. A
100 ms wait bounds that, at the price of a few idle fetch requests per second.
"""

from __future__ import annotations

from typing import Any

import aiokafka
import faust
from faust.transport.drivers import aiokafka as faust_aiokafka

FETCH_MAX_WAIT_MS = 100


class _ConsumerThread(faust_aiokafka.AIOKafkaConsumerThread):
    def _create_worker_consumer(self, transport: Any) -> aiokafka.AIOKafkaConsumer:
        consumer = super()._create_worker_consumer(transport)
        # Read by AIOKafkaConsumer.start() when it creates its fetcher, i.e. after this point.
        consumer._fetch_max_wait_ms = FETCH_MAX_WAIT_MS
        return consumer


class _Consumer(faust_aiokafka.Consumer):
    def _new_consumer_thread(self) -> faust_aiokafka.AIOKafkaConsumerThread:
        return _ConsumerThread(self, loop=self.loop, beacon=self.beacon)


class _Transport(faust_aiokafka.Transport):
    Consumer = _Consumer


class App(faust.App):
    """faust.App on the short-wait transport (kafka:// brokers only)."""

    def _new_transport(self) -> Any:
        return _Transport(self.conf.broker_consumer, self)
