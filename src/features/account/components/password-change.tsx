import { useEffect, useRef, useState } from 'react';
import { plainMessage } from '../../../lib/cms/errors';
import { postCms } from '../../../lib/cms/rest-client';

type State = 'idle' | 'requesting' | 'sent' | 'failed';

/** A password change is a reset e-mail to the signed-in address (spec part 1, /subscribe). */
export function PasswordChange({ email }: { email: string }) {
  const [state, setState] = useState<State>('idle');
  const [problem, setProblem] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  // Once sent, 'Change password' goes: focus moves to this section's heading, right above the
  // confirmation, instead of dropping to <body> (WCAG 2.4.3).
  useEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (state === 'sent' && lost) heading.current?.focus();
  }, [state]);

  async function request() {
    if (state === 'requesting') return;
    setState('requesting');
    try {
      await postCms('/api/auth/forgot-password', { email });
      setState('sent');
    } catch (error) {
      setProblem(plainMessage(error));
      setState('failed');
    }
  }

  return (
    <section aria-labelledby="password-heading" className="password-change">
      <h3 id="password-heading" ref={heading} tabIndex={-1}>
        Password
      </h3>
      <div role="status">
        {state === 'requesting' && <p>requesting password change...</p>}
        {state === 'sent' && (
          <p>An email with instructions to reset your password has been sent to you.</p>
        )}
      </div>
      {/* In the page from the start, like the status above, so the refusal is heard. */}
      <div role="alert">{state === 'failed' && <p className="form-error">{problem}</p>}</div>
      {state !== 'sent' && (
        <button
          type="button"
          className="button button--secondary"
          // Not disabled while requesting: a disabled button loses focus to <body>.
          aria-disabled={state === 'requesting'}
          onClick={() => void request()}
        >
          Change password
        </button>
      )}
    </section>
  );
}
