// A live preview of the chunking settings (the review routes): the indexer chunks a stored file as
// asked and indexes nothing. The file is one of the dataset's documents, or a new file uploaded
// just to be previewed and then, if the chunks look right, added with these settings.
import { useEffect, useRef, useState } from "react";
import { describeError } from "../../api/client";
import { useSession } from "../../app/session";
import { ErrorBanner } from "../../ui/ErrorBanner";
import { ProgressBar } from "../../ui/ProgressBar";
import {
  createDocumentFromPreview,
  createReview,
  fetchPreviewChunks,
  getReview,
  uploadPreviewFile,
  type ChunkStrategy,
  type DocumentInfo,
  type PreviewChunk,
  type PreviewSource,
} from "./api";
import { strategyKey } from "./chunking";

const DEBOUNCE_MS = 600;
const POLL_MS = 700;
const MAX_POLLS = 120;

type PreviewState =
  | { kind: "idle" }
  | { kind: "running" }
  | { kind: "ready"; chunks: PreviewChunk[] }
  | { kind: "failed"; message: string };

/** Documents whose stored file a preview can read (uploads of the space), as preview sources. */
export function previewable(documents: DocumentInfo[]): PreviewSource[] {
  return documents
    .filter((d) => d.tos_uri?.startsWith("uploads/") && d.status !== 9)
    .map((d) => ({ name: d.name, type: d.type, tos_uri: d.tos_uri ?? "", document_id: d.document_id }));
}

export function ChunkPreview({
  datasetId,
  documents,
  strategy,
  accept,
  onAdded,
}: {
  datasetId: string;
  documents: DocumentInfo[];
  strategy?: ChunkStrategy;
  accept: string;
  onAdded: () => void;
}) {
  const { spaceId } = useSession();
  const [newFiles, setNewFiles] = useState<PreviewSource[]>([]);
  const candidates = [...newFiles, ...previewable(documents)];
  const [selected, setSelected] = useState("");
  const [state, setState] = useState<PreviewState>({ kind: "idle" });
  const [sending, setSending] = useState<{ name: string; sent: number } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [added, setAdded] = useState("");
  const input = useRef<HTMLInputElement>(null);
  const chosen = candidates.find((c) => c.tos_uri === selected);
  const key = strategy ? strategyKey(strategy) : "";

  useEffect(() => {
    if (!chosen || !strategy) {
      setState({ kind: "idle" });
      return;
    }
    let cancelled = false;
    const controller = new AbortController();
    const sleep = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));
    const timer = window.setTimeout(async () => {
      setState({ kind: "running" });
      try {
        const review = await createReview(spaceId, datasetId, chosen, strategy);
        let current = review;
        for (let i = 0; i < MAX_POLLS && (current.status ?? 0) === 0 && !cancelled; i++) {
          await sleep(POLL_MS);
          current = await getReview(spaceId, datasetId, review.review_id ?? "", controller.signal);
        }
        if (cancelled) return;
        if (current.status === 1 && current.doc_tree_tos_url) {
          const chunks = await fetchPreviewChunks(current.doc_tree_tos_url, controller.signal);
          if (!cancelled) setState({ kind: "ready", chunks });
        } else if ((current.status ?? 0) === 0) {
          setState({ kind: "failed", message: "The preview is taking too long; try again." });
        } else {
          setState({ kind: "failed", message: `${chosen.name} could not be chunked with these settings (is it a ${chosen.type} file?).` });
        }
      } catch (err) {
        if (!cancelled) setState({ kind: "failed", message: describeError(err) });
      }
    }, DEBOUNCE_MS);
    return () => {
      cancelled = true;
      controller.abort();
      window.clearTimeout(timer);
    };
    // The strategy is compared by its key: a new object with the same values asks nothing new.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [spaceId, datasetId, chosen?.tos_uri, key]);

  async function previewNewFile(file: File) {
    setError(null);
    setAdded("");
    setSending({ name: file.name, sent: 0 });
    try {
      const source = await uploadPreviewFile(spaceId, datasetId, file, (sent) => setSending({ name: file.name, sent }));
      setNewFiles((current) => [source, ...current]);
      setSelected(source.tos_uri);
    } catch (err) {
      setError(err);
    } finally {
      setSending(null);
    }
  }

  async function addChosen() {
    if (!chosen || chosen.document_id) return;
    setError(null);
    try {
      await createDocumentFromPreview(spaceId, datasetId, chosen, strategy);
      setNewFiles((current) => current.filter((f) => f.tos_uri !== chosen.tos_uri));
      setSelected("");
      setAdded(chosen.name);
      onAdded();
    } catch (err) {
      setError(err);
    }
  }

  return (
    <section className="kn-preview" aria-label="Chunking preview">
      <h3>Preview</h3>
      <p className="muted">See how the settings cut a file: one of this dataset's documents, or a new file before you add it.</p>
      <div className="field-row kn-preview-pick">
        <label className="field">
          <span>Preview on</span>
          <select value={selected} onChange={(e) => setSelected(e.target.value)}>
            <option value="">Choose a file…</option>
            {newFiles.length > 0 && (
              <optgroup label="New files (not added yet)">
                {newFiles.map((f) => (
                  <option key={f.tos_uri} value={f.tos_uri}>
                    {f.name}
                  </option>
                ))}
              </optgroup>
            )}
            {candidates.length > newFiles.length && (
              <optgroup label="Documents">
                {candidates.slice(newFiles.length).map((d) => (
                  <option key={d.tos_uri} value={d.tos_uri}>
                    {d.name}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
        </label>
        <button type="button" className="btn" onClick={() => input.current?.click()} disabled={Boolean(sending)}>
          Preview a new file…
        </button>
        <input
          ref={input}
          type="file"
          accept={accept}
          aria-label="File to preview"
          className="visually-hidden"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void previewNewFile(file);
            e.target.value = "";
          }}
        />
      </div>
      {sending && <ProgressBar value={sending.sent * 100} label={`${sending.name} upload for preview`} />}
      <ErrorBanner error={error} />
      {added && (
        <p className="banner banner-ok" role="status">
          {added} was added: it is indexing with these settings.
        </p>
      )}
      {!strategy && chosen && <p className="muted">Fix the settings to see a preview.</p>}
      {state.kind === "running" && (
        <p className="muted" role="status">
          Chunking {chosen?.name}…
        </p>
      )}
      {state.kind === "failed" && <ErrorBanner error={new Error(state.message)} />}
      {state.kind === "ready" && (
        <>
          <div className="kn-slice-head">
            <p role="status">
              {state.chunks.length} chunks, {state.chunks.reduce((n, c) => n + (c.tokens ?? 0), 0)} tokens in all
            </p>
            {chosen && !chosen.document_id && (
              <button type="button" className="btn btn-primary btn-small" onClick={addChosen} disabled={!strategy}>
                Add {chosen.name} to the dataset
              </button>
            )}
          </div>
          <ol className="kn-chunks" aria-label="Preview chunks">
            {state.chunks.map((c, i) => (
              <li key={i} className="kn-chunk">
                <div className="muted kn-chunk-meta">
                  #{i + 1} · {c.tokens} tokens
                  {c.heading_path?.length ? ` · ${c.heading_path.join(" › ")}` : ""}
                  {c.page ? ` · page ${c.page}` : ""}
                </div>
                <p className="kn-chunk-text">{c.content}</p>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
