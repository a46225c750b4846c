'use strict';

// Spec part 1, section 7: the three membership calls, plus GET for the owner's members panel.
// Each needs a signed-in user whose role has the matching permission (see bootstrap/permissions.js).
module.exports = {
  routes: [
    { method: 'GET', path: '/member-account', handler: 'member-account.find' },
    { method: 'POST', path: '/member-account/invitation', handler: 'member-account.invite' },
    {
      method: 'POST',
      path: '/member-account/remove-invitation',
      handler: 'member-account.removeInvitation',
    },
    {
      method: 'POST',
      path: '/member-account/remove-member',
      handler: 'member-account.removeMember',
    },
  ],
};
