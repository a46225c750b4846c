import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { AuthDialogs } from '../../../src/features/auth/components/auth-dialogs';
import { useAccessStore } from '../../../src/lib/auth/access-store';

// The login form's code loads when the panel is asked for. If it cannot load, the panel still
// opens and says so, instead of Log In doing nothing.

vi.mock('../../../src/features/auth/components/login-form', () => {
  throw new TypeError('error loading dynamically imported module');
});

beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.open = false;
  };
});

afterEach(() => cleanup());

it('a login form that cannot load is said in the panel, which closes as usual', async () => {
  render(
    <MemoryRouter>
      <AuthDialogs />
    </MemoryRouter>,
  );
  act(() => useAccessStore.getState().openLoginPanel());
  expect(
    await screen.findByText(
      'The login form could not be loaded. Check the connection and try again.',
    ),
  ).toBeInTheDocument();
  // By its text: whether jsdom's <dialog> counts as open depends on its showModal stand-in.
  act(() => screen.getByText('Close', { selector: 'button' }).click());
  expect(useAccessStore.getState().loginPanelOpen).toBe(false);
});
