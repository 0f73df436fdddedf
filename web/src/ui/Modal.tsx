// A dialog on the native <dialog> element: focus moves in and back, Escape closes it.
import { useEffect, useRef, type ReactNode } from "react";

export function Modal({
  title,
  open,
  onClose,
  children,
  wide,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.();
    if (!open && dialog.open) dialog.close?.();
  }, [open]);
  if (!open) return null;
  return (
    <dialog ref={ref} className={wide ? "modal modal-wide" : "modal"} aria-label={title} onClose={onClose} onCancel={onClose}>
      <header className="modal-header">
        <h2>{title}</h2>
        <button type="button" className="btn btn-ghost" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </header>
      <div className="modal-body">{children}</div>
    </dialog>
  );
}
