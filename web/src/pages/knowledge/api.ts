// Calls and shapes of the knowledge routes (idl/knowledge.thrift). i64 ids travel as strings.
import { api, upload, type Json } from "../../api/client";

export type FormatType = 0 | 1 | 2;

export interface ChunkStrategy {
  chunk_type?: number;
  separator?: string;
  max_tokens?: number;
  overlap?: number;
  remove_extra_spaces?: boolean;
  remove_urls_emails?: boolean;
  max_level?: number;
  save_title?: boolean;
  caption_type?: number;
}

export interface Dataset {
  dataset_id: string;
  name: string;
  description: string;
  format_type: FormatType;
  status: number;
  doc_count: number;
  slice_count: number;
  all_file_size: number | string;
  create_time: number | string;
  update_time: number | string;
  embedding_model?: string;
  max_chunk_tokens?: number;
  processing_file_list?: string[];
  failed_file_list?: string[];
}

export interface DocumentInfo {
  document_id: string;
  dataset_id: string;
  name: string;
  tos_uri?: string;
  type: string;
  size: number | string;
  char_count: number | string;
  slice_count: number;
  hit_count: number;
  status: number;
  status_descript?: string;
  source_type: number;
  format_type: FormatType;
  create_time: number | string;
  update_time: number | string;
  url?: string;
  chunk_strategy?: ChunkStrategy;
}

export interface DocumentProgress {
  document_id: string;
  progress: number;
  status: number;
  status_descript?: string;
  document_name: string;
  remaining_time?: number | string;
}

export interface SliceInfo {
  slice_id: string;
  content: string;
  status: number;
  hit_count: number | string;
  char_count: number | string;
  sequence: number | string;
  document_id: string;
  chunk_info: string;
}

export interface TableColumn {
  id: string;
  column_name: string;
  is_semantic: boolean;
  sequence: number | string;
  column_type?: number;
  desc?: string;
}

export interface PhotoInfo {
  document_id: string;
  name: string;
  url: string;
  caption: string;
  status: number;
  type: string;
  size: number | string;
  update_time: number | string;
}

export interface Review {
  review_id?: string;
  document_name: string;
  status?: number;
  doc_tree_tos_url?: string;
}

/** One chunk of a preview's chunk tree (the indexer's review handler writes these). */
export interface PreviewChunk {
  sequence: number;
  content: string;
  tokens: number;
  heading_path: string[];
  page?: number | null;
}

export interface RetrievalStrategyBody {
  search_type: number;
  top_k: number;
  min_score?: number;
  use_rewrite: boolean;
  use_rerank: boolean;
  use_feedback?: boolean;
}

export interface ChannelRank {
  channel: string;
  rank: number;
  score: number;
}

export interface RetrievedSlice {
  slice_id: string;
  content: string;
  dataset_name: string;
  document_id: string;
  document_name: string;
  score: number;
  channels: string[];
  ranks: ChannelRank[];
  image_url?: string;
  sequence: number | string;
  document_url?: string;
}

export interface ChannelStat {
  channel: string;
  took_ms: number | string;
  hits: number;
  error?: string;
}

export interface TableQueryResult {
  dataset_name: string;
  sql: string;
  columns: string[];
  rows: { values?: string[] }[] | string[][];
  error?: string;
}

export interface RetrieveAnswer {
  slices: RetrievedSlice[];
  table_results: TableQueryResult[];
  rewritten_query: string;
  channel_stats: ChannelStat[];
}

const K = "/api/knowledge";

export async function listDatasets(spaceId: string, name: string, signal?: AbortSignal): Promise<{ datasets: Dataset[]; total: number }> {
  const answer = await api.post<{ dataset_list?: Dataset[]; total?: number }>(
    `${K}/list`,
    { space_id: spaceId, page: 1, size: 100, order_field: 2, order_type: 1, ...(name ? { filter: { name } } : {}) },
    signal,
  );
  return { datasets: answer.dataset_list ?? [], total: answer.total ?? 0 };
}

export async function createDataset(spaceId: string, name: string, description: string, formatType: FormatType): Promise<string> {
  const answer = await api.post<{ dataset_id: string }>(`${K}/create`, {
    space_id: spaceId,
    name,
    description,
    format_type: formatType,
  });
  return answer.dataset_id;
}

export async function datasetDetail(spaceId: string, datasetId: string, signal?: AbortSignal): Promise<Dataset> {
  const answer = await api.post<{ dataset_details?: Record<string, Dataset> }>(
    `${K}/detail`,
    { space_id: spaceId, dataset_ids: [datasetId] },
    signal,
  );
  const found = answer.dataset_details?.[datasetId];
  if (!found) throw new Error(`dataset ${datasetId} not found`);
  return found;
}

