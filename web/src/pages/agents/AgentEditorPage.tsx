// One agent's editor: its configuration by section with an explicit Save (and a clear saved /
// unsaved state), publish, and its versions; the debug chat sits in the right-hand column.
import { useCallback, useEffect, useState, type FormEvent } from "react";
import { Link, useParams } from "react-router-dom";
import { useSession } from "../../app/session";
import { ErrorBanner } from "../../ui/ErrorBanner";
import { Modal } from "../../ui/Modal";
import { useAsync } from "../../ui/useAsync";
import {
  getAgent,
  listDatabases,
  listDatasets,
  listModels,
  listPlugins,
  listWorkflows,
  publishAgent,
  updateAgent,
  type BotInfo,
  type DraftBotData,
} from "./api";
import { fromBotInfo, isDirty, knownVariables, toBotInfo, validate, type AgentForm } from "./form";
import { HistoryPanel } from "./HistoryPanel";
import { PromptEditor } from "./PromptEditor";
import { ClientToolsSection, ResearchSection } from "./sections/AdvancedSection";
import { OnboardingSection, SuggestionsSection } from "./sections/DialogSection";
import { KnowledgeSection } from "./sections/KnowledgeSection";
import { DatabasesSection, VariablesSection } from "./sections/MemorySection";
import { ModelSection } from "./sections/ModelSection";
import { Section } from "./sections/Section";
import { ShortcutsSection } from "./sections/ShortcutsSection";
import { PluginsSection, WorkflowsSection } from "./sections/SkillsSection";
import { DebugChat } from "./chat/DebugChat";
import "./agents.css";

/** What the editor can bind: each list loads on its own, a failed one is named, not fatal. */
function useCatalog(spaceId: string) {
  return useAsync(async (signal) => {
    const [models, datasets, plugins, workflows, tables] = await Promise.allSettled([
      listModels(spaceId, signal),
      listDatasets(spaceId, signal),
      listPlugins(spaceId, signal),
      listWorkflows(spaceId, signal),
      listDatabases(spaceId, signal),
    ]);
    const value = <T,>(r: PromiseSettledResult<T[]>): T[] => (r.status === "fulfilled" ? r.value : []);
    const failures = [models, datasets, plugins, workflows, tables].filter((r) => r.status === "rejected").map((r) => (r as PromiseRejectedResult).reason);
    return { models: value(models), datasets: value(datasets), plugins: value(plugins), workflows: value(workflows), tables: value(tables), failures };
  }, [spaceId]);
}

export function AgentEditorPage() {
  const { botId = "" } = useParams();
  const { spaceId } = useSession();
  const loaded = useAsync((signal) => getAgent(spaceId, botId, "", signal), [spaceId, botId]);
  const catalog = useCatalog(spaceId);
  if (loaded.error && !loaded.data) {
    return (
      <section>
        <p>
          <Link to="/agents">← Agents</Link>
        </p>
        <ErrorBanner error={loaded.error} onRetry={loaded.reload} />
      </section>
    );
  }
  if (!loaded.data) return <p className="muted">Loading…</p>;
  return <Editor key={botId} initial={loaded.data} spaceId={spaceId} botId={botId} catalog={catalog} />;
}

type Catalog = ReturnType<typeof useCatalog>;
type SaveState = { kind: "idle" } | { kind: "saving" } | { kind: "saved" } | { kind: "failed"; error: unknown } | { kind: "invalid"; problems: string[] };

