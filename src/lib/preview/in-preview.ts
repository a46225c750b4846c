import { createContext, useContext } from 'react';
import { selectCanAccessContent, useAuthStore } from '../auth/auth-store';

/**
 * True inside an editor's preview (src/features/preview): the app's real pages, reading one
 * draft with the preview link's token. Nothing there may be stored on the device, so pages hide
 * what stores (download, add to playlist, the downloaded lesson's update notice).
 */
export const InPreview = createContext(false);

export function useInPreview(): boolean {
  return useContext(InPreview);
}

/**
 * Whether the page shows subscriber content: an active subscriber's session, or a preview, where
 * the CMS answers only what the preview's token may read (cms/src/preview/preview-access.js).
 */
export function useCanAccessContent(): boolean {
  const canAccess = useAuthStore(selectCanAccessContent);
  return useInPreview() || canAccess;
}
