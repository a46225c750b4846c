import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useAuthStore } from '../../../lib/auth/auth-store';
import { TextField } from '../../../lib/ui/text-field';
import { useDocumentTitle } from '../../../lib/ui/use-document-title';
import { PASSWORD_HINT } from '../utils/profile-fields';

/** /account/reset-password?code=… (spec part 1): on success, home with ?password-reset=true. */
export function ResetPasswordPage() {
  useDocumentTitle('Reset your password');
  const [search] = useSearchParams();
  const code = search.get('code');
  const navigate = useNavigate();
  const { resetPassword, status, authError, fieldErrors } = useAuthStore();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const failed = status === 'password-reset-error';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (code && (await resetPassword(code, password, confirmation)))
      void navigate('/?password-reset=true');
  }

  if (!code) {
    return (
      <section className="narrow">
        <h1>Reset your password</h1>
        <p className="form-error" role="alert">
          This reset link is incomplete: it has no code. Please use the link from your e-mail again,
          or request a new one from the login panel.
        </p>
        <Link to="/">Go to the home page</Link>
      </section>
    );
  }

  return (
    <section className="narrow">
      <h1>Reset your password</h1>
      <form onSubmit={submit} noValidate>
        {failed && (
          <p className="form-error" role="alert">
            {authError}
          </p>
        )}
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
          value={password}
          error={failed ? fieldErrors.password : undefined}
          onChange={(event) => setPassword(event.target.value)}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          value={confirmation}
          error={failed ? fieldErrors.passwordConfirmation : undefined}
          onChange={(event) => setConfirmation(event.target.value)}
        />
        <div className="form-actions">
          <button type="submit" className="button" disabled={status === 'password-reset-start'}>
            Reset password
          </button>
        </div>
      </form>
    </section>
  );
}
