import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetSnapshots, snapshotPage } from '../../sw/snapshots';
import { CACHE_NAMES, SNAPSHOT_HEADERS, type StoredSnapshot } from '../../src/lib/sw-messages';
import { SNAPSHOT_COVER_CHECK_SCRIPT } from '../../src/lib/session/snapshot-cover-check';
import { fakeCaches } from '../support/fake-cache-storage';

// The worker paints a downloaded lesson's first slide, or a page, into the shell only when the
// page stored it as the page stores them, for this same build; anything else gets the plain shell.

const ENTRY = '/assets/index-abc123.js';
const SHELL_HTML = `<!doctype html><html lang="en-GB"><head><meta charset="UTF-8" /><title>Music Classroom</title><script type="module" crossorigin src="${ENTRY}"></script><link rel="modulepreload" crossorigin href="/assets/react-r1.js"><link rel="modulepreload" crossorigin href="/assets/router-q1.js"><link rel="stylesheet" crossorigin href="/assets/index-s1.css"></head><body><div id="root"></div></body></html>`;
const CSP = "default-src 'self'; script-src 'self'";
const PAGE = 'https://app.example/primary/p/unit/u/lesson/l/slides/a/1';
/** The inline script after every cover: whether it shows (src/lib/session/snapshot-cover-check.ts). */
const CHECK = `<script>${SNAPSHOT_COVER_CHECK_SCRIPT}</script>`;

async function shell() {
  return new Response(SHELL_HTML, {
    headers: { 'Content-Type': 'text/html', 'Content-Security-Policy': CSP, 'Content-Length': '9' },
  });
}

/** The build's stylesheets, as the precache holds them. */
const STYLESHEETS: Record<string, string> = {
  '/assets/index-s1.css': 'body{margin:0}',
  '/assets/lesson-mode-x1.css': '.slide{color:red;content:"$&"}',
  '/assets/with-url-u1.css': '.logo{background:url(./logo.svg)}',
};
const read = async (href: string) => STYLESHEETS[href] ?? null;

const good: StoredSnapshot = {
  stylesheets: [
    '/assets/index-s1.css',
    '/assets/lesson-mode-x1.css',
    '/assets/with-url-u1.css',
    '/assets/gone-g1.css',
  ],
  markup: '<main class="lesson-mode-main"><h1>Samba &amp; more</h1></main>',
  width: 1366,
  height: 768,
};

async function store(
  snapshot: unknown,
  headers: Record<string, string> = {},
  address = new URL(PAGE).pathname,
  cacheName: string = CACHE_NAMES.slideSnapshots,
) {
  const cache = await caches.open(cacheName);
  await cache.put(
    new URL(address, PAGE).href,
    new Response(JSON.stringify(snapshot), {
      headers: {
        [SNAPSHOT_HEADERS.shell]: ENTRY,
        [SNAPSHOT_HEADERS.title]: encodeURIComponent('Samba <carnival> · Slide 1'),
        [SNAPSHOT_HEADERS.user]: '7',
        ...headers,
      },
    }),
  );
}

