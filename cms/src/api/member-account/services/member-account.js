'use strict';

const { randomBytes } = require('node:crypto');
const { errors } = require('@strapi/utils');
const { SUBSCRIBER_TYPE } = require('../../../utils/roles');
const { normaliseEmail: normalise, emailAddressProblem } = require('../../../utils/email-address');

const ACCOUNT = 'api::member-account.member-account';
const USER = 'plugin::users-permissions.user';
const ALREADY_SUBSCRIBED = "This teacher already belongs to another school's subscription.";
// The invitation names no text the inviter typed (a profile name such as 'Your school IT team'
// would make it a phishing lure); the inviting account is named by its e-mail address only.
const INVITATION_SUBJECT = 'You have been invited to join a school subscription on Music Classroom';
// An invitation nobody was told of is no invitation: the owner hears at once, in plain words, and
// the CMS log keeps the relay's reason.
const NOT_SENT =
  "The invitation could not be sent: the school's e-mail server did not accept it. Please try again later.";
const fieldError = (field, message) =>
  new errors.ValidationError(message, {
    errors: [{ path: [field], message, name: 'ValidationError' }],
  });

/** Where the e-mail's links lead: the app's own address (APP_URL), never the CMS's. */
const appAddress = () => (process.env.APP_URL || 'http://127.0.0.1:4173').replace(/\/$/, '');

/**
 * Plain text only (no HTML part), and no text the inviter chose: see INVITATION_SUBJECT. It is
 * the one e-mail an invitation sends, with the one link to follow: a teacher with an account
 * joins by following it (it proves they read this mailbox); anyone else is sent to register, and
 * registering sends the link that proves the address.
 */
function invitationEmail({ to, ownerEmail, confirmationCode }) {
  const from = `The school subscription of ${ownerEmail} on Music Classroom has invited you to join it.`;
  const next = confirmationCode
    ? `To join, follow this link:\n${appAddress()}/account/confirm?confirmation=${confirmationCode}`
    : `To join, create a free account with this e-mail address (${to}) here:\n${appAddress()}/subscribe\nWe then send you an e-mail to confirm the address: you join when you follow its link.`;
  return {
    to,
    subject: INVITATION_SUBJECT,
    text: `${from}\n\n${next}\n\nIf you were not expecting this, you can ignore this e-mail.`,
  };
}

function person(user) {
  const profile = user.user_profile ?? {};
  const name = [profile.first_name, profile.last_name].filter(Boolean).join(' ');
  return { email: user.email, name: name || null };
}

