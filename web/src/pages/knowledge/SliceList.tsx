// Slices of a document (or of a table dataset): paged, searchable, each editable in place;
// insert after, delete. Every change re-indexes only that slice on the server.
import { useState, type FormEvent } from "react";
import { useSession } from "../../app/session";
import { ErrorBanner } from "../../ui/ErrorBanner";
import { useAsync } from "../../ui/useAsync";
import { createSlice, deleteSlices, listSlices, updateSlice, type SliceInfo } from "./api";
import { plural, sliceStatus } from "./labels";
import { pageOf, rowCells, sliceNote } from "./slices";

const PAGE_SIZE = 20;

export function SliceList({ documentId, datasetId, editable }: { documentId?: string; datasetId?: string; editable: boolean }) {
  const { spaceId } = useSession();
  const [offset, setOffset] = useState(0);
  const [keyword, setKeyword] = useState("");
  const [search, setSearch] = useState("");
  const page = useAsync((signal) => listSlices(spaceId, { documentId, datasetId }, offset, PAGE_SIZE, search, signal), [spaceId, documentId, datasetId, offset, search]);
  const [error, setError] = useState<unknown>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [inserting, setInserting] = useState<number | null>(null);
  const total = page.data?.total ?? 0;
  const { page: current, pages } = pageOf(offset, PAGE_SIZE, total);

  async function act(work: () => Promise<unknown>): Promise<boolean> {
    setError(null);
    try {
      await work();
      page.reload();
      return true;
    } catch (err) {
      setError(err);
      return false;
    }
  }

  return (
    <section className="kn-slices" aria-label="Slices">
      <form
        className="inline-form kn-toolbar"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setOffset(0);
          setSearch(keyword.trim());
        }}
      >
        <label className="field">
          <span>Search slices</span>
          <input type="search" value={keyword} onChange={(e) => setKeyword(e.target.value)} />
        </label>
        <button type="submit" className="btn">
          Search
        </button>
        {editable && documentId && (
          <button type="button" className="btn" onClick={() => setInserting(total)}>
            Add slice
          </button>
        )}
      </form>
      <ErrorBanner error={error ?? page.error} onRetry={page.error ? page.reload : undefined} />
      <p className="muted" role="status">
        {plural(total, "slice")}
        {search ? ` matching "${search}"` : ""}
      </p>
      {inserting === total && documentId && (
        <SliceEditor
          label="New slice"
          initial=""
          onCancel={() => setInserting(null)}
          onSave={async (text) => {
            if (await act(() => createSlice(spaceId, documentId, text))) setInserting(null);
          }}
        />
      )}
      <ol className="kn-slice-list">
        {(page.data?.slices ?? []).map((slice) => (
          <li key={slice.slice_id} className="card kn-slice" aria-label={`Slice ${Number(slice.sequence) + 1}`}>
            <SliceView
              slice={slice}
              editable={editable}
              editing={editing === slice.slice_id}
              onEdit={() => setEditing(slice.slice_id)}
              onCancel={() => setEditing(null)}
              onSave={async (text) => {
                if (await act(() => updateSlice(spaceId, slice.slice_id, text))) setEditing(null);
              }}
              onDelete={() => {
                if (window.confirm(`Delete slice ${Number(slice.sequence) + 1}?`)) void act(() => deleteSlices(spaceId, [slice.slice_id]));
              }}
              onInsertAfter={documentId ? () => setInserting(Number(slice.sequence) + 1) : undefined}
            />
            {inserting === Number(slice.sequence) + 1 && inserting !== total && documentId && (
              <SliceEditor
                label="New slice"
                initial=""
                onCancel={() => setInserting(null)}
                onSave={async (text) => {
                  if (await act(() => createSlice(spaceId, documentId, text, inserting))) setInserting(null);
                }}
              />
            )}
          </li>
        ))}
      </ol>
      {pages > 1 && (
        <nav className="kn-pager" aria-label="Slice pages">
          <button type="button" className="btn btn-small" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}>
            Previous
          </button>
          <span>
            Page {current} of {pages}
          </span>
          <button type="button" className="btn btn-small" disabled={!page.data?.hasmore} onClick={() => setOffset(offset + PAGE_SIZE)}>
            Next
          </button>
        </nav>
      )}
      {page.loading && !page.data && <p className="muted">Loading…</p>}
    </section>
  );
}

function SliceView({
  slice,
  editable,
  editing,
  onEdit,
  onCancel,
  onSave,
  onDelete,
  onInsertAfter,
}: {
  slice: SliceInfo;
  editable: boolean;
  editing: boolean;
  onEdit: () => void;
  onCancel: () => void;
  onSave: (text: string) => Promise<void>;
  onDelete: () => void;
  onInsertAfter?: () => void;
}) {
  const status = sliceStatus(slice.status);
  const cells = rowCells(slice.content);
  const note = sliceNote(slice.chunk_info);
  const number = Number(slice.sequence) + 1;
  return (
    <>
      <div className="kn-slice-head">
        <strong>#{number}</strong>
        <span className={`badge badge-${status.tone}`}>{status.label}</span>
        <span className="muted">
          {slice.char_count} characters · {slice.hit_count} hits{note ? ` · ${note}` : ""}
        </span>
        {editable && !editing && (
          <span className="row-actions">
            <button type="button" className="btn btn-small" onClick={onEdit} aria-label={`Edit slice ${number}`}>
              Edit
            </button>
            {onInsertAfter && (
              <button type="button" className="btn btn-small" onClick={onInsertAfter} aria-label={`Insert a slice after ${number}`}>
                Insert after
              </button>
            )}
            <button type="button" className="btn btn-small btn-danger" onClick={onDelete} aria-label={`Delete slice ${number}`}>
              Delete
            </button>
          </span>
        )}
      </div>
      {editing ? (
        <SliceEditor label={`Slice ${number} text`} initial={slice.content} onCancel={onCancel} onSave={onSave} />
      ) : cells ? (
        <dl className="kn-row">
          {cells.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="kn-chunk-text">{slice.content}</p>
      )}
    </>
  );
}

function SliceEditor({ label, initial, onCancel, onSave }: { label: string; initial: string; onCancel: () => void; onSave: (text: string) => Promise<void> }) {
  const [text, setText] = useState(initial);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    await onSave(text);
    setBusy(false);
  }
  return (
    <form onSubmit={submit} className="kn-slice-editor" aria-label={`${label} editor`}>
      <label className="field">
        <span>{label}</span>
        <textarea value={text} onChange={(e) => setText(e.target.value)} rows={Math.min(16, Math.max(4, text.split("\n").length + 1))} />
      </label>
      <div className="row-actions">
        <button type="button" className="btn btn-small" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn-small btn-primary" disabled={busy}>
          Save
        </button>
      </div>
    </form>
  );
}
