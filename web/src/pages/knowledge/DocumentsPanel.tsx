// A dataset's documents: chunk settings with a live preview, uploads, and the documents table
// (status, slices, enable/disable, re-chunk, delete). Refreshes itself while documents index.
import { useEffect, useMemo, useState } from "react";
import { Link } from "react-router-dom";
import { useSession } from "../../app/session";
import { ErrorBanner } from "../../ui/ErrorBanner";
import { formatBytes, formatTime } from "../../ui/format";
import { deleteDocuments, resegmentDocuments, updateDocument, type Dataset, type DocumentInfo } from "./api";
import { ChunkPreview } from "./ChunkPreview";
import { ChunkSettings } from "./ChunkSettings";
import { chunkFormErrors, DEFAULT_CHUNK_FORM, describeStrategy, toChunkStrategy, type ChunkForm } from "./chunking";
import { documentStatus, isIndexing } from "./labels";
import { UploadZone } from "./UploadZone";

const REFRESH_MS = 2000;

export const ACCEPT_BY_FORMAT: Record<number, { accept: string; hint: string }> = {
  0: { accept: ".pdf,.docx,.md,.markdown,.txt,.html,.htm,.json", hint: "PDF, Word, Markdown, text, HTML or JSON; many at once." },
  1: { accept: ".csv,.xlsx,.xls,.json", hint: "CSV or Excel sheets (the first row names the columns)." },
  2: { accept: ".png,.jpg,.jpeg,.webp,.gif,.bmp", hint: "PNG, JPEG, WebP, GIF or BMP images." },
};

export function DocumentsPanel({
  dataset,
  documents,
  loading,
  error,
  onChanged,
}: {
  dataset: Dataset;
  documents: DocumentInfo[];
  loading: boolean;
  error: unknown;
  onChanged: () => void;
}) {
  const { spaceId } = useSession();
  const [form, setForm] = useState<ChunkForm>(DEFAULT_CHUNK_FORM);
  const [actionError, setActionError] = useState<unknown>(null);
  const errors = chunkFormErrors(form, dataset.max_chunk_tokens);
  const valid = Object.keys(errors).length === 0;
  const strategy = useMemo(() => (valid ? toChunkStrategy(form) : undefined), [valid, form]);
  const indexing = documents.some((d) => isIndexing(d.status));
  const accept = ACCEPT_BY_FORMAT[dataset.format_type] ?? ACCEPT_BY_FORMAT[0];

  // While something indexes, the table follows it.
  useEffect(() => {
    if (!indexing) return;
    const timer = window.setInterval(onChanged, REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [indexing, onChanged]);

  async function act(work: () => Promise<unknown>) {
    setActionError(null);
    try {
      await work();
      onChanged();
    } catch (err) {
      setActionError(err);
    }
  }

  const toggle = (doc: DocumentInfo) => act(() => updateDocument(spaceId, doc.document_id, { status: doc.status === 1 ? 2 : 1 }));
  const rechunk = (doc: DocumentInfo) => {
    if (!window.confirm(`Chunk "${doc.name}" again with the settings above? Its slices are replaced, hand edits too.`)) return;
    return act(() => resegmentDocuments(spaceId, dataset.dataset_id, [doc.document_id], strategy));
  };
  const remove = (doc: DocumentInfo) => {
    if (!window.confirm(`Delete the document "${doc.name}" and its slices?`)) return;
    return act(() => deleteDocuments(spaceId, [doc.document_id]));
  };
  const rename = (doc: DocumentInfo) => {
    const next = window.prompt("New name", doc.name);
    if (!next || next === doc.name) return;
    return act(() => updateDocument(spaceId, doc.document_id, { document_name: next }));
  };

  return (
    <div className="kn-documents">
      <div className="split kn-setup">
        <div className="card">
          <h2>Add documents</h2>
          <ChunkSettings form={form} onChange={setForm} errors={errors} limit={dataset.max_chunk_tokens} />
          <UploadZone
            datasetId={dataset.dataset_id}
            accept={accept.accept}
            hint={accept.hint}
            chunkStrategy={strategy}
            blocked={valid ? undefined : "Fix the chunking settings to upload."}
            onChanged={onChanged}
          />
        </div>
        <div className="card">
          <ChunkPreview datasetId={dataset.dataset_id} documents={documents} strategy={strategy} accept={accept.accept} onAdded={onChanged} />
        </div>
      </div>
      <ErrorBanner error={actionError ?? error} onRetry={error ? onChanged : undefined} />
      <div className="kn-table-wrap">
        <table className="table" aria-label="Documents">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Status</th>
              <th scope="col">Slices</th>
              <th scope="col">Size</th>
              <th scope="col">Chunking</th>
              <th scope="col">Updated</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {documents.map((doc) => {
              const status = documentStatus(doc.status);
              return (
                <tr key={doc.document_id}>
                  <td>
                    <Link to={`/knowledge/${dataset.dataset_id}/documents/${doc.document_id}`}>{doc.name}</Link>
                    <span className="muted"> {doc.type}</span>
                  </td>
                  <td>
                    <span className={`badge badge-${status.tone}`}>{status.label}</span>
                    {doc.status === 9 && doc.status_descript && <div className="kn-error-text">{doc.status_descript}</div>}
                  </td>
                  <td>{doc.slice_count}</td>
                  <td>{formatBytes(Number(doc.size ?? 0))}</td>
                  <td>{describeStrategy(doc.chunk_strategy)}</td>
                  <td>{formatTime(doc.update_time)}</td>
                  <td className="row-actions">
                    {(doc.status === 1 || doc.status === 2) && (
                      <button type="button" className="btn btn-small" onClick={() => toggle(doc)} aria-label={`${doc.status === 1 ? "Disable" : "Enable"} ${doc.name}`}>
                        {doc.status === 1 ? "Disable" : "Enable"}
                      </button>
                    )}
                    <button type="button" className="btn btn-small" onClick={() => rename(doc)} aria-label={`Rename ${doc.name}`}>
                      Rename
                    </button>
                    {!isIndexing(doc.status) && (
                      <button type="button" className="btn btn-small" onClick={() => rechunk(doc)} disabled={!strategy} aria-label={`Re-chunk ${doc.name}`}>
                        Re-chunk
                      </button>
                    )}
                    <button type="button" className="btn btn-small btn-danger" onClick={() => remove(doc)} aria-label={`Delete ${doc.name}`}>
                      Delete
                    </button>
                  </td>
                </tr>
              );
            })}
            {documents.length === 0 && !loading && (
              <tr>
                <td colSpan={7} className="muted">
                  No documents yet.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {indexing && (
        <p className="muted" role="status">
          Indexing continues in the background; this table follows it.
        </p>
      )}
    </div>
  );
}