module.exports = ({ strapi }) => {
  const accounts = () => strapi.db.query(ACCOUNT);
  const populate = {
    owner: { populate: ['user_profile', 'role'] },
    members: { populate: ['user_profile', 'role'] },
    invitations: true,
  };

  async function setRole(userId, type) {
    const role = await strapi.db
      .query('plugin::users-permissions.role')
      .findOne({ where: { type } });
    await strapi.db.query(USER).update({ where: { id: userId }, data: { role: role.id } });
  }

  /**
   * A teacher belongs to at most one school subscription: as its owner, as a member, or through
   * a subscription of their own (the active_subscriber role without a membership).
   */
  async function belongsToASubscription(user) {
    if (user.role?.type === SUBSCRIBER_TYPE) return true;
    const where = { $or: [{ owner: { id: user.id } }, { members: { id: user.id } }] };
    return (await accounts().count({ where })) > 0;
  }

  /**
   * After leaving a subscription, the role follows what the teacher still has: another
   * membership keeps access, a subscription they own is theirs to keep, and nothing else means a
   * trial account.
   */
  async function recomputeRole(userId) {
    if ((await accounts().count({ where: { members: { id: userId } } })) > 0)
      return setRole(userId, SUBSCRIBER_TYPE);
    if ((await accounts().count({ where: { owner: { id: userId } } })) > 0) return undefined;
    return setRole(userId, 'authenticated');
  }

  /**
   * A fresh confirmation code for an existing account, as users-permissions makes one for its
   * confirmation e-mail: following it proves the mailbox and applies the invitation.
   */
  async function newConfirmationCode(user) {
    const code = randomBytes(20).toString('hex');
    await strapi.db
      .query(USER)
      .update({ where: { id: user.id }, data: { confirmationToken: code } });
    return code;
  }

  /** Every subscription with an open invitation for this address. */
  async function invitingAccounts(rawEmail) {
    const email = normalise(rawEmail);
    const all = await accounts().findMany({
      populate: { members: { select: ['id'] }, invitations: true },
    });
    return all.filter((candidate) =>
      (candidate.invitations ?? []).some((invitation) => normalise(invitation.email) === email),
    );
  }

  /** An account's invitations without this address's, as the component is written back. */
  const withoutInvitationOf = (account, email) =>
    (account.invitations ?? [])
      .filter((invitation) => normalise(invitation.email) !== email)
      .map(({ email: e, invited_at }) => ({ email: e, invited_at }));

  async function save(account, data) {
    const document = await strapi
      .documents(ACCOUNT)
      .update({ documentId: account.documentId, data });
    return accounts().findOne({ where: { id: document.id }, populate });
  }

  return {
    /** The account the user owns or belongs to; an active subscriber with neither gets one of their own. */
    async forUser(user) {
      const owned = await accounts().findOne({ where: { owner: { id: user.id } }, populate });
      if (owned) return { account: owned, isOwner: true };
      const joined = await accounts().findOne({ where: { members: { id: user.id } }, populate });
      if (joined) return { account: joined, isOwner: false };
      if (user.role?.type !== SUBSCRIBER_TYPE) return { account: null, isOwner: false };
      const created = await strapi
        .documents(ACCOUNT)
        .create({ data: { owner: user.id, members: [], invitations: [] } });
      return {
        account: await accounts().findOne({ where: { id: created.id }, populate }),
        isOwner: true,
      };
    },

    view({ account, isOwner }) {
      if (!account) return { isOwner: false, owner: null, members: [], invitations: [] };
      return {
        isOwner,
        owner: account.owner ? person(account.owner) : null,
        members: isOwner ? (account.members ?? []).map(person) : [],
        invitations: isOwner
          ? (account.invitations ?? []).map((invitation) => ({
              email: invitation.email,
              invitedAt: invitation.invited_at ?? null,
            }))
          : [],
      };
    },

    async ownedAccount(user) {
      const found = await this.forUser(user);
      if (!found.account || !found.isOwner)
        throw new errors.ForbiddenError('Only the owner of a subscription can manage its members');
      return found.account;
    },

    async invite(user, rawEmail) {
      const account = await this.ownedAccount(user);
      const email = normalise(rawEmail);
      const addressProblem = emailAddressProblem(email);
      if (addressProblem) throw fieldError('invitee', addressProblem);
      if (email === normalise(account.owner?.email))
        throw fieldError('invitee', 'You already own this subscription');
      if ((account.members ?? []).some((member) => normalise(member.email) === email))
        throw fieldError('invitee', 'This person is already a member');
      if ((account.invitations ?? []).some((invitation) => normalise(invitation.email) === email))
        throw fieldError('invitee', 'This person has already been invited');
      const existing = await strapi.db
        .query(USER)
        .findOne({ where: { email }, populate: ['role'] });
      if (existing && (await belongsToASubscription(existing)))
        throw fieldError('invitee', ALREADY_SUBSCRIBED);
      const invitations = [
        ...(account.invitations ?? []).map(({ email: e, invited_at }) => ({
          email: e,
          invited_at,
        })),
        { email, invited_at: new Date().toISOString() },
      ];
      const updated = await save(account, { invitations });
      // The seat is taken only by whoever proves they read this mailbox (the link), never by
      // whoever registers the address first. A blocked account gets no link.
      const confirmationCode =
        existing && !existing.blocked ? await newConfirmationCode(existing) : null;
      try {
        await strapi
          .plugin('email')
          .service('email')
          .send(
            invitationEmail({
              to: email,
              ownerEmail: normalise(account.owner?.email),
              confirmationCode,
            }),
          );
      } catch (error) {
        strapi.log.error(
          `[member-account] invitation e-mail to ${email} failed, invitation withdrawn: ${error.message}`,
        );
        // Everything as it was before: the invitations, and the account's confirmation code (the
        // link the e-mail would have carried dies with it).
        await save(updated, { invitations: invitations.slice(0, -1) });
        if (confirmationCode)
          await strapi.db.query(USER).update({
            where: { id: existing.id },
            data: { confirmationToken: existing.confirmationToken ?? null },
          });
        throw new errors.ApplicationError(NOT_SENT);
      }
      return updated;
    },

    async removeInvitation(user, rawEmail) {
      const account = await this.ownedAccount(user);
      const email = normalise(rawEmail);
      const remaining = (account.invitations ?? []).filter(
        (invitation) => normalise(invitation.email) !== email,
      );
      if (remaining.length === (account.invitations ?? []).length)
        throw new errors.NotFoundError(`No invitation for ${email}`);
      return save(account, {
        invitations: remaining.map(({ email: e, invited_at }) => ({ email: e, invited_at })),
      });
    },

    async removeMember(user, rawEmail) {
      const account = await this.ownedAccount(user);
      const email = normalise(rawEmail);
      const member = (account.members ?? []).find(
        (candidate) => normalise(candidate.email) === email,
      );
      if (!member) throw new errors.NotFoundError(`${email} is not a member of this subscription`);
      const updated = await save(account, {
        members: account.members.filter((m) => m.id !== member.id).map((m) => m.id),
      });
      await recomputeRole(member.id);
      return updated;
    },

    /** The subscription with an open invitation for this address, if any. */
    async invitingAccount(rawEmail) {
      return (await invitingAccounts(rawEmail))[0] ?? null;
    },

    async hasPendingInvitation(rawEmail) {
      return (await this.invitingAccount(rawEmail)) !== null;
    },

    /**
     * Called when the user follows the link in the confirmation e-mail (proof that the mailbox is
     * theirs): an invited address joins the inviting subscription, unless it already belongs to
     * one (two schools may have invited a free address; the first link joins one of them).
     */
    async acceptInvitations(userId, rawEmail) {
      const email = normalise(rawEmail);
      const account = await this.invitingAccount(email);
      if (!account) return false;
      const user = await strapi.db
        .query(USER)
        .findOne({ where: { id: userId }, populate: ['role'] });
      if (!user || (await belongsToASubscription(user))) return false;
      await strapi.documents(ACCOUNT).update({
        documentId: account.documentId,
        data: {
          members: [...(account.members ?? []).map((m) => m.id), userId],
          invitations: withoutInvitationOf(account, email),
        },
      });
      await setRole(userId, SUBSCRIBER_TYPE);
      // A teacher belongs to one subscription: every other school's invitation of the address is
      // void now, and no other members panel lists them as invited.
      for (const other of await invitingAccounts(email)) {
        if (other.documentId === account.documentId) continue;
        await strapi.documents(ACCOUNT).update({
          documentId: other.documentId,
          data: { invitations: withoutInvitationOf(other, email) },
        });
      }
      return true;
    },
  };
};
