import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { CpdCard } from '../../../src/features/cpd/components/cpd-card';

afterEach(cleanup);

// WCAG 1.1.1: a CPD card's picture has the Media Library's alternative text, or alt="" when the
// editor ticked 'Main image is decorative' (screen readers then skip it).

const card = (decorative: boolean) => ({
  documentId: 'event-1',
  title: 'Singing games',
  blurb: null,
  slug: 'singing-games',
  main_image: { url: '/uploads/choir.png', alternativeText: 'A choir in a circle' },
  main_image_decorative: decorative,
});

const altOf = (decorative: boolean) =>
  render(
    <MemoryRouter>
      <CpdCard card={card(decorative)} to="/cpd/session/singing-games" />
    </MemoryRouter>,
  )
    .container.querySelector('img')!
    .getAttribute('alt');

describe("a CPD card's picture", () => {
  it('has its alternative text', () => {
    expect(altOf(false)).toBe('A choir in a circle');
  });

  it('is skipped by screen readers when marked decorative', () => {
    expect(altOf(true)).toBe('');
  });
});
