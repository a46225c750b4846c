// What a page's first visit costs in JavaScript: every script response the page fetched by network
// idle, each counted as the bytes of its body on the wire (the web server sends the build's Brotli
// copies to a browser that accepts Brotli; a fresh browser context has nothing cached). Shared by
// bench/first-visit.mjs (figures) and e2e/first-visit-budget.spec.ts (the budget in npm test).

/**
 * The first-visit JavaScript budgets, which npm test holds first visits to
 * (e2e/first-visit-budget.spec.ts). Within reach because Markdown is rendered in the CMS and the
 * GraphQL client ships without graphql-js's parser, and smaller again as Brotli.
 */
export const VISITOR_BUDGET_BYTES = 150 * 1024;
export const TEACHER_BUDGET_BYTES = 200 * 1024;

/**
 * Code only a signed-in teacher needs, by the names Vite gives its chunks (after the module they
 * hold: src/lib/db/database.ts is where Dexie lives): a visitor's first visit must fetch none of it.
 * Checked against the build manifest, so a renamed module fails loudly, not silently.
 */
const TEACHER_ONLY_CODE = [
  { name: 'Dexie (IndexedDB)', marker: /^(?:database|dexie|dexie-react-hooks|document-store)$/ },
  { name: 'the sync engine', marker: /^(?:sync-engine|local-writes|sync-notices)$/ },
  {
    name: 'the downloads',
    marker: /^(?:download-manager|background-work|use-download|make-available-offline)$/,
  },
  {
    name: 'playlist code',
    marker: /^(?:playlist-queries|playlist-editor|add-to-playlist-dialog)$/,
  },
];

/**
 * Loads `path` in `page` and counts every JavaScript response until the page is ready and the
 * network is idle: Playwright's network idle, then `ready` (on a loaded machine the first may
 * come while the app's script still runs, before it asks for anything), then no request left in
 * flight.
 * @param {import('@playwright/test').Page} page @param {string} path
 * @param {(page: import('@playwright/test').Page) => Promise<unknown>} [ready]
 * @returns {Promise<{ path: string, total: number, chunks: { file: string, bytes: number }[] }>}
 */
export async function firstVisitScripts(page, path, ready) {
  /** @type {Promise<{ file: string, bytes: number }>[]} */
  const pending = [];
  /** @type {Set<import('@playwright/test').Request>} */
  const inFlight = new Set();
  /** @type {(() => void) | null} */
  let settled = null;
  /** @param {import('@playwright/test').Request} request */
  const onRequest = (request) => inFlight.add(request);
  /** @param {import('@playwright/test').Request} request */
  const onDone = (request) => {
    inFlight.delete(request);
    if (inFlight.size === 0) settled?.();
  };
  /** @param {import('@playwright/test').Response} response */
  const onResponse = (response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith('.js') || url.pathname.endsWith('/sw.js')) return;
    pending.push(
      response
        .request()
        .sizes()
        .then((sizes) => ({ file: url.pathname, bytes: sizes.responseBodySize })),
    );
  };
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  page.on('response', onResponse);
  try {
    await page.goto(path, { waitUntil: 'networkidle' });
    await ready?.(page);
    if (inFlight.size > 0) await new Promise((resolve) => (settled = () => resolve(undefined)));
  } finally {
    page.off('request', onRequest);
    page.off('requestfinished', onDone);
    page.off('requestfailed', onDone);
    page.off('response', onResponse);
  }
  const chunks = (await Promise.all(pending)).sort((a, b) => b.bytes - a.bytes);
  return { path, total: chunks.reduce((sum, chunk) => sum + chunk.bytes, 0), chunks };
}

/**
 * Home is ready: its heading and the header's menu are there (both come from the CMS).
 * @param {import('@playwright/test').Page} page
 */
export async function homeReady(page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.getByText('Loading the menu…').waitFor({ state: 'detached' });
}

/**
 * The build's chunks that hold teacher-only code, from Vite's manifest (each chunk's `name`).
 * @param {Record<string, { file: string, name?: string }>} manifest
 * @returns {Map<string, string>} file (as /assets/...) -> what teacher-only code it holds
 */
export function teacherOnlyChunks(manifest) {
  /** @type {Map<string, string>} */
  const found = new Map();
  for (const chunk of Object.values(manifest)) {
    const hit = TEACHER_ONLY_CODE.find((code) => code.marker.test(chunk.name ?? ''));
    if (hit) found.set(`/${chunk.file}`, hit.name);
  }
  return found;
}

/** @param {number} bytes */
export const kib = (bytes) => Math.round((bytes / 1024) * 10) / 10;
