// One chat run's record: status, timings, usage, error, trace id, then its steps (question, tool
// calls with their results, events, answer).
import { Link, useParams } from "react-router-dom";
import { useSession } from "../../app/session";
import { ErrorBanner } from "../../ui/ErrorBanner";
import { formatMs, formatTime } from "../../ui/format";
import { PageHeader } from "../../ui/PageHeader";
import { useAsync } from "../../ui/useAsync";
import { getChatRun } from "./api";
import { pretty, runSteps, type Step } from "./record";
import { StatusBadge } from "./RunsPage";
import "./runs.css";

export function ChatRunPage() {
  const { spaceId } = useSession();
  const { chatId = "" } = useParams();
  const record = useAsync((signal) => getChatRun(spaceId, chatId, signal), [spaceId, chatId]);
  const run = record.data?.run;
  return (
    <section>
      <p>
        <Link to="/runs?kind=chat">← Runs</Link>
      </p>
      <PageHeader title={`Chat run ${chatId}`} subtitle={run?.query} />
      <ErrorBanner error={record.error} onRetry={record.reload} />
      {record.loading && <p className="muted">Loading…</p>}
      {run && (
        <>
          <dl className="card runs-facts" aria-label="Run summary">
            <div>
              <dt>Status</dt>
              <dd>
                <StatusBadge status={run.status} />
              </dd>
            </div>
            <div>
              <dt>Started</dt>
              <dd>{formatTime(run.created_at)}</dd>
            </div>
            <div>
              <dt>Latency</dt>
              <dd>{run.latency_ms ? formatMs(run.latency_ms) : "–"}</dd>
            </div>
            <div>
              <dt>Tokens</dt>
              <dd>
                {run.usage?.input_count ?? 0} in / {run.usage?.output_count ?? 0} out
              </dd>
            </div>
            <div>
              <dt>Agent</dt>
              <dd>
                {run.bot_id}
                {run.draft_mode ? " (draft)" : ""}
              </dd>
            </div>
            <div>
              <dt>User</dt>
              <dd>{run.user_id}</dd>
            </div>
            <div>
              <dt>Conversation</dt>
              <dd>
                <Link to={`/runs?kind=chat&conversation=${run.conversation_id}`}>{run.conversation_id}</Link>
              </dd>
            </div>
            <div>
              <dt>Trace id</dt>
              <dd>
                <code>{run.trace_id || "–"}</code>
              </dd>
            </div>
          </dl>
          {run.last_error?.msg && (
            <div className="banner banner-error" role="alert">
              Error {run.last_error.code ?? ""}: {run.last_error.msg}
            </div>
          )}
          <h2>Steps</h2>
          <ol className="runs-steps" aria-label="Steps">
            {runSteps(record.data?.messages ?? []).map((step, i) => (
              <StepItem key={i} step={step} />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

function StepItem({ step }: { step: Step }) {
  if (step.kind === "tool")
    return (
      <li className="card runs-step">
        <h3>Tool call: {step.name}</h3>
        <p className="muted">{formatTime(step.call.content_time)}</p>
        <pre className="runs-code" aria-label="Tool arguments">{pretty(step.call.content)}</pre>
        {step.result ? (
          <pre className="runs-code" aria-label="Tool result">{pretty(step.result.content)}</pre>
        ) : (
          <p className="muted">No result recorded.</p>
        )}
      </li>
    );
  const title = step.kind === "question" ? "Question" : step.kind === "answer" ? "Answer" : `Event: ${step.message.type}`;
  return (
    <li className="card runs-step">
      <h3>{title}</h3>
      <p className="muted">
        {formatTime(step.message.content_time)}
        {step.message.status === "broken" ? " · partial" : ""}
      </p>
      {step.message.reasoning_content && <pre className="runs-code">{step.message.reasoning_content}</pre>}
      <pre className="runs-code">{pretty(step.message.content)}</pre>
    </li>
  );
}
