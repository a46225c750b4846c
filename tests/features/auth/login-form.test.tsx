import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginForm } from '../../../src/features/auth/components/login-form';
import { useAuthStore } from '../../../src/lib/auth/auth-store';
import { server } from '../../support/msw';

// The login button says it is working while the CMS answers, and the panel offers a way out
// once a reset e-mail has been sent.

let answerLogin: ((response: Response) => void) | null = null;

beforeEach(() => {
  localStorage.clear();
  useAuthStore.getState().logout();
  server.use(
    http.all('*/api/auth/forgot-password', () => HttpResponse.json({ ok: true })),
    http.all('*', () => new Promise<Response>((resolve) => (answerLogin = resolve))),
  );
});

afterEach(() => {
  cleanup();
  answerLogin = null;
});

function renderForm(onCancel = vi.fn()) {
  render(
    <MemoryRouter>
      <LoginForm headingId="login-heading" onSuccess={vi.fn()} onCancel={onCancel} />
    </MemoryRouter>,
  );
  return onCancel;
}

describe('the login panel', () => {
  it('says it is logging in, and cannot be pressed again, while the CMS answers', async () => {
    renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), 'teacher@demo.school');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(screen.getByRole('button', { name: 'Logging in…' })).toBeDisabled();
    answerLogin?.(
      Response.json(
        {
          error: {
            status: 400,
            name: 'ValidationError',
            message: 'Invalid identifier or password',
          },
        },
        { status: 400 },
      ),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The e-mail address or password is not right. Check both and try again.',
    );
    expect(screen.queryByText('Invalid identifier or password')).toBeNull();
    expect(screen.getByRole('button', { name: 'Log In' })).toBeEnabled();
  });

  it('offers Close once the reset e-mail has been sent', async () => {
    const onCancel = renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Forgotten your password?' }));
    await user.type(screen.getByLabelText('Email address'), 'teacher@demo.school');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(
      await screen.findByText(
        'An email with instructions to reset your password has been sent to you.',
      ),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });
});
