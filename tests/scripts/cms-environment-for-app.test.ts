// @vitest-environment node
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { cmsEnvironmentForApp } from '../../scripts/cms-process.mjs';

const require = createRequire(import.meta.url);
const { corsOrigins } = require('../../cms/src/utils/cors-origins.js') as {
  corsOrigins: (env: (name: string, fallback?: string) => string) => string[];
};

// What `npm start` tells the CMS: the app's real address wherever the web server ended up, so
// reset links, confirmation redirects, previews and CORS name it rather than port 4173; and no
// developer detail in GraphQL errors unless asked for.

describe('cmsEnvironmentForApp', () => {
  it("names the app's real address, on whatever port it listens", () => {
    for (const port of [4173, 4174, 51234]) {
      const env = cmsEnvironmentForApp(`http://127.0.0.1:${port}`);
      expect(env.APP_URL).toBe(`http://127.0.0.1:${port}`);
      const origins = corsOrigins((name, fallback = '') => env[name] ?? fallback);
      expect(origins).toEqual([`http://127.0.0.1:${port}`, `http://localhost:${port}`]);
    }
  });

  it('keeps a public address as it is, without local names', () => {
    const env = cmsEnvironmentForApp('https://classroom.example.org/');
    expect(env.APP_URL).toBe('https://classroom.example.org');
    expect(env.CORS_ORIGINS).toBe('https://classroom.example.org');
  });

  it('hides developer detail in errors unless asked for', () => {
    expect(cmsEnvironmentForApp('http://127.0.0.1:4173').CMS_DEVELOPER_ERRORS).toBe('false');
    expect(
      cmsEnvironmentForApp('http://127.0.0.1:4173', { developerErrors: true }).CMS_DEVELOPER_ERRORS,
    ).toBe('true');
  });
});
