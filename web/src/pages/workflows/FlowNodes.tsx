// The canvas's node components, memoised: a node re-renders only when its own data changes.
import { Handle, Position, type NodeProps } from "@xyflow/react";
import { memo } from "react";
import { bodyPorts, kindName, kindOf, sourcePorts } from "./catalog";
import type { StepNode } from "./mapping";

const STATUS_LABEL: Record<string, string> = {
  waiting: "waiting", running: "running", succeeded: "succeeded", failed: "failed", interrupted: "waiting for an answer",
};

function Badges({ data }: { data: StepNode["data"] }) {
  return (
    <>
      {data.status && (
        <span className={`wf-status wf-status-${data.status}`} data-testid="node-status">
          {STATUS_LABEL[data.status]}
        </span>
      )}
      {data.problems && data.problems.length > 0 && (
        <span className="wf-problem-count" title={data.problems.join("\n")}>
          {data.problems.length} problem{data.problems.length > 1 ? "s" : ""}
        </span>
      )}
    </>
  );
}

function className(data: StepNode["data"], selected: boolean, extra: string): string {
  return [
    "wf-node", extra,
    selected ? "is-selected" : "",
    data.status ? `is-${data.status}` : "",
    data.problems?.length ? "has-problems" : "",
  ].filter(Boolean).join(" ");
}

export const StepNodeView = memo(function StepNodeView({ data, selected }: NodeProps<StepNode>) {
  const node = data.node;
  const kind = kindOf(node.type);
  const ports = sourcePorts(node);
  const title = node.data?.nodeMeta?.title || kindName(node.type);
  return (
    <div className={className(data, Boolean(selected), "")} data-node-id={node.id} aria-label={`${title} (${kindName(node.type)})`}>
      {!kind?.noInput && <Handle type="target" position={Position.Left} />}
      <div className="wf-node-head">
        <span className="wf-node-kind">{kindName(node.type)}</span>
        <strong className="wf-node-title">{title}</strong>
      </div>
      <Badges data={data} />
      {!kind?.noOutput && ports.length === 0 && <Handle type="source" position={Position.Right} />}
      {ports.length > 0 && (
        <ul className="wf-ports">
          {ports.map((port) => (
            <li key={port.id}>
              <span>{port.label}</span>
              <Handle type="source" position={Position.Right} id={port.id} className={port.id === "branch_error" ? "wf-handle-error" : ""} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
});

export const BodyNodeView = memo(function BodyNodeView({ data, selected }: NodeProps<StepNode>) {
  const node = data.node;
  const ports = bodyPorts(node.type);
  const title = node.data?.nodeMeta?.title || kindName(node.type);
  return (
    <div className={className(data, Boolean(selected), "wf-body")} data-node-id={node.id} aria-label={`${title} (${kindName(node.type)})`}>
      <Handle type="target" position={Position.Left} id="in" style={{ top: 28 }} />
      <div className="wf-node-head">
        <span className="wf-node-kind">{kindName(node.type)}</span>
        <strong className="wf-node-title">{title}</strong>
        <Badges data={data} />
      </div>
      <div className="wf-body-rail">
        <span>Body starts</span>
        <Handle type="source" position={Position.Right} id={ports.start} className="wf-handle-inner" style={{ left: 92, top: 10 }} />
        <span className="wf-body-end">Body ends</span>
        <Handle type="target" position={Position.Left} id={ports.end} className="wf-handle-inner" style={{ left: "auto", right: 92, top: 10 }} />
      </div>
      <Handle type="source" position={Position.Right} id={ports.out} style={{ top: 28 }} />
    </div>
  );
});

export const NoteNodeView = memo(function NoteNodeView({ data, selected }: NodeProps<StepNode>) {
  const inputs = (data.node.data?.inputs ?? {}) as { note?: string };
  let text = "";
  try {
    const doc = JSON.parse(inputs.note ?? "[]") as { children?: { text?: string }[] }[];
    text = doc.map((p) => (p.children ?? []).map((c) => c.text ?? "").join("")).join("\n");
  } catch {
    text = inputs.note ?? "";
  }
  return (
    <div className={className(data, Boolean(selected), "wf-note")} data-node-id={data.node.id} aria-label="Comment">
      {text || <span className="muted">Empty comment</span>}
    </div>
  );
});

export const NODE_TYPES = { step: StepNodeView, body: BodyNodeView, note: NoteNodeView };
