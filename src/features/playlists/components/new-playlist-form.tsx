/** The add-to-playlist dialog's step that makes a new playlist: a name and an audience. */
import { useId, type FormEvent } from 'react';
import { RequiredNote } from '../../../lib/ui/required-note';
import { TextField } from '../../../lib/ui/text-field';
import type { PlaylistAudience } from '../api/playlist-page-content';
import { AudienceSelect } from './audience-select';
import { focusStep } from './focus-step';

export function NewPlaylistForm({
  name,
  audiences,
  audience,
  error,
  busy,
  canGoBack,
  onNameChange,
  onAudienceChange,
  onSubmit,
  onBack,
  onCancel,
}: {
  name: string;
  audiences: PlaylistAudience[];
  audience: string | null;
  error: string | null;
  busy: boolean;
  canGoBack: boolean;
  onNameChange: (name: string) => void;
  onAudienceChange: (audience: string) => void;
  onSubmit: (event: FormEvent) => void;
  onBack: () => void;
  onCancel: () => void;
}) {
  const noteId = useId();
  return (
    <form onSubmit={onSubmit} noValidate ref={focusStep} aria-describedby={noteId}>
      <RequiredNote id={noteId} />
      <TextField
        label="Playlist name"
        value={name}
        onChange={(event) => onNameChange(event.target.value)}
        error={error}
        autoComplete="off"
        required
      />
      {/* The field shows and describes its error; this says it the moment it appears. */}
      <p role="alert" className="visually-hidden">
        {error}
      </p>
      {audiences.length > 0 && (
        <AudienceSelect
          audiences={audiences}
          value={audience ?? audiences[0]?.documentId ?? ''}
          onChange={onAudienceChange}
        />
      )}
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy}>
          Save Playlist
        </button>
        {canGoBack && (
          <button type="button" className="button button--secondary" onClick={onBack}>
            Back
          </button>
        )}
        <button type="button" className="link-button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
