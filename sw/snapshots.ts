/// <reference lib="webworker" />
import {
  CACHE_NAMES,
  SNAPSHOT_COVER_CLASS,
  SNAPSHOT_HEADERS,
  SNAPSHOT_STYLESHEET,
  snapshotAddress,
  snapshotPageAddress,
  type StoredSnapshot,
} from '../src/lib/sw-messages';
import { SNAPSHOT_COVER_CHECK_SCRIPT } from '../src/lib/session/snapshot-cover-check';

/**
 * A downloaded lesson's first slide, or a page a teacher opens offline (home, a programme, a
 * playlist), painted from HTML the device holds before the app's script has run: on a school
 * laptop offline the script takes several times as long as the page to get there. The page drew
 * and stored the snapshot (src/lib/offline/slide-snapshot.ts, page-snapshot.ts); the app removes
 * it in the frame its own page appears (or says why it cannot), so what the teacher sees first is
 * what the app then shows. The snapshot is inert: nothing in it can be pressed or read out until
 * the app is there.
 */

/** Where snapshots are kept, and the cover each kind is painted in. */
const KINDS = [
  { cache: CACHE_NAMES.slideSnapshots, cover: SNAPSHOT_COVER_CLASS },
  // A page may be taller than the window: its cover scrolls as the page would, so a scroll bar
  // takes the same room in both.
  {
    cache: CACHE_NAMES.pageSnapshots,
    cover: `${SNAPSHOT_COVER_CLASS} ${SNAPSHOT_COVER_CLASS}--page`,
  },
] as const;

/** The shell's entry script: its address is the build a snapshot must have been drawn by. */
const ENTRY_SCRIPT = /<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>/;

function shellEntry(html: string): string | null {
  return ENTRY_SCRIPT.exec(html)?.[1] ?? null;
}

const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>/g;

/**
 * The entry and the modules it preloads, started once the snapshot is painted
 * (public/snapshot-start.js): fetched and compiled at once, they held the first frame back by
 * about as long as the whole static page takes.
 */
function afterFirstPaint(shellHtml: string): string {
  const entry = shellEntry(shellHtml) ?? '';
  const preloads = [...shellHtml.matchAll(MODULE_PRELOAD)].map((match) => match[1]).join(' ');
  return shellHtml
    .replace(MODULE_PRELOAD, '')
    .replace(
      ENTRY_SCRIPT,
      () =>
        `<script type="module" src="/snapshot-start.js" data-entry="${escapeHtml(entry)}" data-preload="${escapeHtml(preloads)}"></script>`,
    );
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[character] ?? '',
  );

/** A stylesheet's text as the build made it, or null where it cannot be read. */
export type ReadStylesheet = (href: string) => Promise<string | null>;

const SHELL_STYLESHEET = /<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"[^>]*>/g;

/**
 * Every stylesheet the slide needs, the shell's own included, written into the page: each would
 * otherwise be one more request to the worker holding the first frame back. One that cannot be
 * read, or could not stand inline (an address relative to it, a closing tag), stays a link.
 */
