import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { PlaylistRecord } from '../../../lib/db/database';
import { usePlaylistWrite } from '../../../lib/playlists/use-playlist-write';
import { Modal } from '../../../lib/ui/modal';
import { RequiredNote } from '../../../lib/ui/required-note';
import { TextField } from '../../../lib/ui/text-field';
import type { PlaylistAudience } from '../api/playlist-page-content';
import { AudienceSelect } from './audience-select';

export interface PlaylistDetails {
  title: string;
  audienceId: string | null;
}

/**
 * 'Playlist details' (spec part 1, "Playlists"): a name for a new playlist; for an existing one
 * also its audience and 'Delete this playlist'. 400 px wide (section 9).
 */
export function PlaylistDetailsModal({
  open,
  playlist,
  audiences,
  onSave,
  onDelete,
  onClose,
}: {
  open: boolean;
  playlist: PlaylistRecord | null;
  audiences: PlaylistAudience[];
  onSave: (details: PlaylistDetails) => Promise<void> | void;
  onDelete?: () => Promise<void> | void;
  onClose: () => void;
}) {
  const headingId = useId();
  return (
    <Modal open={open} onClose={onClose} labelledBy={headingId} width={400}>
      <DetailsForm
        headingId={headingId}
        playlist={playlist}
        audiences={audiences}
        onSave={onSave}
        onDelete={onDelete}
        onClose={onClose}
      />
    </Modal>
  );
}

function DetailsForm({
  headingId,
  playlist,
  audiences,
  onSave,
  onDelete,
  onClose,
}: {
  headingId: string;
  playlist: PlaylistRecord | null;
  audiences: PlaylistAudience[];
  onSave: (details: PlaylistDetails) => Promise<void> | void;
  onDelete?: () => Promise<void> | void;
  onClose: () => void;
}) {
  const [title, setTitle] = useState(playlist?.title ?? '');
  // Spec part 1, section 9: a new playlist's audience defaults to the first audience. An existing
  // playlist keeps what it has, none included, so saving records only what the teacher changed.
  const [audience, setAudience] = useState(
    playlist ? (playlist.audienceId ?? '') : (audiences[0]?.documentId ?? ''),
  );
  const [error, setError] = useState<string | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const write = usePlaylistWrite();
  const confirmId = useId();
  // The delete button and its question replace each other: focus follows to what replaced the
  // control pressed, never left on <body> (WCAG 2.4.3). Null until the teacher asks.
  const deleteSwap = useRef<HTMLButtonElement | null>(null);
  const yesRef = useRef<HTMLButtonElement>(null);
  const askRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (deleteSwap.current === null) return;
    (confirmingDelete ? yesRef : askRef).current?.focus();
    deleteSwap.current = null;
  }, [confirmingDelete]);
  function swapDelete(confirming: boolean, from: HTMLButtonElement) {
    deleteSwap.current = from;
    setConfirmingDelete(confirming);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!title.trim()) {
      setError('Enter a name for the playlist.');
      return;
    }
    const saved = await write.run(() =>
      Promise.resolve(onSave({ title: title.trim(), audienceId: audience || null })),
    );
    if (saved.ok) onClose();
  }

  return (
    <form
      className="playlist-details"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-describedby={`${headingId}-required`}
    >
      <h2 id={headingId}>Playlist details</h2>
      <RequiredNote id={`${headingId}-required`} />
      <TextField
        label="Playlist name"
        value={title}
        onChange={(event) => {
          setTitle(event.target.value);
          setError(null);
        }}
        error={error ?? write.problem}
        autoComplete="off"
        required
      />
      {/* The field shows and describes its error; this region, there from the start, says it
          the moment it appears (WCAG 4.1.3). */}
      <p role="alert" className="visually-hidden">
        {error ?? write.problem}
      </p>
      {playlist && audiences.length > 0 && (
        <AudienceSelect
          audiences={audiences}
          value={audience}
          onChange={setAudience}
          // Also for an audience the CMS no longer offers (deleted since): the select shows the
          // truth, none chosen, not the first audience.
          allowNone={!audiences.some((option) => option.documentId === playlist.audienceId)}
        />
      )}
      <div className="form-actions">
        <button type="submit" className="button" disabled={write.busy}>
          Save Playlist
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
      {playlist && onDelete && (
        <div className="playlist-details__delete">
          {confirmingDelete ? (
            // Focus moves to 'Yes, delete it', which the question describes: no alert needed.
            <p>
              <span id={confirmId}>Delete “{playlist.title}”?</span>{' '}
              <button
                ref={yesRef}
                type="button"
                className="button button--danger"
                aria-describedby={confirmId}
                onClick={() => void write.run(() => Promise.resolve(onDelete()))}
              >
                Yes, delete it
              </button>{' '}
              <button
                type="button"
                className="link-button"
                onClick={(event) => swapDelete(false, event.currentTarget)}
              >
                Keep it
              </button>
            </p>
          ) : (
            <button
              ref={askRef}
              type="button"
              className="link-button"
              onClick={(event) => swapDelete(true, event.currentTarget)}
            >
              Delete this playlist
            </button>
          )}
        </div>
      )}
    </form>
  );
}
