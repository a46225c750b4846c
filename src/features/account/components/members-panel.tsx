import { useId, useRef, useState, type FormEvent } from 'react';
import { useAuthStore } from '../../../lib/auth/auth-store';
import { CmsError, plainFieldMessage, plainMessage } from '../../../lib/cms/errors';
import { TextField } from '../../../lib/ui/text-field';
import { useFocusRescue } from '../../../lib/ui/use-focus-rescue';
import { useMemberAccount, useMemberAction } from '../api/member-account';

/**
 * Members of the subscription, for its owner: invite by e-mail, remove an invitation, remove a
 * member. The server decides who the owner is; members who are not owners see nothing here.
 */
export function MembersPanel() {
  const userId = useAuthStore((state) => state.user?.id);
  const account = useMemberAccount(userId);
  const action = useMemberAction();
  const [invitee, setInvitee] = useState('');
  // What the last invitation did, said in a live region that is in the page from the start.
  const [sentTo, setSentTo] = useState<string | null>(null);
  // Removing someone ends their access at once: asked before it is done.
  const [removing, setRemoving] = useState<string | null>(null);
  const confirmId = useId();
  // The last row asked about: 'Keep' gives focus back to its 'Remove member'.
  const askedAbout = useRef<string | null>(null);
  // A question replacing 'Remove member', its answer, a removed row: each takes away the control
  // that had focus, which goes on to what replaced it, never to <body> (WCAG 2.4.3).
  const rescueFocus = useFocusRescue<HTMLElement>(
    (root) =>
      root.querySelector<HTMLElement>('[data-confirm-remove]') ??
      [...root.querySelectorAll<HTMLElement>('[data-member]')].find(
        (button) => button.dataset.member === askedAbout.current,
      ) ??
      root.querySelector<HTMLElement>('h2'),
  );

  if (!account.data?.isOwner) return null;
  const { members, invitations } = account.data;
  const fieldError =
    action.error instanceof CmsError ? action.error.fieldErrors.invitee : undefined;

  async function invite(event: FormEvent) {
    event.preventDefault();
    setSentTo(null);
    const email = invitee.trim();
    await action.mutateAsync({ kind: 'invite', email }).then(
      () => {
        setInvitee('');
        setSentTo(email);
      },
      () => undefined,
    );
  }

  return (
    <section className="members-panel" aria-labelledby="members-heading" ref={rescueFocus}>
      <h2 id="members-heading" tabIndex={-1}>
        Members
      </h2>
      {/* In the panel from the start, so a refusal is heard when it fills in (WCAG 4.1.3). */}
      <div role="alert">
        {action.isError && !fieldError && (
          <p className="form-error">{plainMessage(action.error)}</p>
        )}
      </div>
      <h3>People in your subscription</h3>
      {members.length === 0 ? (
        <p>Nobody has joined yet.</p>
      ) : (
        <ul className="members-panel__list">
          {members.map((member) => (
            <li key={member.email}>
              <span>{member.name ? `${member.name} (${member.email})` : member.email}</span>
              {removing === member.email ? (
                <span>
                  <span id={confirmId}>Remove {member.email} from your subscription?</span>{' '}
                  <button
                    type="button"
                    data-confirm-remove
                    aria-describedby={confirmId}
                    className="button button--danger"
                    disabled={action.isPending}
                    onClick={() =>
                      action.mutate(
                        { kind: 'remove-member', email: member.email },
                        { onSettled: () => setRemoving(null) },
                      )
                    }
                  >
                    Yes, remove
                  </button>{' '}
                  <button type="button" className="link-button" onClick={() => setRemoving(null)}>
                    Keep
                  </button>
                </span>
              ) : (
                <button
                  type="button"
                  className="link-button"
                  data-member={member.email}
                  disabled={action.isPending}
                  onClick={() => {
                    askedAbout.current = member.email;
                    setRemoving(member.email);
                  }}
                >
                  Remove member<span className="visually-hidden"> {member.email}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <h3>Invitations waiting for an answer</h3>
      {invitations.length === 0 ? (
        <p>No open invitations.</p>
      ) : (
        <ul className="members-panel__list">
          {invitations.map((invitation) => (
            <li key={invitation.email}>
              <span>{invitation.email}</span>
              <button
                type="button"
                className="link-button"
                disabled={action.isPending}
                onClick={() => {
                  askedAbout.current = null;
                  action.mutate({ kind: 'remove-invitation', email: invitation.email });
                }}
              >
                Remove invitation<span className="visually-hidden"> for {invitation.email}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={invite} noValidate className="members-panel__invite">
        <TextField
          label="Invite a colleague by e-mail"
          type="email"
          autoComplete="off"
          value={invitee}
          error={fieldError && plainFieldMessage(fieldError)}
          onChange={(event) => setInvitee(event.target.value)}
        />
        <button type="submit" className="button" disabled={action.isPending}>
          Send invitation
        </button>
        <p role="status">
          {sentTo ? `Invitation sent to ${sentTo}. They join when they follow its link.` : ''}
        </p>
      </form>
    </section>
  );
}
