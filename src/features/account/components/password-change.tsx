import { useState } from 'react';
import { plainMessage } from '../../../lib/cms/errors';
import { postCms } from '../../../lib/cms/rest-client';

type State = 'idle' | 'requesting' | 'sent' | 'failed';

/** A password change is a reset e-mail to the signed-in address (spec part 1, /subscribe). */
export function PasswordChange({ email }: { email: string }) {
  const [state, setState] = useState<State>('idle');
  const [problem, setProblem] = useState('');

  async function request() {
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
      <h3 id="password-heading">Password</h3>
      <div role="status">
        {state === 'requesting' && <p>requesting password change...</p>}
        {state === 'sent' && (
          <p>An email with instructions to reset your password has been sent to you.</p>
        )}
      </div>
      {state === 'failed' && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      {state !== 'sent' && (
        <button
          type="button"
          className="button button--secondary"
          disabled={state === 'requesting'}
          onClick={() => void request()}
        >
          Change password
        </button>
      )}
    </section>
  );
}
