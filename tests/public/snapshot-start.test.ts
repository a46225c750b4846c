import { afterEach, describe, expect, it, vi } from 'vitest';

// The app's start on a page the worker painted a first slide's snapshot into
// (public/snapshot-start.js): the slide's pictures are part of what the class sees first, so the
// app's files, asked of the same worker, wait for them.

/** A module with nothing to run, standing in for the build's entry. */
const ENTRY = '/src/lib/sw-messages.ts';
const decode = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'decode');

let instance = 0;
/** The start script as a snapshot page runs it, afresh each time. */
async function runStartScript() {
  instance += 1;
  const script = `../../public/snapshot-start.js?instance=${instance}`;
  await import(/* @vite-ignore */ script);
}

/** Whether the app's files were asked for: the start adds their preloads first. */
const started = () => document.head.querySelector('link[rel="modulepreload"]') !== null;

function paintSnapshot(markup: string, cover = 'snapshot-cover', user = '7') {
  localStorage.setItem('user', JSON.stringify({ id: 7, email: 't@demo.school' }));
  document.head.innerHTML = '';
  document.body.innerHTML = `<script type="module" data-entry="${ENTRY}" data-preload="/assets/react-r1.js"></script><div class="${cover}" hidden inert aria-hidden="true" data-user="${user}">${markup}</div><div id="root"></div>`;
}

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  if (decode) Object.defineProperty(HTMLImageElement.prototype, 'decode', decode);
  else delete (HTMLImageElement.prototype as { decode?: unknown }).decode;
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe("the app's start on a snapshot page", () => {
  it("waits for the slide's pictures to be decoded, then starts", async () => {
    let shown: () => void = () => undefined;
    HTMLImageElement.prototype.decode = () =>
      new Promise<void>((resolve) => {
        shown = resolve;
      });
    paintSnapshot('<main><h1>Samba</h1><img src="/uploads/drum.png" alt="A surdo"></main>');
    await runStartScript();
    // Several frames pass with the picture still on its way: the app's files wait.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(started()).toBe(false);
    shown();
    await vi.waitFor(() => expect(started()).toBe(true));
  });

  it('starts after a second however long a picture takes, and at once with none', async () => {
    HTMLImageElement.prototype.decode = () => new Promise<void>(() => undefined);
    paintSnapshot('<main><img src="/uploads/drum.png" alt="A surdo"></main>');
    await runStartScript();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(started()).toBe(false);
    await vi.waitFor(() => expect(started()).toBe(true), { timeout: 2_000 });

    paintSnapshot('<main><h1>Samba</h1></main>');
    await runStartScript();
    await vi.waitFor(() => expect(started()).toBe(true), { timeout: 200 });
  });

  it('starts at once when the tab is hidden while it waits, where no frame would come', async () => {
    HTMLImageElement.prototype.decode = () => new Promise<void>(() => undefined);
    // As browsers do: no frame in a hidden tab until it is shown again.
    let visibility: DocumentVisibilityState = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    const waiting: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      if (visibility === 'visible') setTimeout(() => callback(performance.now()), 16);
      else waiting.push(callback);
      return 0;
    });
    paintSnapshot('<main><img src="/uploads/drum.png" alt="A surdo"></main>');
    await runStartScript();
    await new Promise((resolve) => setTimeout(resolve, 300));
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(started()).toBe(true), { timeout: 2_000 });
  });

  it('starts at once in a tab hidden from the start', async () => {
    HTMLImageElement.prototype.decode = () => new Promise<void>(() => undefined);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    paintSnapshot('<main><img src="/uploads/drum.png" alt="A surdo"></main>');
    await runStartScript();
    expect(started()).toBe(true);
  });

  it('starts whether a picture fails to decode', async () => {
    HTMLImageElement.prototype.decode = () => Promise.reject(new Error('EncodingError'));
    paintSnapshot('<main><img src="/uploads/missing.png" alt="A surdo"></main>');
    await runStartScript();
    await vi.waitFor(() => expect(started()).toBe(true), { timeout: 500 });
  });
});
