// A test run's view: the Start node's inputs form, the run's progress and each node's result
// (status, inputs, outputs, time), and the question a waiting run asks.
import { useState, type FormEvent } from "react";
import { ProgressBar } from "../../ui/ProgressBar";
import type { NodeEvent, Process } from "./api";
import { FAIL, INTERRUPTED, RUN_STATUS, SUCCESS, iterationsOf, nodeStatuses, pretty, resultOf, runInputs, type StartField } from "./run";

export function StartForm({ fields, onSubmit }: { fields: StartField[]; onSubmit: (input: Record<string, string>) => void }) {
  const [values, setValues] = useState<Record<string, string>>({});
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit(runInputs(fields, values));
  }
  return (
    <form onSubmit={submit} aria-label="Test run inputs">
      {fields.length === 0 && <p className="muted">The Start node takes no inputs.</p>}
      {fields.map((f) => (
        <label key={f.name} className="field">
          <span>{f.name} <span className="muted">({f.type}{f.required ? ", required" : ""})</span></span>
          {f.type === "list" || f.type === "object" ? (
            <textarea rows={3} value={values[f.name] ?? ""} placeholder={f.defaultValue || "JSON"} required={f.required}
              onChange={(e) => setValues({ ...values, [f.name]: e.target.value })} />
          ) : (
            <input value={values[f.name] ?? ""} placeholder={f.defaultValue} required={f.required}
              onChange={(e) => setValues({ ...values, [f.name]: e.target.value })} />
          )}
        </label>
      ))}
      <button type="submit" className="btn btn-primary">Run</button>
    </form>
  );
}

export function NodeRunResult({ process, nodeId, heading = "Last run" }: { process: Process; nodeId: string; heading?: string }) {
  const result = resultOf(process, nodeId);
  const iterations = iterationsOf(process, nodeId);
  const waiting = process.nodeEvents?.some((e) => e.node_id === nodeId);
  if (!result && !waiting) {
    return (
      <section className="wf-result" aria-label={`${heading} of this node`}>
        <h3>{heading}</h3>
        <p className="muted">{process.executeStatus === 1 ? "Not run yet." : "This node did not run."}</p>
      </section>
    );
  }
  const status = nodeStatuses(process).get(nodeId) ?? "waiting";
  return (
    <section className="wf-result" aria-label={`${heading} of this node`}>
      <h3>{heading}: <span className={`wf-status wf-status-${status}`}>{status}</span>{result?.nodeExeCost && <span className="muted"> in {result.nodeExeCost}</span>}</h3>
      {iterations.length > 0 && <p className="muted">Ran {iterations.length} time{iterations.length > 1 ? "s" : ""} (the last shown).</p>}
      {result?.errorInfo && <p className="field-error" role="alert">{result.errorInfo}</p>}
      {result?.input && (
        <>
          <h4>Inputs</h4>
          <pre className="wf-pre" data-testid="node-input">{pretty(result.input)}</pre>
        </>
      )}
      {result?.output && (
        <>
          <h4>Outputs</h4>
          <pre className="wf-pre" data-testid="node-output">{pretty(result.output)}</pre>
        </>
      )}
    </section>
  );
}

function Answer({ event, onAnswer }: { event: NodeEvent; onAnswer: (eventId: string, data: string) => void }) {
  const [text, setText] = useState("");
  let question = event.data;
  try {
    const parsed = JSON.parse(event.data) as { question?: string; content?: string; messages?: { content?: string }[] };
    question = parsed.question ?? parsed.content ?? parsed.messages?.map((m) => m.content).join("\n") ?? event.data;
  } catch {
    // the data is the question itself
  }
  return (
    <form className="wf-answer" aria-label={`Answer ${event.node_title}`} onSubmit={(e) => { e.preventDefault(); onAnswer(event.id, text); }}>
      <p><strong>{event.node_title}</strong> asks: {question}</p>
      <label className="field">
        <span>Answer</span>
        <textarea rows={2} value={text} onChange={(e) => setText(e.target.value)} placeholder={event.type === 5 ? '{"field": "value"}' : ""} />
      </label>
      <button type="submit" className="btn btn-primary" disabled={!text}>Send answer</button>
    </form>
  );
}

export function RunPanel({ process, titles, onSelect, onAnswer }: {
  process: Process | null;
  titles: Map<string, string>;
  onSelect: (id: string) => void;
  onAnswer: (eventId: string, data: string) => void;
}) {
  const status = process?.executeStatus ?? 1;
  const statuses = process ? nodeStatuses(process) : new Map();
  const rate = Math.round(Number(process?.rate ?? 0) * 100);
  return (
    <section className="wf-run" aria-label="Test run">
      <header className="wf-run-head">
        <h2>Test run: <span data-testid="run-status">{RUN_STATUS[status] ?? "starting"}</span></h2>
        {process?.workflowExeCost && <span className="muted">{process.workflowExeCost}</span>}
        <ProgressBar value={rate} label="Test run progress" status={status === SUCCESS ? "ok" : status === FAIL ? "failed" : undefined} />
      </header>
      {process?.reason && <p className="field-error" role="alert">{process.reason}</p>}
      {status === INTERRUPTED && process?.nodeEvents?.map((event) => <Answer key={event.id} event={event} onAnswer={onAnswer} />)}
      <ul className="wf-run-nodes">
        {[...statuses.entries()].map(([id, s]) => (
          <li key={id}>
            <button type="button" className="btn btn-small btn-ghost" onClick={() => onSelect(id)}>{titles.get(id) ?? id}</button>
            <span className={`wf-status wf-status-${s}`}>{s}</span>
            <span className="muted">{resultOf(process, id)?.nodeExeCost}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
