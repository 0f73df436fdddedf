// One dataset: its documents (upload, chunking, status), table schema or photos by type, and the
// retrieval tester.
import { useCallback, useState, type FormEvent } from "react";
import { Link, useNavigate, useParams } from "react-router-dom";
import { useSession } from "../../app/session";
import { ErrorBanner } from "../../ui/ErrorBanner";
import { formatBytes } from "../../ui/format";
import { Modal } from "../../ui/Modal";
import { PageHeader } from "../../ui/PageHeader";
import { useAsync } from "../../ui/useAsync";
import { datasetDetail, deleteDataset, listDocuments, updateDataset, type Dataset } from "./api";
import { DocumentsPanel } from "./DocumentsPanel";
import { formatLabel, plural } from "./labels";
import { PhotosPanel } from "./PhotosPanel";
import { RetrievalTester } from "./RetrievalTester";
import { TablePanel } from "./TablePanel";
import { Tabs, type TabSpec } from "./Tabs";
import "./knowledge.css";

export function DatasetPage() {
  const { datasetId = "" } = useParams();
  const { spaceId } = useSession();
  const navigate = useNavigate();
  const detail = useAsync((signal) => datasetDetail(spaceId, datasetId, signal), [spaceId, datasetId]);
  const documents = useAsync((signal) => listDocuments(spaceId, datasetId, signal), [spaceId, datasetId]);
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const ds = detail.data;

  const { reload: reloadDetail } = detail;
  const { reload: reloadDocuments } = documents;
  const reloadAll = useCallback(() => {
    reloadDetail();
    reloadDocuments();
  }, [reloadDetail, reloadDocuments]);

  async function remove() {
    if (!ds || !window.confirm(`Delete the dataset "${ds.name}" and its ${ds.doc_count} documents?`)) return;
    try {
      await deleteDataset(spaceId, datasetId);
      navigate("/knowledge");
    } catch (err) {
      setError(err);
    }
  }

  if (!ds) {
    return (
      <section>
        <p>
          <Link to="/knowledge">← Knowledge</Link>
        </p>
        <ErrorBanner error={detail.error} onRetry={detail.reload} />
        {detail.loading && <p className="muted">Loading…</p>}
      </section>
    );
  }

  const docs = documents.data?.documents ?? [];
  const documentsTab: TabSpec = {
    id: "documents",
    label: "Documents",
    render: () => <DocumentsPanel dataset={ds} documents={docs} loading={documents.loading} error={documents.error} onChanged={reloadAll} />,
  };
  const tabs: TabSpec[] =
    ds.format_type === 2
      ? [{ id: "photos", label: "Photos", render: () => <PhotosPanel dataset={ds} onChanged={reloadAll} /> }]
      : ds.format_type === 1
        ? [documentsTab, { id: "table", label: "Schema and rows", render: () => <TablePanel dataset={ds} documents={docs} /> }]
        : [documentsTab];
  tabs.push({ id: "retrieval", label: "Retrieval test", render: () => <RetrievalTester dataset={ds} /> });

  return (
    <section>
      <p className="kn-crumbs">
        <Link to="/knowledge">← Knowledge</Link>
      </p>
      <PageHeader
        title={ds.name}
        subtitle={
          <>
            <span className="badge">{formatLabel(ds.format_type)}</span> {plural(ds.doc_count, "document")} · {plural(ds.slice_count, "slice")} ·{" "}
            {formatBytes(Number(ds.all_file_size ?? 0))}
            {ds.embedding_model && <> · embedder {ds.embedding_model}</>}
            {ds.description && <span className="kn-desc">{ds.description}</span>}
          </>
        }
        actions={
          <>
            <button type="button" className="btn" onClick={() => setEditing(true)}>
              Edit details
            </button>
            <button type="button" className="btn btn-danger" onClick={remove}>
              Delete dataset
            </button>
          </>
        }
      />
      <ErrorBanner error={error} />
      <Tabs tabs={tabs} label="Dataset views" />
      {editing && <EditDatasetDialog dataset={ds} spaceId={spaceId} onClose={() => setEditing(false)} onSaved={detail.reload} />}
    </section>
  );
}

function EditDatasetDialog({ dataset, spaceId, onClose, onSaved }: { dataset: Dataset; spaceId: string; onClose: () => void; onSaved: () => void }) {
  const [name, setName] = useState(dataset.name);
  const [description, setDescription] = useState(dataset.description);
  const [error, setError] = useState<unknown>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await updateDataset(spaceId, dataset.dataset_id, { name, description });
      onSaved();
      onClose();
    } catch (err) {
      setError(err);
    }
  }

  return (
    <Modal title="Edit dataset" open onClose={onClose}>
      <form onSubmit={submit} className="kn-form" aria-label="Edit dataset">
        <label className="field">
          <span>Name</span>
          <input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />
        </label>
        <label className="field">
          <span>Description</span>
          <textarea value={description} onChange={(e) => setDescription(e.target.value)} rows={3} />
        </label>
        <ErrorBanner error={error} />
        <div className="row-actions">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary">
            Save
          </button>
        </div>
      </form>
    </Modal>
  );
}
