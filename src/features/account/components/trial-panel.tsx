import { useState } from 'react';
import { ACTIVE_SUBSCRIBER, useAuthStore } from '../../../lib/auth/auth-store';
import { plainMessage } from '../../../lib/cms/errors';
import { postCms } from '../../../lib/cms/rest-client';
import { useMemberAccount } from '../api/member-account';

type Resend = 'idle' | 'sending' | 'sent' | 'failed';

/**
 * For a signed-in teacher on a free trial: what the trial includes, that a school subscription
 * includes every teacher, and how to join one. When an invitation waits for this address the
 * panel says so (never which school sent it: the address is not proven until its link is
 * followed). The invitation's link can be sent again (the CMS answers the same whatever the
 * address).
 */
export function TrialPanel() {
  const role = useAuthStore((state) => state.userRole);
  const email = useAuthStore((state) => state.user?.email ?? null);
  const userId = useAuthStore((state) => state.user?.id);
  const waiting = useMemberAccount(userId).data?.invitationWaiting === true;
  const [resend, setResend] = useState<Resend>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  if (role === ACTIVE_SUBSCRIBER || !email) return null;

  async function sendAgain() {
    setResend('sending');
    try {
      await postCms('/api/auth/send-email-confirmation', { email });
      setResend('sent');
    } catch (error) {
      setProblem(plainMessage(error));
      setResend('failed');
    }
  }

  return (
    <section className="trial-panel" aria-labelledby="trial-heading">
      <h2 id="trial-heading">Your free trial</h2>
      <p>
        With your free trial you can browse every programme, use the activity and audio libraries
        and build playlists. Units of work, their lessons and your own units come with a school
        subscription.
      </p>
      <h3>Join your school’s subscription</h3>
      {waiting ? (
        <p className="notice">
          An invitation to a school subscription is waiting for <strong>{email}</strong>. Follow the
          link in the invitation e-mail to join. Can’t find it? Look in your spam folder, or have
          the e-mail sent again.
        </p>
      ) : (
        <>
          <p>
            A school subscription includes every teacher at the school. To join yours, ask the
            teacher who manages it to invite <strong>{email}</strong>. The invitation e-mail has a
            link: follow it to join.
          </p>
          <p>
            Invited already? Look for that e-mail, in your spam folder too, or have the e-mail sent
            again.
          </p>
        </>
      )}
      <div className="form-actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={resend === 'sending'}
          onClick={() => void sendAgain()}
        >
          {resend === 'sending' ? 'Sending the e-mail…' : 'Send the e-mail again'}
        </button>
      </div>
      {/* In the page from the start, so what it says is announced when it changes. */}
      <p role="status">
        {resend === 'sent'
          ? `Sent to ${email}. If an invitation is waiting for this address, you join when you follow its link.`
          : resend === 'failed'
            ? (problem ?? 'The e-mail could not be sent. Please try again.')
            : ''}
      </p>
    </section>
  );
}
