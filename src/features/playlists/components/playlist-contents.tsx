/** The playlist page's items: a note when there are none, the list, or the editor in edit mode. */
import { lazy, Suspense, type RefObject } from 'react';
import type { PlaylistItemRecord } from '../../../lib/db/database';
import { Spinner } from '../../../lib/ui/spinner';
import { LibraryLinks } from './library-links';
import { PlaylistItemCard } from './playlist-item-card';

// Drag and drop (dnd-kit) is not part of the page's first load: it loads once the page is up, so
// it is there by the time a teacher edits the contents.
export const loadEditor = () => import('./playlist-editor');
const PlaylistEditor = lazy(() =>
  loadEditor().then((module) => ({ default: module.PlaylistEditor })),
);

export function PlaylistContents({
  items,
  editing,
  editorArea,
  onChange,
}: {
  items: PlaylistItemRecord[];
  editing: boolean;
  editorArea: RefObject<HTMLDivElement | null>;
  onChange: (items: PlaylistItemRecord[]) => void;
}) {
  if (items.length === 0) {
    return (
      <section className="notice playlist-empty" aria-labelledby="playlist-empty-heading">
        <h2 id="playlist-empty-heading">There&apos;s nothing in this playlist yet</h2>
        <p>
          Click the &apos;Add to playlist&apos; button on an activity or audio file to add it to
          this playlist.
        </p>
        <LibraryLinks />
      </section>
    );
  }
  if (editing) {
    return (
      <div ref={editorArea}>
        <Suspense fallback={<Spinner />}>
          <PlaylistEditor items={items} onChange={onChange} />
        </Suspense>
      </div>
    );
  }
  return (
    <ol className="playlist-items" aria-label="Playlist items">
      {items.map((item) => (
        <li key={item.key}>
          <PlaylistItemCard item={item} />
        </li>
      ))}
    </ol>
  );
}
