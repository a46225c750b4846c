import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { db } from '../../../src/lib/db/database';
import { startDownload } from '../../../src/lib/offline/download-manager';
import { registerPlanBuilder } from '../../../src/lib/offline/plan-builders';
import { LessonUpdateNotice } from '../../../src/shared/offline/lesson-update-notice';
import { activityLessonPlan, lesson, slides } from '../../lib/offline/lesson-with-activities';
import {
  clearOfflineTables,
  offlineTestKit,
  signInKitTeacher,
  undoOfflineTestKit,
} from '../../lib/offline/offline-test-kit';

// Lesson mode's notice says what an update that could not finish means for the teacher: the
// downloaded lesson is unchanged, and a full device points to the storage page to free space.

let kit: ReturnType<typeof offlineTestKit>;

beforeEach(async () => {
  await clearOfflineTables();
  kit = offlineTestKit();
  signInKitTeacher();
  kit.answers['{"lessonId":"L1"}'] = lesson('Lesson 1: Pulse', ['a1']);
  kit.answers['{"activityId":"a1"}'] = slides('/uploads/drum.jpg');
  registerPlanBuilder('lesson', (params, record) =>
    activityLessonPlan(String(params.lessonId), record.title),
  );
  await startDownload(activityLessonPlan('L1', 'Lesson 1: Pulse'));
});

afterEach(() => {
  cleanup();
  undoOfflineTestKit();
});

it("a full device during 'Update now' is said as a full device, with the storage page to free space", async () => {
  kit.answers['{"lessonId":"L1"}'] = lesson('Lesson 1: Pulse (revised)', ['a1', 'a2']);
  kit.answers['{"activityId":"a2"}'] = slides(['/uploads/big.mp3', 5000]);
  kit.caches.options.failPutFor = '/uploads/big.mp3';
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <LessonUpdateNotice lessonId="L1" autoUpdate={false} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

  await userEvent.click(await screen.findByRole('button', { name: 'Update now' }));

  expect(
    await screen.findByText(/This device is full: the update needs about 4\.8 MB of space\./),
  ).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent('Your downloaded version is unchanged.');
  expect(screen.getByRole('link', { name: /storage page/ })).toHaveAttribute('href', '/offline');
  expect((await db.downloads.get('7:lesson:L1'))?.status).toBe('complete');
});
