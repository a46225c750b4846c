/** The playlist page's main actions: start a lesson and edit the contents, or save and cancel. */
import type { RefObject } from 'react';
import { Link } from 'react-router-dom';

export function PlaylistActions({
  playlistClientId,
  editing,
  hasItems,
  busy,
  saveButton,
  editButton,
  onSave,
  onCancel,
  onEdit,
}: {
  playlistClientId: string;
  editing: boolean;
  hasItems: boolean;
  busy: boolean;
  saveButton: RefObject<HTMLButtonElement | null>;
  editButton: RefObject<HTMLButtonElement | null>;
  onSave: () => void;
  onCancel: () => void;
  onEdit: () => void;
}) {
  return editing ? (
    <div className="form-actions" key="editing">
      <button type="button" className="button" ref={saveButton} disabled={busy} onClick={onSave}>
        Save Changes
      </button>
      <button type="button" className="button button--secondary" onClick={onCancel}>
        Cancel
      </button>
    </div>
  ) : (
    // Keyed apart from edit mode's actions, so 'Edit playlist contents' is not reused as 'Cancel'.
    <div className="form-actions" key="viewing">
      {hasItems && (
        <Link className="button" to={`/playlists/${playlistClientId}/slides`}>
          Start Lesson
        </Link>
      )}
      {hasItems && (
        <button
          type="button"
          className="button button--secondary"
          ref={editButton}
          onClick={onEdit}
        >
          Edit playlist contents
        </button>
      )}
    </div>
  );
}
