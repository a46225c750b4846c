import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorPage } from '../../src/app/route-error-page';
import { coverShown, paintCover } from '../support/painted-cover';

// A page painted from a snapshot stays until the app's own page replaces it. The router's error
// page takes it down at once: a snapshot must never stand over what went wrong.

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
    expect(coverShown()).toBe(false);
  });
});
