// One workflow run's record: status, timings, tokens, error, then each node with its status,
// inputs, outputs, time and error (get_process).
import { Link, useParams } from "react-router-dom";
import { useSession } from "../../app/session";
import { ErrorBanner } from "../../ui/ErrorBanner";
import { PageHeader } from "../../ui/PageHeader";
import { useAsync } from "../../ui/useAsync";
import { getWorkflowProcess } from "./api";
import { WORKFLOW_STATUSES } from "./filters";
import { pretty } from "./record";
import { StatusBadge } from "./RunsPage";
import "./runs.css";

/** NodeExeStatus (idl/workflow.thrift). */
const NODE_STATUSES: Record<number, string> = { 1: "waiting", 2: "running", 3: "success", 4: "failed" };

export function WorkflowRunPage() {
  const { spaceId } = useSession();
  const { workflowId = "", executeId = "" } = useParams();
  const process = useAsync((signal) => getWorkflowProcess(spaceId, workflowId, executeId, signal), [spaceId, workflowId, executeId]);
  const run = process.data;
  return (
    <section>
      <p>
        <Link to="/runs?kind=workflow">← Runs</Link>
      </p>
      <PageHeader title={`Workflow run ${executeId}`} subtitle={`Workflow ${workflowId}`} />
      <ErrorBanner error={process.error} onRetry={process.reload} />
      {process.loading && <p className="muted">Loading…</p>}
      {run && (
        <>
          <dl className="card runs-facts" aria-label="Run summary">
            <div>
              <dt>Status</dt>
              <dd>
                <StatusBadge status={WORKFLOW_STATUSES[run.executeStatus] ?? String(run.executeStatus)} />
              </dd>
            </div>
            <div>
              <dt>Duration</dt>
              <dd>{run.workflowExeCost || "–"}</dd>
            </div>
            <div>
              <dt>Tokens</dt>
              <dd>
                {run.tokenAndCost?.inputTokens ?? 0} in / {run.tokenAndCost?.outputTokens ?? 0} out
              </dd>
            </div>
            <div>
              <dt>Log id</dt>
              <dd>
                <code>{run.logID || "–"}</code>
              </dd>
            </div>
          </dl>
          {run.reason && (
            <div className="banner banner-error" role="alert">
              {run.reason}
            </div>
          )}
          <h2>Nodes</h2>
          <ol className="runs-steps" aria-label="Nodes">
            {(run.nodeResults ?? []).map((node, i) => (
              <li key={`${node.nodeId}-${node.index ?? ""}-${i}`} className="card runs-step">
                <h3>
                  {node.NodeName || node.nodeId} <span className="muted">({node.NodeType}{node.index !== undefined ? `, item ${node.index}` : ""})</span>
                </h3>
                <p>
                  <StatusBadge status={NODE_STATUSES[node.nodeStatus] ?? String(node.nodeStatus)} /> {node.nodeExeCost}
                  {node.tokenAndCost?.totalTokens && node.tokenAndCost.totalTokens !== "0" ? ` · ${node.tokenAndCost.totalTokens} tokens` : ""}
                </p>
                {node.errorInfo && (
                  <p className="field-error" role="alert">
                    {node.errorInfo}
                  </p>
                )}
                <div className="split">
                  <div>
                    <h4>Input</h4>
                    <pre className="runs-code" aria-label={`Input of ${node.NodeName || node.nodeId}`}>{pretty(node.input) || "–"}</pre>
                  </div>
                  <div>
                    <h4>Output</h4>
                    <pre className="runs-code" aria-label={`Output of ${node.NodeName || node.nodeId}`}>{pretty(node.output) || "–"}</pre>
                  </div>
                </div>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
