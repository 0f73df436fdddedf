// The canvas editor of one workflow: load its draft (/canvas), edit nodes and edges, save
// (/save), validate (/validate_tree), test run it (/test_run, /get_process, /test_resume),
// debug one node (/nodeDebug) and publish. A canvas saved over HTTP opens here as it is.
import {
  Background, Controls, MiniMap, ReactFlow, ReactFlowProvider, useEdgesState, useNodesState, useReactFlow,
  type Connection as FlowConnection, type EdgeChange, type NodeChange, type XYPosition,
} from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import { memo, useCallback, useEffect, useMemo, useRef, useState, type DragEvent } from "react";
import { Link, useParams } from "react-router-dom";
import { useSession } from "../../app/session";
import { ErrorBanner } from "../../ui/ErrorBanner";
import { Modal } from "../../ui/Modal";
import {
  cancelRun, debugNode, getCanvas, getProcess, listModels, nodeTypesInUse, publishWorkflow, saveCanvas, testResume, testRun, validateTree,
  type Process, type ValidateError,
} from "./api";
import { END_ID, START_ID, parseCanvas, type CanvasDoc, type CanvasNode, type NodeData } from "./canvas";
import { KINDS, bodyPorts, isComposite, kindName, kindOf, sourcePorts } from "./catalog";
import { NODE_TYPES } from "./FlowNodes";
import { readParams } from "./forms";
import { NODE_WIDTH, canConnect, newFlowNode, toCanvas, toFlow, type LinkEdge, type StepNode } from "./mapping";
import { NodePanel, type Target } from "./NodePanel";
import { bodyOutputOptions, referenceOptions } from "./references";
import { RunPanel, NodeRunResult, StartForm } from "./RunPanel";
import { INTERRUPTED, RUN_STATUS, decorate, isFinished, nodeStatuses, problemsByNode, startFields } from "./run";
import "./workflows.css";

const DRAG_TYPE = "application/x-atelier-node";
const POLL_MS = 500;

export function EditorPage() {
  const { workflowId = "" } = useParams();
  return (
    <ReactFlowProvider>
      <Editor key={workflowId} workflowId={workflowId} />
    </ReactFlowProvider>
  );
}

function newId(taken: Set<string>): string {
  for (;;) {
    const id = String(100002 + Math.floor(Math.random() * 799990));
    if (!taken.has(id)) return id;
  }
}

function uniqueTitle(base: string, nodes: StepNode[]): string {
  const titles = new Set(nodes.map((n) => n.data.node.data?.nodeMeta?.title));
  if (!titles.has(base)) return base;
  for (let i = 2; ; i++) if (!titles.has(`${base} ${i}`)) return `${base} ${i}`;
}

function lockUnique(nodes: StepNode[]): StepNode[] {
  return nodes.map((n) => (kindOf(n.data.node.type)?.unique ? { ...n, deletable: false } : n));
}

/** The first place at or below `at` where a new node overlaps no node of the same canvas. */
function freeSpot(at: XYPosition, nodes: StepNode[]): XYPosition {
  const size = (n: StepNode) => ({ w: n.measured?.width ?? Number(n.style?.width ?? NODE_WIDTH), h: n.measured?.height ?? Number(n.style?.height ?? 100) });
  const spot = { ...at };
  for (let tries = 0; tries < 200; tries++) {
    const hit = nodes.find((n) => {
      const { w, h } = size(n);
      return spot.x < n.position.x + w + 20 && spot.x + NODE_WIDTH + 20 > n.position.x && spot.y < n.position.y + h + 20 && spot.y + 120 > n.position.y;
    });
    if (!hit) return spot;
    spot.y = hit.position.y + size(hit).h + 40;
  }
  return spot;
}

/** The console's theme (<html data-theme>), followed as it changes: xyflow draws its own parts in it. */
function useColorMode(): "light" | "dark" {
  const read = () => (document.documentElement.dataset.theme === "dark" ? "dark" : "light");
  const [mode, setMode] = useState<"light" | "dark">(read);
  useEffect(() => {
    const observer = new MutationObserver(() => setMode(read()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });
    return () => observer.disconnect();
  }, []);
  return mode;
}

