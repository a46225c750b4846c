// Where an offline cold start's time goes, for bench/offline.mjs: a Chrome trace of the
// tab's main thread (self time of script, rendering and HTML parsing), and from the page itself
// when the worker answered the navigation, when the last script arrived, and how long IndexedDB
// requests were outstanding (the union of their open-to-success intervals, timed by wrappers
// installed before the app's code runs).

/** Trace event names by what they are (Chrome's devtools.timeline names). */
const KINDS = /** @type {const} */ ({
  script: [
    'EvaluateScript',
    'v8.compile',
    'v8.compileModule',
    'v8.evaluateModule',
    'v8.produceModuleCache',
    'FunctionCall',
    'TimerFire',
    'FireAnimationFrame',
    'FireIdleCallback',
    'RunMicrotasks',
    'EventDispatch',
    'V8.GCScavenger',
    'MajorGC',
    'MinorGC',
  ],
  rendering: [
    'Layout',
    'UpdateLayoutTree',
    'RecalculateStyles',
    'ParseAuthorStyleSheet',
    'Paint',
    'PrePaint',
    'Layerize',
    'Commit',
    'HitTest',
  ],
  parse_html: ['ParseHTML'],
});

/**
 * Installed with context.addInitScript: records IndexedDB open and request intervals in
 * `window.__idbIntervals` (milliseconds since navigation start).
 */
export function recordIndexedDb() {
  /** @type {[number, number][]} */
  const intervals = [];
  /** @type {any} */ (window).__idbIntervals = intervals;
  /** @param {IDBRequest} request */
  const time = (request) => {
    const started = performance.now();
    const done = () => intervals.push([started, performance.now()]);
    request.addEventListener('success', done);
    request.addEventListener('error', done);
    return request;
  };
  /** @param {any} proto @param {string} name */
  const wrap = (proto, name) => {
    const original = proto[name];
    if (typeof original !== 'function') return;
    proto[name] = function (/** @type {unknown[]} */ ...args) {
      return time(original.apply(this, args));
    };
  };
  for (const name of [
    'get',
    'getAll',
    'getAllKeys',
    'count',
    'openCursor',
    'openKeyCursor',
    'put',
    'add',
    'delete',
    'clear',
  ])
    wrap(IDBObjectStore.prototype, name);
  for (const name of ['get', 'getAll', 'getAllKeys', 'count', 'openCursor', 'openKeyCursor'])
    wrap(IDBIndex.prototype, name);
  wrap(IDBFactory.prototype, 'open');
}

/**
 * Installed with tab.addInitScript(recordFirstFrames, selectors): at every frame from the
 * document's start, looks for each selector's element and records, in `window.__firstFrames`, the
 * time (ms since the epoch, as Date.now()) of the first frame in which it was visible with every
 * picture in the window arrived: the frame that painted it. Looking from outside the page
 * (Playwright's waitForFunction) sees it only when the page's main thread is next free, which on a
 * page whose script starts right after its first paint is long after the pixels were there.
 * @param {string[]} selectors
 */
