import '../playlists.css';
import { useId } from 'react';
import {
  useAddToPlaylist,
  type AddToPlaylistRequest,
} from '../../../lib/playlists/add-to-playlist-store';
import { useOwnPlaylists } from '../../../lib/playlists/playlist-queries';
import { lastRoundFailed, useSyncStatus } from '../../../lib/sync/sync-status-store';
import { Modal } from '../../../lib/ui/modal';
import { usePlaylistPageContent } from '../api/playlist-page-content';
import { useAddToPlaylistSteps, type AddToPlaylistStep } from '../hooks/use-add-to-playlist-steps';
import { useSignedInUserId } from '../hooks/use-signed-in-user-id';
import { AddedToPlaylist } from './added-to-playlist';
import { ChoosePlaylistForm } from './choose-playlist-form';
import { NewPlaylistForm } from './new-playlist-form';

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
  const steps = useAddToPlaylistSteps(request, userId, list, audiences);

  // Before the first pull an empty list is not known to be empty: offering only "new playlist"
  // would hide the teacher's existing ones: late is not empty.
  if (
    !userId ||
    playlists === undefined ||
    (list.length === 0 && !pulled && navigator.onLine && !syncFailed)
  ) {
    // Named while it loads too: a dialog without a name is announced as just 'dialog'.
    return (
      <div className="add-to-playlist">
        <h2 id={headingId}>Add to playlist</h2>
        <p role="status">Loading your playlists…</p>
      </div>
    );
  }
  const current: AddToPlaylistStep =
    steps.step ?? (list.length === 0 ? 'newPlaylist' : 'selectPlaylist');

  return (
    <div className="add-to-playlist">
      <h2 id={headingId}>Add to playlist</h2>
      <p className="add-to-playlist__item">{request.title}</p>
      {/* Alert regions are in the dialog before their error, so it is announced (WCAG 4.1.3). */}
      <div role="alert">
        {steps.write.problem && <p className="field__error">{steps.write.problem}</p>}
      </div>
      {current === 'done' && steps.addedTo && (
        <AddedToPlaylist playlist={steps.addedTo} onClose={onClose} />
      )}
      {current === 'selectPlaylist' && (
        <ChoosePlaylistForm
          playlists={list}
          choiceName={steps.choiceName}
          chosen={steps.chosen}
          error={steps.error}
          busy={steps.write.busy}
          onChoose={steps.choose}
          onSubmit={(event) => void steps.addToExisting(event)}
          onCreateNew={() => steps.goTo('newPlaylist')}
          onCancel={onClose}
        />
      )}
      {current === 'newPlaylist' && (
        <NewPlaylistForm
          name={steps.name}
          audiences={audiences}
          audience={steps.audience}
          error={steps.error}
          busy={steps.write.busy}
          canGoBack={list.length > 0}
          onNameChange={steps.typeName}
          onAudienceChange={steps.setAudience}
          onSubmit={(event) => void steps.addToNew(event)}
          onBack={() => steps.goTo('selectPlaylist')}
          onCancel={onClose}
        />
      )}
    </div>
  );
}
