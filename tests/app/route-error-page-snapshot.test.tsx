import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorPage } from '../../src/app/route-error-page';

// A page painted from a snapshot stays until the app's own page replaces it. The router's error
// page takes it down at once: a snapshot must never stand over what went wrong.

/** A cover as the worker paints it, shown. */
function paintCover() {
  const cover = document.createElement('div');
  cover.className = 'snapshot-cover snapshot-cover--page';
  cover.innerHTML = '<main><h1>Monday warm-ups</h1></main>';
  document.body.prepend(cover);
}

afterEach(() => {
  cleanup();
  document.querySelector('.snapshot-cover')?.remove();
  vi.restoreAllMocks();
});

describe("a painted snapshot and the router's error page", () => {
  it('goes when the router shows its error page', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    paintCover();
    const Broken = () => {
      throw new Error('Broken page');
    };
    const router = createMemoryRouter([
      { path: '/', element: <Broken />, errorElement: <RouteErrorPage /> },
    ]);
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    expect(document.querySelector('.snapshot-cover')).toBeNull();
  });
});
