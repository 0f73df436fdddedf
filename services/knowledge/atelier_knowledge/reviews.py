"""Chunking previews: a DocumentReview event builds the chunk tree; nothing is indexed."""

from __future__ import annotations

from atelier_common.errors import InvalidArgument, NotFound
from atelier_common.service import ServiceDeps
from atelier_knowledge import access, convert, events, uploads
from atelier_knowledge.domain.entities import Review
from atelier_knowledge.domain.file_types import file_type_of
from atelier_knowledge.domain.strategy import to_json, validate_strategy
from atelier_knowledge.embedders import dataset_chunk_limit
from atelier_knowledge.store import reviews
from atelier_proto import events_pb2 as epb
from atelier_proto import knowledge_pb2 as kpb
from atelier_proto.enums import ReviewStatus


async def create(deps: ServiceDeps, req: kpb.CreateDocumentReviewRequest) -> list[kpb.Review]:
    if not req.reviews:
        raise InvalidArgument("reviews must not be empty")
    validate_strategy(req.chunk_strategy if req.HasField("chunk_strategy") else None,
                      dataset_chunk_limit((await access.dataset(deps.pool, req.dataset_id)).embedding_model, deps.settings))
    chunk_json = to_json(req.chunk_strategy) if req.HasField("chunk_strategy") else {}
    parsing_json = to_json(req.parsing_strategy) if req.HasField("parsing_strategy") else {}
    async with deps.pool.acquire() as conn, conn.transaction():
        dataset = await access.dataset(conn, req.dataset_id)
        out = []
        for i, item in enumerate(req.reviews):
            await uploads.require(deps, item.tos_uri, dataset.space_id, f"reviews[{i}].tos_uri")
            review_id = deps.ids.next_id()
            doc_type = file_type_of(item.document_name, item.document_type)
            review = await reviews.insert(conn, id=review_id, dataset_id=req.dataset_id, space_id=dataset.space_id,
                                          document_name=item.document_name, document_type=doc_type,
                                          tos_uri=item.tos_uri, chunk_strategy=chunk_json, parsing_strategy=parsing_json)
            event = epb.DocumentReview(space_id=dataset.space_id, review_id=review_id, tos_uri=item.tos_uri,
                                       document_type=doc_type, chunk_strategy=req.chunk_strategy,
                                       parsing_strategy=req.parsing_strategy,
                                       embedding_model=dataset.embedding_model)
            await events.publish(conn, review_id, event)
            out.append(await _review(deps, review))
    return out


async def uploaded_file(deps: ServiceDeps, req: kpb.UploadReviewFileRequest) -> kpb.UploadReviewFileResponse:
    """A file the gateway stored for a preview. Its upload lease stays held: a document/create
    naming the key keeps it, else the sweep removes it when the lease runs out."""
    dataset = await access.dataset(deps.pool, req.dataset_id)
    await uploads.require(deps, req.tos_uri, dataset.space_id, "tos_uri")
    return kpb.UploadReviewFileResponse(tos_uri=req.tos_uri, file_name=req.file_name,
                                        file_type=file_type_of(req.file_name), size=req.size)


async def mget(deps: ServiceDeps, dataset_id: int, review_ids: list[int]) -> list[kpb.Review]:
    await access.dataset(deps.pool, dataset_id)
    return [await _review(deps, r) for r in await reviews.get_many(deps.pool, dataset_id, review_ids)]


async def _review(deps: ServiceDeps, review: Review) -> kpb.Review:
    """Source and chunk tree as URLs a browser can open."""
    tree = await deps.storage.url(review.doc_tree_uri) if review.doc_tree_uri else ""
    return convert.review(review, await deps.storage.url(review.tos_uri), tree)


async def save(deps: ServiceDeps, dataset_id: int, review_id: int, doc_tree_json: str) -> None:
    import json

    dataset = await access.dataset(deps.pool, dataset_id)
    review = await reviews.get(deps.pool, review_id)
    if review is None or review.dataset_id != dataset_id:
        raise NotFound(f"review {review_id} not found in dataset {dataset_id}")
    try:
        json.loads(doc_tree_json)
    except ValueError:
        raise InvalidArgument("doc_tree_json is not valid JSON") from None
    key = f"reviews/{dataset.space_id}/{review_id}.json"
    await deps.storage.put(key, doc_tree_json.encode(), "application/json")
    await reviews.finish(deps.pool, review_id, status=ReviewStatus.Enable, doc_tree_uri=key)


async def finish(deps: ServiceDeps, req: kpb.FinishReviewRequest) -> kpb.FinishReviewResponse:
    """The indexer built the chunk tree (or could not); a review saved by the user meanwhile stays."""
    status = ReviewStatus.Enable if req.succeeded else ReviewStatus.Failed
    await reviews.finish(deps.pool, req.review_id, status=status, doc_tree_uri=req.doc_tree_uri, error=req.error,
                         only_processing=True)
    return kpb.FinishReviewResponse()
