"""gRPC servicer of the knowledge service: request messages in, feature functions called,
response messages out. Errors raised as AtelierError become gRPC statuses in the interceptor.
"""

from __future__ import annotations

from atelier_common.auth import require_internal
from atelier_common.service import ServiceDeps
from atelier_knowledge import (
    convert,
    datasets,
    documents,
    embedder_switch,
    photos,
    reviews,
    slices,
    table_schemas,
)
from atelier_knowledge.access import dataset as load_dataset
from atelier_knowledge.indexing import liveness, reads, runs
from atelier_knowledge.retrieval.service import RetrievalContext, retrieve
from atelier_proto import knowledge_pb2 as kpb
from atelier_proto import knowledge_pb2_grpc


def _opt(msg, name: str):  # noqa: ANN001, ANN202 — proto3 optional: None when unset
    return getattr(msg, name) if msg.HasField(name) else None


class KnowledgeService(knowledge_pb2_grpc.KnowledgeServiceServicer):
    def __init__(self, deps: ServiceDeps, retrieval: RetrievalContext) -> None:
        self.deps = deps
        self.retrieval = retrieval

    # ------------------------------------------------------------------ retrieval

    async def Retrieve(self, req: kpb.RetrieveRequest, context) -> kpb.RetrieveResponse:
        return await retrieve(self.retrieval, req)

    # ------------------------------------------------------------------ indexing (internal: the indexer's calls)

    async def ClaimDocument(self, req: kpb.ClaimDocumentRequest, context) -> kpb.ClaimDocumentResponse:
        require_internal()
        return await runs.claim(self.deps, req)

    async def StoreSlices(self, req: kpb.StoreSlicesRequest, context) -> kpb.StoreSlicesResponse:
        require_internal()
        return await runs.store_slices(self.deps, req)

    async def FailDocumentIndexing(self, req: kpb.FailDocumentIndexingRequest, context
                                   ) -> kpb.FailDocumentIndexingResponse:
        require_internal()
        return await runs.fail(self.deps, req)

    async def RecordWebPage(self, req: kpb.RecordWebPageRequest, context) -> kpb.RecordWebPageResponse:
        require_internal()
        return await runs.record_web_page(self.deps, req)

    async def HeartbeatDocuments(self, req: kpb.HeartbeatDocumentsRequest, context) -> kpb.HeartbeatDocumentsResponse:
        require_internal()
        return await liveness.heartbeat(self.deps, req)

    async def GetIndexingDatasets(self, req: kpb.GetIndexingDatasetsRequest, context
                                  ) -> kpb.GetIndexingDatasetsResponse:
        require_internal()
        return await reads.get_datasets(self.deps, req)

    async def SetIndexDimension(self, req: kpb.SetIndexDimensionRequest, context) -> kpb.SetIndexDimensionResponse:
        require_internal()
        return await reads.set_dimension(self.deps, req)

    async def EnsureTableSchema(self, req: kpb.EnsureTableSchemaRequest, context) -> kpb.EnsureTableSchemaResponse:
        require_internal()
        return await reads.ensure_table_schema(self.deps, req)

    async def ListDocumentIds(self, req: kpb.ListDocumentIdsRequest, context) -> kpb.ListDocumentIdsResponse:
        require_internal()
        return await reads.list_document_ids(self.deps, req)

    async def ListSlicesForIndexing(self, req: kpb.ListSlicesForIndexingRequest, context
                                    ) -> kpb.ListSlicesForIndexingResponse:
        require_internal()
        return await reads.list_slices(self.deps, req)

    async def MarkSlicesStored(self, req: kpb.MarkSlicesStoredRequest, context) -> kpb.MarkSlicesStoredResponse:
        require_internal()
        return await reads.mark_slices_stored(self.deps, req)

    async def ReportSwitchProgress(self, req: kpb.ReportSwitchProgressRequest, context
                                   ) -> kpb.ReportSwitchProgressResponse:
        require_internal()
        return await embedder_switch.report_progress(self.deps, req)

    async def FinishEmbedderSwitch(self, req: kpb.FinishEmbedderSwitchRequest, context
                                   ) -> kpb.FinishEmbedderSwitchResponse:
        require_internal()
        return await embedder_switch.finish(self.deps, req)

    async def FinishReview(self, req: kpb.FinishReviewRequest, context) -> kpb.FinishReviewResponse:
        require_internal()
        return await reviews.finish(self.deps, req)

    async def ListDatasetsToReanalyze(self, req: kpb.ListDatasetsToReanalyzeRequest, context
                                      ) -> kpb.ListDatasetsToReanalyzeResponse:
        require_internal()
        return await reads.datasets_to_reanalyze(self.deps, req)

    async def SetDatasetAnalyzer(self, req: kpb.SetDatasetAnalyzerRequest, context) -> kpb.SetDatasetAnalyzerResponse:
        require_internal()
        return await reads.set_analyzer(self.deps, req)

    # ------------------------------------------------------------------ embedders

    async def SwitchDatasetEmbedder(self, req: kpb.SwitchDatasetEmbedderRequest, context
                                    ) -> kpb.SwitchDatasetEmbedderResponse:
        moved = await embedder_switch.switch(self.deps, self.retrieval.vectors, req.dataset_id, req.embedding_model)
        return kpb.SwitchDatasetEmbedderResponse(embedder_switch=moved)

    async def GetEmbedderSwitch(self, req: kpb.GetEmbedderSwitchRequest, context) -> kpb.GetEmbedderSwitchResponse:
        return await embedder_switch.get(self.deps, req.dataset_id)

    # ------------------------------------------------------------------ datasets

    async def CreateDataset(self, req: kpb.CreateDatasetRequest, context) -> kpb.CreateDatasetResponse:
        dataset_id = await datasets.create(self.deps, space_id=req.space_id, name=req.name, description=req.description,
                                           icon_uri=req.icon_uri, format_type=req.format_type)
        return kpb.CreateDatasetResponse(dataset_id=dataset_id)

    async def CreateDatasetOpenAPI(self, req: kpb.CreateDatasetOpenApiRequest, context) -> kpb.CreateDatasetOpenApiResponse:
        dataset_id = await datasets.create(self.deps, space_id=req.space_id, name=req.name, description=req.description,
                                           icon_uri="", icon_file_id=_opt(req, "file_id"), format_type=req.format_type)
        return kpb.CreateDatasetOpenApiResponse(data=kpb.CreateDatasetOpenApiData(dataset_id=dataset_id))

    async def DatasetDetail(self, req: kpb.DatasetDetailRequest, context) -> kpb.DatasetDetailResponse:
        return kpb.DatasetDetailResponse(dataset_details=await datasets.detail(self.deps, req.space_id, list(req.dataset_ids)))

    async def ListDataset(self, req: kpb.ListDatasetRequest, context) -> kpb.ListDatasetResponse:
        items, total = await datasets.list_(self.deps, req)
        return kpb.ListDatasetResponse(dataset_list=items, total=total)

    async def ListDatasetOpenAPI(self, req: kpb.ListDatasetOpenApiRequest, context) -> kpb.ListDatasetOpenApiResponse:
        inner = kpb.ListDatasetRequest(space_id=req.space_id, filter=kpb.DatasetFilter(name=req.name))
        if req.HasField("format_type"):
            inner.filter.format_type = req.format_type
        if req.HasField("page_num"):
            inner.page = req.page_num
        if req.HasField("page_size"):
            inner.size = req.page_size
        items, total = await datasets.list_(self.deps, inner)
        return kpb.ListDatasetOpenApiResponse(data=kpb.ListDatasetOpenApiData(
            dataset_list=[convert.public_dataset(d) for d in items], total_count=total))

    async def UpdateDataset(self, req: kpb.UpdateDatasetRequest, context) -> kpb.UpdateDatasetResponse:
        await datasets.update(self.deps, req.dataset_id, name=_opt(req, "name"), description=_opt(req, "description"),
                              icon_uri=_opt(req, "icon_uri"), status=_opt(req, "status"))
        return kpb.UpdateDatasetResponse()

    async def UpdateDatasetOpenAPI(self, req: kpb.UpdateDatasetOpenApiRequest, context) -> kpb.UpdateDatasetOpenApiResponse:
        # Coze's OpenAPI update replaces name, description and icon together: absent means cleared.
        icon_uri = await datasets.icon_uri_of_file(self.deps, req.file_id) if req.HasField("file_id") else ""
        await datasets.update(self.deps, req.dataset_id, name=req.name, description=req.description, icon_uri=icon_uri)
        return kpb.UpdateDatasetOpenApiResponse()

    async def DeleteDataset(self, req: kpb.DeleteDatasetRequest, context) -> kpb.DeleteDatasetResponse:
        await datasets.delete(self.deps, req.dataset_id)
        return kpb.DeleteDatasetResponse()

    async def DeleteDatasetOpenAPI(self, req: kpb.DeleteDatasetOpenApiRequest, context) -> kpb.DeleteDatasetOpenApiResponse:
        await datasets.delete(self.deps, req.dataset_id)
        return kpb.DeleteDatasetOpenApiResponse()

    # ------------------------------------------------------------------ documents

    async def _create_documents(self, req: kpb.CreateDocumentRequest | kpb.CreateDocumentOpenApiRequest
                                ) -> list[kpb.DocumentInfo]:
        dataset = await load_dataset(self.deps.pool, req.dataset_id)
        bases = [await documents.resolve_base(self.deps, dataset, base, f"document_bases[{i}]")
                 for i, base in enumerate(req.document_bases)]
        return await documents.create(self.deps, req.dataset_id, bases, chunk_strategy=_opt(req, "chunk_strategy"),
                                      parsing_strategy=_opt(req, "parsing_strategy"))

    async def CreateDocument(self, req: kpb.CreateDocumentRequest, context) -> kpb.CreateDocumentResponse:
        return kpb.CreateDocumentResponse(document_infos=await self._create_documents(req))

    async def CreateDocumentOpenAPI(self, req: kpb.CreateDocumentOpenApiRequest, context) -> kpb.CreateDocumentOpenApiResponse:
        infos = await self._create_documents(req)
        return kpb.CreateDocumentOpenApiResponse(document_infos=[convert.public_document(d) for d in infos])

    async def CreateDocumentFromUpload(self, req: kpb.CreateDocumentFromUploadRequest, context
                                       ) -> kpb.CreateDocumentFromUploadResponse:
        dataset = await load_dataset(self.deps.pool, req.dataset_id)
        base = kpb.DocumentBase(name=req.file_name, source_info=kpb.SourceInfo(tos_uri=req.tos_uri, file_type=req.file_type),
                                caption=req.caption)
        new = await documents.resolve_base(self.deps, dataset, base, "upload")
        infos = await documents.create(self.deps, req.dataset_id, [new], chunk_strategy=_opt(req, "chunk_strategy"),
                                       parsing_strategy=_opt(req, "parsing_strategy"))
        return kpb.CreateDocumentFromUploadResponse(document_info=infos[0])

    async def ListDocument(self, req: kpb.ListDocumentRequest, context) -> kpb.ListDocumentResponse:
        items, total = await documents.list_(self.deps, req.dataset_id, document_ids=list(req.document_ids),
                                             keyword=req.keyword, page=req.page, size=req.size)
        return kpb.ListDocumentResponse(document_infos=items, total=total)

    async def ListDocumentOpenAPI(self, req: kpb.ListDocumentOpenApiRequest, context) -> kpb.ListDocumentOpenApiResponse:
        items, total = await documents.list_(self.deps, req.dataset_id, document_ids=list(req.document_ids),
                                             keyword=req.keyword, page=req.page, size=req.size)
        return kpb.ListDocumentOpenApiResponse(document_infos=[convert.public_document(d) for d in items], total=total)

    async def UpdateDocument(self, req: kpb.UpdateDocumentRequest, context) -> kpb.UpdateDocumentResponse:
        await documents.update(self.deps, req)
        return kpb.UpdateDocumentResponse()

    async def UpdateDocumentOpenAPI(self, req: kpb.UpdateDocumentOpenApiRequest, context) -> kpb.UpdateDocumentOpenApiResponse:
        await documents.update(self.deps, req)
        return kpb.UpdateDocumentOpenApiResponse()

    async def DeleteDocument(self, req: kpb.DeleteDocumentRequest, context) -> kpb.DeleteDocumentResponse:
        await documents.delete(self.deps, list(req.document_ids))
        return kpb.DeleteDocumentResponse()

    async def DeleteDocumentOpenAPI(self, req: kpb.DeleteDocumentOpenApiRequest, context) -> kpb.DeleteDocumentOpenApiResponse:
        await documents.delete(self.deps, list(req.document_ids))
        return kpb.DeleteDocumentOpenApiResponse()

    async def Resegment(self, req: kpb.ResegmentRequest, context) -> kpb.ResegmentResponse:
        infos = await documents.resegment(self.deps, req.dataset_id, list(req.document_ids),
                                          chunk_strategy=_opt(req, "chunk_strategy"),
                                          parsing_strategy=_opt(req, "parsing_strategy"))
        return kpb.ResegmentResponse(document_infos=infos)

    async def GetDocumentProgress(self, req: kpb.GetDocumentProgressRequest, context) -> kpb.GetDocumentProgressResponse:
        return kpb.GetDocumentProgressResponse(data=await documents.progress(self.deps, list(req.document_ids)))

    async def GetDocumentProgressOpenAPI(self, req: kpb.GetDocumentProgressOpenApiRequest, context
                                         ) -> kpb.GetDocumentProgressOpenApiResponse:
        data = await documents.progress(self.deps, list(req.document_ids), dataset_id=req.dataset_id)
        return kpb.GetDocumentProgressOpenApiResponse(data=kpb.GetDocumentProgressOpenApiData(
            data=[convert.public_document(p) for p in data]))

    # ------------------------------------------------------------------ slices

    async def CreateSlice(self, req: kpb.CreateSliceRequest, context) -> kpb.CreateSliceResponse:
        slice_id = await slices.create(self.deps, req.document_id, req.raw_text, _opt(req, "sequence"))
        return kpb.CreateSliceResponse(slice_id=slice_id)

    async def UpdateSlice(self, req: kpb.UpdateSliceRequest, context) -> kpb.UpdateSliceResponse:
        await slices.update(self.deps, req.slice_id, req.raw_text)
        return kpb.UpdateSliceResponse()

    async def DeleteSlice(self, req: kpb.DeleteSliceRequest, context) -> kpb.DeleteSliceResponse:
        await slices.delete(self.deps, list(req.slice_ids))
        return kpb.DeleteSliceResponse()

    async def ListSlice(self, req: kpb.ListSliceRequest, context) -> kpb.ListSliceResponse:
        return await slices.list_(self.deps, req)

    # ------------------------------------------------------------------ chunking preview

    async def CreateDocumentReview(self, req: kpb.CreateDocumentReviewRequest, context) -> kpb.CreateDocumentReviewResponse:
        return kpb.CreateDocumentReviewResponse(dataset_id=req.dataset_id, reviews=await reviews.create(self.deps, req))

    async def MGetDocumentReview(self, req: kpb.MGetDocumentReviewRequest, context) -> kpb.MGetDocumentReviewResponse:
        items = await reviews.mget(self.deps, req.dataset_id, list(req.review_ids))
        return kpb.MGetDocumentReviewResponse(dataset_id=req.dataset_id, reviews=items)

    async def SaveDocumentReview(self, req: kpb.SaveDocumentReviewRequest, context) -> kpb.SaveDocumentReviewResponse:
        await reviews.save(self.deps, req.dataset_id, req.review_id, req.doc_tree_json)
        return kpb.SaveDocumentReviewResponse()

    async def UploadReviewFile(self, req: kpb.UploadReviewFileRequest, context) -> kpb.UploadReviewFileResponse:
        return await reviews.uploaded_file(self.deps, req)

    # ------------------------------------------------------------------ table datasets

    async def GetTableSchema(self, req: kpb.GetTableSchemaRequest, context) -> kpb.GetTableSchemaResponse:
        return await table_schemas.get_schema(self.deps, req)

    async def ValidateTableSchema(self, req: kpb.ValidateTableSchemaRequest, context) -> kpb.ValidateTableSchemaResponse:
        return kpb.ValidateTableSchemaResponse(column_valid_result=await table_schemas.validate(self.deps, req))

    # ------------------------------------------------------------------ image datasets

    async def ListPhoto(self, req: kpb.ListPhotoRequest, context) -> kpb.ListPhotoResponse:
        flt = req.filter
        items, total = await photos.list_(self.deps, req.dataset_id, page=req.page, size=req.size, keyword=flt.keyword,
                                          has_caption=_opt(flt, "has_caption"), status=_opt(flt, "status"))
        return kpb.ListPhotoResponse(photo_infos=items, total=total)

    async def ListPhotoOpenAPI(self, req: kpb.ListPhotoOpenApiRequest, context) -> kpb.ListPhotoOpenApiResponse:
        items, total = await photos.list_(self.deps, req.dataset_id, page=req.page_num, size=req.page_size,
                                          keyword=req.keyword, has_caption=_opt(req, "has_caption"))
        return kpb.ListPhotoOpenApiResponse(data=kpb.ListPhotoOpenApiData(
            photo_infos=[convert.public_document(p) for p in items], total_count=total))

    async def PhotoDetail(self, req: kpb.PhotoDetailRequest, context) -> kpb.PhotoDetailResponse:
        return kpb.PhotoDetailResponse(photo_infos=await photos.detail(self.deps, req.dataset_id, list(req.document_ids)))

    async def UpdatePhotoCaption(self, req: kpb.UpdatePhotoCaptionRequest, context) -> kpb.UpdatePhotoCaptionResponse:
        await photos.update_caption(self.deps, req.document_id, req.caption)
        return kpb.UpdatePhotoCaptionResponse()

    async def UpdatePhotoCaptionOpenAPI(self, req: kpb.UpdatePhotoCaptionOpenApiRequest, context
                                        ) -> kpb.UpdatePhotoCaptionOpenApiResponse:
        await photos.update_caption(self.deps, req.document_id, req.caption, dataset_id=req.dataset_id)
        return kpb.UpdatePhotoCaptionOpenApiResponse()

    async def ExtractPhotoCaption(self, req: kpb.ExtractPhotoCaptionRequest, context) -> kpb.ExtractPhotoCaptionResponse:
        return kpb.ExtractPhotoCaptionResponse(caption=await photos.extract_caption(self.deps, req.document_id))
