// Knowledge: the space's datasets as cards (type, documents, last change), create and delete.
import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router-dom";
import { useSession } from "../../app/session";
import { ErrorBanner } from "../../ui/ErrorBanner";
import { formatTime } from "../../ui/format";
import { Modal } from "../../ui/Modal";
import { PageHeader } from "../../ui/PageHeader";
import { useAsync } from "../../ui/useAsync";
import { createDataset, deleteDataset, listDatasets, type Dataset, type FormatType } from "./api";
import { formatLabel } from "./labels";
import "./knowledge.css";

export function DatasetsPage() {
  const { spaceId } = useSession();
  const [search, setSearch] = useState("");
  const datasets = useAsync((signal) => listDatasets(spaceId, search.trim(), signal), [spaceId, search]);
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function remove(ds: Dataset) {
    if (!window.confirm(`Delete the dataset "${ds.name}" and its ${ds.doc_count} documents?`)) return;
    setError(null);
    try {
      await deleteDataset(spaceId, ds.dataset_id);
      datasets.reload();
    } catch (err) {
      setError(err);
    }
  }

  return (
    <section>
      <PageHeader
        title="Knowledge"
        subtitle="Datasets of documents, tables and images that agents and workflows search."
        actions={
          <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
            New dataset
          </button>
        }
      />
      <div className="kn-toolbar">
        <label className="field">
          <span>Search datasets</span>
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Name" />
        </label>
      </div>
      <ErrorBanner error={error ?? datasets.error} onRetry={datasets.error ? datasets.reload : undefined} />
      <ul className="grid-cards kn-cards" aria-label="Datasets">
        {(datasets.data?.datasets ?? []).map((ds) => (
          <li key={ds.dataset_id} className="card kn-card">
            <h2>
              <Link to={`/knowledge/${ds.dataset_id}`}>{ds.name}</Link>
            </h2>
            {ds.description && <p className="muted kn-clamp">{ds.description}</p>}
            <dl className="kn-facts">
              <div>
                <dt>Type</dt>
                <dd>
                  <span className="badge">{formatLabel(ds.format_type)}</span>
                </dd>
              </div>
              <div>
                <dt>Documents</dt>
                <dd>{ds.doc_count}</dd>
              </div>
              <div>
                <dt>Updated</dt>
                <dd>{formatTime(ds.update_time)}</dd>
              </div>
            </dl>
            <div className="row-actions">
              <button type="button" className="btn btn-small btn-danger" onClick={() => remove(ds)} aria-label={`Delete ${ds.name}`}>
                Delete
              </button>
            </div>
          </li>
        ))}
      </ul>
      {datasets.data?.datasets.length === 0 && (
        <p className="muted">{search.trim() ? "No dataset matches that name." : "No datasets yet: create one to upload documents."}</p>
      )}
      {datasets.loading && !datasets.data && <p className="muted">Loading…</p>}
      <CreateDatasetDialog open={creating} onClose={() => setCreating(false)} spaceId={spaceId} />
    </section>
  );
}

function CreateDatasetDialog({ open, onClose, spaceId }: { open: boolean; onClose: () => void; spaceId: string }) {
  const navigate = useNavigate();
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [formatType, setFormatType] = useState<FormatType>(0);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const id = await createDataset(spaceId, name, description.trim(), formatType);
      onClose();
      navigate(`/knowledge/${id}`);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title="New dataset" open={open} onClose={onClose}>
      <form onSubmit={submit} aria-label="Create a dataset" className="kn-form">
        <label className="field">
          <span>Name</span>
          <input value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />
        </label>
        <label className="field">
          <span>Description</span>
          <textarea value={description} onChange={(e) => setDescription(e.target.value)} rows={3} maxLength={2000} />
        </label>
        <fieldset className="kn-fieldset">
          <legend>Type</legend>
          {(
            [
              [0, "Text", "documents: PDF, Word, Markdown, text, web pages"],
              [1, "Table", "rows of CSV or Excel sheets"],
              [2, "Image", "pictures with captions"],
            ] as const
          ).map(([value, label, hint]) => (
            <label key={value} className="kn-radio">
              <input type="radio" name="format_type" checked={formatType === value} onChange={() => setFormatType(value)} />
              <span>
                {label} <span className="muted">— {hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <ErrorBanner error={error} />
        <div className="row-actions">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Create dataset
          </button>
        </div>
      </form>
    </Modal>
  );
}