export const updateDataset = (spaceId: string, datasetId: string, fields: { name?: string; description?: string }) =>
  api.post(`${K}/update`, { space_id: spaceId, dataset_id: datasetId, ...fields });

export const deleteDataset = (spaceId: string, datasetId: string) =>
  api.post(`${K}/delete`, { space_id: spaceId, dataset_id: datasetId });

export async function listDocuments(spaceId: string, datasetId: string, signal?: AbortSignal): Promise<{ documents: DocumentInfo[]; total: number }> {
  const answer = await api.post<{ document_infos?: DocumentInfo[]; total?: number }>(
    `${K}/document/list`,
    { space_id: spaceId, dataset_id: datasetId, page: 1, size: 100 },
    signal,
  );
  return { documents: answer.document_infos ?? [], total: answer.total ?? 0 };
}

/** Sends one file into the dataset; `onProgress` gets the fraction of bytes sent. */
export async function uploadDocument(
  spaceId: string,
  datasetId: string,
  file: File,
  chunkStrategy: ChunkStrategy | undefined,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<DocumentInfo> {
  const form = new FormData();
  form.set("space_id", spaceId);
  form.set("dataset_id", datasetId);
  if (chunkStrategy) form.set("chunk_strategy", JSON.stringify(chunkStrategy));
  form.set("file", file, file.name);
  const answer = await upload<{ document_info: DocumentInfo }>(`${K}/document/upload`, form, onProgress, signal);
  return answer.document_info;
}

export async function documentProgress(spaceId: string, documentIds: string[], signal?: AbortSignal): Promise<DocumentProgress[]> {
  const answer = await api.post<{ data?: DocumentProgress[] }>(
    `${K}/document/progress/get`,
    { space_id: spaceId, document_ids: documentIds },
    signal,
  );
  return answer.data ?? [];
}

export const updateDocument = (spaceId: string, documentId: string, fields: { document_name?: string; status?: number }) =>
  api.post(`${K}/document/update`, { space_id: spaceId, document_id: documentId, ...fields });

export const deleteDocuments = (spaceId: string, documentIds: string[]) =>
  api.post(`${K}/document/delete`, { space_id: spaceId, document_ids: documentIds });

export const resegmentDocuments = (spaceId: string, datasetId: string, documentIds: string[], chunkStrategy?: ChunkStrategy) =>
  api.post(`${K}/document/resegment`, {
    space_id: spaceId,
    dataset_id: datasetId,
    document_ids: documentIds,
    ...(chunkStrategy ? { chunk_strategy: chunkStrategy } : {}),
  });

export interface SlicePage {
  slices: SliceInfo[];
  total: number;
  hasmore: boolean;
}

/** A page of slices of a document (or of a whole dataset), from `offset` (a sequence). */
export async function listSlices(
  spaceId: string,
  where: { documentId?: string; datasetId?: string },
  offset: number,
  pageSize: number,
  keyword: string,
  signal?: AbortSignal,
): Promise<SlicePage> {
  const answer = await api.post<{ slices?: SliceInfo[]; total?: number | string; hasmore?: boolean }>(
    `${K}/slice/list`,
    {
      space_id: spaceId,
      ...(where.documentId ? { document_id: where.documentId } : {}),
      ...(where.datasetId ? { dataset_id: where.datasetId } : {}),
      sequence: offset,
      page_size: pageSize,
      ...(keyword ? { keyword } : {}),
    },
    signal,
  );
  return { slices: answer.slices ?? [], total: Number(answer.total ?? 0), hasmore: Boolean(answer.hasmore) };
}

export async function createSlice(spaceId: string, documentId: string, rawText: string, sequence?: number): Promise<string> {
  const answer = await api.post<{ slice_id: string }>(`${K}/slice/create`, {
    space_id: spaceId,
    document_id: documentId,
    raw_text: rawText,
    ...(sequence !== undefined ? { sequence } : {}),
  });
  return answer.slice_id;
}

export const updateSlice = (spaceId: string, sliceId: string, rawText: string) =>
  api.post(`${K}/slice/update`, { space_id: spaceId, slice_id: sliceId, raw_text: rawText });

export const deleteSlices = (spaceId: string, sliceIds: string[]) =>
  api.post(`${K}/slice/delete`, { space_id: spaceId, slice_ids: sliceIds });

/** A stored file a preview can read: a document's source, or a file uploaded just to preview it. */
export interface PreviewSource {
  name: string;
  type: string;
  tos_uri: string;
  document_id?: string;
}

/** Stores a file to preview before it becomes a document (nothing is indexed). */
export async function uploadPreviewFile(spaceId: string, datasetId: string, file: File, onProgress: (fraction: number) => void): Promise<PreviewSource> {
  const form = new FormData();
  form.set("space_id", spaceId);
  form.set("dataset_id", datasetId);
  form.set("file", file, file.name);
  const answer = await upload<{ tos_uri: string; file_name: string; file_type: string }>(`${K}/review/upload`, form, onProgress);
  return { name: answer.file_name, type: answer.file_type, tos_uri: answer.tos_uri };
}

/** Keeps a previewed file: it becomes a document chunked with `chunkStrategy`. */
export async function createDocumentFromPreview(spaceId: string, datasetId: string, source: PreviewSource, chunkStrategy?: ChunkStrategy): Promise<DocumentInfo> {
  const answer = await api.post<{ document_infos?: DocumentInfo[] }>(`${K}/document/create`, {
    space_id: spaceId,
    dataset_id: datasetId,
    document_bases: [{ name: source.name, source_info: { tos_uri: source.tos_uri, file_type: source.type } }],
    ...(chunkStrategy ? { chunk_strategy: chunkStrategy } : {}),
  });
  const info = answer.document_infos?.[0];
  if (!info) throw new Error("the server returned no document");
  return info;
}

export async function createReview(
  spaceId: string,
  datasetId: string,
  document: PreviewSource,
  chunkStrategy: ChunkStrategy | undefined,
): Promise<Review> {
  const answer = await api.post<{ reviews?: Review[] }>(`${K}/review/create`, {
    space_id: spaceId,
    dataset_id: datasetId,
    reviews: [
      {
        document_name: document.name,
        document_type: document.type,
        tos_uri: document.tos_uri,
        ...(document.document_id ? { document_id: document.document_id } : {}),
      },
    ],
    ...(chunkStrategy ? { chunk_strategy: chunkStrategy } : {}),
  });
  const review = answer.reviews?.[0];
  if (!review) throw new Error("the server returned no review");
  return review;
}

export async function getReview(spaceId: string, datasetId: string, reviewId: string, signal?: AbortSignal): Promise<Review> {
  const answer = await api.post<{ reviews?: Review[] }>(
    `${K}/review/mget`,
    { space_id: spaceId, dataset_id: datasetId, review_ids: [reviewId] },
    signal,
  );
  const review = answer.reviews?.[0];
  if (!review) throw new Error(`review ${reviewId} not found`);
  return review;
}

/** The chunk tree a finished review points at (a signed URL of the gateway). */
export async function fetchPreviewChunks(url: string, signal?: AbortSignal): Promise<PreviewChunk[]> {
  const response = await fetch(url, { signal });
  if (!response.ok) throw new Error(`the preview could not be read (${response.status} ${response.statusText})`);
  const body = (await response.json()) as unknown;
  return Array.isArray(body) ? (body as PreviewChunk[]) : [];
}

export async function tableSchema(
  spaceId: string,
  documentId: string,
  signal?: AbortSignal,
): Promise<{ columns: TableColumn[]; preview: Record<string, string>[] }> {
  const answer = await api.post<{ table_meta?: TableColumn[]; preview_data?: Json[] }>(
    `${K}/table_schema/get`,
    { space_id: spaceId, document_id: documentId, table_data_type: 0 },
    signal,
  );
  return { columns: answer.table_meta ?? [], preview: (answer.preview_data ?? []).map(toStringMap) };
}

function toStringMap(row: Json): Record<string, string> {
  // base.StringMap travels as {"values": {...}} or as the plain map: accept both.
  const inner = (row.values && typeof row.values === "object" ? row.values : row) as Json;
  return Object.fromEntries(Object.entries(inner).map(([k, v]) => [k, String(v ?? "")]));
}

export async function listPhotos(spaceId: string, datasetId: string, signal?: AbortSignal): Promise<PhotoInfo[]> {
  const answer = await api.post<{ photo_infos?: PhotoInfo[] }>(
    `${K}/photo/list`,
    { space_id: spaceId, dataset_id: datasetId, page: 1, size: 100 },
    signal,
  );
  return answer.photo_infos ?? [];
}

export const updateCaption = (spaceId: string, documentId: string, caption: string) =>
  api.post(`${K}/photo/caption`, { space_id: spaceId, document_id: documentId, caption });

export async function extractCaption(spaceId: string, documentId: string): Promise<string> {
  const answer = await api.post<{ caption?: string }>(`${K}/photo/extract_caption`, { space_id: spaceId, document_id: documentId });
  return answer.caption ?? "";
}

export async function retrieve(spaceId: string, datasetIds: string[], query: string, strategy: RetrievalStrategyBody): Promise<RetrieveAnswer> {
  const answer = await api.post<Partial<RetrieveAnswer>>(`${K}/retrieve`, {
    space_id: spaceId,
    dataset_ids: datasetIds,
    query,
    strategy,
  });
  return {
    slices: answer.slices ?? [],
    table_results: answer.table_results ?? [],
    rewritten_query: answer.rewritten_query ?? "",
    channel_stats: answer.channel_stats ?? [],
  };
}
