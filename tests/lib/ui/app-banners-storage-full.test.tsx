import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WorkerToPageMessage } from '../../../src/lib/sw-messages';
import { AppBanners } from '../../../src/lib/ui/app-banners';

// The worker says when its own write found the device full; the teacher hears it in the app's
// banners, in a plain sentence with the way to the storage page, announced by a live region that
// was in the page before the news came.

const TEXT =
  'This device is out of storage space, so pages may not be saved for offline use. Free space on the storage page.';

let worker: EventTarget & { startMessages: () => void };
const original = Object.getOwnPropertyDescriptor(navigator, 'serviceWorker');

beforeEach(() => {
  worker = Object.assign(new EventTarget(), { startMessages: () => undefined });
  Object.defineProperty(navigator, 'serviceWorker', { value: worker, configurable: true });
});

afterEach(() => {
  cleanup();
  if (original) Object.defineProperty(navigator, 'serviceWorker', original);
  else delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

const fromWorker = (data: unknown) =>
  act(() => {
    worker.dispatchEvent(new MessageEvent('message', { data }));
  });

describe("the worker's device-full news", () => {
  it('changes the text of a live region already in the page, with a link to the storage page', async () => {
    render(
      <MemoryRouter>
        <AppBanners />
      </MemoryRouter>,
    );
    const regions = screen.getAllByRole('status');
    for (const region of regions) expect(region).toHaveTextContent('');

    const full: WorkerToPageMessage = { type: 'STORAGE_FULL', store: 'graphql' };
    await fromWorker(full);

    const region = screen.getAllByRole('status').find((one) => one.textContent !== '');
    expect(regions).toContain(region);
    expect(region).toHaveTextContent(TEXT);
    expect(screen.getByRole('link', { name: 'Free space on the storage page.' })).toHaveAttribute(
      'href',
      '/offline',
    );
  });

  it('says nothing for other messages from the worker', async () => {
    render(
      <MemoryRouter>
        <AppBanners />
      </MemoryRouter>,
    );
    await fromWorker({ type: 'SOMETHING_ELSE' });
    await fromWorker(null);
    for (const region of screen.getAllByRole('status')) expect(region).toHaveTextContent('');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
