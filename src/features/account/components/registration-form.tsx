import { useRef, useState, type FormEvent } from 'react';
import { useAuthStore } from '../../../lib/auth/auth-store';
import { focusMainHeading } from '../../../lib/ui/route-focus';
import { RequiredNote } from '../../../lib/ui/required-note';
import { TextField } from '../../../lib/ui/text-field';
import { PASSWORD_HINT, registrationFieldErrors } from '../utils/profile-fields';
import { RegistrationErrorLinks } from './registration-error-links';

const EMPTY = {
  first_name: '',
  last_name: '',
  school: '',
  role: '',
  postcode: '',
  email: '',
  password: '',
};

/**
 * The free-trial registration form (spec part 1, /subscribe). The server validates; its field
 * messages show beside each field and its general message above the form.
 */
export function RegistrationForm({ labelledBy }: { labelledBy?: string }) {
  const [values, setValues] = useState(EMPTY);
  const { register, status, authError, fieldErrors } = useAuthStore();
  const errors = status === 'register-failed' ? registrationFieldErrors(fieldErrors) : {};
  const busy = status === 'register-start';
  const form = useRef<HTMLFormElement>(null);

  function field(name: keyof typeof EMPTY) {
    return {
      name,
      value: values[name],
      error: errors[name],
      onChange: (event: { target: { value: string } }) =>
        setValues((current) => ({ ...current, [name]: event.target.value })),
    };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { email, password, ...profile } = values;
    const registered = await register({ email, password, user_profile_data: profile });
    // The submit button is disabled while the account is created, which drops focus to <body>:
    // on success the page becomes 'Account details' (its heading takes focus); on failure the
    // first field in error does, or the form's message when no field is named (WCAG 2.4.3).
    if (registered) {
      focusMainHeading();
      return;
    }
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"], .form-error')?.focus();
  }

  return (
    <form
      className="registration-form"
      aria-labelledby={labelledBy}
      aria-describedby={`${labelledBy}-required`}
      onSubmit={submit}
      noValidate
      ref={form}
    >
      {status === 'register-failed' && authError && (
        <p className="form-error" role="alert" tabIndex={-1}>
          {authError}
        </p>
      )}
      <RegistrationErrorLinks errors={errors} />
      <RequiredNote id={`${labelledBy}-required`} />
      <div className="field-row">
        <TextField label="First name" autoComplete="given-name" required {...field('first_name')} />
        <TextField label="Last name" autoComplete="family-name" required {...field('last_name')} />
      </div>
      <TextField label="School" autoComplete="organization" {...field('school')} />
      <TextField label="Your role" autoComplete="organization-title" {...field('role')} />
      <TextField
        label="Postcode"
        hint="If your school is outside the UK, please enter your country instead."
        autoComplete="postal-code"
        {...field('postcode')}
      />
      <TextField
        label="Email address"
        type="email"
        autoComplete="email"
        required
        {...field('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={PASSWORD_HINT}
        required
        {...field('password')}
      />
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Creating your account…' : 'Start your free trial'}
        </button>
      </div>
    </form>
  );
}
