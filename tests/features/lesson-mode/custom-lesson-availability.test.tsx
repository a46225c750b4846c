import { QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CustomLessonSlideShowData } from '../../../src/features/lesson-mode/api/custom-lesson-slide-show';
import { CustomLessonDeck } from '../../../src/features/lesson-mode/components/custom-lesson-deck';
import { routeFamily } from '../../../src/features/lesson-mode/model/route-family';
import { ACTIVE_SUBSCRIBER, useAuthStore } from '../../../src/lib/auth/auth-store';
import { createQueryClient } from '../../../src/lib/query/query-client';
import { server } from '../../support/msw';
import { card, goOffline, restoreNetwork, storeSlideShows } from './availability-kit';

// Lesson mode says what is missing: a custom unit's lesson lists every activity,
// marking those whose slides could not be loaded, as a playlist's does.

const UNIT = 'unit-1';
const LESSON = 'plan-1';
const BASE = `/primary/sound-explorers/custom-unit/${UNIT}/lesson/${LESSON}/slides`;

const plan: CustomLessonSlideShowData = {
  customScheme: {
    documentId: UNIT,
    title: 'Rhythm and pulse',
    learning_strands: [{ documentId: 'strand-1', combination_key: 'A' }],
    audience: { slug: 'primary' },
    programme: { slug: 'sound-explorers' },
  },
  customSchemePlans: [
    {
      documentId: 'plans',
      audience: { slug: 'primary' },
      programme: { slug: 'sound-explorers' },
      lesson_plans: [
        {
          id: LESSON,
          title: 'Lesson 1: Finding the pulse',
          featured: true,
          disable_lesson_mode: false,
          combination_key_configurations: [],
          activities_above: [{ documentId: 'echo', title: 'Echo Clapping' }],
          activities: [{ documentId: 'hello', title: 'Hello Song' }],
          activity_pool: [],
        },
      ],
    },
  ],
};

/** The custom lesson's lesson mode at `path`, with `stored` activities' slideshows available. */
function renderLessonMode(
  path: string,
  params: { activity?: string; slide?: string },
  stored: string[],
) {
  const client = createQueryClient();
  client.setQueryData(['CustomLessonSlideShow', { unit: UNIT }], plan);
  storeSlideShows(client, stored);
  const family = routeFamily(path, { customUnit: UNIT, lesson: LESSON, ...params });
  if (family?.kind !== 'custom-lesson')
    throw new Error(`${path} is not a custom lesson's lesson mode`);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <CustomLessonDeck family={family} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  useAuthStore.setState({
    user: { id: 7, email: 'teacher@demo.school' },
    authToken: 'token',
    userRole: ACTIVE_SUBSCRIBER,
  });
});

afterEach(restoreNetwork);

describe("a custom unit's lesson in lesson mode", () => {
  it('offline, lists an activity whose slides are not on the device, says why and where to go', async () => {
    goOffline();
    renderLessonMode(BASE, {}, ['echo']);
    expect(await screen.findByRole('heading', { name: 'Hello Song' })).toBeInTheDocument();
    expect(
      within(card('Echo Clapping')).getByRole('link', { name: 'Get started' }),
    ).toHaveAttribute('href', `${BASE}/echo/1`);
    const missing = within(card('Hello Song'));
    expect(
      missing.getByText('Not available offline: its slides are not saved on this device.'),
    ).toBeInTheDocument();
    expect(
      missing.getByRole('link', { name: 'Open the lesson page to load it while online' }),
    ).toHaveAttribute('href', `/primary/sound-explorers/custom-unit/${UNIT}/lesson/${LESSON}`);
    expect(missing.queryByRole('link', { name: /Skip to this activity/ })).toBeNull();
  });

  it('offline with no slides stored, lists every activity as not available instead of "no slides yet"', async () => {
    goOffline();
    renderLessonMode(BASE, {}, []);
    expect(await screen.findByRole('heading', { name: 'Echo Clapping' })).toBeInTheDocument();
    expect(
      screen.getAllByText('Not available offline: its slides are not saved on this device.'),
    ).toHaveLength(2);
    expect(screen.queryByText('This lesson has no slides yet.')).toBeNull();
  });

  it('online, an activity the CMS failed to give is listed with the CMS failure', async () => {
    server.use(
      http.all(
        '*',
        () =>
          new HttpResponse(JSON.stringify({ errors: [{ message: 'Internal Server Error' }] }), {
            status: 500,
          }),
      ),
    );
    renderLessonMode(BASE, {}, ['echo']);
    expect(
      await screen.findByText(/^Its slides could not be loaded:/, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(
      within(card('Hello Song')).getByText(/^Its slides could not be loaded:/),
    ).toBeInTheDocument();
  });

  it("opening a missing activity's slides says why instead of 'not part of' the lesson", async () => {
    goOffline();
    renderLessonMode(`${BASE}/hello/1`, { activity: 'hello', slide: '1' }, ['echo']);
    expect(await screen.findByText('Hello Song cannot be shown here.')).toBeInTheDocument();
    expect(
      screen.getByText('Not available offline: its slides are not saved on this device.'),
    ).toBeInTheDocument();
  });
});
