import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { UserProfile } from '../../../lib/auth/user-role-membership';
import { CmsError, plainMessage } from '../../../lib/cms/errors';
import { RequiredNote } from '../../../lib/ui/required-note';
import { TextField } from '../../../lib/ui/text-field';
import { useUpdateUserProfile, type ProfileInput } from '../api/update-user-profile';

const FIELDS: {
  name: keyof ProfileInput;
  label: string;
  autoComplete: string;
  required?: boolean;
}[] = [
  { name: 'salutation', label: 'Title (for example Ms, Mr, Dr)', autoComplete: 'honorific-prefix' },
  { name: 'first_name', label: 'First name', autoComplete: 'given-name', required: true },
  { name: 'last_name', label: 'Last name', autoComplete: 'family-name', required: true },
  { name: 'phone_number', label: 'Phone number', autoComplete: 'tel' },
  { name: 'school', label: 'School', autoComplete: 'organization' },
  { name: 'role', label: 'Your role', autoComplete: 'organization-title' },
  { name: 'address_1', label: 'Address line 1', autoComplete: 'address-line1' },
  { name: 'address_2', label: 'Address line 2', autoComplete: 'address-line2' },
  { name: 'postcode', label: 'Postcode', autoComplete: 'postal-code' },
];

/** Server errors on these fields show 'required' (spec part 1, section 5). */
const SERVER_REQUIRED = new Set(['school', 'postcode', 'phone_number', 'role']);

function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof CmsError)) return {};
  const errors: Record<string, string> = {};
  for (const path of Object.keys(error.fieldErrors)) {
    const field = path.split('.').at(-1) ?? path;
    if (SERVER_REQUIRED.has(field)) errors[field] = 'required';
  }
  return errors;
}

export function ProfileEditForm({
  profile,
  onDone,
}: {
  profile: UserProfile | null;
  onDone: (saved: boolean) => void;
}) {
  const [values, setValues] = useState<ProfileInput>(() => {
    const initial: ProfileInput = { first_name: '', last_name: '' };
    for (const { name } of FIELDS) initial[name] = profile?.[name] ?? '';
    return initial;
  });
  const [missing, setMissing] = useState<Record<string, string>>({});
  const update = useUpdateUserProfile();
  const serverErrors = serverFieldErrors(update.error);
  const form = useRef<HTMLFormElement>(null);
  const noteId = useId();
  // Counts refusals, so each one moves focus again, even to the same field.
  const [refusals, setRefusals] = useState(0);

  // Edit mode opens on its first field: the button that opened it is gone (WCAG 2.4.3).
  useEffect(() => {
    form.current?.querySelector('input')?.focus();
  }, []);

  // A refused save puts focus on the first field in error, whose message its description
  // carries, or on the form's message: said at once, not left silent (WCAG 4.1.3, 3.3.1).
  useEffect(() => {
    if (refusals === 0) return;
    const target = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    target?.focus();
  }, [refusals]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const required: Record<string, string> = {};
    if (!values.first_name?.trim()) required.first_name = 'Enter your first name';
    if (!values.last_name?.trim()) required.last_name = 'Enter your last name';
    setMissing(required);
    if (Object.keys(required).length > 0) {
      setRefusals((count) => count + 1);
      return;
    }
    await update.mutateAsync(values).then(
      () => onDone(true),
      () => setRefusals((count) => count + 1),
    );
  }

  return (
    <form ref={form} onSubmit={submit} noValidate aria-describedby={noteId}>
      <h2>Edit your account info</h2>
      <RequiredNote id={noteId} />
      {/* In the page from the start and filled in on a refusal, so it is heard even when focus
          is already in the field (Enter pressed there). */}
      <div role="alert">
        {update.isError && <p className="form-error">{plainMessage(update.error)}</p>}
      </div>
      <p role="alert" className="visually-hidden">
        {Object.values(missing).join('. ')}
      </p>
      {FIELDS.map(({ name, label, autoComplete, required }) => (
        <TextField
          key={name}
          label={label}
          autoComplete={autoComplete}
          required={required}
          value={values[name] ?? ''}
          error={missing[name] ?? serverErrors[name]}
          onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
        />
      ))}
      <div className="form-actions">
        <button type="submit" className="button" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save details'}
        </button>
        <button type="button" className="button button--secondary" onClick={() => onDone(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
