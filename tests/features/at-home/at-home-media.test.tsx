import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { AtHomeMedia } from '../../../src/features/at-home/components/at-home-media';

afterEach(cleanup);

// WCAG 1.1.1: at-home material's pictures have the Media Library's alternative text, or alt=""
// when the editor ticked 'At-home pictures are decorative'.

const altsOf = (decorative: boolean) =>
  [
    ...render(
      <MemoryRouter>
        <AtHomeMedia
          material={{
            id: '1',
            title: 'Clap along',
            description: null,
            mediaEmbed: null,
            media_decorative: decorative,
            media: [
              {
                documentId: 'image-1',
                url: '/uploads/hands.png',
                mime: 'image/png',
                alternativeText: 'Two hands clapping',
              },
            ],
          }}
        />
      </MemoryRouter>,
    ).container.querySelectorAll('img'),
  ].map((image) => image.getAttribute('alt'));

describe("at-home material's pictures", () => {
  it('have their alternative text', () => {
    expect(altsOf(false)).toEqual(['Two hands clapping']);
  });

  it('are skipped by screen readers when marked decorative', () => {
    expect(altsOf(true)).toEqual(['']);
  });
});
