// Tabs kept in the URL (?tab=), with the ARIA tab pattern: arrow keys move between tabs.
import type { KeyboardEvent, ReactNode } from "react";
import { useSearchParams } from "react-router-dom";

export interface TabSpec {
  id: string;
  label: string;
  render: () => ReactNode;
}

export function Tabs({ tabs, label }: { tabs: TabSpec[]; label: string }) {
  const [params, setParams] = useSearchParams();
  const current = tabs.find((t) => t.id === params.get("tab")) ?? tabs[0];

  function select(id: string) {
    const next = new URLSearchParams(params);
    next.set("tab", id);
    setParams(next, { replace: true });
  }

  function onKey(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = tabs[(index + step + tabs.length) % tabs.length];
    select(next.id);
    document.getElementById(`kn-tab-${next.id}`)?.focus();
  }

  return (
    <>
      <div className="tabs" role="tablist" aria-label={label}>
        {tabs.map((tab, i) => (
          <button
            key={tab.id}
            id={`kn-tab-${tab.id}`}
            type="button"
            role="tab"
            aria-selected={tab.id === current.id}
            aria-controls={`kn-panel-${tab.id}`}
            tabIndex={tab.id === current.id ? 0 : -1}
            onClick={() => select(tab.id)}
            onKeyDown={(e) => onKey(e, i)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`kn-panel-${current.id}`} aria-labelledby={`kn-tab-${current.id}`} className="kn-panel">
        {current.render()}
      </div>
    </>
  );
}
