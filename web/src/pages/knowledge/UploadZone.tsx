// Files in by drag and drop or a file picker; each gets its own progress bar: bytes sent, then
// indexing (polled from the progress route) until done or failed with the server's reason.
import { useEffect, useRef, useState, type DragEvent } from "react";
import { describeError } from "../../api/client";
import { useSession } from "../../app/session";
import { ErrorBanner } from "../../ui/ErrorBanner";
import { formatBytes } from "../../ui/format";
import { ProgressBar } from "../../ui/ProgressBar";
import { documentProgress, uploadDocument, type ChunkStrategy } from "./api";
import { mergeProgress, newUpload, pendingDocuments, progressView, summarize, withDocument, withFailure, withSent, type UploadItem } from "./uploads";

const POLL_MS = 1000;

export function UploadZone({
  datasetId,
  accept,
  hint,
  chunkStrategy,
  blocked,
  onChanged,
}: {
  datasetId: string;
  accept: string;
  hint: string;
  /** What the uploads are chunked with; undefined: the server's default. */
  chunkStrategy?: ChunkStrategy;
  /** Why uploading is not possible now (e.g. invalid chunk settings). */
  blocked?: string;
  onChanged: () => void;
}) {
  const { spaceId } = useSession();
  const [items, setItems] = useState<UploadItem[]>([]);
  const [dragging, setDragging] = useState(false);
  const [pollError, setPollError] = useState<unknown>(null);
  const counter = useRef(0);
  const input = useRef<HTMLInputElement>(null);
  const pending = pendingDocuments(items);
  const pendingKey = pending.join(",");
  const finished = summarize(items).done + summarize(items).failed;

  // Poll the indexing progress of the documents still being indexed.
  useEffect(() => {
    if (!pendingKey) return;
    const controller = new AbortController();
    const timer = window.setInterval(() => {
      documentProgress(spaceId, pendingKey.split(","), controller.signal).then(
        (progress) => {
          setPollError(null);
          setItems((current) => mergeProgress(current, progress));
        },
        (err: unknown) => {
          if (!controller.signal.aborted) setPollError(err);
        },
      );
    }, POLL_MS);
    return () => {
      controller.abort();
      window.clearInterval(timer);
    };
  }, [pendingKey, spaceId]);

  // A file that finished (either way) changes the documents table and the dataset's counts.
  useEffect(() => {
    if (finished > 0) onChanged();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [finished]);

  function start(files: FileList | File[]) {
    if (blocked) return;
    for (const file of Array.from(files)) {
      const key = `u${++counter.current}`;
      setItems((current) => [...current, newUpload(key, file.name, file.size)]);
      uploadDocument(spaceId, datasetId, file, chunkStrategy, (fraction) => setItems((current) => withSent(current, key, fraction))).then(
        (doc) => {
          setItems((current) => withDocument(current, key, doc));
          onChanged();
        },
        (err: unknown) => setItems((current) => withFailure(current, key, describeError(err))),
      );
    }
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    if (event.dataTransfer.files.length) start(event.dataTransfer.files);
  }

  const counts = summarize(items);
  return (
    <div className="kn-upload">
      <div
        className={dragging ? "kn-dropzone kn-dropzone-active" : "kn-dropzone"}
        data-testid="drop-zone"
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p>
          <strong>Drop files here</strong> or{" "}
          <button type="button" className="btn btn-small" onClick={() => input.current?.click()} disabled={Boolean(blocked)}>
            Choose files…
          </button>
        </p>
        <p className="muted">{blocked ?? hint}</p>
        <input
          ref={input}
          type="file"
          multiple
          accept={accept}
          aria-label="Files to upload"
          className="visually-hidden"
          disabled={Boolean(blocked)}
          onChange={(e) => {
            if (e.target.files?.length) start(e.target.files);
            e.target.value = "";
          }}
        />
      </div>
      <ErrorBanner error={pollError} />
      {items.length > 0 && (
        <div className="kn-queue">
          <p className="muted" role="status">
            {counts.active} in progress · {counts.done} done · {counts.failed} failed
            {counts.active === 0 && (
              <button type="button" className="btn btn-small btn-ghost" onClick={() => setItems([])}>
                Clear list
              </button>
            )}
          </p>
          <ul aria-label="Uploads">
            {items.map((item) => {
              const view = progressView(item);
              return (
                <li key={item.key} className="kn-queue-item" data-phase={item.phase}>
                  <span className="kn-queue-name">
                    {item.fileName} <span className="muted">{formatBytes(item.size)}</span>
                  </span>
                  <ProgressBar value={view.value} label={`${item.fileName} progress`} status={view.status} />
                  <span className={item.phase === "failed" ? "kn-queue-text kn-error-text" : "kn-queue-text"} role={item.phase === "failed" ? "alert" : undefined}>
                    {view.text}
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}
