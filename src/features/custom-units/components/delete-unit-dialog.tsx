import { Modal } from '../../../lib/ui/modal';

/** Asks before a unit is deleted: it cannot be undone, and it is not the playlist outbox's to replay. */
export function DeleteUnitDialog({
  title,
  open,
  deleting,
  problem,
  onConfirm,
  onCancel,
}: {
  title: string;
  open: boolean;
  deleting: boolean;
  problem: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal open={open} onClose={onCancel} labelledBy="delete-unit-heading" width={480}>
      <h2 id="delete-unit-heading">Delete “{title}”?</h2>
      <p>
        The unit and its lessons will be removed from your units of work. This cannot be undone.
      </p>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      <div className="form-actions">
        <button
          type="button"
          className="button button--danger"
          disabled={deleting}
          onClick={onConfirm}
        >
          {deleting ? 'Deleting…' : 'Delete this unit'}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}
