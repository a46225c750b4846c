import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  FeatureBox,
  FeatureBoxAudio,
} from '../../../src/features/audiences/api/audience-query';
import { FeatureBoxCard } from '../../../src/features/audiences/components/feature-box-card';

afterEach(cleanup);

const box = (audio: FeatureBoxAudio | null) =>
  ({
    id: '1',
    title: 'The Firebird set work',
    is_preview: false,
    link_label: 'Find out more',
    blurb: null,
    featured_image: null,
    tag_age_groups: [],
    programmelink: {
      programme: { title: 'Orchestra Unwrapped', slug: 'orchestra-unwrapped', released: true },
      audio,
    },
  }) as FeatureBox;

const firebird: FeatureBoxAudio = {
  documentId: 'a1',
  title: 'The Firebird',
  audio_excerpts: [
    { id: '1', title: 'Without a file', audio_file: null },
    {
      id: '2',
      title: 'Finale theme',
      audio_file: {
        documentId: 'f1',
        url: '/uploads/firebird.mp3',
        caption: null,
        name: 'firebird.mp3',
      },
    },
  ],
};

function renderCard(card: FeatureBox) {
  render(
    <MemoryRouter>
      <FeatureBoxCard box={card} href="/secondary/KS5/programme/orchestra-unwrapped" />
    </MemoryRouter>,
  );
}

describe('a feature box with audio attached', () => {
  it('shows a player for the audio page’s first recording, named by the page and the recording', () => {
    renderCard(box(firebird));
    const audio = document.querySelector('audio');
    expect(audio).toHaveAttribute('src', '/uploads/firebird.mp3');
    expect(audio).toHaveAttribute('controls');
    // The player is labelled by its visible caption: the page's title and the recording's.
    const label = document.getElementById(audio!.getAttribute('aria-labelledby')!);
    expect(label).toBeVisible();
    expect(label).toHaveTextContent('The FirebirdFinale theme');
    expect(screen.getByRole('link', { name: /Find out more/ })).toBeVisible();
  });

  it('shows no player without audio, or when its recordings have no file', () => {
    renderCard(box(null));
    expect(document.querySelector('audio')).toBeNull();
    cleanup();
    renderCard(box({ ...firebird, audio_excerpts: [firebird.audio_excerpts![0]!] }));
    expect(document.querySelector('audio')).toBeNull();
  });
});
