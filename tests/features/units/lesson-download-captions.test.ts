import { describe, expect, it } from 'vitest';
import { lessonDownloadPlan } from '../../../src/features/units/components/lesson-download-plan';
import {
  collectMedia,
  mergeMedia,
  type MediaReference,
} from '../../../src/lib/offline/collect-media';
import { answerAsCms } from '../../support/answer-as-cms';

// WCAG 1.2.2: a downloaded lesson must play its videos with their captions offline, so
// the caption files are part of the download plan, counted with their size from the CMS.

const captionedVideo = {
  id: '1',
  title: 'Drum pattern demonstration',
  film_setup: 'Single camera, classroom',
  embed: JSON.stringify({ url: '/uploads/demo_video.mp4', size: 41.74, provider: 'upload' }),
  file: { documentId: 'v1', url: '/uploads/demo_video.mp4', size: 41.74, mime: 'video/mp4' },
  captions: [
    {
      id: '7',
      language: 'en',
      label: 'English',
      file: { url: '/uploads/demo_video_captions_en.vtt', size: 0.18, mime: 'text/vtt' },
    },
  ],
  transcript: '<p>Teacher: Watch me first, then copy.</p>',
};

const slideshow = {
  documentId: 'show-1',
  title: 'Drumming',
  activity_slides: [
    {
      id: 's1',
      title: 'Drum: watch and copy',
      slide_template: 'video',
      videos: [captionedVideo],
      sub_slides2: [],
    },
  ],
};

/** The CMS as a store of whole records: each query gets only the fields it asks for. */
const store = {
  schemes: [],
  lesson: {
    documentId: 'lesson-1',
    title: 'Lesson 1',
    activity: [
      {
        id: 'a',
        title: 'Drumming',
        activity: { documentId: 'activity-1', title: 'Drumming', activity_slideshow: slideshow },
      },
    ],
  },
  activityPage: { documentId: 'activity-1', title: 'Drumming', activity_slideshow: slideshow },
};

async function plannedFiles(): Promise<MediaReference[]> {
  const found: MediaReference[][] = [];
  const plan = lessonDownloadPlan({
    lessonId: 'lesson-1',
    schemeId: 'scheme-1',
    title: 'Lesson 1',
    path: '/x',
  });
  await plan.collect(async <Result>(document: string) => {
    const answer = answerAsCms(document, store);
    found.push(collectMedia(answer));
    return answer as Result;
  });
  return mergeMedia(found);
}

describe('a lesson download with a captioned video', () => {
  it('plans the caption file with the video, with its size from the CMS', async () => {
    const files = await plannedFiles();
    expect(files).toContainEqual({ url: '/uploads/demo_video.mp4', bytes: 41740 });
    expect(files).toContainEqual({ url: '/uploads/demo_video_captions_en.vtt', bytes: 180 });
  });
});
