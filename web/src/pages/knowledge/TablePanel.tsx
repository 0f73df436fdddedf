// A table dataset: its columns (from the first document's schema) with a preview of rows, and
// every row as a slice (editable, searchable).
import { useSession } from "../../app/session";
import { ErrorBanner } from "../../ui/ErrorBanner";
import { useAsync } from "../../ui/useAsync";
import { tableSchema, type Dataset, type DocumentInfo } from "./api";
import { SliceList } from "./SliceList";

const COLUMN_TYPES: Record<number, string> = { 0: "Unknown", 1: "Text", 2: "Number", 3: "Date", 4: "Float", 5: "Boolean", 6: "Image" };

export function TablePanel({ dataset, documents }: { dataset: Dataset; documents: DocumentInfo[] }) {
  const { spaceId } = useSession();
  const first = documents.find((d) => d.status === 1 || d.status === 2) ?? documents[0];
  const schema = useAsync(
    (signal) => (first ? tableSchema(spaceId, first.document_id, signal) : Promise.resolve({ columns: [], preview: [] })),
    [spaceId, first?.document_id],
  );
  const columns = schema.data?.columns ?? [];
  return (
    <div className="kn-table-panel">
      <section aria-label="Table schema" className="card">
        <h2>Columns</h2>
        <ErrorBanner error={schema.error} onRetry={schema.reload} />
        {!first && <p className="muted">The first uploaded sheet defines the columns.</p>}
        {columns.length > 0 && (
          <div className="kn-table-wrap">
            <table className="table" aria-label="Columns">
              <thead>
                <tr>
                  <th scope="col">Column</th>
                  <th scope="col">Type</th>
                  <th scope="col">Semantic search</th>
                  <th scope="col">Description</th>
                </tr>
              </thead>
              <tbody>
                {columns.map((c) => (
                  <tr key={c.id}>
                    <td>{c.column_name}</td>
                    <td>{COLUMN_TYPES[c.column_type ?? 0] ?? c.column_type}</td>
                    <td>{c.is_semantic ? "Yes" : "No"}</td>
                    <td>{c.desc ?? ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {(schema.data?.preview.length ?? 0) > 0 && (
          <>
            <h3>Preview rows</h3>
            <div className="kn-table-wrap">
              <table className="table" aria-label="Preview rows">
                <thead>
                  <tr>
                    {columns.map((c) => (
                      <th key={c.id} scope="col">
                        {c.column_name}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {schema.data?.preview.map((row, i) => (
                    <tr key={i}>
                      {columns.map((c) => (
                        <td key={c.id}>{row[c.id] ?? row[c.column_name] ?? row[String(c.sequence)] ?? ""}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </section>
      <h2>Rows</h2>
      <SliceList datasetId={dataset.dataset_id} editable />
    </div>
  );
}