async function inlineStylesheets(
  shellHtml: string,
  stylesheets: string[],
  read: ReadStylesheet,
): Promise<{ shellHtml: string; styles: string }> {
  const texts = new Map<string, string | null>();
  const inline = async (href: string) => {
    if (!texts.has(href)) {
      const text = SNAPSHOT_STYLESHEET.test(href) ? await read(href).catch(() => null) : null;
      texts.set(href, text !== null && !/url\(|<\/style/i.test(text) ? text : null);
    }
    return texts.get(href) ?? null;
  };
  const shellSheets = [...shellHtml.matchAll(SHELL_STYLESHEET)].map((match) => match[1] ?? '');
  for (const href of [...shellSheets, ...stylesheets]) await inline(href);
  const tag = (href: string) => {
    const text = texts.get(href);
    return text ? `<style>${text}</style>` : `<link rel="stylesheet" href="${escapeHtml(href)}">`;
  };
  return {
    shellHtml: shellHtml.replace(SHELL_STYLESHEET, (link, href: string) =>
      texts.get(href) ? tag(href) : link,
    ),
    styles: [...new Set(stylesheets)]
      .filter((href) => !shellSheets.includes(href))
      .map(tag)
      .join(''),
  };
}

/**
 * The shell with a snapshot painted in ahead of the app's root, with the page's own title. The
 * cover is hidden until the inline check after it (src/lib/session/snapshot-cover-check.ts) has
 * seen that the page's signed-in teacher is the one it was drawn for: where that script does not
 * run, nothing of it is ever shown.
 */
async function withSnapshot(
  shell: string,
  snapshot: StoredSnapshot,
  title: string,
  cover: string,
  user: string,
  read: ReadStylesheet,
): Promise<string> {
  const { shellHtml, styles: links } = await inlineStylesheets(shell, snapshot.stylesheets, read);
  // Shown only in a window of the size it was drawn at (the projector's, class after class).
  const size = `<style>@media not all and (width: ${snapshot.width}px) and (height: ${snapshot.height}px) { .${SNAPSHOT_COVER_CLASS} { display: none; } }</style>`;
  // Replaced by functions: a '$' in a stylesheet or title means nothing to replace().
  // The page's own title goes with the cover, and is the tab's only if the cover shows: a title
  // names what the page holds (a playlist, a paid lesson), for the teacher it was drawn for.
  return afterFirstPaint(shellHtml)
    .replace('</head>', () => `${links}${size}</head>`)
    .replace(
      /<body[^>]*>/,
      (body) =>
        `${body}<div class="${cover}" hidden inert aria-hidden="true" data-user="${user}" data-title="${escapeHtml(title)}">${snapshot.markup}</div><script>${SNAPSHOT_COVER_CHECK_SCRIPT}</script>`,
    );
}

/**
 * The elements a snapshot may hold: those the app draws (and the rich text it shows), each parsed
 * the ordinary way. Anything else is refused, so no element whose content the parser reads
 * another way (raw text, a comment, foreign content, a template: `noembed`, `noframes`, `xmp`,
 * `textarea`, `svg`, ...) can make markup that looks balanced here end the cover early.
 */
const ALLOWED_ELEMENTS = new Set(
  `a abbr address article aside audio b bdi bdo blockquote br button caption cite code col
  colgroup data dd del details dfn dialog div dl dt em fieldset figcaption figure footer h1 h2 h3 h4 h5 h6
  header hgroup hr i img input ins kbd label legend li main mark menu meter nav ol optgroup option
  output p picture pre progress q s samp search section select small source span strong sub
  summary sup table tbody td tfoot th thead time tr track u ul var video wbr`.split(/\s+/),
);

/**
 * Attributes a snapshot may not have: a handler, autofocus, a password field (a snapshot is
 * never of a sign-in form, and must not look like one).
 */
const REFUSED_ATTRIBUTES = /[\s/]autofocus\b|[\s/]on[a-z]+\s*=|\stype\s*=\s*["']?password\b/i;

/** Elements with no end tag. */
const VOID = new Set('br col hr img input source track wbr'.split(' '));

/**
 * One piece of markup as the browser serializes an element's content, and nothing looser: text
 * with no '<', an end tag, or a start tag whose attributes are each a name and an optional
 * double-quoted value. Read this strictly, the markup is split exactly where the parser splits it.
 */
const TOKEN =
  /[^<]+|<\/([a-zA-Z][a-zA-Z0-9-]*)>|<([a-zA-Z][a-zA-Z0-9-]*)(?:[\t\n\f\r ]+[^\t\n\f\r "'<>/=]+(?:="[^"]*")?)*>/y;

/**
 * Whether the markup is made of allowed elements only, each opened and closed in order, closing
 * nothing it did not open: so all of it stays inside the inert cover the worker puts it in. The
 * browser's own serialization of the app's content always is; anything else is not a snapshot.
 */
function isPlainMarkup(markup: string): boolean {
  const open: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < markup.length) {
    const token = TOKEN.exec(markup);
    if (!token) return false;
    const [, closing, opening] = token;
    const name = (closing ?? opening)?.toLowerCase();
    if (name === undefined) continue;
    if (!ALLOWED_ELEMENTS.has(name)) return false;
    if (closing !== undefined) {
      if (open.pop() !== name) return false;
    } else if (!VOID.has(name)) open.push(name);
  }
  return open.length === 0;
}

/** Whether a stored snapshot is one the page made: its stylesheets the build's, plain balanced markup. */
function isWellFormed(value: unknown): value is StoredSnapshot {
  if (!value || typeof value !== 'object') return false;
  const { stylesheets, markup, width, height } = value as Partial<StoredSnapshot>;
  return (
    Number.isInteger(width) &&
    Number.isInteger(height) &&
    Array.isArray(stylesheets) &&
    stylesheets.every((href) => typeof href === 'string' && SNAPSHOT_STYLESHEET.test(href)) &&
    typeof markup === 'string' &&
    !REFUSED_ATTRIBUTES.test(markup) &&
    isPlainMarkup(markup)
  );
}

/**
 * The page for a navigation to `url` with its snapshot painted in, or null to send the plain
 * shell. The page made once is kept beside the snapshot and served as it is while the shell and
 * the snapshot are the same (`shellKey`: the precache's key of the shell, which names its
 * revision; the snapshot by a digest of what is stored), so a start costs two reads of Cache
 * Storage, not one per stylesheet.
 */
export async function snapshotPage(
  url: URL,
  shell: () => Promise<Response>,
  shellKey: string,
  read: ReadStylesheet,
): Promise<Response | null> {
  // An address with a query is another view of the page (the audience's, a preview's, a
  // search's): a snapshot is of the teacher's own.
  if (url.search) return null;
  const address = snapshotAddress(url);
  for (const kind of KINDS) {
    if (!(await caches.has(kind.cache))) continue;
    const cache = await caches.open(kind.cache);
    const stored = await cache.match(address);
    if (!stored) continue;
    const text = await stored.text();
    const digest = await digestOf(stored.headers, text);
    const made = await cache.match(snapshotPageAddress(address));
    if (
      shellKey &&
      made?.headers.get(SNAPSHOT_HEADERS.shell) === shellKey &&
      made.headers.get(SNAPSHOT_HEADERS.digest) === digest
    )
      return made;
    return makePage(
      cache,
      address,
      { headers: stored.headers, text, digest },
      kind.cover,
      shell,
      shellKey,
      read,
    );
  }
  return null;
}

/** What is stored for a snapshot, its headers included: the page made of it is of this alone. */
async function digestOf(headers: Headers, text: string): Promise<string> {
  const named = [SNAPSHOT_HEADERS.shell, SNAPSHOT_HEADERS.title, SNAPSHOT_HEADERS.user]
    .map((name) => headers.get(name) ?? '')
    .join('\n');
  const bytes = new TextEncoder().encode(`${named}\n${text}`);
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(hash, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Who a snapshot was drawn for: a user id as the app stores it, or null for none fit to write. */
function userOf(headers: Headers): string | null {
  const user = headers.get(SNAPSHOT_HEADERS.user);
  return user && /^[\w-]{1,64}$/.test(user) ? user : null;
}

/** The shell with the `stored` snapshot of `address` painted in, kept in `cache` for the next start. */
async function makePage(
  cache: Cache,
  address: string,
  stored: { headers: Headers; text: string; digest: string },
  cover: string,
  shell: () => Promise<Response>,
  shellKey: string,
  read: ReadStylesheet,
): Promise<Response | null> {
  const user = userOf(stored.headers);
  if (!user) return null;
  const page = await shell();
  if (page.status !== 200) return null;
  const html = await page.clone().text();
  const entry = shellEntry(html);
  if (!entry || stored.headers.get(SNAPSHOT_HEADERS.shell) !== entry) return null;
  let snapshot: unknown = null;
  try {
    snapshot = JSON.parse(stored.text);
  } catch {
    return null;
  }
  if (!isWellFormed(snapshot)) return null;
  let title = '';
  try {
    title = decodeURIComponent(stored.headers.get(SNAPSHOT_HEADERS.title) ?? '');
  } catch {
    return null;
  }
  const headers = new Headers(page.headers);
  headers.delete('Content-Length');
  headers.delete('Content-Encoding');
  headers.set('Content-Type', 'text/html; charset=utf-8');
  headers.set(SNAPSHOT_HEADERS.shell, shellKey);
  headers.set(SNAPSHOT_HEADERS.digest, stored.digest);
  const policy = headers.get('Content-Security-Policy');
  if (policy) headers.set('Content-Security-Policy', await withCoverCheck(policy));
  const body = await withSnapshot(html, snapshot, title, cover, user, read);
  // Kept only if the snapshot is still there: one forgotten meanwhile must not come back made.
  if (shellKey && (await cache.match(address)))
    await cache.put(snapshotPageAddress(address), new Response(body, { headers }));
  return new Response(body, { status: 200, headers });
}

/**
 * The shell's Content-Security-Policy allowing the one inline script a made page has, the cover's
 * check, by its hash: no other inline script runs, a snapshot's own least of all.
 */
async function withCoverCheck(policy: string): Promise<string> {
  const bytes = new TextEncoder().encode(SNAPSHOT_COVER_CHECK_SCRIPT);
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  const source = `'sha256-${btoa(String.fromCharCode(...hash))}'`;
  return /(^|;)\s*script-src\b/.test(policy)
    ? policy.replace(/((?:^|;)\s*script-src\b)/, `$1 ${source}`)
    : policy;
}

/** A session ended: its snapshots go with it. */
export async function forgetSnapshots(): Promise<void> {
  await caches.delete(CACHE_NAMES.slideSnapshots);
  await forgetPageSnapshots();
}

/** Something a page was drawn from changed (an answer the worker keeps): every page snapshot goes. */
export async function forgetPageSnapshots(): Promise<void> {
  await caches.delete(CACHE_NAMES.pageSnapshots);
}
