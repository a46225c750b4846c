import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { db } from '../../../src/lib/db/database';
import { resumeDownloads } from '../../../src/lib/offline/download-manager';
import { CMS_UNREACHABLE_HEADER } from '../../../src/lib/sw-messages';
import { server } from '../../support/msw';
import {
  clearOfflineTables,
  storeLessonLeftBehind,
  offlineTestKit,
  undoOfflineTestKit,
} from './offline-test-kit';

// Under the service worker, a file the network could not give is answered by the worker itself:
// a 503 marked unreachable (sw/sw.ts), not a failed fetch. A download meeting it is a download
// whose connection went, as with no worker: it waits and carries on by itself when the network
// returns, instead of stopping with "One of the files could not be fetched".

let kit: ReturnType<typeof offlineTestKit>;
let workerAnswersUnreachable = true;
let dropsConnection = false;
const ID = '7:lesson:lesson-1';
const FILES = ['/uploads/a.mp3', '/uploads/b.jpg'];

beforeEach(async () => {
  await clearOfflineTables();
  kit = offlineTestKit();
  workerAnswersUnreachable = true;
  dropsConnection = false;
  server.use(
    http.get('*/uploads/*', () => {
      if (!workerAnswersUnreachable) return undefined;
      // The connection goes as the file is asked for; the worker answers for the network.
      if (dropsConnection) kit.online = false;
      return new HttpResponse(null, { status: 503, headers: { [CMS_UNREACHABLE_HEADER]: '1' } });
    }),
  );
  await storeLessonLeftBehind(FILES, { filesDone: 0 });
});

afterEach(undoOfflineTestKit);

it('a file the worker answers as unreachable as the connection goes is a lost connection: the download waits, then carries on by itself', async () => {
  dropsConnection = true;
  resumeDownloads();
  await vi.waitFor(async () => expect((await db.downloads.get(ID))?.status).toBe('queued'));
  expect((await db.downloads.get(ID))?.error).toMatch(/connection was lost/i);

  workerAnswersUnreachable = false;
  kit.online = true;
  window.dispatchEvent(new Event('online'));
  await vi.waitFor(async () => expect((await db.downloads.get(ID))?.status).toBe('complete'));
});

it('online, a file the worker answers as unreachable stops the download as a failed fetch does, never as a file the CMS refused', async () => {
  resumeDownloads();
  await vi.waitFor(async () => expect((await db.downloads.get(ID))?.status).toBe('failed'));
  expect((await db.downloads.get(ID))?.error).toBe('The download stopped. Try again to resume it.');
});
