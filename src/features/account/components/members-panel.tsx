import { useState, type FormEvent } from 'react';
import { useAuthStore } from '../../../lib/auth/auth-store';
import { CmsError, plainFieldMessage, plainMessage } from '../../../lib/cms/errors';
import { TextField } from '../../../lib/ui/text-field';
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
    <section className="members-panel" aria-labelledby="members-heading">
      <h2 id="members-heading">Members</h2>
      {action.isError && !fieldError && (
        <p className="form-error" role="alert">
          {plainMessage(action.error)}
        </p>
      )}
      <h3>People in your subscription</h3>
      {members.length === 0 ? (
        <p>Nobody has joined yet.</p>
      ) : (
        <ul className="members-panel__list">
          {members.map((member) => (
            <li key={member.email}>
              <span>{member.name ? `${member.name} (${member.email})` : member.email}</span>
              {removing === member.email ? (
                <span role="alert">
                  Remove {member.email} from your subscription?{' '}
                  <button
                    type="button"
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
                  disabled={action.isPending}
                  onClick={() => setRemoving(member.email)}
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
                onClick={() =>
                  action.mutate({ kind: 'remove-invitation', email: invitation.email })
                }
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
