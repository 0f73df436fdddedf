// A live preview of the chunking settings on a document of the dataset (the review routes): the
// indexer chunks the stored file as asked and indexes nothing; the chunks are shown as they'd be.
import { useEffect, useState } from "react";
import { describeError } from "../../api/client";
import { useSession } from "../../app/session";
import { ErrorBanner } from "../../ui/ErrorBanner";
import { createReview, fetchPreviewChunks, getReview, type ChunkStrategy, type DocumentInfo, type PreviewChunk } from "./api";
import { strategyKey } from "./chunking";

const DEBOUNCE_MS = 600;
const POLL_MS = 700;
const MAX_POLLS = 120;

type PreviewState =
  | { kind: "idle" }
  | { kind: "running" }
  | { kind: "ready"; chunks: PreviewChunk[] }
  | { kind: "failed"; message: string };

/** Documents whose stored file a preview can read (uploads of the space). */
export function previewable(documents: DocumentInfo[]): DocumentInfo[] {
  return documents.filter((d) => d.tos_uri?.startsWith("uploads/") && d.status !== 9);
}

export function ChunkPreview({ datasetId, documents, strategy }: { datasetId: string; documents: DocumentInfo[]; strategy?: ChunkStrategy }) {
  const { spaceId } = useSession();
  const candidates = previewable(documents);
  const [documentId, setDocumentId] = useState("");
  const [state, setState] = useState<PreviewState>({ kind: "idle" });
  const chosen = candidates.find((d) => d.document_id === documentId);
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
        const review = await createReview(
          spaceId,
          datasetId,
          { name: chosen.name, type: chosen.type, tos_uri: chosen.tos_uri ?? "", document_id: chosen.document_id },
          strategy,
        );
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
          setState({ kind: "failed", message: "The file could not be chunked with these settings." });
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
  }, [spaceId, datasetId, chosen?.document_id, key]);

  return (
    <section className="kn-preview" aria-label="Chunking preview">
      <h3>Preview</h3>
      {candidates.length === 0 ? (
        <p className="muted">Upload a document first: the preview shows how these settings would cut one of this dataset's files.</p>
      ) : (
        <label className="field">
          <span>Preview on document</span>
          <select value={documentId} onChange={(e) => setDocumentId(e.target.value)}>
            <option value="">Choose a document…</option>
            {candidates.map((d) => (
              <option key={d.document_id} value={d.document_id}>
                {d.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {!strategy && chosen && <p className="muted">Fix the settings above to see a preview.</p>}
      {state.kind === "running" && (
        <p className="muted" role="status">
          Chunking {chosen?.name}…
        </p>
      )}
      {state.kind === "failed" && <ErrorBanner error={new Error(state.message)} />}
      {state.kind === "ready" && (
        <>
          <p role="status">
            {state.chunks.length} chunks, {state.chunks.reduce((n, c) => n + (c.tokens ?? 0), 0)} tokens in all
          </p>
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
