// One question and everything the agent did for it: recalled knowledge, tool calls, reasoning,
// the answer with its citations, then the tokens and times of the run.
import { formatMs } from "../../../ui/format";
import type { MessageSource } from "./api";
import { Markdown } from "./Markdown";
import { pretty, timing, toolMs, turnSources, type KnowledgeStep, type Passage, type Step, type ToolStep, type Turn } from "./transcript";

function anchorOf(turn: Turn): string {
  return `src-${turn.key.replace(/[^\w-]/g, "")}`;
}

function ToolStepView({ step }: { step: ToolStep }) {
  const ms = toolMs(step);
  const failed = step.outcome !== "" && step.outcome !== "ok";
  return (
    <details className="chat-step chat-step-tool" data-testid="tool-step">
      <summary>
        <span className="chat-step-kind">Tool call</span> <code>{step.name || "tool"}</code>
        {step.plugin && <span className="muted"> · {step.plugin}</span>}
        {step.response === null ? (
          <span className="badge badge-running">running</span>
        ) : (
          <span className={`badge ${failed ? "badge-error" : "badge-ok"}`}>
            {failed ? step.outcome : "done"}
            {step.statusCode ? ` ${step.statusCode}` : ""}
          </span>
        )}
        {ms !== null && <span className="muted"> · {formatMs(ms)}</span>}
      </summary>
      <div className="chat-step-body">
        <h5>Arguments</h5>
        <pre className="chat-code" aria-label={`Arguments of ${step.name}`}>
          <code>{step.arguments || "(none)"}</code>
        </pre>
        <h5>Response</h5>
        {step.response === null ? (
          <p className="muted">Waiting for the tool…</p>
        ) : (
          <pre className="chat-code" aria-label={`Response of ${step.name}`}>
            <code>{pretty(step.response)}</code>
          </pre>
        )}
      </div>
    </details>
  );
}

function KnowledgeStepView({ step, sources }: { step: KnowledgeStep; sources: MessageSource[] }) {
  // Recalled slices name their dataset by id only: the cited sources know the names.
  const named = (p: Passage): Passage => {
    const source = sources.find((s) => s.document_id === p.documentId);
    if (!source) return p;
    return { ...p, documentName: source.document_name || p.documentName, datasetName: p.datasetName || source.dataset_name };
  };
  return (
    <details className="chat-step chat-step-knowledge" data-testid="knowledge-step">
      <summary>
        <span className="chat-step-kind">Recalled knowledge</span>{" "}
        <span className="muted">
          {step.passages.length} passage{step.passages.length === 1 ? "" : "s"}
        </span>
      </summary>
      <ol className="chat-passages">
        {step.passages.map(named).map((p, i) => (
          <li key={i}>
            <div className="chat-passage-head">
              <strong>{p.documentName || `document ${p.documentId}`}</strong>
              <span className="muted">
                {" "}
                · {p.datasetName || `dataset ${p.datasetId}`}
                {p.score !== null && ` · score ${p.score.toFixed(3)}`}
              </span>
            </div>
            <p className="chat-snippet">{p.snippet}</p>
          </li>
        ))}
      </ol>
    </details>
  );
}

function StepView({ step, turn }: { step: Step; turn: Turn }) {
  switch (step.kind) {
    case "tool":
      return <ToolStepView step={step} />;
    case "knowledge":
      return <KnowledgeStepView step={step} sources={turnSources(turn)} />;
    case "note":
      return (
        <p className="chat-note muted">
          {step.title}
          {step.detail && `: ${step.detail}`}
        </p>
      );
    case "answer":
      return (
        <div className="chat-answer-block">
          {step.reasoning && (
            <details className="chat-step chat-reasoning" open={!step.content}>
              <summary>
                <span className="chat-step-kind">Reasoning</span>
              </summary>
              <p className="chat-reasoning-text">{step.reasoning}</p>
            </details>
          )}
          {step.content && (
            <div className="chat-answer" data-testid="answer">
              <Markdown text={step.content} sources={turnSources(turn)} anchor={anchorOf(turn)} />
            </div>
          )}
        </div>
      );
  }
}

interface Props {
  turn: Turn;
  index: number;
}

export function TurnView({ turn, index }: Props) {
  const sources = turnSources(turn);
  const times = timing(turn);
  const anchor = anchorOf(turn);
  const streaming = turn.status === "streaming";
  return (
    <article className="chat-turn" aria-label={`Turn ${index + 1}`} aria-busy={streaming}>
      <div className="chat-question">
        <span className="chat-who">You</span>
        <p>{turn.question}</p>
      </div>
      <div className="chat-reply">
        <span className="chat-who">Agent</span>
        {turn.steps.map((step) => (
          <StepView key={`${step.kind}-${step.id}`} step={step} turn={turn} />
        ))}
        {streaming && !turn.steps.some((s) => s.kind === "answer") && (
          <p className="muted chat-thinking" role="status">
            {turn.cancelling ? "Stopping…" : "Thinking…"}
          </p>
        )}
        {sources.length > 0 && (
          <section className="chat-sources" aria-label="Sources">
            <h5>Sources</h5>
            <ol>
              {sources.map((s) => (
                <li key={s.id} id={`${anchor}-${s.id}`}>
                  <span className="chat-source-mark">[{s.id}]</span>{" "}
                  {s.url ? (
                    <a href={s.url} target="_blank" rel="noreferrer">
                      {s.document_name}
                    </a>
                  ) : (
                    <strong>{s.document_name}</strong>
                  )}
                  <span className="muted">
                    {" "}
                    · {s.dataset_name} · score {Number(s.score).toFixed(3)}
                  </span>
                  <p className="chat-snippet">{s.snippet}</p>
                </li>
              ))}
            </ol>
          </section>
        )}
        {turn.status === "cancelled" && (
          <p className="chat-status" role="status">
            <span className="badge">Cancelled</span> The answer was stopped.
          </p>
        )}
        {turn.waitingForTools && (
          <p className="chat-status" role="status">
            <span className="badge badge-running">Waiting for tool outputs</span> The agent called a client-side tool: its
            caller answers it with /v3/chat/submit_tool_outputs.
          </p>
        )}
        {turn.status === "failed" && (
          <div className="banner banner-error" role="alert">
            {turn.error || "The chat failed."}
          </div>
        )}
        {(turn.live || turn.usage) && turn.status !== "streaming" && (
          <dl className="chat-metrics" aria-label="Usage and timing">
            {turn.usage && (
              <>
                <div>
                  <dt>Input tokens</dt>
                  <dd>{turn.usage.input}</dd>
                </div>
                <div>
                  <dt>Output tokens</dt>
                  <dd>{turn.usage.output}</dd>
                </div>
              </>
            )}
            {times.firstTokenMs !== null && (
              <div>
                <dt>First token</dt>
                <dd>{formatMs(times.firstTokenMs)}</dd>
              </div>
            )}
            {times.totalMs !== null && (
              <div>
                <dt>Total</dt>
                <dd>{formatMs(times.totalMs)}</dd>
              </div>
            )}
          </dl>
        )}
      </div>
    </article>
  );
}
