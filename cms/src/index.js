'use strict';

const { registerGraphqlExtensions } = require('./graphql');
const { registerOwnership } = require('./bootstrap/ownership');
const { registerSubscriberFieldGuard } = require('./bootstrap/subscriber-fields');
const { setupPermissions } = require('./bootstrap/permissions');
const { setupAccountSecurity } = require('./bootstrap/account-security');
const { ensureDemoAdmin } = require('./bootstrap/accounts');
const { documentsRoute } = require('./routes/documents');
const { seed } = require('./seed');
const { seedSecurityFixtures } = require('./seed/security-fixtures');
const { registerEditorChecks, withoutEditorChecks } = require('./bootstrap/editor-checks');
const { limitEditorRole, ensureDemoEditor } = require('./bootstrap/editor-role');
const { applyEditorLabels } = require('./bootstrap/editor-labels');

module.exports = {
  register({ strapi }) {
    // Before the GraphQL schema is built, which leaves private fields out.
    require('./bootstrap/polymorphic-relations').hidePolymorphicRelations(strapi);
    registerGraphqlExtensions(strapi);
    registerOwnership(strapi);
    require('./bootstrap/playlist-limits').registerPlaylistLimits(strapi); // after ownership: see the file
    require('./bootstrap/playlist-versions').registerPlaylistVersions(strapi); // after limits: see the file
    registerSubscriberFieldGuard(strapi);
    require('./bootstrap/query-shape').registerQueryShapeCheck(strapi);
    require('./bootstrap/file-sizes').registerFileSizes(strapi);
    registerEditorChecks(strapi);
    require('./bootstrap/published-only').registerPublishedOnly(strapi);
    require('./search').registerSearchIndex(strapi);
    require('./preview/preview-access').registerPreviewAuth(strapi);
  },

  /**
   * Runs before the server listens, so once /_health answers, roles, permissions, the demo
   * accounts and (on an empty database) the demo content are all in place.
   */
  async bootstrap({ strapi }) {
    require('./bootstrap/keep-alive').keepIdleConnectionsLonger(strapi);
    require('./extensions/users-permissions/sign-in-settings').keepSignInSettings(strapi);
    require('./extensions/users-permissions/ability-memory').rememberAbilities(strapi);
    strapi.server.routes([
      documentsRoute(strapi),
      require('./search/route').searchRoute(strapi),
      require('./download-signing/signed-answers').downloadSigningKeyRoute(strapi),
    ]);
    require('./bootstrap/write-counter').registerWriteCounter(strapi); // tests only: see the file
    await setupPermissions(strapi, { appUrl: process.env.APP_URL || 'http://127.0.0.1:4173' });
    await setupAccountSecurity(strapi, { appUrl: process.env.APP_URL || 'http://127.0.0.1:4173' });
    require('./bootstrap/email-defaults').fillEmailDefaults(strapi);
    await limitEditorRole(strapi);
    await applyEditorLabels(strapi);
    if (process.env.CMS_SEED !== 'false') {
      await ensureDemoAdmin(strapi);
      await ensureDemoEditor(strapi);
      await seed(strapi);
      // e2e only: a no-op unless CMS_SECURITY_FIXTURES is set; its unsafe addresses are the point.
      await withoutEditorChecks(() => seedSecurityFixtures(strapi));
    }
    // After the seed: a new or changed index is built whole, then kept up to date by each write.
    await require('./search').searchService(strapi).start();
  },
};
