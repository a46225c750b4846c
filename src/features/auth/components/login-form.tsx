import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useAuthStore } from '../../../lib/auth/auth-store';
import { plainMessage } from '../../../lib/cms/errors';
import { PRODUCT_NAME } from '../../../lib/config';

/** What a wrong e-mail or password reads as: the one failure that is about both fields. */
const WRONG_LOGIN = plainMessage('Invalid identifier or password');

/**
 * The login panel's form (spec part 1, "Login panel"): log in, or with 'Forgotten your
 * password?' request a reset e-mail instead. No client-side validation, as the spec says.
 */
export function LoginForm({
  headingId,
  onSuccess,
  onCancel,
}: {
  headingId: string;
  onSuccess: () => void;
  onCancel?: () => void;
}) {
  const [forgotten, setForgotten] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { login, forgotPassword, status, authError, fieldErrors, clearError } = useAuthStore();
  const ids = {
    email: useId(),
    password: useId(),
    error: useId(),
    emailError: useId(),
    passwordError: useId(),
  };
  const busy = status === 'login-start' || status === 'forgot-password-start';
  const resetSent = forgotten && status === 'forgot-password-success';
  const idleLabel = forgotten ? 'Reset password' : 'Log In';
  // The button says what it is doing while it works, and cannot be pressed twice.
  const submitLabel = busy ? (forgotten ? 'Sending the e-mail…' : 'Logging in…') : idleLabel;
  const showError = (status === 'login-failed' || status === 'forgot-password-error') && authError;
  // WCAG 3.3.1: a wrong login marks both fields invalid and each is described by the message.
  const fieldsInvalid = status === 'login-failed' && authError === WRONG_LOGIN;
  // The server's own message for a field it refused (an empty one), shown by that field: the
  // form has no client-side validation, as the spec says, so this is how a blank field is told.
  const failed = status === 'login-failed' || status === 'forgot-password-error';
  const emailMessage = failed ? (fieldErrors.identifier ?? fieldErrors.email) : undefined;
  const passwordMessage = failed ? fieldErrors.password : undefined;
  const fieldError = (message: string | undefined, messageId: string) => ({
    'aria-invalid': fieldsInvalid || message !== undefined || undefined,
    'aria-describedby':
      [fieldsInvalid ? ids.error : null, message ? messageId : null].filter(Boolean).join(' ') ||
      undefined,
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (forgotten) await forgotPassword(email);
    else if (await login(email, password)) onSuccess();
  }

  function toggle() {
    clearError();
    setForgotten((value) => !value);
  }

  return (
    <form
      className="login-form"
      onSubmit={submit}
      aria-describedby={showError ? ids.error : undefined}
    >
      <h2 id={headingId}>Log in to {PRODUCT_NAME}</h2>
      {/* In the form from the start, so the message is announced when it arrives (WCAG 4.1.3). */}
      <div id={ids.error} role="alert">
        {showError && <p className="form-error">{authError}</p>}
      </div>
      {resetSent ? (
        <>
          <p role="status">
            An email with instructions to reset your password has been sent to you.
          </p>
          {onCancel && (
            <div className="form-actions">
              <button type="button" className="button" onClick={onCancel}>
                Close
              </button>
            </div>
          )}
        </>
      ) : (
        <>
          <div className="field">
            <label htmlFor={ids.email}>Email address</label>
            <input
              id={ids.email}
              type="email"
              autoComplete="username"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              {...fieldError(emailMessage, ids.emailError)}
            />
            {emailMessage && (
              <span id={ids.emailError} className="field__error">
                {emailMessage}
              </span>
            )}
          </div>
          {!forgotten && (
            <div className="field">
              <label htmlFor={ids.password}>Password</label>
              <input
                id={ids.password}
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                {...fieldError(passwordMessage, ids.passwordError)}
              />
              {passwordMessage && (
                <span id={ids.passwordError} className="field__error">
                  {passwordMessage}
                </span>
              )}
            </div>
          )}
          <div className="form-actions">
            <button type="submit" className="button" disabled={busy}>
              {submitLabel}
            </button>
            {onCancel && (
              <button type="button" className="button button--secondary" onClick={onCancel}>
                Cancel
              </button>
            )}
          </div>
        </>
      )}
      <p>
        <button type="button" className="link-button" onClick={toggle}>
          {forgotten ? 'Remembered your password?' : 'Forgotten your password?'}
        </button>
      </p>
      <p>
        <Link to="/subscribe" onClick={onCancel}>
          Create a free account now
        </Link>
      </p>
    </form>
  );
}
