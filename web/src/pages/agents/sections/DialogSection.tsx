// Onboarding (the opening message and suggested questions) and the follow-up suggestions.
import { SUGGEST_MODES } from "../form";
import { Section } from "./Section";
import type { SectionProps } from "./types";

export function OnboardingSection({ form, update }: SectionProps) {
  return (
    <Section title="Onboarding" hint="What a new chat opens with.">
      <label className="field">
        <span>Opening message</span>
        <textarea value={form.prologue} rows={3} onChange={(e) => update({ prologue: e.target.value })} />
      </label>
      <fieldset className="agent-fieldset">
        <legend>Suggested questions</legend>
        {form.questions.map((q, i) => (
          <div key={i} className="inline-form">
            <input
              className="grow"
              aria-label={`Suggested question ${i + 1}`}
              value={q}
              onChange={(e) => update({ questions: form.questions.map((x, j) => (j === i ? e.target.value : x)) })}
            />
            <button type="button" className="btn btn-small" aria-label={`Remove suggested question ${i + 1}`} onClick={() => update({ questions: form.questions.filter((_, j) => j !== i) })}>
              Remove
            </button>
          </div>
        ))}
        <div className="field-row">
          <button type="button" className="btn btn-small" onClick={() => update({ questions: [...form.questions, ""] })}>
            Add question
          </button>
          <label className="check">
            <input type="checkbox" checked={form.showAllQuestions} onChange={(e) => update({ showAllQuestions: e.target.checked })} /> Show all (not a random few)
          </label>
        </div>
      </fieldset>
    </Section>
  );
}

export function SuggestionsSection({ form, update }: SectionProps) {
  return (
    <Section title="Suggestions" hint="Follow-up questions offered after each reply.">
      <div className="field-row">
        <label className="field">
          <span>Suggested replies</span>
          <select value={form.suggestMode} onChange={(e) => update({ suggestMode: Number(e.target.value) })}>
            {SUGGEST_MODES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        {form.suggestMode === 1 && (
          <label className="field grow">
            <span>Suggestion prompt</span>
            <input value={form.suggestPrompt} onChange={(e) => update({ suggestPrompt: e.target.value })} />
          </label>
        )}
      </div>
    </Section>
  );
}
