import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AtHomeMaterial } from '../../../src/features/at-home/api/activity-at-home';
import { AtHomeMedia } from '../../../src/features/at-home/components/at-home-media';

// At-home material's film reads the Embed text like every other video, so families see
// "This video could not be shown" rather than a gap where a film was meant to be.

afterEach(cleanup);

const material = (mediaEmbed: string | null): AtHomeMaterial => ({
  id: '1',
  title: 'Sing it at home',
  description: null,
  mediaEmbed,
  media: null,
});

describe("at-home material's film", () => {
  it('says "This video could not be shown" for Embed text that cannot play', () => {
    render(<AtHomeMedia material={material('{"url": "javascript:alert(1)"}')} />);
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent('This video could not be shown');
    expect(note).toHaveTextContent('Sing it at home');
  });

  it('plays a pasted YouTube link under the title the editor gave it', () => {
    render(
      <AtHomeMedia
        material={material(
          JSON.stringify({ url: 'https://youtu.be/dQw4w9WgXcQ', title: 'Warm-up' }),
        )}
      />,
    );
    expect(screen.getByTitle('Warm-up')).toHaveAttribute(
      'src',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
    );
  });

  it('shows no note when there is no film', () => {
    render(<AtHomeMedia material={material(null)} />);
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
