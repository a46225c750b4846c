import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { FeatureBox } from '../../../src/features/audiences/api/audience-query';
import { FeatureBoxCard } from '../../../src/features/audiences/components/feature-box-card';
import { SlideBody } from '../../../src/features/lesson-mode/components/slide-body';
import type { SlideTemplate } from '../../../src/lib/lesson-content/slide-fields';
import { slide } from './fixtures';

afterEach(cleanup);

// WCAG 1.1.1: a picture has the Media Library's alternative text, unless the editor marked it
// decorative in the CMS; then it has alt="" so screen readers skip it (the CMS refuses to publish
// a slide or feature image with neither).

const image = (name: string) => ({
  url: `/uploads/${name}.png`,
  alternativeText: `A ${name} on a table`,
  caption: null,
  mime: 'image/png',
});

function slideAlts(template: SlideTemplate, decorative: { main?: boolean; second?: boolean }) {
  const { container } = render(
    <MemoryRouter>
      <SlideBody
        slide={slide('1', {
          slide_template: template,
          main_image: image('drum'),
          main_image_decorative: decorative.main ?? false,
          secondary_image: image('shaker'),
          secondary_image_decorative: decorative.second ?? false,
        })}
        slidePath={null}
      />
    </MemoryRouter>,
  );
  return [...container.querySelectorAll('img')].map((img) => img.getAttribute('alt'));
}

describe("a slide's images", () => {
  it('carry their alternative text, or alt="" when marked decorative, in every layout that shows them', () => {
    expect(slideAlts('image', {})).toEqual(['A drum on a table', 'A shaker on a table']);
    expect(slideAlts('image', { main: true })).toEqual(['', 'A shaker on a table']);
    expect(slideAlts('all', { second: true })).toEqual(['A drum on a table', '']);
    expect(slideAlts('audio_and_image', { main: true })).toEqual(['']);
    expect(slideAlts('audio_and_image', {})).toEqual(['A drum on a table']);
  });
});

describe("a slide's audio cards and columns", () => {
  it('give each picture its alternative text, or alt="" when marked decorative', () => {
    const alts = (decorative: boolean) => {
      const { container } = render(
        <MemoryRouter>
          <SlideBody
            slide={slide('2', {
              slide_template: 'all',
              audiocards: [
                {
                  id: 'c1',
                  title: 'Drum',
                  image: image('drum'),
                  image_decorative: decorative,
                  audio: null,
                },
              ],
              left_column: {
                id: 'l',
                title: 'Loud',
                text: null,
                videos: [],
                audio: [],
                images: [image('cymbal')],
                images_decorative: decorative,
              },
            })}
            slidePath={null}
          />
        </MemoryRouter>,
      );
      const found = [...container.querySelectorAll('img')].map((img) => img.getAttribute('alt'));
      cleanup();
      return found;
    };
    expect(alts(false).sort()).toEqual(['A cymbal on a table', 'A drum on a table']);
    expect(alts(true)).toEqual(['', '']);
  });
});

describe("a feature box's picture", () => {
  const box = (decorative: boolean) =>
    ({
      id: '1',
      title: 'Samba',
      is_preview: false,
      link_label: 'Explore',
      blurb: null,
      featured_image: image('drum'),
      featured_image_decorative: decorative,
      tag_age_groups: [],
      programmelink: null,
    }) as unknown as FeatureBox;
  const alt = (decorative: boolean) => {
    const { container } = render(
      <MemoryRouter>
        <FeatureBoxCard box={box(decorative)} href="/primary/samba" />
      </MemoryRouter>,
    );
    const value = container.querySelector('img')!.getAttribute('alt');
    cleanup();
    return value;
  };

  it('has its alternative text, or alt="" when marked decorative', () => {
    expect(alt(false)).toBe('A drum on a table');
    expect(alt(true)).toBe('');
  });
});
