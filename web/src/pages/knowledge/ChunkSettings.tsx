// The chunking form: automatic, custom (separator, size, overlap) or by heading, plus cleaning.
import type { ChunkForm, ChunkMode } from "./chunking";
import { SEPARATORS } from "./chunking";

const MODES: { value: ChunkMode; label: string; hint: string }[] = [
  { value: "auto", label: "Automatic", hint: "sized to what the dataset's embedder reads" },
  { value: "custom", label: "Custom", hint: "cut at a separator, up to a size" },
  { value: "heading", label: "By heading", hint: "one chunk per section, up to a heading level" },
];

export function ChunkSettings({
  form,
  onChange,
  errors,
  limit,
}: {
  form: ChunkForm;
  onChange: (form: ChunkForm) => void;
  errors: Partial<Record<keyof ChunkForm, string>>;
  /** The dataset's max_chunk_tokens, when known. */
  limit?: number;
}) {
  const set = <K extends keyof ChunkForm>(key: K, value: ChunkForm[K]) => onChange({ ...form, [key]: value });
  const custom = form.mode !== "auto";
  return (
    <fieldset className="kn-fieldset kn-chunking">
      <legend>Chunking</legend>
      <div className="kn-modes" role="radiogroup" aria-label="Chunk type">
        {MODES.map((m) => (
          <label key={m.value} className="kn-radio">
            <input type="radio" name="chunk_type" value={m.value} checked={form.mode === m.value} onChange={() => set("mode", m.value)} />
            <span>
              {m.label} <span className="muted">— {m.hint}</span>
            </span>
          </label>
        ))}
      </div>
      {custom && (
        <div className="field-row kn-chunk-fields">
          {form.mode === "custom" && (
            <label className="field">
              <span>Separator</span>
              <input list="kn-separators" value={form.separator} onChange={(e) => set("separator", e.target.value)} aria-invalid={Boolean(errors.separator)} />
              <datalist id="kn-separators">
                {SEPARATORS.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </datalist>
              {errors.separator && <span className="field-error">{errors.separator}</span>}
            </label>
          )}
          {form.mode === "heading" && (
            <label className="field">
              <span>Deepest heading level</span>
              <input type="number" min={1} max={6} value={form.maxLevel} onChange={(e) => set("maxLevel", e.target.value)} aria-invalid={Boolean(errors.maxLevel)} />
              {errors.maxLevel && <span className="field-error">{errors.maxLevel}</span>}
            </label>
          )}
          <label className="field">
            <span>Max tokens{limit ? ` (at most ${limit})` : ""}</span>
            <input type="number" min={50} max={limit ?? 5000} value={form.maxTokens} onChange={(e) => set("maxTokens", e.target.value)} aria-invalid={Boolean(errors.maxTokens)} />
            {errors.maxTokens && <span className="field-error">{errors.maxTokens}</span>}
          </label>
          <label className="field">
            <span>Overlap (%)</span>
            <input type="number" min={0} max={90} value={form.overlap} onChange={(e) => set("overlap", e.target.value)} aria-invalid={Boolean(errors.overlap)} />
            {errors.overlap && <span className="field-error">{errors.overlap}</span>}
          </label>
          {form.mode === "heading" && (
            <label className="kn-check">
              <input type="checkbox" checked={form.saveTitle} onChange={(e) => set("saveTitle", e.target.checked)} />
              Keep the heading path in each chunk
            </label>
          )}
        </div>
      )}
      <div className="kn-checks">
        <label className="kn-check">
          <input type="checkbox" checked={form.removeExtraSpaces} onChange={(e) => set("removeExtraSpaces", e.target.checked)} />
          Remove extra spaces, line breaks and tabs
        </label>
        <label className="kn-check">
          <input type="checkbox" checked={form.removeUrlsEmails} onChange={(e) => set("removeUrlsEmails", e.target.checked)} />
          Remove URLs and email addresses
        </label>
      </div>
    </fieldset>
  );
}
