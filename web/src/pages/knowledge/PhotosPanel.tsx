// An image dataset: upload pictures, see each with its caption, edit a caption or have the
// caption model write it again.
import { useEffect, useState } from "react";
import { useSession } from "../../app/session";
import { ErrorBanner } from "../../ui/ErrorBanner";
import { useAsync } from "../../ui/useAsync";
import { extractCaption, listPhotos, updateCaption, type Dataset, type PhotoInfo } from "./api";
import { ACCEPT_BY_FORMAT } from "./DocumentsPanel";
import { documentStatus, isIndexing } from "./labels";
import { UploadZone } from "./UploadZone";

export function PhotosPanel({ dataset, onChanged }: { dataset: Dataset; onChanged: () => void }) {
  const { spaceId } = useSession();
  const photos = useAsync((signal) => listPhotos(spaceId, dataset.dataset_id, signal), [spaceId, dataset.dataset_id]);
  const indexing = (photos.data ?? []).some((p) => isIndexing(p.status));
  const { reload } = photos;

  useEffect(() => {
    if (!indexing) return;
    const timer = window.setInterval(reload, 2000);
    return () => window.clearInterval(timer);
  }, [indexing, reload]);

  return (
    <div>
      <div className="card">
        <h2>Add images</h2>
        <UploadZone
          datasetId={dataset.dataset_id}
          accept={ACCEPT_BY_FORMAT[2].accept}
          hint={`${ACCEPT_BY_FORMAT[2].hint} Captions are written by the caption model; edit them below.`}
          onChanged={() => {
            reload();
            onChanged();
          }}
        />
      </div>
      <ErrorBanner error={photos.error} onRetry={photos.reload} />
      <ul className="grid-cards kn-photos" aria-label="Photos">
        {(photos.data ?? []).map((photo) => (
          <li key={photo.document_id} className="card kn-photo">
            <PhotoCard photo={photo} spaceId={spaceId} onChanged={reload} />
          </li>
        ))}
      </ul>
      {photos.data?.length === 0 && <p className="muted">No images yet.</p>}
    </div>
  );
}

function PhotoCard({ photo, spaceId, onChanged }: { photo: PhotoInfo; spaceId: string; onChanged: () => void }) {
  const [caption, setCaption] = useState(photo.caption);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const status = documentStatus(photo.status);
  useEffect(() => setCaption(photo.caption), [photo.caption]);

  async function run(work: () => Promise<unknown>) {
    setError(null);
    setBusy(true);
    try {
      await work();
      onChanged();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {photo.url ? <img src={photo.url} alt={photo.caption || photo.name} className="kn-photo-img" loading="lazy" /> : <div className="kn-photo-img" />}
      <div className="kn-slice-head">
        <strong className="kn-clamp">{photo.name}</strong>
        <span className={`badge badge-${status.tone}`}>{status.label}</span>
      </div>
      <label className="field">
        <span>Caption of {photo.name}</span>
        <textarea value={caption} onChange={(e) => setCaption(e.target.value)} rows={3} />
      </label>
      <ErrorBanner error={error} />
      <div className="row-actions">
        <button type="button" className="btn btn-small btn-primary" disabled={busy || caption === photo.caption} onClick={() => run(() => updateCaption(spaceId, photo.document_id, caption))}>
          Save caption
        </button>
        <button
          type="button"
          className="btn btn-small"
          disabled={busy}
          onClick={() =>
            run(async () => {
              const written = await extractCaption(spaceId, photo.document_id);
              setCaption(written);
            })
          }
        >
          {busy ? "Working…" : "Write caption"}
        </button>
      </div>
    </>
  );
}
