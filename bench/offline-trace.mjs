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
 * Self time per kind on the renderer's main thread. Events nest (a script call may force a
 * layout), so each event counts only the time none of its children took.
 * @param {any[]} events
 */
function mainThreadSelfTime(events) {
  // The page's renderer main thread: of the renderer main threads (about:blank's may be another
  // process), the one that did the most work.
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
  const main = [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
  const complete = events
    .filter((event) => event.ph === 'X' && `${event.pid}:${event.tid}` === main)
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
    if (parent) parent.self -= event.dur ?? 0;
    stack.push({ end: event.ts + (event.dur ?? 0), kind, self: event.dur ?? 0 });
  }
  close(Infinity);
  return Object.fromEntries(
    Object.entries(totals).map(([kind, us]) => [kind, Math.round(Math.max(0, us) / 1000)]),
  );
}

/**
 * One traced cold start: a new tab of `context` (already offline) opens `path` and waits for
 * `ready`. Returns its time and where it went.
 * @param {import('@playwright/test').BrowserContext} context @param {string} path @param {string} ready
 */
export async function tracedColdStart(context, path, ready) {
  const tab = await context.newPage();
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
        'disabled-by-default-devtools.timeline',
      ],
    },
  });
  const t0 = Date.now();
  await tab.goto(path);
  await tab.locator(ready).first().waitFor({ timeout: 30_000 });
  const ms = Date.now() - t0;
  await cdp.send('Tracing.end');
  await complete;
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
