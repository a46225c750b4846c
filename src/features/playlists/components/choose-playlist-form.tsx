/** The add-to-playlist dialog's step that picks one of the teacher's playlists. */
import type { FormEvent } from 'react';
import { focusStep } from './focus-step';

export function ChoosePlaylistForm({
  playlists,
  choiceName,
  chosen,
  error,
  busy,
  onChoose,
  onSubmit,
  onCreateNew,
  onCancel,
}: {
  playlists: { clientId: string; title: string }[];
  choiceName: string;
  chosen: string;
  error: string | null;
  busy: boolean;
  onChoose: (clientId: string) => void;
  onSubmit: (event: FormEvent) => void;
  onCreateNew: () => void;
  onCancel: () => void;
}) {
  return (
    <form onSubmit={onSubmit} noValidate ref={focusStep}>
      <fieldset
        className="add-to-playlist__choices"
        aria-describedby={error ? `${choiceName}-error` : undefined}
      >
        <legend>Choose a playlist</legend>
        {playlists.map((playlist) => (
          <label key={playlist.clientId} className="add-to-playlist__choice">
            <input
              type="radio"
              name={choiceName}
              value={playlist.clientId}
              checked={chosen === playlist.clientId}
              onChange={() => onChoose(playlist.clientId)}
            />
            {playlist.title}
          </label>
        ))}
      </fieldset>
      <div id={`${choiceName}-error`} role="alert">
        {error && <p className="field__error">{error}</p>}
      </div>
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy}>
          Add to playlist
        </button>
        <button type="button" className="button button--secondary" onClick={onCreateNew}>
          Create a new playlist
        </button>
        <button type="button" className="link-button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
