/** The add-to-playlist dialog's state: its step, what is chosen or typed, and the two saves. */
import { useId, useState, type FormEvent } from 'react';
import type { PlaylistItemRecord, PlaylistRecord } from '../../../lib/db/database';
import type { AddToPlaylistRequest } from '../../../lib/playlists/add-to-playlist-store';
import { usePlaylistWrite } from '../../../lib/playlists/use-playlist-write';
import { appendPlaylistItem, createPlaylist } from '../../../lib/sync/local-writes';
import { ACTIVITY_ITEM, AUDIO_ITEM } from '../../../lib/sync/playlist-mapping';
import type { PlaylistAudience } from '../api/playlist-page-content';

export type AddToPlaylistStep = 'selectPlaylist' | 'newPlaylist' | 'done';

function toPlaylistItem(request: AddToPlaylistRequest): Omit<PlaylistItemRecord, 'key'> {
  return {
    kind: request.kind === 'audio' ? AUDIO_ITEM : ACTIVITY_ITEM,
    title: request.title,
    itemId: request.itemId,
    contextPath: request.contextPath,
    details: request.details ?? {},
  };
}

/** The playlist the item went into, which the done step names and links to. */
interface AddedTo {
  clientId: string;
  title: string;
}

/**
 * What the steps hold, kept across steps so 'Back' finds the choice and the typed name as they
 * were left. Choosing, typing or changing step clears the error the last attempt showed.
 */
function useStepState() {
  const [step, setStep] = useState<AddToPlaylistStep | null>(null);
  const [chosen, setChosen] = useState<string>('');
  const [name, setName] = useState('');
  const [audience, setAudience] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [addedTo, setAddedTo] = useState<AddedTo | null>(null);
  const choiceName = useId();

  const changing =
    <T>(change: (value: T) => void) =>
    (value: T) => {
      change(value);
      setError(null);
    };

  return {
    step,
    chosen,
    name,
    audience,
    error,
    addedTo,
    choiceName,
    setAudience,
    choose: changing(setChosen),
    /** A choice the dialog made itself (the only playlist), held like the teacher's own. */
    hold: setChosen,
    typeName: changing(setName),
    goTo: changing(setStep),
    /** Why the save was not tried: shown until the next change. */
    refuse: setError,
    /** The item was saved: the done step names the playlist. */
    finish(playlist: AddedTo) {
      setAddedTo(playlist);
      setStep('done');
    },
  };
}

/** The two saves: into the chosen playlist, or into a new one with the typed name. */
function useAddSaves(
  request: AddToPlaylistRequest,
  userId: string | null,
  list: PlaylistRecord[],
  audiences: PlaylistAudience[],
  state: ReturnType<typeof useStepState>,
) {
  const write = usePlaylistWrite();
  const item = toPlaylistItem(request);

  async function addToExisting(event: FormEvent) {
    event.preventDefault();
    const target = list.find((playlist) => playlist.clientId === state.chosen);
    if (!target) {
      state.refuse('Choose a playlist.');
      return;
    }
    const saved = await write.run(() => appendPlaylistItem(target.clientId, item));
    if (!saved.ok) return;
    state.finish({ clientId: target.clientId, title: target.title });
  }

  async function addToNew(event: FormEvent) {
    event.preventDefault();
    if (!state.name.trim()) {
      state.refuse('Enter a name for the playlist.');
      return;
    }
    const created = await write.run(() =>
      createPlaylist(userId!, {
        title: state.name,
        audienceId: state.audience ?? audiences[0]?.documentId ?? null,
        items: [item],
      }),
    );
    if (!created.ok) return;
    state.finish({ clientId: created.value.clientId, title: created.value.title });
  }

  return { write, addToExisting, addToNew };
}

/** The add-to-playlist dialog's steps: what they hold, and the two saves. */
export function useAddToPlaylistSteps(
  request: AddToPlaylistRequest,
  userId: string | null,
  list: PlaylistRecord[],
  audiences: PlaylistAudience[],
) {
  const held = useStepState();
  // With exactly one playlist there is nothing to choose between: it starts chosen, and stays
  // chosen when a sync brings another one while the dialog is open (a radio shown checked must
  // not silently empty). Set during render, so no frame shows it unchosen.
  const only = list.length === 1 ? list[0]!.clientId : '';
  if (only && !held.chosen) held.hold(only);
  const state = { ...held, chosen: held.chosen || only };
  const { write, addToExisting, addToNew } = useAddSaves(request, userId, list, audiences, state);
  const { refuse: _refuse, finish: _finish, hold: _hold, ...shown } = state;
  return { ...shown, write, addToExisting, addToNew };
}
