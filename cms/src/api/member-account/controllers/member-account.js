'use strict';

const service = () => strapi.service('api::member-account.member-account');

module.exports = () => ({
  async find(ctx) {
    ctx.body = service().view(await service().forUser(ctx.state.user));
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