function recordFirstFrames(selectors) {
  /** @type {Record<string, number>} */
  const seen = {};
  /** @type {any} */ (window).__firstFrames = seen;
  // A page's pictures are part of its content: every one in the window must have arrived (or
  // failed) too.
  const picturesIn = () =>
    [...document.images].every((picture) => {
      if (picture.complete || !picture.checkVisibility()) return true;
      const box = picture.getBoundingClientRect();
      return box.bottom <= 0 || box.top >= innerHeight || box.right <= 0 || box.left >= innerWidth;
    });
  const look = () => {
    for (const selector of selectors) {
      if (seen[selector] !== undefined) continue;
      if (document.querySelector(selector)?.checkVisibility() && picturesIn())
        seen[selector] = performance.timeOrigin + performance.now();
    }
    if (selectors.some((selector) => seen[selector] === undefined) && performance.now() < 60_000)
      requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}

/**
 * Opens `path` in a fresh tab of `context` and times, from its goto, the frame that first painted
 * each selector's element, as the page saw it (recordFirstFrames), and when the bench saw the
 * first one from outside. `beforeGoto` runs once the tab is open (a worker stopped, say). Returns
 * the open tab for more questions; the caller closes it.
 * @param {import('@playwright/test').BrowserContext} context @param {string} path
 * @param {string[]} selectors @param {() => Promise<unknown>} [beforeGoto]
 */
export async function timedStart(context, path, selectors, beforeGoto) {
  const tab = await context.newPage();
  await tab.addInitScript(recordFirstFrames, selectors);
  await beforeGoto?.();
  const t0 = Date.now();
  await tab.goto(path, { waitUntil: 'commit' });
  let outsideMs = NaN;
  for (const selector of selectors) {
    await tab.waitForFunction(
      (wanted) => document.querySelector(wanted)?.checkVisibility() === true,
      selector,
      { polling: 'raf', timeout: 30_000 },
    );
    if (Number.isNaN(outsideMs)) outsideMs = Date.now() - t0;
    // The page's own record may come a few frames later, once the pictures are in too.
    await tab.waitForFunction(
      (wanted) => /** @type {any} */ (window).__firstFrames?.[wanted] !== undefined,
      selector,
      { timeout: 30_000 },
    );
  }
  const frames = await tab.evaluate(
    (wanted) => wanted.map((selector) => /** @type {any} */ (window).__firstFrames?.[selector]),
    selectors,
  );
  return {
    tab,
    frameMs: frames.map((/** @type {number | undefined} */ at) => Math.round((at ?? NaN) - t0)),
    outsideMs,
  };
}

/** @param {[number, number][]} intervals */
function unionMs(intervals) {
  let total = 0;
  let end = -Infinity;
  for (const [from, to] of [...intervals].sort((a, b) => a[0] - b[0])) {
    if (to <= end) continue;
    total += to - Math.max(from, end);
    end = to;
  }
  return total;
}

/**
 * Self time per kind on a renderer main thread, in ms. Events nest (a script call may force a
 * layout), so each event counts only the time none of its children took. `thread` ("pid:tid")
 * picks the thread, by default the renderer main thread that did the most work (about:blank's
 * may be another process); `from` and `until` (trace microseconds) cut every event to that
 * window, so a span of a page's life is measured, not the whole trace.
 * @param {any[]} events @param {{ thread?: string, from?: number, until?: number }} [window]
 */
export function mainThreadSelfTime(events, { thread, from = -Infinity, until = Infinity } = {}) {
  /** @type {Map<string, number>} */
  const busy = new Map();
  const mains = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  for (const event of events)
    if (event.ph === 'X' && mains.has(`${event.pid}:${event.tid}`))
      busy.set(
        `${event.pid}:${event.tid}`,
        (busy.get(`${event.pid}:${event.tid}`) ?? 0) + (event.dur ?? 0),
      );
  const main = thread ?? [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
  const complete = events
    .filter((event) => event.ph === 'X' && `${event.pid}:${event.tid}` === main)
    .map((event) => {
      const start = Math.max(event.ts, from);
      return {
        name: event.name,
        ts: start,
        dur: Math.min(event.ts + (event.dur ?? 0), until) - start,
      };
    })
    .filter((event) => event.dur > 0)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  /** @type {Record<string, number>} */
  const totals = { script: 0, rendering: 0, parse_html: 0, other: 0 };
  /** @type {{ end: number, kind: string, self: number }[]} */
  const stack = [];
  const close = (/** @type {number} */ until) => {
    while (stack.length > 0 && (stack[stack.length - 1]?.end ?? 0) <= until) {
      const done = /** @type {{ end: number, kind: string, self: number }} */ (stack.pop());
      totals[done.kind] = (totals[done.kind] ?? 0) + done.self;
    }
  };
  for (const event of complete) {
    close(event.ts);
    const kind =
      /** @type {[string, readonly string[]][]} */ (Object.entries(KINDS)).find(([, names]) =>
        names.includes(event.name),
      )?.[0] ??
      (event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask' ? 'other' : null);
    const parent = stack[stack.length - 1];
    if (!kind) continue;
    if (parent) parent.self -= event.dur;
    stack.push({ end: event.ts + event.dur, kind, self: event.dur });
  }
  close(Infinity);
  return Object.fromEntries(
    Object.entries(totals).map(([kind, us]) => [kind, Math.round(Math.max(0, us) / 100) / 10]),
  );
}

/**
 * Runs `fn` while Chrome traces the main-thread timeline (devtools.timeline, v8.execute, and
 * blink.user_timing for each navigation's start), and returns fn's result with the trace events.
 * @template T
 * @param {import('@playwright/test').BrowserContext} context @param {import('@playwright/test').Page} tab
 * @param {() => Promise<T>} fn @returns {Promise<{ result: T, events: any[] }>}
 */
export async function traced(context, tab, fn) {
  const cdp = await context.newCDPSession(tab);
  /** @type {any[]} */
  const events = [];
  cdp.on('Tracing.dataCollected', (data) => events.push(...data.value));
  const complete = new Promise((resolve) =>
    cdp.once('Tracing.tracingComplete', () => resolve(undefined)),
  );
  await cdp.send('Tracing.start', {
    traceConfig: {
      includedCategories: [
        'devtools.timeline',
        'v8.execute',
        'blink.user_timing',
        'disabled-by-default-devtools.timeline',
      ],
    },
  });
  // Tracing starts in each process a moment after Chrome answers (the spare renderer a navigation
  // may take included): a navigation at once could lose its first events.
  await new Promise((resolve) => setTimeout(resolve, 250));
  const result = await fn();
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  return { result, events };
}

/**
 * One traced cold start: a new tab of `context` (already offline) opens `path` and waits for
 * `ready`. Returns its time and where it went.
 * @param {import('@playwright/test').BrowserContext} context @param {string} path @param {string} ready
 */
export async function tracedColdStart(context, path, ready) {
  const tab = await context.newPage();
  const { result: ms, events } = await traced(context, tab, async () => {
    const t0 = Date.now();
    await tab.goto(path);
    await tab.locator(ready).first().waitFor({ timeout: 30_000 });
    return Date.now() - t0;
  });
  const page = await tab.evaluate(() => {
    const navigation = /** @type {PerformanceNavigationTiming | undefined} */ (
      performance.getEntriesByType('navigation')[0]
    );
    const scripts = performance
      .getEntriesByType('resource')
      .filter(
        (entry) =>
          /** @type {PerformanceResourceTiming} */ (entry).initiatorType === 'script' ||
          entry.name.endsWith('.js'),
      );
    return {
      html_ms: Math.round(navigation?.responseEnd ?? 0),
      scripts: scripts.length,
      scripts_loaded_ms: Math.round(
        Math.max(
          0,
          ...scripts.map((entry) => /** @type {PerformanceResourceTiming} */ (entry).responseEnd),
        ),
      ),
      idb: /** @type {[number, number][]} */ (/** @type {any} */ (window).__idbIntervals ?? []),
      restore: performance.getEntriesByName('query-cache-restore')[0]?.toJSON() ?? null,
    };
  });
  await tab.close();
  return {
    ms,
    html_ms: page.html_ms,
    scripts: page.scripts,
    scripts_loaded_ms: page.scripts_loaded_ms,
    indexeddb: {
      requests: page.idb.length,
      first_ms: page.idb.length ? Math.round(Math.min(...page.idb.map(([from]) => from))) : null,
      outstanding_ms: Math.round(unionMs(page.idb)),
    },
    query_cache_restore: page.restore,
    main_thread_ms: mainThreadSelfTime(events),
  };
}
