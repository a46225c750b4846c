import { useId, type InputHTMLAttributes, type Ref } from 'react';

/**
 * A labelled input with an optional hint and error, both tied to it for screen readers; an error
 * that is the hint itself replaces it rather than repeating it.
 */
export function TextField({
  label,
  hint,
  error,
  required,
  ref,
  ...input
}: {
  label: string;
  hint?: string;
  error?: string | null;
  ref?: Ref<HTMLInputElement>;
} & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  // A refusal that repeats the hint word for word (the password rule) is said once, as the error.
  const shownHint = hint && hint !== error ? hint : undefined;
  const hintId = shownHint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {shownHint && (
        <span id={hintId} className="field__hint">
          {shownHint}
        </span>
      )}
      <input
        ref={ref}
        id={id}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        {...input}
      />
      {error && (
        <span id={errorId} className="field__error">
          {error}
        </span>
      )}
    </div>
  );
}
