import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { LostPage } from '../../../src/lib/ui/lost-page';
import { coverShown, paintCover } from '../../support/painted-cover';

// A page painted from a snapshot stays until the app's own page replaces it. The app's pages that
// say a page is not there, or that something went wrong, take it down at once: a snapshot must
// never stand over them (a look-alike address painted another page's snapshot over 'Lost?').

afterEach(() => {
  cleanup();
  document.querySelector('.snapshot-cover')?.remove();
});

describe('a painted snapshot and the page that says a page is not there', () => {
  it("goes when 'Lost?' is shown", () => {
    paintCover();
    render(
      <MemoryRouter>
        <LostPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Lost?' })).toBeInTheDocument();
    expect(coverShown()).toBe(false);
  });
});