const eventKey = (event: { id: string; node_id: string }) => `${event.id}|${event.node_id}`;

const titleOf = (n: StepNode | undefined) => (n ? n.data.node.data?.nodeMeta?.title || kindName(n.data.node.type) : "");

/** Polls a run until it finishes or waits for an answer; `onUpdate` gets every state. */
function usePolling(spaceId: string, workflowId: string, executeId: string, nonce: number, onUpdate: (p: Process) => void,
  onError: (e: unknown) => void, answered?: { current: Set<string> }) {
  useEffect(() => {
    if (!executeId) return;
    const controller = new AbortController();
    let timer = 0;
    const tick = async () => {
      try {
        const process = await getProcess(spaceId, workflowId, executeId, controller.signal);
        if (controller.signal.aborted) return;
        onUpdate(process);
        if (isFinished(process.executeStatus)) return;
        // waiting for an answer not given yet (an answered question shows until the run moves on)
        if (process.executeStatus === INTERRUPTED && (process.nodeEvents ?? []).some((e) => !answered?.current.has(eventKey(e)))) return;
      } catch (err) {
        if (controller.signal.aborted) return;
        onError(err);
        return;
      }
      timer = window.setTimeout(tick, POLL_MS);
    };
    void tick();
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [spaceId, workflowId, executeId, nonce, onUpdate, onError, answered]);
}

function Editor({ workflowId }: { workflowId: string }) {
  const { spaceId } = useSession();
  const rf = useReactFlow<StepNode, LinkEdge>();
  const colorMode = useColorMode();
  const [nodes, setNodes, onNodesChange] = useNodesState<StepNode>([]);
  const [edges, setEdges, onEdgesChange] = useEdgesState<LinkEdge>([]);
  const rest = useRef<Record<string, unknown>>({});
  const commit = useRef("");
  const [name, setName] = useState("");
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [notice, setNotice] = useState("");
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState("");
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [validation, setValidation] = useState<ValidateError[] | null>(null);
  const [process, setProcess] = useState<Process | null>(null);
  const [executeId, setExecuteId] = useState("");
  const [startOpen, setStartOpen] = useState(false);
  const [jsonOpen, setJsonOpen] = useState(false);
  const [canForce, setCanForce] = useState(false);
  const [unknownTypes, setUnknownTypes] = useState<string[]>([]);
  const [models, setModels] = useState<Awaited<ReturnType<typeof listModels>>>([]);
  const [debug, setDebug] = useState<{ nodeId: string; executeId: string; process: Process | null }>({ nodeId: "", executeId: "", process: null });

  const showFlow = useCallback((doc: CanvasDoc) => {
    const flow = toFlow(doc);
    rest.current = flow.rest;
    setNodes(lockUnique(flow.nodes));
    setEdges(flow.edges);
    setSelectedId(null);
    // a large canvas opens on its first nodes, at a readable zoom: only what is on screen is drawn
    const focus = flow.nodes.length > 200 ? flow.nodes.filter((n) => !n.parentId).slice(0, 12).map((n) => ({ id: n.id })) : undefined;
    window.requestAnimationFrame(() => void rf.fitView({ nodes: focus, maxZoom: 1, padding: 0.1 }));
  }, [rf, setNodes, setEdges]);

  useEffect(() => {
    let live = true;
    getCanvas(spaceId, workflowId).then(
      (info) => {
        if (!live) return;
        commit.current = info.vcs_data.submit_commit_id;
        setName(info.workflow.name);
        showFlow(parseCanvas(info.workflow.schema_json || '{"nodes":[],"edges":[]}'));
        setLoaded(true);
      },
      (err) => live && setError(err),
    );
    listModels(spaceId).then((found) => live && setModels(found), () => undefined);
    // the node types the draft uses (node_type): any the palette does not know are named
    nodeTypesInUse(spaceId, workflowId).then(
      (types) => live && setUnknownTypes(types.filter((t) => !kindOf(t))),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [spaceId, workflowId, showFlow]);

  // ------------------------------------------------------------------ decorations
  const statuses = useMemo(() => (process ? nodeStatuses(process) : new Map()), [process]);
  const problems = useMemo(() => problemsByNode(validation ?? []), [validation]);
  useEffect(() => {
    setNodes((current) => decorate(current, statuses, problems));
  }, [statuses, problems, setNodes]);

  // ------------------------------------------------------------------ editing
  const handleNodesChange = useCallback((changes: NodeChange<StepNode>[]) => {
    onNodesChange(changes);
    if (changes.some((c) => c.type === "position" || c.type === "remove" || c.type === "add" || c.type === "replace")) setDirty(true);
  }, [onNodesChange]);

  const handleEdgesChange = useCallback((changes: EdgeChange<LinkEdge>[]) => {
    onEdgesChange(changes);
    if (changes.some((c) => c.type === "remove" || c.type === "add")) setDirty(true);
  }, [onEdgesChange]);

  const isValidConnection = useCallback((c: FlowConnection | LinkEdge) => {
    const byId = new Map(rf.getNodes().map((n) => [n.id, n]));
    return canConnect({ source: c.source, target: c.target, sourceHandle: c.sourceHandle ?? null, targetHandle: c.targetHandle ?? null }, byId);
  }, [rf]);

  const connect = useCallback((c: FlowConnection) => {
    const id = `n${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    setEdges((current) => {
      if (current.some((e) => e.source === c.source && e.target === c.target && (e.sourceHandle ?? null) === (c.sourceHandle ?? null)
        && (e.targetHandle ?? null) === (c.targetHandle ?? null))) return current;
      return [...current, { id, source: c.source, target: c.target, sourceHandle: c.sourceHandle ?? null, targetHandle: c.targetHandle ?? null, data: {} }];
    });
    setDirty(true);
  }, [setEdges]);

  const changeData = useCallback((id: string, data: NodeData) => {
    setNodes((current) => current.map((n) => (n.id === id ? { ...n, data: { ...n.data, node: { ...n.data.node, data } } } : n)));
    setDirty(true);
  }, [setNodes]);

  const addNode = useCallback((type: string, at?: XYPosition, parentId?: string) => {
    const kind = kindOf(type);
    if (!kind) return;
    const current = rf.getNodes();
    const selected = current.find((n) => n.selected);
    let parent = parentId ? current.find((n) => n.id === parentId) : undefined;
    // a click adds next to the selected node: into its body when it is in one; Break and
    // Continue into a selected Loop (any other node goes into a body with the Loop's "Add to body")
    if (!parent && !at && selected && !kind.composite && !kind.unique) {
      if (selected.parentId) parent = current.find((n) => n.id === selected.parentId);
      else if (kind.loopOnly && selected.data.node.type === "21") parent = selected;
    }
    if (kind.loopOnly && (!parent || parent.data.node.type !== "21")) {
      setError(new Error(`${kind.name} belongs inside a Loop: select a Loop, then add it to its body.`));
      return;
    }
    if (kind.unique && current.some((n) => n.data.node.type === type)) {
      setError(new Error(`The canvas already has its ${kind.name} node.`));
      return;
    }
    const id = type === "1" ? START_ID : type === "2" ? END_ID : newId(new Set(current.map((n) => n.id)));
    const canvasNode: CanvasNode = { id, type, meta: { position: { x: 0, y: 0 } },
      data: { nodeMeta: { title: uniqueTitle(kind.name, current) }, ...kind.defaults() } };
    if (kind.composite) {
      canvasNode.blocks = [];
      canvasNode.edges = [];
    }
    let position: XYPosition;
    const siblings = current.filter((n) => (n.parentId ?? "") === (parent?.id ?? ""));
    if (at) position = at;
    else if (parent) {
      const offset = parent.data.bodyOffset ?? { x: 40, y: 110 };
      const right = siblings.reduce((max, n) => Math.max(max, n.position.x + NODE_WIDTH + 60), offset.x);
      position = { x: right, y: siblings.length ? Math.min(...siblings.map((n) => n.position.y)) : offset.y };
    } else if (selected && !selected.parentId) position = freeSpot({ x: selected.position.x + 320, y: selected.position.y }, siblings);
    else {
      const box = document.querySelector(".wf-canvas")?.getBoundingClientRect();
      position = box ? rf.screenToFlowPosition({ x: box.x + box.width / 2 - 120, y: box.y + box.height / 2 - 40 }) : { x: 0, y: 0 };
    }
    const made = { ...newFlowNode(canvasNode, position, parent), selected: true };
    setNodes((all) => {
      const next = all.map((n) => (n.selected ? { ...n, selected: false } : n));
      if (parent) {
        const width = Math.max(Number(parent.style?.width ?? 0), position.x + NODE_WIDTH + 40);
        const height = Math.max(Number(parent.style?.height ?? 0), position.y + 140);
        const i = next.findIndex((n) => n.id === parent!.id);
        next[i] = { ...next[i], style: { ...next[i].style, width, height } };
        // children follow their parent in the list
        let at = i + 1;
        while (at < next.length && next[at].parentId === parent.id) at++;
        next.splice(at, 0, made);
        return next;
      }
      return [...next, made];
    });
    if (parent && siblings.length === 0) {
      const ports = bodyPorts(parent.data.node.type);
      setEdges((all) => [...all,
        { id: `n${id}a`, source: parent!.id, target: id, sourceHandle: ports.start, targetHandle: null, data: {} },
        ...(kind.noOutput ? [] : [{ id: `n${id}b`, source: id, target: parent!.id, sourceHandle: null, targetHandle: ports.end, data: {} }])]);
    }
    setSelectedId(id);
    setDirty(true);
  }, [rf, setNodes, setEdges]);

  const onDrop = useCallback((event: DragEvent) => {
    const type = event.dataTransfer.getData(DRAG_TYPE);
    if (!type) return;
    event.preventDefault();
    const point = rf.screenToFlowPosition({ x: event.clientX, y: event.clientY });
    const kind = kindOf(type);
    const container = rf.getNodes().find((n) => {
      if (!isComposite(n.data.node.type) || n.parentId || kind?.composite || kind?.unique) return false;
      const w = n.measured?.width ?? Number(n.style?.width ?? 0);
      const h = n.measured?.height ?? Number(n.style?.height ?? 0);
      return point.x >= n.position.x && point.x <= n.position.x + w && point.y >= n.position.y && point.y <= n.position.y + h;
    });
    if (container) addNode(type, { x: point.x - container.position.x, y: point.y - container.position.y }, container.id);
    else addNode(type, point);
  }, [rf, addNode]);

  const currentCanvas = useCallback(() => toCanvas({ nodes: rf.getNodes(), edges: rf.getEdges(), rest: rest.current }), [rf]);

  // ------------------------------------------------------------------ saving, checking, running
  const save = useCallback(async (): Promise<boolean> => {
    setBusy("Saving…");
    setError(null);
    try {
      commit.current = await saveCanvas(spaceId, workflowId, JSON.stringify(currentCanvas()), commit.current);
      setDirty(false);
      setNotice("Saved");
      return true;
    } catch (err) {
      setError(err);
      return false;
    } finally {
      setBusy("");
    }
  }, [spaceId, workflowId, currentCanvas]);

  const validate = useCallback(async () => {
    setBusy("Checking…");
    setError(null);
    try {
      const infos = await validateTree(spaceId, workflowId, JSON.stringify(currentCanvas()));
      const found = infos.flatMap((i) => i.errors ?? []);
      setValidation(found);
      setNotice(found.length ? `${found.length} problem${found.length > 1 ? "s" : ""} found` : "No problems found");
    } catch (err) {
      setError(err);
    } finally {
      setBusy("");
    }
  }, [spaceId, workflowId, currentCanvas]);

  const startRun = useCallback(async (input: Record<string, string>) => {
    setStartOpen(false);
    if (dirty && !(await save())) return;
    setError(null);
    try {
      setProcess(null);
      setExecuteId(await testRun(spaceId, workflowId, input));
      setNotice("Test run started");
    } catch (err) {
      setError(err);
    }
  }, [dirty, save, spaceId, workflowId]);


  const onPollError = useCallback((err: unknown) => setError(err), []);
  // an answer resumes the run: follow it again
  const [resumes, setResumes] = useState(0);
  const answered = useRef(new Set<string>());
  const onProcess = useCallback((p: Process) => {
    // a question already answered is not asked again while the run picks the answer up
    // (event ids are positional: the next question may reuse the id, never with the same node
    // while the run has not moved on)
    if (p.executeStatus !== INTERRUPTED) answered.current.clear();
    const open = (p.nodeEvents ?? []).filter((e) => !answered.current.has(eventKey(e)));
    const moving = p.executeStatus === INTERRUPTED && open.length === 0;
    setProcess({ ...p, nodeEvents: open, executeStatus: moving ? 1 : p.executeStatus });
  }, []);
  usePolling(spaceId, workflowId, executeId, resumes, onProcess, onPollError, answered);

  const answer = useCallback(async (eventId: string, data: string) => {
    setError(null);
    try {
      await testResume(spaceId, workflowId, executeId, eventId, data);
      const asked = process?.nodeEvents.find((e) => e.id === eventId);
      answered.current.add(eventKey({ id: eventId, node_id: asked?.node_id ?? "" }));
      setProcess((p) => (p ? { ...p, executeStatus: 1, nodeEvents: [] } : p));
      setResumes((n) => n + 1);
    } catch (err) {
      setError(err);
    }
  }, [spaceId, workflowId, executeId, process]);

  const [cancelling, setCancelling] = useState(false);
  const running = Boolean(executeId) && !(process && isFinished(process.executeStatus));
  useEffect(() => setCancelling(false), [executeId]);
  const cancel = useCallback(async () => {
    setError(null);
    setCancelling(true);
    try {
      await cancelRun(spaceId, workflowId, executeId);
      // the run stops at its next step; polling goes on until it says cancelled
      setResumes((n) => n + 1);
    } catch (err) {
      setCancelling(false);
      setError(err);
    }
  }, [spaceId, workflowId, executeId]);

  useEffect(() => {
    if (process && isFinished(process.executeStatus)) setNotice(`Test run ${RUN_STATUS[process.executeStatus]}`);
  }, [process]);

  const onDebugProcess = useCallback((p: Process) => setDebug((d) => ({ ...d, process: p })), []);
  usePolling(spaceId, workflowId, debug.executeId, 0, onDebugProcess, onPollError);
  const runDebug = useCallback(async (nodeId: string, input: Record<string, string>) => {
    if (dirty && !(await save())) return;
    setError(null);
    try {
      const id = await debugNode(spaceId, workflowId, nodeId, input);
      setDebug({ nodeId, executeId: id, process: null });
    } catch (err) {
      setError(err);
    }
  }, [dirty, save, spaceId, workflowId]);

  const publish = useCallback(async (force: boolean) => {
    if (dirty && !(await save())) return;
    setBusy("Publishing…");
    setError(null);
    try {
      await publishWorkflow(spaceId, workflowId, commit.current, force);
      setNotice("Published");
      setCanForce(false);
    } catch (err) {
      setError(err);
      setCanForce(true);
    } finally {
      setBusy("");
    }
  }, [dirty, save, spaceId, workflowId]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key === "s") {
        e.preventDefault();
        void save();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [save]);

  // ------------------------------------------------------------------ the selected node's panel
  const onSelectionChange = useCallback(({ nodes: picked }: { nodes: StepNode[] }) => {
    setSelectedId(picked.length === 1 ? picked[0].id : null);
  }, []);
  const selectNode = useCallback((id: string) => {
    setNodes((all) => all.map((n) => (n.id === id ? (n.selected ? n : { ...n, selected: true }) : n.selected ? { ...n, selected: false } : n)));
    setSelectedId(id);
    const node = rf.getNode(id);
    if (node) {
      const abs = rf.getInternalNode(id)?.internals.positionAbsolute ?? node.position;
      void rf.setCenter(abs.x + NODE_WIDTH / 2, abs.y + 40, { zoom: Math.max(rf.getZoom(), 0.8), duration: 200 });
    }
  }, [rf, setNodes]);

  const selected = selectedId ? nodes.find((n) => n.id === selectedId) : undefined;
  const panel = useMemo(() => {
    if (!selected) return null;
    const byId = new Map(nodes.map((n) => [n.id, n]));
    const options = referenceOptions(selected.id, nodes, edges);
    const bodyOptions = isComposite(selected.data.node.type) ? bodyOutputOptions(selected.id, nodes) : [];
    const portLabel = new Map(sourcePorts(selected.data.node).map((p) => [p.id, p.label]));
    const connections = edges.filter((e) => e.source === selected.id).map((e) => ({
      id: e.id,
      port: e.sourceHandle && isComposite(selected.data.node.type) && e.sourceHandle === bodyPorts(selected.data.node.type).start
        ? "Body starts" : portLabel.get(e.sourceHandle ?? "") ?? "",
      targetTitle: e.targetHandle && e.targetHandle !== "in" ? `${titleOf(byId.get(e.target))} (body ends)` : titleOf(byId.get(e.target)),
    }));
    const scope = selected.parentId ?? "";
    const targets: Target[] = nodes
      .filter((n) => n.id !== selected.id && (n.parentId ?? "") === scope && !kindOf(n.data.node.type)?.noInput)
      .map((n) => ({ id: n.id, title: titleOf(n), handle: isComposite(n.data.node.type) ? "in" : null }));
    if (scope) {
      const parent = byId.get(scope)!;
      targets.push({ id: parent.id, title: `${titleOf(parent)} (body ends)`, handle: bodyPorts(parent.data.node.type).end });
    }
    if (isComposite(selected.data.node.type)) {
      for (const child of nodes.filter((n) => n.parentId === selected.id)) {
        targets.push({ id: child.id, title: `${titleOf(child)} (body start)`, handle: null });
      }
    }
    return { options, bodyOptions, connections, targets };
  }, [selected, nodes, edges]);

  const onPanelConnect = useCallback((port: string | null, target: Target) => {
    if (!selected) return;
    const child = target.handle === null && rf.getNode(target.id)?.parentId === selected.id;
    const sourceHandle = child ? bodyPorts(selected.data.node.type).start : port;
    connect({ source: selected.id, target: target.id, sourceHandle, targetHandle: target.handle });
  }, [selected, rf, connect]);

  const startNode = nodes.find((n) => n.data.node.type === "1");
  const fields = useMemo(() => startFields(startNode?.data.node), [startNode]);
  // the same Map while no title changes (dragging re-renders nothing that lists the nodes)
  const titlesRef = useRef(new Map<string, string>());
  const nodeTitles = useMemo(() => {
    const before = titlesRef.current;
    const same = before.size === nodes.length && nodes.every((n) => before.get(n.id) === titleOf(n));
    if (!same) titlesRef.current = new Map(nodes.map((n) => [n.id, titleOf(n)]));
    return titlesRef.current;
  }, [nodes]);

  if (!loaded && error) return <section><ErrorBanner error={error} /><Link to="/workflows">Back to workflows</Link></section>;

  return (
    <section className="wf-editor" aria-label="Workflow editor">
      <header className="wf-toolbar">
        <Link to="/workflows" className="btn btn-small btn-ghost">← Workflows</Link>
        <h1>{name || "Workflow"}</h1>
        <NodeFinder titles={nodeTitles} onSelect={selectNode} />
        <span className="muted" role="status">{busy || (dirty ? "Unsaved changes" : notice)}</span>
        <div className="wf-toolbar-actions">
          <button type="button" className="btn" onClick={() => void save()} disabled={Boolean(busy)}>Save</button>
          <button type="button" className="btn" onClick={() => void validate()} disabled={Boolean(busy)}>Validate</button>
          <button type="button" className="btn btn-primary" onClick={() => setStartOpen(true)} disabled={Boolean(busy)}>Test run</button>
          {running && (
            <button type="button" className="btn btn-danger" onClick={() => void cancel()} disabled={cancelling}>
              {cancelling ? "Cancelling…" : "Cancel run"}
            </button>
          )}
          <button type="button" className="btn" onClick={() => void publish(false)} disabled={Boolean(busy)}>Publish</button>
          {canForce && <button type="button" className="btn btn-danger" onClick={() => void publish(true)}>Publish anyway</button>}
          <button type="button" className="btn btn-ghost" onClick={() => setJsonOpen(true)}>Canvas JSON</button>
        </div>
      </header>
      <ErrorBanner error={error} />
      {unknownTypes.length > 0 && (
        <p className="banner banner-error" role="alert">
          This workflow uses node types the editor does not know ({unknownTypes.join(", ")}): they are kept as they are and edited as JSON.
        </p>
      )}
      {validation && validation.length > 0 && (
        <div className="banner banner-error wf-validation" role="alert" aria-label="Validation problems">
          <strong>Problems</strong>
          <ul>
            {validation.map((v, i) => {
              const id = v.node_error?.node_id;
              return (
                <li key={i}>
                  {id ? <button type="button" className="btn btn-small btn-ghost" onClick={() => selectNode(id)}>{nodeTitles.get(id) ?? id}</button> : null}
                  {" "}{v.message}
                </li>
              );
            })}
          </ul>
        </div>
      )}
      <div className="wf-layout">
        <Palette onAdd={addNode} />
        <div className="wf-canvas" onDragOver={(e) => { e.preventDefault(); e.dataTransfer.dropEffect = "move"; }} onDrop={onDrop}>
          <ReactFlow<StepNode, LinkEdge>
            nodes={nodes}
            edges={edges}
            nodeTypes={NODE_TYPES}
            colorMode={colorMode}
            onNodesChange={handleNodesChange}
            onEdgesChange={handleEdgesChange}
            onConnect={connect}
            isValidConnection={isValidConnection}
            onSelectionChange={onSelectionChange}
            onlyRenderVisibleElements={nodes.length > 200}
            minZoom={0.05}
            deleteKeyCode={["Delete", "Backspace"]}
            aria-label="Canvas"
          >
            <Background />
            <Controls />
            <MiniMap pannable zoomable ariaLabel="Minimap" />
          </ReactFlow>
        </div>
        <aside className="wf-panel" aria-label="Node settings">
          {selected && panel ? (
            <>
              {process && <NodeRunResult process={process} nodeId={selected.id} />}
              <NodePanel
                key={selected.id}
                node={selected.data.node}
                options={panel.options}
                bodyOptions={panel.bodyOptions}
                models={models}
                problems={problems.get(selected.id) ?? []}
                connections={panel.connections}
                targets={panel.targets}
                innerPorts={[]}
                onChange={(data) => changeData(selected.id, data)}
                onConnect={onPanelConnect}
                onRemoveEdge={(id) => { setEdges((all) => all.filter((e) => e.id !== id)); setDirty(true); }}
                onDelete={() => void rf.deleteElements({ nodes: [{ id: selected.id }] })}
                onAddToBody={(type) => addNode(type, undefined, selected.id)}
                debug={<DebugSection key={selected.id} node={selected.data.node} run={debug.nodeId === selected.id ? debug.process : null}
                  onRun={(input) => void runDebug(selected.id, input)} />}
              />
            </>
          ) : (
            <p className="muted wf-panel-body">Select a node to edit it. Add nodes from the palette (click, or drag onto the canvas); connect them by dragging from a port to a node.</p>
          )}
        </aside>
      </div>
      {(process || executeId) && (
        <RunPanel process={process} titles={nodeTitles} onSelect={selectNode} onAnswer={answer} />
      )}
      <Modal title="Test run" open={startOpen} onClose={() => setStartOpen(false)}>
        <StartForm fields={fields} onSubmit={(input) => void startRun(input)} />
      </Modal>
      <Modal title="Canvas JSON" open={jsonOpen} onClose={() => setJsonOpen(false)} wide>
        {jsonOpen && <CanvasJson initial={JSON.stringify(currentCanvas(), null, 2)}
          onLoad={(doc) => { showFlow(doc); setDirty(true); setJsonOpen(false); setValidation(null); setProcess(null); }} />}
      </Modal>
    </section>
  );
}

const NodeFinder = memo(function NodeFinder({ titles, onSelect }: { titles: Map<string, string>; onSelect: (id: string) => void }) {
  return (
    <select className="wf-find" aria-label="Find a node" value="" onChange={(e) => e.target.value && onSelect(e.target.value)}>
      <option value="">Find a node…</option>
      {[...titles.entries()].map(([id, title]) => <option key={id} value={id}>{title}</option>)}
    </select>
  );
});

const Palette = memo(function Palette({ onAdd }: { onAdd: (type: string) => void }) {
  const groups = useMemo(() => {
    const found = new Map<string, typeof KINDS>();
    for (const kind of KINDS) {
      if (!found.has(kind.group)) found.set(kind.group, []);
      found.get(kind.group)!.push(kind);
    }
    return [...found.entries()];
  }, []);
  return (
    <nav className="wf-palette" aria-label="Node palette">
      {groups.map(([group, kinds]) => (
        <div key={group} className="wf-palette-group">
          <h3>{group}</h3>
          {kinds.map((kind) => (
            <button key={kind.type} type="button" className="wf-palette-item" draggable aria-label={`Add ${kind.name}`}
              onDragStart={(e) => { e.dataTransfer.setData(DRAG_TYPE, kind.type); e.dataTransfer.effectAllowed = "move"; }}
              onClick={() => onAdd(kind.type)}>
              {kind.name}
            </button>
          ))}
        </div>
      ))}
    </nav>
  );
});

function DebugSection({ node, run, onRun }: { node: CanvasNode; run: Process | null; onRun: (input: Record<string, string>) => void }) {
  const names = readParams(node.data).map((p) => p.name).filter(Boolean);
  const [values, setValues] = useState<Record<string, string>>({});
  if (["1", "2", "8", "19", "29", "31", "21", "28"].includes(node.type)) return null;
  return (
    <details className="wf-raw">
      <summary>Debug this node alone</summary>
      {names.map((name) => (
        <label key={name} className="field">
          <span>{name}</span>
          <input aria-label={`Debug input ${name}`} value={values[name] ?? ""} onChange={(e) => setValues({ ...values, [name]: e.target.value })} />
        </label>
      ))}
      <button type="button" className="btn btn-small" onClick={() => onRun(values)}>Run this node</button>
      {run && <NodeRunResult process={run} nodeId={node.id} heading="Debug run" />}
    </details>
  );
}

function CanvasJson({ initial, onLoad }: { initial: string; onLoad: (doc: CanvasDoc) => void }) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState("");
  return (
    <div className="wf-json">
      <p className="muted">The canvas in Coze Studio's JSON. Paste a canvas here to load it into the editor, then save.</p>
      <textarea aria-label="Canvas JSON text" rows={20} value={text} onChange={(e) => setText(e.target.value)} spellCheck={false} />
      {error && <p className="field-error" role="alert">{error}</p>}
      <button type="button" className="btn btn-primary" onClick={() => {
        try {
          onLoad(parseCanvas(text));
        } catch (err) {
          setError((err as Error).message);
        }
      }}>Load into the editor</button>
    </div>
  );
}
