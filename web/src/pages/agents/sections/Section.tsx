import { useId, type ReactNode } from "react";

/** One titled part of the editor: a region named by its heading. */
export function Section({ title, hint, children }: { title: string; hint?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section className="card agent-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {hint && <p className="muted small">{hint}</p>}
      {children}
    </section>
  );
}
