import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CmsVideo } from '../../../src/shared/media/cms-video';
import { VIDEO_NOT_SHOWN_TEXT, VideoEmbed } from '../../../src/shared/media/video-embed';
import { FOREIGN_VIDEO_ADDRESSES, PLAYABLE_VIDEO_LINKS } from '../../support/video-url-corpus';

// A film from another site plays in a frame only from YouTube's or Vimeo's player, and that frame
// may run the player but never navigate the app's page, submit forms or open pop-ups. An address
// stored before the CMS refused other sites shows the clear note, never a frame.

afterEach(cleanup);

describe("a video player's frame", () => {
  it.each(Object.entries(PLAYABLE_VIDEO_LINKS))('is sandboxed for %s', (link, player) => {
    render(<CmsVideo video={{ embed: link }} title="Samba groove" />);
    const frame = screen.getByTitle('Samba groove');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', player);
    expect(frame.getAttribute('sandbox')?.split(' ').sort()).toEqual([
      'allow-presentation',
      'allow-same-origin',
      'allow-scripts',
    ]);
    expect(frame).toHaveAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
  });
});

describe('a stored address outside the allowed video players', () => {
  it.each(FOREIGN_VIDEO_ADDRESSES)('shows the note, not a frame: %s', (address) => {
    const { container } = render(<CmsVideo video={{ embed: address }} title="Samba groove" />);
    expect(container.querySelector('iframe')).toBeNull();
    expect(screen.getByRole('note')).toHaveTextContent(VIDEO_NOT_SHOWN_TEXT);
  });

  it('is never framed, even when handed to the player as an embed directly', () => {
    const framed = FOREIGN_VIDEO_ADDRESSES.filter((url) => {
      const { container, unmount } = render(<VideoEmbed embed={{ url }} title="Samba groove" />);
      const frame = container.querySelector('iframe');
      unmount();
      return frame !== null;
    });
    expect(framed).toEqual([]);
  });
});
