"""Unsticking a consumer group whose rebalance waits for a leader that is gone.

Tansu (the dev/test broker) keeps a member as the leader of a rebalancing group after that member
sent LeaveGroup: the leave removes the member but not its leadership. Every member that joins
afterwards is told to wait for that leader's assignment, which never comes, so the group never
forms again — until the broker happens to reload the group from its storage (minutes, by chance).
It happens whenever the leader stops cleanly while the group is rebalancing, e.g. two members
stopped one after the other. A member that crashed instead stays a member until its session
expires, and the broker then drops its leadership correctly.

The repair turns the first case into the second: a short-lived client joins the group to learn
the leader's member id, leaves again (unless it was made the leader itself: then it expires like
a crashed member), and joins once more *as* that id. The departed leader is a
member again, one that never heartbeats, so the broker evicts it a session timeout later and
drops its leadership; the next member to join leads. On a broker that kept no such leader
(Kafka), the first join only causes one more rebalance and the second is refused.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from aiokafka import AIOKafkaClient
from aiokafka.coordinator.assignors.roundrobin import RoundRobinPartitionAssignor
from aiokafka.errors import KafkaError, for_code
from aiokafka.protocol.group import JoinGroupRequest, LeaveGroupRequest

log = logging.getLogger("atelier.kafka.group_repair")

GROUP_COORDINATOR = 0  # FindCoordinator key type of a consumer group
CONSUMER_PROTOCOL = "consumer"
MEMBER_ID_REQUIRED = 79


@dataclass(frozen=True)
class GroupRequests:
    """JoinGroup/LeaveGroup on a group's coordinator, outside any consumer, as a consumer of
    `topics` with the processors' assignor would send them."""

    client: AIOKafkaClient
    node: int
    group_id: str
    topics: tuple[str, ...]
    session_timeout_ms: int
    rebalance_timeout_ms: int

    @classmethod
    async def open(cls, bootstrap: str, group_id: str, topics: Sequence[str], *, session_timeout_ms: int,
                   rebalance_timeout_ms: int) -> GroupRequests:
        client = AIOKafkaClient(bootstrap_servers=bootstrap, client_id=f"atelier-group-repair-{group_id}")
        try:
            await client.bootstrap()
            node = await client.coordinator_lookup(GROUP_COORDINATOR, group_id)
        except BaseException:
            await client.close()
            raise
        return cls(client, node, group_id, tuple(topics), session_timeout_ms, rebalance_timeout_ms)

    async def join(self, member_id: str = "") -> tuple[int, str, str]:
        """(error code, member id, leader's member id). A new member (member_id "") is first given
        its id (MEMBER_ID_REQUIRED), then joins with it."""
        assignor = RoundRobinPartitionAssignor  # the processors' assignor: the group accepts its protocol
        protocols = [(assignor.name, assignor.metadata(set(self.topics)).encode())]
        while True:
            reply = await self.client.send(self.node, JoinGroupRequest(
                self.group_id, self.session_timeout_ms, self.rebalance_timeout_ms, member_id, None,
                CONSUMER_PROTOCOL, protocols))
            if reply.error_code == MEMBER_ID_REQUIRED and not member_id:
                member_id = reply.member_id
                continue
            return reply.error_code, reply.member_id, reply.leader_id

    async def leave(self, member_id: str) -> None:
        await self.client.send(self.node, LeaveGroupRequest(self.group_id, member_id))

    async def close(self) -> None:
        await self.client.close()


async def revive_departed_leader(bootstrap: str, group_id: str, topics: Sequence[str], *,
                                 session_timeout_ms: int, rebalance_timeout_ms: int) -> str | None:
    """Make the group's current leader a member again (see the module doc), so that the broker's
    session expiry removes it. Returns the leader's member id, or None when the group named none.
    For a leader that is alive this only refreshes its membership."""
    try:
        group = await GroupRequests.open(bootstrap, group_id, topics, session_timeout_ms=session_timeout_ms,
                                         rebalance_timeout_ms=rebalance_timeout_ms)
    except KafkaError as exc:
        log.warning("group repair: no coordinator", extra={"group_id": group_id, "error": repr(exc)})
        return None
    try:
        error, probe, leader = await group.join()
        if probe and leader != probe:
            # Leaving as the leader would strand the group the same way: a leader probe expires instead.
            await group.leave(probe)
        if error:
            log.warning("group repair: could not join to learn the leader",
                        extra={"group_id": group_id, "error": repr(for_code(error))})
            return None
        if not leader or leader == probe:
            return None
        error, _member, _leader = await group.join(leader)
        log.warning("group repair: the group's leader joined again in its name, to be expired by the broker",
                    extra={"group_id": group_id, "leader": leader, "error": repr(for_code(error)) if error else None})
        return leader
    except KafkaError as exc:
        log.warning("group repair failed", extra={"group_id": group_id, "error": repr(exc)})
        return None
    finally:
        await group.close()
