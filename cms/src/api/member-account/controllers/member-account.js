'use strict';

const { SUBSCRIBER_TYPE } = require('../../../utils/roles');

const service = () => strapi.service('api::member-account.member-account');

module.exports = () => ({
  async find(ctx) {
    const user = ctx.state.user;
    const view = service().view(await service().forUser(user));
    // A teacher outside any subscription is told that an invitation waits for their address (so
    // they look for its e-mail), never which school sent it: the address is not proven yet.
    const invitationWaiting =
      !view.owner && user.role?.type !== SUBSCRIBER_TYPE
        ? await service().hasPendingInvitation(user.email)
        : false;
    ctx.body = { ...view, invitationWaiting };
  },
  async invite(ctx) {
    const account = await service().invite(ctx.state.user, ctx.request.body?.invitee);
    ctx.body = service().view({ account, isOwner: true });
  },
  async removeInvitation(ctx) {
    const account = await service().removeInvitation(ctx.state.user, ctx.request.body?.invitee);
    ctx.body = service().view({ account, isOwner: true });
  },
  async removeMember(ctx) {
    const account = await service().removeMember(ctx.state.user, ctx.request.body?.member_email);
    ctx.body = service().view({ account, isOwner: true });
  },
});