describe('the worker painting a first slide snapshot', () => {
  beforeEach(() => {
    vi.stubGlobal('caches', fakeCaches());
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('puts the snapshot ahead of the root, inert, with its stylesheets, size and title', async () => {
    await store(good);
    const page = await snapshotPage(new URL(PAGE), shell, 'shell-r1', read);
    expect(page).not.toBeNull();
    const html = await page!.text();
    expect(html).toContain(
      `<body><div class="snapshot-cover" hidden inert aria-hidden="true" data-user="7" data-title="Samba &lt;carnival&gt; · Slide 1">${good.markup}</div>${CHECK}<div id="root"></div>`,
    );
    // Its stylesheets and the shell's are written in, each once; one that cannot stand inline or
    // be read stays a link.
    expect(html).toContain('<style>body{margin:0}</style>');
    expect(html).toContain('<style>.slide{color:red;content:"$&"}</style>');
    expect(html).not.toContain('index-s1.css');
    expect(html).toContain('<link rel="stylesheet" href="/assets/with-url-u1.css">');
    expect(html).toContain('<link rel="stylesheet" href="/assets/gone-g1.css">');
    expect(html).toContain('@media not all and (width: 1366px) and (height: 768px)');
    // The page's title goes with the cover (the check gives it to the tab only with the cover);
    // the shell's own stays, so a start the cover is not for names nothing it holds.
    expect(html).toContain('<title>Music Classroom</title>');
    // The entry and its preloads start after the first frame (public/snapshot-start.js).
    expect(html).toContain(
      `<script type="module" src="/snapshot-start.js" data-entry="${ENTRY}" data-preload="/assets/react-r1.js /assets/router-q1.js"></script>`,
    );
    expect(html).not.toContain(`<script type="module" crossorigin src="${ENTRY}">`);
    expect(html).not.toContain('modulepreload');
    // The shell's own headers stand, its length aside; its policy allows one inline script more,
    // the cover's check, by the hash of the text the page holds between its tags.
    const written = /<script>([^<]*)<\/script><div id="root">/.exec(html)![1]!;
    expect(written).toBe(SNAPSHOT_COVER_CHECK_SCRIPT);
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(written));
    const hash = btoa(String.fromCharCode(...new Uint8Array(digest)));
    expect(page!.headers.get('Content-Security-Policy')).toBe(
      `default-src 'self'; script-src 'sha256-${hash}' 'self'`,
    );
    expect(page!.headers.get('Content-Length')).toBeNull();
  });

  it('paints a page (home here) in a cover that scrolls as the page would; a session end forgets both kinds', async () => {
    const home = 'https://app.example/';
    const markup = '<div class="app"><main class="site-main"><h1>Music Classroom</h1></main></div>';
    await store({ ...good, markup }, {}, '/', CACHE_NAMES.pageSnapshots);
    const page = await snapshotPage(new URL(home), shell, 'shell-r1', read);
    expect(await page!.text()).toContain(
      `<body><div class="snapshot-cover snapshot-cover--page" hidden inert aria-hidden="true" data-user="7" data-title="Samba &lt;carnival&gt; · Slide 1">${markup}</div>${CHECK}<div id="root"></div>`,
    );
    // Another view of the page (a search's, an audience's) is not the page that was kept.
    expect(await snapshotPage(new URL(`${home}?q=samba`), shell, 'shell-r1', read)).toBeNull();
    await store(good);
    await forgetSnapshots();
    expect(await snapshotPage(new URL(home), shell, 'shell-r1', read)).toBeNull();
    expect(await snapshotPage(new URL(PAGE), shell, 'shell-r1', read)).toBeNull();
  });

  it('serves the markup a browser serializes: void elements, quoted attributes with angle brackets', async () => {
    await store({
      ...good,
      markup:
        '<main class="lesson-mode-main"><img src="/uploads/a.png" alt="a > b <i>"><br><p title="x > y">Samba &lt;3</p><video src="/uploads/v.mp4" controls=""></video></main>',
    });
    expect(await snapshotPage(new URL(PAGE), shell, 'shell-r1', read)).not.toBeNull();
  });

  it('keeps the page it made and serves it again while the shell is the same', async () => {
    await store(good);
    const first = await (await snapshotPage(new URL(PAGE), shell, 'shell-r1', read))!.text();
    const unread = async () => null;
    // Made once: the stylesheets are not read again.
    expect(await (await snapshotPage(new URL(PAGE), shell, 'shell-r1', unread))!.text()).toBe(
      first,
    );
    // Another shell (a new build's): made afresh from the snapshot.
    const again = await (await snapshotPage(new URL(PAGE), shell, 'shell-r2', unread))!.text();
    expect(again).not.toBe(first);
    expect(again).toContain('<link rel="stylesheet" href="/assets/lesson-mode-x1.css">');
    // The snapshot forgotten, its page goes with it.
    await caches.delete(CACHE_NAMES.slideSnapshots);
    expect(await snapshotPage(new URL(PAGE), shell, 'shell-r1', read)).toBeNull();
  });

  it('never serves a page it made of a snapshot that was since replaced or deleted on its own', async () => {
    await store(good);
    expect(await (await snapshotPage(new URL(PAGE), shell, 'shell-r1', read))!.text()).toContain(
      'Samba &amp; more',
    );
    // Written over without the made page going (not the page's way, but anyone's).
    await store({ ...good, markup: '<main class="lesson-mode-main"><h1>Rhythm</h1></main>' });
    const replaced = await (await snapshotPage(new URL(PAGE), shell, 'shell-r1', read))!.text();
    expect(replaced).toContain('<h1>Rhythm</h1>');
    expect(replaced).not.toContain('Samba &amp; more');
    await (await caches.open(CACHE_NAMES.slideSnapshots)).delete(new URL(PAGE).href);
    expect(await snapshotPage(new URL(PAGE), shell, 'shell-r1', read)).toBeNull();
  });

  it("never paints another page's snapshot at a path that starts with '//'", async () => {
    await store(good, {}, '/playlists/p1', CACHE_NAMES.pageSnapshots);
    expect(
      await snapshotPage(new URL('https://app.example/playlists/p1'), shell, 'shell-r1', read),
    ).not.toBeNull();
    // Read as a URL, '//app.example/playlists/p1' names the kept page's address.
    const lookAlike = new URL('https://app.example/x');
    lookAlike.pathname = '//app.example/playlists/p1';
    expect(lookAlike.pathname).toBe('//app.example/playlists/p1');
    expect(await snapshotPage(lookAlike, shell, 'shell-r1', read)).toBeNull();
  });

  it('paints a snapshot only with the user it was drawn for, written as the app writes ids', async () => {
    for (const user of [null, '', '7" onmouseover="x', 'a'.repeat(65)]) {
      await caches.delete(CACHE_NAMES.slideSnapshots);
      await store(
        good,
        user === null ? { [SNAPSHOT_HEADERS.user]: '' } : { [SNAPSHOT_HEADERS.user]: user },
      );
      expect(await snapshotPage(new URL(PAGE), shell, 'shell-r1', read), String(user)).toBeNull();
    }
  });

  it('sends the plain shell for a page without one, another build, or one not stored as the page stores them', async () => {
    expect(await snapshotPage(new URL(PAGE), shell, 'shell-r1', read)).toBeNull();
    await store(good, {}, '/primary/p/unit/u/lesson/l/slides/a/2');
    // Another view of the slide (the audience's window) has no snapshot.
    expect(
      await snapshotPage(
        new URL(`${PAGE.replace('/a/1', '/a/2')}?view=audience`),
        shell,
        'shell-r1',
        read,
      ),
    ).toBeNull();
    expect(await snapshotPage(new URL(PAGE), shell, 'shell-r1', read)).toBeNull();
    await store(good, { [SNAPSHOT_HEADERS.shell]: '/assets/index-old999.js' });
    expect(await snapshotPage(new URL(PAGE), shell, 'shell-r1', read)).toBeNull();
    for (const bad of [
      { ...good, markup: '<h1>x</h1><script src="/assets/a.js"></script>' },
      { ...good, markup: '<iframe src="https://evil.example"></iframe>' },
      { ...good, markup: '<meta http-equiv="refresh" content="0;url=https://evil.example">' },
      // Markup that would leave the inert cover, take focus, or hide or restyle the app.
      {
        ...good,
        markup: `${good.markup}</div><div role="alert">Session ended <button>OK</button></div><div>`,
      },
      { ...good, markup: '<main><h1>Samba</h1>' },
      { ...good, markup: '<main><h1>Samba</main></h1>' },
      { ...good, markup: '<main><button autofocus>OK</button></main>' },
      { ...good, markup: '<main><style>#root{display:none}</style></main>' },
      { ...good, markup: '<main><form action="/x"><input name="p"></form></main>' },
      { ...good, markup: '<main><img src="/x.png" onerror="alert(1)"></main>' },
      { ...good, markup: '<main><img/onerror="alert(1)"src="/x.png"></main>' },
      // Nothing that looks like a sign-in form.
      { ...good, markup: '<main><p>Log in again</p><input type="password"></main>' },
      { ...good, markup: '<main><!-- </main> --></main>' },
      { ...good, markup: '<main><svg><style>*{}</style></svg></main>' },
      // Elements the parser reads another way end the cover where this reading would not: each
      // is refused, by a list of the elements allowed, not of those refused.
      {
        ...good,
        markup: '<noembed><b title="</noembed></div><h1>Escaped</h1><div>"></b></noembed>',
      },
      { ...good, markup: '<noframes><b title="</noframes></div><div>"></b></noframes>' },
      { ...good, markup: '<main><xmp></main></xmp></main>' },
      // Markup no browser serializes, which the parser splits elsewhere than a loose reading.
      { ...good, markup: '<b title=x"y></b></div><h1>Escaped</h1><div>"></b>' },
      { ...good, markup: "<b title='</b></div><div>'></b>" },
      { ...good, markup: '<main><?x <div></div></main>' },
      { ...good, markup: '<main></ x><div></div></main>' },
      { ...good, markup: '<main><br/></main>' },
      { ...good, markup: '<main>a < b</main>' },
      { ...good, stylesheets: ['https://evil.example/a.css'] },
      { ...good, stylesheets: ['/assets/a.css"><script>'] },
      { ...good, width: '1366px' },
      { markup: good.markup },
      'not a snapshot',
    ]) {
      await store(bad);
      expect(
        await snapshotPage(new URL(PAGE), shell, 'shell-r1', read),
        JSON.stringify(bad),
      ).toBeNull();
    }
    await store(good, { [SNAPSHOT_HEADERS.title]: '%E0%A4%A' });
    expect(await snapshotPage(new URL(PAGE), shell, 'shell-r1', read)).toBeNull();
  });
});
