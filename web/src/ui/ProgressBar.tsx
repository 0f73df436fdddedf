/** A labelled progress bar (0..100); `label` names what progresses for assistive technology. */
export function ProgressBar({ value, label, status }: { value: number; label: string; status?: "ok" | "failed" }) {
  const pct = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className="progress" data-status={status ?? "running"}>
      <div
        className="progress-track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
      >
        <div className="progress-fill" style={{ width: `${pct}%` }} />
      </div>
      <span className="progress-text">{pct}%</span>
    </div>
  );
}
