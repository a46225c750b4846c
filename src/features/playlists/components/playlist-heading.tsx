/** The playlist page's heading, with the button that opens the playlist's details. */
import type { RefObject } from 'react';

export function PlaylistHeading({
  title,
  headingRef,
  onEditDetails,
}: {
  title: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onEditDetails: () => void;
}) {
  return (
    <div className="playlist-heading">
      <h1 ref={headingRef} tabIndex={-1}>
        {title}
      </h1>
      <button type="button" className="button button--secondary" onClick={onEditDetails}>
        Edit playlist details
      </button>
    </div>
  );
}