function Editor({ initial, spaceId, botId, catalog }: { initial: DraftBotData; spaceId: string; botId: string; catalog: Catalog }) {
  const [data, setData] = useState<DraftBotData>(initial);
  const [form, setForm] = useState<AgentForm>(() => fromBotInfo(initial.bot_info));
  const [save, setSave] = useState<SaveState>({ kind: "idle" });
  const [tab, setTab] = useState<"configure" | "versions">("configure");
  const [publishing, setPublishing] = useState(false);
  const [published, setPublished] = useState("");
  const [revertedTo, setRevertedTo] = useState("");
  const [generation, setGeneration] = useState(0);
  const base: BotInfo = data.bot_info;
  const dirty = isDirty(form, base);

  const update = useCallback((patch: Partial<AgentForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setSave((s) => (s.kind === "saved" ? { kind: "idle" } : s));
  }, []);

  const reload = useCallback(async () => {
    const fresh = await getAgent(spaceId, botId);
    setData(fresh);
    setForm(fromBotInfo(fresh.bot_info));
    return fresh;
  }, [spaceId, botId]);

  const saveNow = useCallback(async () => {
    const problems = validate(form);
    if (problems.length) {
      setSave({ kind: "invalid", problems });
      return false;
    }
    setSave({ kind: "saving" });
    try {
      await updateAgent(spaceId, toBotInfo(form, base));
      await reload();
      setSave({ kind: "saved" });
      return true;
    } catch (error) {
      setSave({ kind: "failed", error });
      return false;
    }
  }, [form, base, spaceId, reload]);

  // Ctrl/Cmd+S saves; leaving with unsaved edits asks first.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "s") {
        e.preventDefault();
        if (dirty) void saveNow();
      }
    };
    const onLeave = (e: BeforeUnloadEvent) => {
      if (dirty) e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    window.addEventListener("beforeunload", onLeave);
    return () => {
      window.removeEventListener("keydown", onKey);
      window.removeEventListener("beforeunload", onLeave);
    };
  }, [dirty, saveNow]);

  const status = save.kind === "saving" ? "Saving…" : dirty ? "Unsaved changes" : save.kind === "saved" ? "All changes saved" : "Saved";
  const { models = [], datasets = [], plugins = [], workflows = [], tables = [], failures = [] } = catalog.data ?? {};

  return (
    <section className="agent-page">
      <header className="page-header">
        <div>
          <p className="small">
            <Link
              to="/agents"
              onClick={(e) => {
                if (dirty && !window.confirm("Leave the editor? Your unsaved changes are lost.")) e.preventDefault();
              }}
            >
              ← Agents
            </Link>
          </p>
          <h1>{base.name}</h1>
          <p className="muted">
            {data.has_publish ? <span className="badge badge-ok">Published</span> : <span className="badge">Draft</span>}{" "}
            {data.has_publish && data.has_unpublished_change && <span className="badge badge-running">Unpublished changes</span>}
          </p>
        </div>
        <div className="page-actions">
          <span className={`agent-save-state ${dirty ? "is-dirty" : ""}`} role="status" data-testid="save-state">
            {status}
          </span>
          <button type="button" className="btn" disabled={!dirty || save.kind === "saving"} onClick={() => setForm(fromBotInfo(base))}>
            Discard
          </button>
          <button type="button" className="btn btn-primary" disabled={!dirty || save.kind === "saving"} onClick={() => void saveNow()}>
            Save
          </button>
          <button type="button" className="btn" disabled={dirty} title={dirty ? "Save first: publishing takes the saved draft" : undefined} onClick={() => setPublishing(true)}>
            Publish
          </button>
        </div>
      </header>
      {save.kind === "failed" && <ErrorBanner error={save.error} />}
      {save.kind === "invalid" && (
        <div className="banner banner-error" role="alert">
          <ul>
            {save.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
      {published && (
        <div className="banner banner-ok" role="status">
          Published version <code>{published}</code>.
          <button type="button" className="btn btn-small btn-ghost" onClick={() => setPublished("")}>
            Dismiss
          </button>
        </div>
      )}
      {revertedTo && (
        <div className="banner banner-ok" role="status">
          The draft was reverted to version <code>{revertedTo}</code>.
          <button type="button" className="btn btn-small btn-ghost" onClick={() => setRevertedTo("")}>
            Dismiss
          </button>
        </div>
      )}
      {failures.map((f, i) => (
        <ErrorBanner key={i} error={f} onRetry={catalog.reload} />
      ))}

      <div className="agent-layout">
        <div className="agent-main">
          <div
            className="tabs"
            role="tablist"
            aria-label="Agent"
            onKeyDown={(e) => {
              // arrow keys move between the two tabs (the WAI-ARIA tabs pattern)
              if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
              const next = tab === "configure" ? "versions" : "configure";
              setTab(next);
              document.getElementById(`tab-${next}`)?.focus();
            }}
          >
            <button type="button" role="tab" id="tab-configure" aria-controls="panel-configure" aria-selected={tab === "configure"} tabIndex={tab === "configure" ? 0 : -1} onClick={() => setTab("configure")}>
              Configure
            </button>
            <button type="button" role="tab" id="tab-versions" aria-controls="panel-versions" aria-selected={tab === "versions"} tabIndex={tab === "versions" ? 0 : -1} onClick={() => setTab("versions")}>
              Versions
            </button>
          </div>
          <div role="tabpanel" id="panel-configure" aria-labelledby="tab-configure" hidden={tab !== "configure"}>
            <Section title="Profile">
              <label className="field">
                <span>Name</span>
                <input value={form.name} required maxLength={100} onChange={(e) => update({ name: e.target.value })} />
              </label>
              <label className="field">
                <span>Description</span>
                <textarea rows={2} value={form.description} onChange={(e) => update({ description: e.target.value })} />
              </label>
            </Section>
            <Section title="Persona">
              <PromptEditor
                value={form.prompt}
                onChange={(prompt) => update({ prompt })}
                known={knownVariables(form)}
                onDefine={(key) => update({ variables: [...form.variables, { key, description: "", defaultValue: "", promptDisabled: false, disabled: false }] })}
              />
            </Section>
            <ModelSection form={form} update={update} models={models} />
            <KnowledgeSection form={form} update={update} datasets={datasets} />
            <VariablesSection form={form} update={update} />
            <DatabasesSection form={form} update={update} tables={tables} />
            <PluginsSection form={form} update={update} plugins={plugins} />
            <WorkflowsSection form={form} update={update} workflows={workflows} />
            <OnboardingSection form={form} update={update} />
            <SuggestionsSection form={form} update={update} />
            <ResearchSection form={form} update={update} />
            <ClientToolsSection form={form} update={update} />
            <ShortcutsSection
              spaceId={spaceId}
              botId={botId}
              commands={data.bot_option_data?.shortcut_command_list ?? []}
              onSaved={() => {
                // a new command also lands in the draft's shortcut_sort: take the server's draft,
                // keeping the form's unsaved edits
                void getAgent(spaceId, botId).then((fresh) => setData(fresh));
              }}
            />
          </div>
          <div role="tabpanel" id="panel-versions" aria-labelledby="tab-versions" hidden={tab !== "versions"}>
            {tab === "versions" && (
              <HistoryPanel
                spaceId={spaceId}
                botId={botId}
                draft={base}
                generation={generation}
                canRevert={!dirty}
                onReverted={(version) => {
                  void reload().then(() => setSave({ kind: "idle" }));
                  setPublished("");
                  setGeneration((g) => g + 1);
                  setRevertedTo(version);
                }}
              />
            )}
          </div>
        </div>
        <aside className="agent-chat-column">
          <DebugChat botId={botId} spaceId={spaceId} />
        </aside>
      </div>
      <PublishDialog
        open={publishing}
        onClose={() => setPublishing(false)}
        onPublish={async (note) => {
          const version = await publishAgent(spaceId, botId, note);
          setPublishing(false);
          setPublished(version);
          setRevertedTo("");
          setGeneration((g) => g + 1);
          await reload();
        }}
      />
    </section>
  );
}

function PublishDialog({ open, onClose, onPublish }: { open: boolean; onClose: () => void; onPublish: (note: string) => Promise<void> }) {
  const [note, setNote] = useState("");
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onPublish(note.trim());
      setNote("");
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal title="Publish the agent" open={open} onClose={onClose}>
      <form onSubmit={submit} aria-label="Publish">
        <p>Chats through the API use the published version from now on.</p>
        <label className="field">
          <span>Release note</span>
          <textarea rows={3} value={note} onChange={(e) => setNote(e.target.value)} />
        </label>
        <ErrorBanner error={error} />
        <div className="field-row">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? "Publishing…" : "Publish version"}
          </button>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
