"""What a workflow worker does with a `WorkflowRunRequested` (or `WorkflowResumeRequested`) event: claim the run's lease (a row
update: only one worker runs a run), execute it from its checkpoint with each checkpoint stored
before the next node starts, and record the event id with the run's end.

A duplicate event (same id, or a re-drive of a run someone holds or finished) claims nothing and
is done. A run a worker could not claim because another holds it is not lost: if that holder
dies, its lease lapses and the service's reconciler asks for the run again."""

from __future__ import annotations

import logging

from google.protobuf.message import DecodeError

from atelier_common.auth import internal_context
from atelier_common.kafka.event import Event
from atelier_common.kafka.ledger import ProcessedEvents
from atelier_common.kafka.retry import PermanentError
from atelier_proto import events_pb2 as epb
from atelier_workflow.runs.executing import Runner, answer_for
from atelier_workflow.runs.starting import RESUME_REQUESTED, RUN_REQUESTED
from atelier_workflow.store import executions

log = logging.getLogger("atelier.workflow.worker")
# A resume is a run from its checkpoint, the answer in resume_data given to the question it waits
# on; a run taken over later (WorkflowRunRequested) carries on without it and asks again.
PAYLOADS = {RUN_REQUESTED: epb.WorkflowRunRequested, RESUME_REQUESTED: epb.WorkflowResumeRequested}


class PoisonEvent(PermanentError):
    """An event this worker can never process (unknown type, undecodable payload)."""


class RunRequests:
    def __init__(self, runner: Runner, ledger: ProcessedEvents) -> None:
        self.runner = runner
        self.ledger = ledger

    async def handle(self, event: Event) -> None:
        payload = PAYLOADS.get(event.event_type)
        if payload is None:
            log.debug("event not for workers skipped", extra={"event_type": event.event_type})
            return
        try:
            request = payload.FromString(event.value)
        except DecodeError as exc:
            raise PoisonEvent(f"undecodable {event.event_type} payload: {exc}") from None
        pool = self.runner.deps.pool
        if await self.ledger.seen(pool, event.event_id):
            return
        answer = request.resume_data if isinstance(request, epb.WorkflowResumeRequested) else None
        with internal_context():
            await self._run(request.execute_id, answer)
        await self.ledger.record(pool, event.event_id)

    async def _run(self, execute_id: int, answer: str | None) -> None:
        runner = self.runner
        pool = runner.deps.pool
        run = await executions.claim(pool, execute_id, runner.owner, runner.lease_s)
        if run is None:
            log.info("run not claimed: finished, or held by another worker", extra={"execute_id": execute_id})
            return
        end = await runner.execute(run, durable=True, answer=None if answer is None else answer_for(run, answer))
        log.info("run ended", extra={"execute_id": execute_id, "attempt": run.attempts,
                                     "status": end.status.name if end else "taken over"})
