import { create } from 'zustand';

/**
 * What the 'Add to playlist' dialog is adding. Activity and audio pages ask for it; the
 * playlists feature owns the dialog that answers (features never import each other).
 */
export interface AddToPlaylistRequest {
  kind: 'activity' | 'audio';
  /** Activity page documentId, or the audio file's upload documentId. */
  itemId: string;
  title: string;
  /** The page the item was added from: the playlist card links back to it. */
  contextPath: string;
  /**
   * What the playlist card shows offline: for an activity { time, type, introduction }, for
   * audio { url, caption } (the url is required for the item to play in lesson mode).
   */
  details?: Record<string, unknown>;
}

interface AddToPlaylistState {
  request: AddToPlaylistRequest | null;
  open: (request: AddToPlaylistRequest) => void;
  close: () => void;
}

export const useAddToPlaylist = create<AddToPlaylistState>()((set) => ({
  request: null,
  open: (request) => set({ request }),
  close: () => set({ request: null }),
}));
