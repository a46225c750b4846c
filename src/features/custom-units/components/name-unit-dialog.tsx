import { useState, type FormEvent } from 'react';
import { Modal } from '../../../lib/ui/modal';
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

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError('Please give your unit a name.');
      return;
    }
    onSave(trimmed);
  }

  return (
    <form onSubmit={submit} noValidate>
      <h2 id="name-unit-heading">Name your unit</h2>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <TextField
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
