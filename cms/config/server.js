'use strict';

const fs = require('node:fs');
const path = require('node:path');

// Development defaults let the CMS boot with no .env. Production MUST set APP_KEYS and the other
// secrets (see config/admin.js and config/plugins.js); these values are public in the repository.
module.exports = ({ env }) => {
  const publicDir = path.resolve(env('CMS_PUBLIC_DIR', path.join(__dirname, '..', 'public')));
  // The local upload provider refuses to start without the folder.
  fs.mkdirSync(path.join(publicDir, 'uploads'), { recursive: true });
  return {
  host: env('HOST', '127.0.0.1'),
  port: env.int('PORT', 1337),
  url: env('PUBLIC_URL', ''),
  proxy: env.bool('IS_PROXIED', false),
  app: {
    keys: env.array('APP_KEYS', ['dev-app-key-1-change-me', 'dev-app-key-2-change-me']),
  },
  // Uploads are written to and served from here, so a throwaway run can keep them in a temp dir.
  dirs: {
    public: publicDir,
  },
  webhooks: { populateRelations: false },
  };
};
