'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { secret } = require('../src/utils/secrets');

// Secrets: production must set them; elsewhere they are random per install (src/utils/secrets.js).
module.exports = ({ env }) => {
  const publicDir = path.resolve(env('CMS_PUBLIC_DIR', path.join(__dirname, '..', 'public')));
  // The local upload provider refuses to start without the folder.
  fs.mkdirSync(path.join(publicDir, 'uploads'), { recursive: true });
  return {
    host: env('HOST', '127.0.0.1'),
    port: env.int('PORT', 1337),
    url: env('PUBLIC_URL', ''),
    // Behind the web server (or another proxy): the client address is the last X-Forwarded-For
    // entry, the one the proxy itself wrote; anything a client wrote before it is ignored.
    proxy: { koa: env.bool('IS_PROXIED', false), maxIpsCount: 1 },
    app: {
      keys: secret('APP_KEYS')
        .split(',')
        .map((key) => key.trim()),
    },
    // Uploads are written to and served from here, so a throwaway run can keep them in a temp dir.
    dirs: {
      public: publicDir,
    },
    webhooks: { populateRelations: false },
  };
};
