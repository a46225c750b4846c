/** Where focus goes on the playlist page as edit mode starts and ends. */
import { useRef } from 'react';
import type { PlaylistItemRecord } from '../../../lib/db/database';
import { useFocusRescue } from '../../../lib/ui/use-focus-rescue';

export function usePlaylistEditFocus(working: PlaylistItemRecord[] | null) {
  const heading = useRef<HTMLHeadingElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  const editorArea = useRef<HTMLDivElement>(null);
  // Entering edit mode focuses the first item of the editor (once it has loaded); leaving it,
  // 'Edit playlist contents' again, or the heading when nothing is left to edit.
  const rescueFocus = useFocusRescue<HTMLDivElement>(() =>
    working !== null
      ? (editorArea.current?.querySelector('button') ??
        (working.length === 0 ? saveButton.current : null))
      : (editButton.current ?? heading.current),
  );
  return { heading, editButton, saveButton, editorArea, rescueFocus };
}
