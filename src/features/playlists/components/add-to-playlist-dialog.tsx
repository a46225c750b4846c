import '../playlists.css';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { PlaylistItemRecord } from '../../../lib/db/database';
import {
  useAddToPlaylist,
  type AddToPlaylistRequest,
} from '../../../lib/playlists/add-to-playlist-store';
import { useOwnPlaylists } from '../../../lib/playlists/playlist-queries';
import { usePlaylistWrite } from '../../../lib/playlists/use-playlist-write';
import { lastRoundFailed, useSyncStatus } from '../../../lib/sync/sync-status-store';
import { appendPlaylistItem, createPlaylist } from '../../../lib/sync/local-writes';
import { ACTIVITY_ITEM, AUDIO_ITEM } from '../../../lib/sync/playlist-mapping';
import { Modal } from '../../../lib/ui/modal';
import { TextField } from '../../../lib/ui/text-field';
import { usePlaylistPageContent } from '../api/playlist-page-content';
import { useSignedInUserId } from '../hooks/use-signed-in-user-id';
import { AudienceSelect } from './audience-select';

type Step = 'selectPlaylist' | 'newPlaylist' | 'done';

/**
 * Each step replaces the controls of the one before, so its first control (the chosen playlist,
 * the name field) takes focus, and the done step's message itself (WCAG 2.4.3). On the dialog's
 * first paint the dialog is not shown yet and showModal() places focus as usual.
 */
function focusStep(step: HTMLElement | null) {
  if (!step) return;
  const control =
    step.querySelector<HTMLElement>('input:checked') ??
    step.querySelector<HTMLElement>('input, select, button');
  (step.hasAttribute('tabindex') ? step : control)?.focus();
}

function toPlaylistItem(request: AddToPlaylistRequest): Omit<PlaylistItemRecord, 'key'> {
  return {
    kind: request.kind === 'audio' ? AUDIO_ITEM : ACTIVITY_ITEM,
    title: request.title,
    itemId: request.itemId,
    contextPath: request.contextPath,
    details: request.details ?? {},
  };
}

/**
 * 'Add to playlist' (spec part 1): step selectPlaylist (choose one of the teacher's playlists)
 * or newPlaylist (a name and an audience, the first by default). A teacher with no playlists
 * starts at newPlaylist. Works offline: the item lands in this device's copy and the outbox.
 */
export function AddToPlaylistDialog() {
  const request = useAddToPlaylist((state) => state.request);
  const close = useAddToPlaylist((state) => state.close);
  const headingId = useId();
  return (
    <Modal open={request !== null} onClose={close} labelledBy={headingId} width={400}>
      {request && (
        <AddToPlaylistSteps
          key={`${request.kind}:${request.itemId}`}
          request={request}
          headingId={headingId}
          onClose={close}
        />
      )}
    </Modal>
  );
}

function AddToPlaylistSteps({
  request,
  headingId,
  onClose,
}: {
  request: AddToPlaylistRequest;
  headingId: string;
  onClose: () => void;
}) {
  const userId = useSignedInUserId();
  const { playlists, pulled } = useOwnPlaylists(userId);
  const syncFailed = useSyncStatus(lastRoundFailed);
  const audiences = usePlaylistPageContent().data?.audiences ?? [];
  const list = playlists ?? [];
  const [step, setStep] = useState<Step | null>(null);
  const [chosen, setChosen] = useState<string>('');
  const [name, setName] = useState('');
  const [audience, setAudience] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [addedTo, setAddedTo] = useState<{ clientId: string; title: string } | null>(null);
  const choiceName = useId();
  const write = usePlaylistWrite();

  // Before the first pull an empty list is not known to be empty: offering only "new playlist"
  // would hide the teacher's existing ones: late is not empty.
  if (
    !userId ||
    playlists === undefined ||
    (list.length === 0 && !pulled && navigator.onLine && !syncFailed)
  ) {
    return <p role="status">Loading your playlists…</p>;
  }
  const current: Step = step ?? (list.length === 0 ? 'newPlaylist' : 'selectPlaylist');
  const item = toPlaylistItem(request);

  async function addToExisting(event: FormEvent) {
    event.preventDefault();
    const target = list.find((playlist) => playlist.clientId === chosen);
    if (!target) {
      setError('Choose a playlist.');
      return;
    }
    const saved = await write.run(() => appendPlaylistItem(target.clientId, item));
    if (!saved.ok) return;
    setAddedTo({ clientId: target.clientId, title: target.title });
    setStep('done');
  }

  async function addToNew(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setError('Enter a name for the playlist.');
      return;
    }
    const created = await write.run(() =>
      createPlaylist(userId!, {
        title: name,
        audienceId: audience ?? audiences[0]?.documentId ?? null,
        items: [item],
      }),
    );
    if (!created.ok) return;
    setAddedTo({ clientId: created.value.clientId, title: created.value.title });
    setStep('done');
  }

  return (
    <div className="add-to-playlist">
      <h2 id={headingId}>Add to playlist</h2>
      <p className="add-to-playlist__item">{request.title}</p>
      {/* Alert regions are in the dialog before their error, so it is announced (WCAG 4.1.3). */}
      <div role="alert">{write.problem && <p className="field__error">{write.problem}</p>}</div>
      {current === 'done' && addedTo && (
        <div role="status" tabIndex={-1} ref={focusStep}>
          <p>
            Added to{' '}
            <Link to={`/playlists/${addedTo.clientId}`} onClick={onClose}>
              {addedTo.title}
            </Link>
            .
          </p>
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
        </div>
      )}
      {current === 'selectPlaylist' && (
        <form onSubmit={(event) => void addToExisting(event)} noValidate ref={focusStep}>
          <fieldset
            className="add-to-playlist__choices"
            aria-describedby={error ? `${choiceName}-error` : undefined}
          >
            <legend>Choose a playlist</legend>
            {list.map((playlist) => (
              <label key={playlist.clientId} className="add-to-playlist__choice">
                <input
                  type="radio"
                  name={choiceName}
                  value={playlist.clientId}
                  checked={chosen === playlist.clientId}
                  onChange={() => {
                    setChosen(playlist.clientId);
                    setError(null);
                  }}
                />
                {playlist.title}
              </label>
            ))}
          </fieldset>
          <div id={`${choiceName}-error`} role="alert">
            {error && <p className="field__error">{error}</p>}
          </div>
          <div className="form-actions">
            <button type="submit" className="button" disabled={write.busy}>
              Add to playlist
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setError(null);
                setStep('newPlaylist');
              }}
            >
              Create a new playlist
            </button>
            <button type="button" className="link-button" onClick={onClose}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {current === 'newPlaylist' && (
        <form onSubmit={(event) => void addToNew(event)} noValidate ref={focusStep}>
          <TextField
            label="Playlist name"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setError(null);
            }}
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
              onChange={setAudience}
            />
          )}
          <div className="form-actions">
            <button type="submit" className="button" disabled={write.busy}>
              Save Playlist
            </button>
            {list.length > 0 && (
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  setError(null);
                  setStep('selectPlaylist');
                }}
              >
                Back
              </button>
            )}
            <button type="button" className="link-button" onClick={onClose}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
