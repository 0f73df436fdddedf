"""Datasets an agent's configuration refers to, checked with the knowledge service: they must exist
in the agent's space (the caller's access is checked there too)."""

from __future__ import annotations

import grpc

from atelier_common.errors import NotFound, from_rpc_error
from atelier_common.grpc.client import channel
from atelier_common.service import ServiceDeps
from atelier_proto import knowledge_pb2 as kpb
from atelier_proto import knowledge_pb2_grpc


async def dataset_names(deps: ServiceDeps, space_id: int, dataset_ids: list[int],
                        field: str = "knowledge.dataset_ids") -> dict[int, str]:
    """Name by id of each dataset; NotFound naming the first one that is not in the space."""
    if not dataset_ids:
        return {}
    stub = knowledge_pb2_grpc.KnowledgeServiceStub(channel(deps.settings.knowledge_addr))
    try:
        reply = await stub.DatasetDetail(kpb.DatasetDetailRequest(space_id=space_id, dataset_ids=dataset_ids),
                                         timeout=deps.settings.grpc_deadline_s)
    except grpc.aio.AioRpcError as e:
        raise from_rpc_error(e) from None
    found = {int(k): v.name for k, v in reply.dataset_details.items()}
    for i, dataset_id in enumerate(dataset_ids):
        if dataset_id not in found:
            raise NotFound(f"field '{field}[{i}]': dataset {dataset_id} not found in the bot's space")
    return found
