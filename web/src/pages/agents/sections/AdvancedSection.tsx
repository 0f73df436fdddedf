// Deep research (search over several steps before answering) and client-side tools (the caller
// runs them: the chat stops with requires_action until their outputs arrive).
import type { ClientToolRow } from "../form";
import { Section } from "./Section";
import type { SectionProps } from "./types";

export function ResearchSection({ form, update }: SectionProps) {
  return (
    <Section title="Deep research" hint="Break questions into sub-questions and search the knowledge and tools over several steps before answering.">
      <div className="field-row">
        <label className="check">
          <input type="checkbox" checked={form.research} onChange={(e) => update({ research: e.target.checked })} /> Research every chat
        </label>
        <label className="field">
          <span>Research steps (1–10)</span>
          <input inputMode="numeric" value={form.researchSteps} placeholder="4" onChange={(e) => update({ researchSteps: e.target.value })} />
        </label>
        <label className="field">
          <span>Research token budget</span>
          <input inputMode="numeric" value={form.researchTokens} placeholder="20000" onChange={(e) => update({ researchTokens: e.target.value })} />
        </label>
      </div>
    </Section>
  );
}

const BLANK: ClientToolRow = { name: "", description: "", parameters: "" };

export function ClientToolsSection({ form, update }: SectionProps) {
  function change(index: number, patch: Partial<ClientToolRow>) {
    update({ clientTools: form.clientTools.map((t, i) => (i === index ? { ...t, ...patch } : t)) });
  }
  return (
    <Section title="Client tools" hint="Functions the model may call that your application runs (the chat waits for their outputs).">
      {form.clientTools.map((t, i) => (
        <fieldset key={i} className="agent-fieldset">
          <legend>Client tool {i + 1}</legend>
          <div className="field-row">
            <label className="field">
              <span>Function name</span>
              <input value={t.name} onChange={(e) => change(i, { name: e.target.value })} />
            </label>
            <label className="field grow">
              <span>What it does</span>
              <input value={t.description} onChange={(e) => change(i, { description: e.target.value })} />
            </label>
          </div>
          <label className="field">
            <span>Parameters (JSON schema)</span>
            <textarea rows={3} className="mono" value={t.parameters} placeholder='{"type": "object", "properties": {}}' onChange={(e) => change(i, { parameters: e.target.value })} />
          </label>
          <button type="button" className="btn btn-small" onClick={() => update({ clientTools: form.clientTools.filter((_, j) => j !== i) })}>
            Remove client tool {i + 1}
          </button>
        </fieldset>
      ))}
      <button type="button" className="btn" onClick={() => update({ clientTools: [...form.clientTools, { ...BLANK }] })}>
        Add client tool
      </button>
    </Section>
  );
}
