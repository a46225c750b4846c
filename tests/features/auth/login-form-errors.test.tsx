import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginForm } from '../../../src/features/auth/components/login-form';
import { useAuthStore } from '../../../src/lib/auth/auth-store';
import { server } from '../../support/msw';

// WCAG 3.3.1 and 4.1.3: a wrong login is tied to both fields and announced from an
// alert region that was in the form before it.

const WRONG = 'The e-mail address or password is not right. Check both and try again.';
let answer: () => Response;

beforeEach(() => {
  localStorage.clear();
  useAuthStore.getState().logout();
  server.use(http.all('*', () => answer()));
});

afterEach(() => {
  cleanup();
});

async function logIn() {
  render(
    <MemoryRouter>
      <LoginForm headingId="login-heading" onSuccess={vi.fn()} />
    </MemoryRouter>,
  );
  const region = screen.getByRole('alert');
  expect(region).toBeEmptyDOMElement();
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email address'), 'teacher@demo.school');
  await user.type(screen.getByLabelText('Password'), 'wrong');
  await user.click(screen.getByRole('button', { name: 'Log In' }));
  return region;
}

describe('the login form, when the login fails', () => {
  it('marks the e-mail and password invalid, each described by the message, announced in the region that was there', async () => {
    answer = () =>
      Response.json(
        {
          error: {
            status: 400,
            name: 'ValidationError',
            message: 'Invalid identifier or password',
          },
        },
        { status: 400 },
      );
    const region = await logIn();

    expect(await screen.findByText(WRONG)).toBeVisible();
    expect(screen.getByRole('alert')).toBe(region);
    expect(region).toHaveTextContent(WRONG);
    for (const label of ['Email address', 'Password']) {
      const field = screen.getByLabelText(label);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(WRONG);
    }
  });

  it("shows the server's message by each field it refused when both are left empty", async () => {
    answer = () =>
      Response.json(
        {
          error: {
            status: 400,
            name: 'ValidationError',
            message: '2 errors occurred',
            details: {
              errors: [
                { path: ['identifier'], message: 'identifier is a required field' },
                { path: ['password'], message: 'password is a required field' },
              ],
            },
          },
        },
        { status: 400 },
      );
    render(
      <MemoryRouter>
        <LoginForm headingId="login-heading" onSuccess={vi.fn()} />
      </MemoryRouter>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log In' }));
    expect(
      await screen.findByText('Some details need changing: see the messages by the fields below.'),
    ).toBeVisible();
    for (const label of ['Email address', 'Password']) {
      const field = screen.getByLabelText(label);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription('Please fill this in.');
    }
  });

  it('does not blame the fields when the server could not be reached', async () => {
    answer = () => HttpResponse.error();
    const region = await logIn();
    await screen.findByText(/./, { selector: '[role="alert"] p' });
    expect(screen.getByRole('alert')).toBe(region);
    expect(region).not.toHaveTextContent(WRONG);
    expect(screen.getByLabelText('Email address')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
  });
});
