// The persona editor: a textarea over a mirror of its text in which every {{variable}} is marked
// (known: a memory variable of the agent; unknown: nothing defines it). The list below the editor
// names the same variables for screen readers and offers to define the unknown ones.
import { useId, useRef, type UIEvent } from "react";
import { segmentPrompt, unknownVariables, extractVariables } from "./variables";

export function PromptEditor({
  value,
  onChange,
  known,
  onDefine,
}: {
  value: string;
  onChange: (value: string) => void;
  known: string[];
  onDefine: (name: string) => void;
}) {
  const mirror = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const segments = segmentPrompt(value, known);
  const names = extractVariables(value);
  const unknown = unknownVariables(value, known);

  function syncScroll(event: UIEvent<HTMLTextAreaElement>) {
    if (mirror.current) {
      mirror.current.scrollTop = event.currentTarget.scrollTop;
      mirror.current.scrollLeft = event.currentTarget.scrollLeft;
    }
  }

  return (
    <div className="agent-prompt">
      <div className="agent-prompt-box">
        <div className="agent-prompt-mirror" ref={mirror} aria-hidden="true" data-testid="prompt-highlight">
          {segments.map((s, i) =>
            s.variable === undefined ? (
              <span key={i}>{s.text}</span>
            ) : (
              <mark key={i} className={s.known ? "var-known" : "var-unknown"} data-variable={s.variable} data-known={String(!!s.known)}>
                {s.text}
              </mark>
            ),
          )}
          {/* a trailing newline needs a character after it to take up its line */}
          {"\u200b"}
        </div>
        <textarea
          className="agent-prompt-input"
          aria-label="Persona and prompt"
          aria-describedby={hintId}
          value={value}
          spellCheck={false}
          onChange={(e) => onChange(e.target.value)}
          onScroll={syncScroll}
          rows={12}
        />
      </div>
      <p id={hintId} className="muted small">
        Write {"{{name}}"} to insert a memory variable (or a chat's custom variable) into the persona.
      </p>
      {names.length > 0 && (
        <ul className="agent-var-list" aria-label="Variables in the persona">
          {names.map((name) => {
            const isKnown = !unknown.includes(name);
            return (
              <li key={name} className={isKnown ? "var-chip var-known" : "var-chip var-unknown"} data-variable={name}>
                <code>{`{{${name}}}`}</code> {isKnown ? "memory variable" : "not defined"}
                {!isKnown && (
                  <button type="button" className="btn btn-small" onClick={() => onDefine(name)}>
                    Define {name}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
