import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SlideBody } from '../../../src/features/lesson-mode/components/slide-body';
import type { SlideVideo } from '../../../src/lib/lesson-content/slide-fields';
import { slide } from './fixtures';

afterEach(cleanup);

const video = (embed: string | null): SlideVideo => ({
  id: '1',
  title: 'Samba groove',
  film_setup: null,
  embed,
  file: null,
});
const videoSlide = (embed: string | null) =>
  slide('7', { slide_template: 'video', title: 'Watch the band', videos: [video(embed)] });

// Editors paste links and Media Library paths into Embed; a video that cannot play
// says so instead of vanishing.
describe('a slide video from what an editor pasted', () => {
  it('plays a pasted YouTube link in the YouTube player', () => {
    render(
      <SlideBody
        slide={videoSlide('https://www.youtube.com/watch?v=dQw4w9WgXcQ')}
        slidePath={null}
      />,
    );
    expect(screen.getByTitle('Samba groove')).toHaveAttribute(
      'src',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
    );
    expect(screen.queryByText('This video could not be shown')).not.toBeInTheDocument();
  });

  it('plays a pasted /uploads path in the page’s own video player', () => {
    const { container } = render(
      <SlideBody slide={videoSlide('/uploads/samba_groove.mp4')} slidePath={null} />,
    );
    expect(container.querySelector('video source')).toHaveAttribute(
      'src',
      '/uploads/samba_groove.mp4',
    );
  });

  it('says "This video could not be shown" when the Embed text cannot play', () => {
    render(<SlideBody slide={videoSlide('the samba film from last term')} slidePath={null} />);
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent('This video could not be shown');
    expect(note).toHaveTextContent('Samba groove');
  });

  it('shows nothing for a video left empty', () => {
    render(<SlideBody slide={videoSlide('  ')} slidePath={null} />);
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(screen.queryByText('Samba groove')).not.toBeInTheDocument();
  });
});
