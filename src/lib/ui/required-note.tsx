/**
 * What the ' *' after a label means, said once per form that uses it (WCAG 3.3.2). The form
 * names this note in its aria-describedby, so a screen reader hears it on entering the form.
 */
export function RequiredNote({ id }: { id: string }) {
  return (
    <p id={id} className="form-note">
      Fields marked * are required.
    </p>
  );
}
