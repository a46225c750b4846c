import { useId, useRef, useState, type FormEvent } from 'react';
import { Modal } from '../../../lib/ui/modal';
import { RequiredNote } from '../../../lib/ui/required-note';
import { TextField } from '../../../lib/ui/text-field';

/** The naming dialog: a non-empty name, offered as the chosen strands' titles (spec part 2, section 5). */
export function NameUnitDialog({
  open,
  defaultName,
  saving,
  problem,
  onSave,
  onCancel,
}: {
  open: boolean;
  defaultName: string;
  saving: boolean;
  problem: string | null;
  onSave: (name: string) => void;
  onCancel: () => void;
}) {
  return (
    <Modal open={open} onClose={onCancel} labelledBy="name-unit-heading" width={480}>
      {/* Mounted afresh each time it opens, so the name starts from the current choice. */}
      <NameUnitForm
        defaultName={defaultName}
        saving={saving}
        problem={problem}
        onSave={onSave}
        onCancel={onCancel}
      />
    </Modal>
  );
}

function NameUnitForm({
  defaultName,
  saving,
  problem,
  onSave,
  onCancel,
}: {
  defaultName: string;
  saving: boolean;
  problem: string | null;
  onSave: (name: string) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(defaultName);
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const noteId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError('Please give your unit a name.');
      // The field's description carries the message; the alert below says it even when focus
      // is already in the field (Enter pressed there).
      field.current?.focus();
      return;
    }
    onSave(trimmed);
  }

  return (
    <form onSubmit={submit} noValidate aria-describedby={noteId}>
      <h2 id="name-unit-heading">Name your unit</h2>
      <RequiredNote id={noteId} />
      {/* One live region in the dialog from the start, so what fills it is heard (WCAG 4.1.3):
          the save's refusal, shown here, and the name's message, which the field shows. */}
      <div role="alert">
        {problem && <p className="form-error">{problem}</p>}
        <span className="visually-hidden">{error}</span>
      </div>
      <TextField
        ref={field}
        label="Unit name"
        required
        value={name}
        error={error}
        maxLength={255}
        onChange={(event) => {
          setName(event.target.value);
          if (error) setError(null);
        }}
      />
      <div className="form-actions">
        <button type="submit" className="button" disabled={saving}>
          {saving ? 'Saving…' : 'Save unit'}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
