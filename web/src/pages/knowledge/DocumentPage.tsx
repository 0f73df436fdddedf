// One document: its status and its slices, to read and edit.
import { Link, useParams } from "react-router-dom";
import { useSession } from "../../app/session";
import { api } from "../../api/client";
import { ErrorBanner } from "../../ui/ErrorBanner";
import { formatBytes, formatTime } from "../../ui/format";
import { PageHeader } from "../../ui/PageHeader";
import { useAsync } from "../../ui/useAsync";
import type { DocumentInfo } from "./api";
import { documentStatus } from "./labels";
import { SliceList } from "./SliceList";
import "./knowledge.css";

export function DocumentPage() {
  const { datasetId = "", documentId = "" } = useParams();
  const { spaceId } = useSession();
  const doc = useAsync(
    async (signal) => {
      const answer = await api.post<{ document_infos?: DocumentInfo[] }>(
        "/api/knowledge/document/list",
        { space_id: spaceId, dataset_id: datasetId, document_ids: [documentId] },
        signal,
      );
      const found = answer.document_infos?.[0];
      if (!found) throw new Error(`document ${documentId} not found in this dataset`);
      return found;
    },
    [spaceId, datasetId, documentId],
  );
  const info = doc.data;
  const status = info ? documentStatus(info.status) : null;
  return (
    <section>
      <p className="kn-crumbs">
        <Link to={`/knowledge/${datasetId}`}>← Dataset</Link>
      </p>
      <ErrorBanner error={doc.error} onRetry={doc.reload} />
      {info && status && (
        <>
          <PageHeader
            title={info.name}
            subtitle={
              <>
                <span className={`badge badge-${status.tone}`}>{status.label}</span> {info.type} · {formatBytes(Number(info.size ?? 0))} ·{" "}
                {info.slice_count} slices · updated {formatTime(info.update_time)}
                {info.url && (
                  <>
                    {" "}
                    ·{" "}
                    <a href={info.url} target="_blank" rel="noreferrer">
                      Open the file
                    </a>
                  </>
                )}
              </>
            }
          />
          {info.status === 9 && <div className="banner banner-error" role="alert">{info.status_descript || "Indexing failed."}</div>}
          <SliceList documentId={documentId} editable={info.status === 1 || info.status === 2} />
        </>
      )}
    </section>
  );
}
