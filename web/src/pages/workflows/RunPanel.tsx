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

interface FormField {
  name: string;
  type?: string;
  required?: boolean;
}

/** What a waiting node asks: a Question's text, or an Input node's form fields. */
export function readEvent(event: Pick<NodeEvent, "type" | "data">): { question: string; fields: FormField[] } {
  let parsed: { messages?: { content?: string }[]; content?: string; question?: string } = {};
  try {
    parsed = JSON.parse(event.data) as typeof parsed;
  } catch {
    return { question: event.data, fields: [] };
  }
  if (event.type === 5 && typeof parsed.content === "string") {
    try {
      return { question: "", fields: (JSON.parse(parsed.content) as FormField[]).filter((f) => f.name) };
    } catch {
      return { question: parsed.content, fields: [] };
    }
  }
  const question = parsed.messages?.map((m) => m.content ?? "").join("\n") || parsed.question || parsed.content || event.data;
  return { question, fields: [] };
}

/** An Input node's answer: the fields typed, lists and objects read as JSON. */
export function formAnswer(fields: FormField[], values: Record<string, string>): string {
  const answer: Record<string, unknown> = {};
  for (const field of fields) {
    const text = values[field.name] ?? "";
    if (text === "") continue;
    if (field.type === "list" || field.type === "object") {
      try {
        answer[field.name] = JSON.parse(text);
        continue;
      } catch {
        // sent as typed: the server names the field it cannot read
      }
    }
    answer[field.name] = text;
  }
  return JSON.stringify(answer);
}

function Answer({ event, onAnswer }: { event: NodeEvent; onAnswer: (eventId: string, data: string) => void }) {
  const [text, setText] = useState("");
  const [values, setValues] = useState<Record<string, string>>({});
  const { question, fields } = readEvent(event);
  const isForm = fields.length > 0;
  return (
    <form className="wf-answer" aria-label={`Answer ${event.node_title}`}
      onSubmit={(e) => { e.preventDefault(); onAnswer(event.id, isForm ? formAnswer(fields, values) : text); }}>
      <p><strong>{event.node_title}</strong> {isForm ? "asks you to fill in:" : `asks: ${question}`}</p>
      {isForm ? fields.map((f) => (
        <label key={f.name} className="field">
          <span>{f.name} <span className="muted">({f.type ?? "string"}{f.required ? ", required" : ""})</span></span>
          <input aria-label={f.name} value={values[f.name] ?? ""} required={f.required} placeholder={f.type === "list" || f.type === "object" ? "JSON" : ""}
            onChange={(e) => setValues({ ...values, [f.name]: e.target.value })} />
        </label>
      )) : (
        <label className="field">
          <span>Answer</span>
          <textarea aria-label="Answer" rows={2} value={text} onChange={(e) => setText(e.target.value)} />
        </label>
      )}
      <button type="submit" className="btn btn-primary" disabled={!isForm && !text}>Send answer</button>
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
