// The model and its parameters (the model list comes from GetTypeList; each model names its
// parameters' defaults and ranges, shown as placeholders and limits).
import type { Model } from "../api";
import { MODEL_PARAMS, RESPONSE_FORMATS } from "../form";
import { Section } from "./Section";
import type { SectionProps } from "./types";

const PARAM_LABELS: Record<(typeof MODEL_PARAMS)[number], string> = {
  temperature: "Temperature",
  top_p: "Top P",
  max_tokens: "Max tokens",
  frequency_penalty: "Frequency penalty",
  presence_penalty: "Presence penalty",
};

export function ModelSection({ form, update, models }: SectionProps & { models: Model[] }) {
  const chosen = models.find((m) => m.model_type === form.modelId) ?? models.find((m) => m.is_default);
  const unknownModel = form.modelId && !models.some((m) => m.model_type === form.modelId);
  return (
    <Section title="Model" hint={chosen ? `${chosen.model_name} · ${chosen.model_max_context.toLocaleString()} tokens of context` : undefined}>
      <div className="field-row">
        <label className="field grow">
          <span>Model</span>
          <select value={form.modelId} onChange={(e) => update({ modelId: e.target.value })}>
            <option value="">Default model{models.find((m) => m.is_default) ? ` (${models.find((m) => m.is_default)?.name})` : ""}</option>
            {models.map((m) => (
              <option key={m.model_type} value={m.model_type}>
                {m.name}
              </option>
            ))}
            {unknownModel && <option value={form.modelId}>Unknown model {form.modelId}</option>}
          </select>
        </label>
        <label className="field">
          <span>Response format</span>
          <select value={form.responseFormat} onChange={(e) => update({ responseFormat: Number(e.target.value) })}>
            {RESPONSE_FORMATS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {chosen && (
        <p className="muted small">
          {chosen.description} {chosen.model_ability.function_call ? "· tools" : "· no tools"}
          {chosen.model_ability.multimodal ? " · images" : ""}
          {chosen.model_ability.json_mode ? " · JSON mode" : ""}
        </p>
      )}
      <div className="agent-param-grid">
        {MODEL_PARAMS.map((key) => {
          const spec = chosen?.model_params.find((p) => p.name === key);
          return (
            <label key={key} className="field">
              <span>{PARAM_LABELS[key]}</span>
              <input
                inputMode="decimal"
                value={form.params[key]}
                placeholder={spec ? `default ${spec.default_val}` : "default"}
                title={spec ? `${spec.min} to ${spec.max}` : undefined}
                onChange={(e) => update({ params: { ...form.params, [key]: e.target.value } })}
              />
            </label>
          );
        })}
        <label className="field">
          <span>History rounds</span>
          <input inputMode="numeric" value={form.historyRound} placeholder="default" onChange={(e) => update({ historyRound: e.target.value })} />
        </label>
      </div>
    </Section>
  );
}
