// The app's start on a page the worker painted from its snapshot (a first slide, a page)
// (sw/snapshots.ts). Fetched and compiled at once, the entry and the modules it preloads held
// the browser's first frame back, and the class waited for them to see a slide the device already
// holds: they start once that frame is painted with the slide's pictures (at once in a tab nobody
// sees, where no frame comes).
performance.mark('snapshot-start');

// Whether the cover shows at all (to whom, a page's only offline, never in a presenting tab) was
// settled before the first frame by the inline check the worker wrote after it
// (src/lib/session/snapshot-cover-check.ts).

// Slide keys pressed while only the snapshot is there wait for the app: a teacher pressing → on a
// slide that looks ready means it. The app hands them over once its own slide takes keys
// ('slide-snapshot-released', src/lib/offline/slide-snapshot.ts); any other outcome drops them.
const SLIDE_KEYS = new Set(['ArrowRight', 'ArrowLeft', 'PageDown', 'PageUp', 'Home', 'End']);
const held = [];
function hold(event) {
  if (event.altKey || event.ctrlKey || event.metaKey || !SLIDE_KEYS.has(event.key)) return;
  if (!document.querySelector('.snapshot-cover')) return;
  event.preventDefault();
  held.push(event.key);
}
document.addEventListener('keydown', hold);
document.addEventListener(
  'slide-snapshot-released',
  () => {
    document.removeEventListener('keydown', hold);
    for (const key of held.splice(0))
      document.body.dispatchEvent(
        new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }),
      );
  },
  { once: true },
);

const script = document.querySelector('script[data-entry]');
const entry = script?.getAttribute('data-entry');
const preloads = (script?.getAttribute('data-preload') ?? '').split(' ').filter(Boolean);

function start() {
  for (const href of preloads) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  return import(/* @vite-ignore */ entry);
}

// The snapshot's pictures are part of the slide: the app's files, asked of the same worker, would
// otherwise go first and hold them back (a picture came up to 400 ms after the slide's text).
// They start once every picture is decoded, or failed, or after a second at most.
const PICTURES_LONGEST_MS = 1000;
function picturesShown() {
  const snapshot = document.querySelector('.snapshot-cover');
  // Not shown (another window size): nothing to wait for.
  if (!snapshot || snapshot.checkVisibility?.() === false) return Promise.resolve();
  // Only those on screen: one further down, or loaded lazily, would hold the app back a second.
  const onScreen = [...snapshot.querySelectorAll('img')].filter(
    (picture) =>
      picture.loading !== 'lazy' && picture.getBoundingClientRect().top < window.innerHeight,
  );
  const pictures = onScreen.map((picture) =>
    typeof picture.decode === 'function' ? picture.decode().catch(() => undefined) : undefined,
  );
  return Promise.race([
    Promise.all(pictures),
    new Promise((resolve) => setTimeout(resolve, PICTURES_LONGEST_MS)),
  ]);
}

// A tab nobody sees starts at once, whether hidden from the start or while it waits: it gets no
// frame until shown again, and the app (with its end of a session signed out elsewhere) would
// wait for the teacher to come back.
if (entry) {
  let begun = false;
  const startOnce = () => {
    if (begun) return;
    begun = true;
    document.removeEventListener('visibilitychange', startIfHidden);
    void start();
  };
  const startIfHidden = () => {
    if (document.visibilityState !== 'visible') startOnce();
  };
  document.addEventListener('visibilitychange', startIfHidden);
  startIfHidden();
  if (!begun) void picturesShown().then(() => requestAnimationFrame(() => setTimeout(startOnce)));
}
