import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RegistrationForm } from '../../../src/features/account/components/registration-form';
import { useAuthStore } from '../../../src/lib/auth/auth-store';
import { server } from '../../support/msw';

// An error summary: the registration form's message links to each field it is about.

beforeEach(() => {
  localStorage.clear();
  useAuthStore.getState().logout();
  server.use(
    http.all('*', () =>
      HttpResponse.json(
        {
          error: {
            status: 400,
            name: 'ValidationError',
            message: '2 errors occurred',
            details: {
              errors: [
                { path: ['email'], message: 'email must be a valid email' },
                {
                  path: ['user_profile_data', 'first_name'],
                  message: 'first_name must be defined.',
                },
              ],
            },
          },
        },
        { status: 400 },
      ),
    ),
  );
});

afterEach(() => {
  cleanup();
});

describe('the registration error summary', () => {
  it('links to each refused field in the form order, and a link puts focus in its field', async () => {
    render(
      <MemoryRouter>
        <RegistrationForm />
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Start your free trial' }));

    const summary = await screen.findByRole('list', { name: 'Details to change' });
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'First name: Please fill this in.',
      'Email address: Please enter a valid e-mail address.',
    ]);

    await user.click(within(summary).getByRole('link', { name: /^Email address/ }));
    expect(document.activeElement).toBe(screen.getByLabelText(/^Email address/));
    expect(screen.getByLabelText(/^Email address/)).toHaveAccessibleDescription(
      'Please enter a valid e-mail address.',
    );
  });
});
