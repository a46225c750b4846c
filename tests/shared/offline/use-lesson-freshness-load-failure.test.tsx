import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { startDownload } from '../../../src/lib/offline/download-manager';
import { useLessonFreshness } from '../../../src/shared/offline/use-lesson-freshness';
import { activityLessonPlan, lesson, slides } from '../../lib/offline/lesson-with-activities';
import {
  clearOfflineTables,
  offlineTestKit,
  signInKitTeacher,
  undoOfflineTestKit,
} from '../../lib/offline/offline-test-kit';

// The freshness check loads its own code when a downloaded lesson opens. A load that fails (the
// page is being left, or a new deploy removed the old build's files) is a check that failed:
// asked again later, never an error thrown into the page.

const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../src/lib/offline/download-freshness', () => {
  loads.count += 1;
  throw new TypeError('error loading dynamically imported module');
});

let kit: ReturnType<typeof offlineTestKit>;
// Node's own process (the test tsconfig has no Node types): where an unhandled rejection lands.
const nodeProcess = (
  globalThis as unknown as {
    process: {
      on: (event: 'unhandledRejection', listener: (reason: unknown) => void) => void;
      off: (event: 'unhandledRejection', listener: (reason: unknown) => void) => void;
    };
  }
).process;
const unhandled: unknown[] = [];
const noteUnhandled = (reason: unknown) => unhandled.push(reason);

beforeEach(async () => {
  await clearOfflineTables();
  kit = offlineTestKit();
  signInKitTeacher();
  kit.answers['{"lessonId":"L1"}'] = lesson('Lesson 1: Pulse', ['a1']);
  kit.answers['{"activityId":"a1"}'] = slides('/uploads/drum.jpg');
  await startDownload(activityLessonPlan('L1', 'Lesson 1: Pulse'));
  nodeProcess.on('unhandledRejection', noteUnhandled);
});

afterEach(() => {
  nodeProcess.off('unhandledRejection', noteUnhandled);
  cleanup();
  undoOfflineTestKit();
  vi.useRealTimers();
});

it('a check whose code cannot load throws nothing into the page and is asked again later', async () => {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
  );
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const { result } = renderHook(() => useLessonFreshness({ lessonId: 'L1', autoUpdate: true }), {
    wrapper,
  });

  await waitFor(() => expect(loads.count).toBeGreaterThan(0));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(unhandled).toEqual([]);
  expect(result.current.newer).toBe(false);
  expect(result.current.phase).toBe('idle');

  const first = loads.count;
  await vi.advanceTimersByTimeAsync(10_000);
  await waitFor(() => expect(loads.count).toBeGreaterThan(first));
  expect(unhandled).toEqual([]);
});
