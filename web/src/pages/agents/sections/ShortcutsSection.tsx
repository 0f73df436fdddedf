// Shortcut commands ("/translate"): saved on their own route at once, not with the draft's Save.
import { useState, type FormEvent } from "react";
import { saveShortcut, type ShortcutCommand } from "../api";
import { ErrorBanner } from "../../../ui/ErrorBanner";
import { Section } from "./Section";

const BLANK: ShortcutCommand = {
  command_name: "",
  shortcut_command: "/",
  description: "",
  send_type: 0,
  tool_type: 0,
  template_query: "",
  components_list: [],
};

export function ShortcutsSection({
  spaceId,
  botId,
  commands,
  onSaved,
}: {
  spaceId: string;
  botId: string;
  commands: ShortcutCommand[];
  onSaved: (command: ShortcutCommand) => void;
}) {
  const [editing, setEditing] = useState<ShortcutCommand | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!editing) return;
    setBusy(true);
    setError(null);
    try {
      onSaved(await saveShortcut(spaceId, botId, editing));
      setEditing(null);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section title="Shortcut commands" hint="Commands a user types (/name) to send a prepared message; saved as soon as you save the command.">
      <ul className="agent-bound-list" aria-label="Shortcut commands">
        {commands.map((c) => (
          <li key={c.command_id}>
            <span>
              <code>{c.shortcut_command}</code> {c.command_name} <span className="muted small">{c.description}</span>
            </span>
            <button type="button" className="btn btn-small" aria-label={`Edit shortcut ${c.shortcut_command}`} onClick={() => setEditing({ ...c })}>
              Edit
            </button>
          </li>
        ))}
        {commands.length === 0 && <li className="muted">No shortcut commands.</li>}
      </ul>
      {!editing && (
        <button type="button" className="btn" onClick={() => setEditing({ ...BLANK })}>
          Add shortcut
        </button>
      )}
      {editing && (
        <form className="agent-subform" aria-label="Shortcut command" onSubmit={submit}>
          <div className="field-row">
            <label className="field">
              <span>Command</span>
              <input value={editing.shortcut_command} required onChange={(e) => setEditing({ ...editing, shortcut_command: e.target.value })} />
            </label>
            <label className="field grow">
              <span>Shortcut name</span>
              <input value={editing.command_name} required onChange={(e) => setEditing({ ...editing, command_name: e.target.value })} />
            </label>
          </div>
          <label className="field">
            <span>Shortcut description</span>
            <input value={editing.description} onChange={(e) => setEditing({ ...editing, description: e.target.value })} />
          </label>
          <label className="field">
            <span>Message sent</span>
            <textarea rows={2} value={editing.template_query} onChange={(e) => setEditing({ ...editing, template_query: e.target.value })} />
          </label>
          <ErrorBanner error={error} />
          <div className="field-row">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              Save shortcut
            </button>
            <button type="button" className="btn" onClick={() => setEditing(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </Section>
  );
}
