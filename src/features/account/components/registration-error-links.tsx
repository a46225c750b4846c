/** The registration fields by the names the CMS reports them under, as their labels read. */
const FIELD_LABELS: Record<string, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  school: 'School',
  role: 'Your role',
  postcode: 'Postcode',
  email: 'Email address',
  password: 'Password',
};

/**
 * Under the registration form's error message, a link to each field the CMS refused, saying
 * what is wrong with it (an error summary). A link moves focus into its field, where
 * the field's own description repeats the message. Fields are found by their name, as the
 * inputs' ids are made by the text field component.
 */
export function RegistrationErrorLinks({ errors }: { errors: Record<string, string | undefined> }) {
  // In the form's order, whatever order the CMS listed them in.
  const named = Object.entries(FIELD_LABELS).flatMap(([name, label]) => {
    const message = errors[name];
    return message ? [{ name, label, message }] : [];
  });
  if (named.length === 0) return null;
  return (
    <ul className="form-error__links" aria-label="Details to change">
      {named.map(({ name, label, message }) => (
        <li key={name}>
          <a
            href={`#${name}`}
            onClick={(event) => {
              event.preventDefault();
              const form = event.currentTarget.closest('form');
              const input = form?.elements.namedItem(name);
              if (input instanceof HTMLElement) input.focus();
            }}
          >
            {label}: {message}
          </a>
        </li>
      ))}
    </ul>
  );
}
