"""The indexer's stream processor: the `knowledge` topic on the common StreamProcessor
(atelier_common.kafka.processor), every event handed to `Dispatcher.handle`.

Events of one document share its key, so they run in order; different documents run
concurrently (`indexer_concurrency`). Handlers record the event id themselves, in the transaction
that makes a document final (HandlerManaged), so a redelivered event is a no-op. A handler that
keeps failing is retried `index_max_attempts` times, parked in `knowledge.dlq`, and its document
is Failed with the reason (`Dispatcher.dead_lettered`).
"""

from __future__ import annotations

from atelier_common.kafka.handling import HandlerManaged
from atelier_common.kafka.processor import ProcessorConfig, StreamProcessor
from atelier_common.kafka.producer import EventProducer
from atelier_common.kafka.topics import TOPICS
from atelier_common.settings import Settings
from atelier_indexer.dispatcher import Dispatcher

TOPIC = "knowledge"
GROUP_ID = "atelier-indexer"


def create_processor(settings: Settings, dispatcher: Dispatcher, *, producer: EventProducer | None = None,
                     group_id: str = GROUP_ID) -> StreamProcessor:
    config = ProcessorConfig.from_settings(
        settings, group_id=group_id, topics=[spec for spec in TOPICS if spec.name == TOPIC],
        concurrency=settings.indexer_concurrency, max_attempts=settings.index_max_attempts,
    )
    return StreamProcessor(config, HandlerManaged(dispatcher.handle), producer=producer,
                           on_dead_letter=dispatcher.dead_lettered)
