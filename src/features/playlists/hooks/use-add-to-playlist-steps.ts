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

/** Kept across steps, so 'Back' finds the choice and the typed name as they were left. */
export function useAddToPlaylistSteps(
  request: AddToPlaylistRequest,
  userId: string | null,
  list: PlaylistRecord[],
  audiences: PlaylistAudience[],
) {
  const [step, setStep] = useState<AddToPlaylistStep | null>(null);
  const [chosen, setChosen] = useState<string>('');
  const [name, setName] = useState('');
  const [audience, setAudience] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [addedTo, setAddedTo] = useState<{ clientId: string; title: string } | null>(null);
  const choiceName = useId();
  const write = usePlaylistWrite();
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

  // Choosing, typing or changing step clears the error the last attempt showed.
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
    write,
    setAudience,
    choose: changing(setChosen),
    typeName: changing(setName),
    goTo: changing(setStep),
    addToExisting,
    addToNew,
  };
}
