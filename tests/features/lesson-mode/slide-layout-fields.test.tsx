import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import slideSchema from '../../../cms/src/components/slides/activity-slide.json';
import { SlideBody } from '../../../src/features/lesson-mode/components/slide-body';
import type {
  ActivitySlide,
  SlideMedia,
  SlideTemplate,
  SlideVideo,
} from '../../../src/lib/lesson-content/slide-fields';

afterEach(cleanup);

// The admin panel shows a slide's fields by its layout (a `conditions.visible` rule on
// `slide_template` in the CMS schema): each field must show for exactly the layouts whose
// renderer reads it, so an editor never fills a field the class will not see, nor misses one it
// will. Which layouts read a field is found here by rendering every layout of a slide that has
// every field filled, each with a mark of its own, and looking for each mark.

type Attribute = { type: string; enum?: string[]; conditions?: { visible?: unknown } };
const attributes = slideSchema.attributes as Record<string, Attribute>;
const LAYOUTS = attributes.slide_template!.enum! as SlideTemplate[];

/** Fields read outside a slide's body, whatever its layout: they have no condition. */
const READ_OUTSIDE_THE_BODY: Record<string, string> = {
  include_in_lesson: 'the deck leaves out slides not in lesson mode',
  title: "the slide viewer's heading and the page title",
  slide_template: 'chooses the layout',
  teaching_notes: "the presenter view's notes",
};
/** Fields with no mark of their own, shown wherever the field they belong to is. */
const BELONGS_TO: Record<string, string> = {
  main_image_decorative: 'main_image',
  secondary_image_decorative: 'secondary_image',
  audio_transcript: 'audio',
};

const mark = (field: string) => `MARK-${field}-END`;
const media = (field: string, ext: string): SlideMedia => ({
  url: `/uploads/${mark(field)}.${ext}`,
  alternativeText: 'A picture',
  caption: null,
  mime: ext === 'mp3' ? 'audio/mpeg' : ext === 'mp4' ? 'video/mp4' : 'image/png',
});
const video = (field: string, id: string): SlideVideo => ({
  id,
  title: `Film ${id}`,
  film_setup: null,
  embed: null,
  file: media(field, 'mp4'),
  captions: [],
  transcript: null,
});
const column = (field: string) => ({
  id: field,
  title: mark(field),
  text: null,
  videos: [],
  audio: [],
  images: [],
});

/** A slide with every field filled, each with its own mark. */
function fullSlide(template: SlideTemplate): ActivitySlide {
  return {
    id: 's1',
    include_in_lesson: true,
    title: 'Slide',
    slide_template: template,
    slide_text: `<p>${mark('slide_text')}</p>`,
    secondary_slide_text: `<p>${mark('secondary_slide_text')}</p>`,
    videos: [video('videos', 'v1'), video('videos', 'v2')],
    sub_slides2: [
      {
        id: 'sub1',
        title: mark('sub_slides2'),
        activity_slideshow: { documentId: 'show', title: 'Show' },
      },
    ],
    main_image: media('main_image', 'png'),
    secondary_image: media('secondary_image', 'png'),
    audio: media('audio', 'mp3'),
    audio_transcript: '<p>Words</p>',
    teaching_notes: '<p>Notes</p>',
    secondary_audio: media('secondary_audio', 'mp3'),
    secondary_video: video('secondary_video', 'v3'),
    audiocards: [
      {
        id: 'a1',
        title: mark('audiocards'),
        image: media('audiocards', 'png'),
        audio: media('audiocards', 'mp3'),
      },
    ],
    flipcards: [
      {
        id: 'f1',
        title: mark('flipcards'),
        card_1: media('flipcards', 'png'),
        card_2: media('flipcards', 'png'),
        audio: null,
      },
    ],
    left_column: column('left_column'),
    right_column: column('right_column'),
  };
}

/** For each field, the layouts whose rendering shows its mark. */
function layoutsReading(): Record<string, SlideTemplate[]> {
  const read: Record<string, SlideTemplate[]> = {};
  for (const layout of LAYOUTS) {
    const { container } = render(
      <MemoryRouter>
        <SlideBody slide={fullSlide(layout)} slidePath="/slides/1" />
      </MemoryRouter>,
    );
    const html = container.innerHTML;
    for (const field of Object.keys(attributes))
      if (html.includes(mark(field))) (read[field] ??= []).push(layout);
    cleanup();
  }
  return read;
}

const conditionLayouts = (field: string) => {
  const visible = attributes[field]!.conditions?.visible as
    { in: [{ var: string }, string[]] } | undefined;
  if (!visible) return null;
  expect(visible.in[0], field).toEqual({ var: 'slide_template' });
  return [...visible.in[1]].sort();
};

describe("a slide's fields in the admin panel follow the layouts that show them", () => {
  const read = layoutsReading();

  it('every field shown by only some layouts has a condition naming exactly those layouts', () => {
    for (const field of Object.keys(attributes)) {
      if (field in READ_OUTSIDE_THE_BODY) continue;
      const source = BELONGS_TO[field] ?? field;
      const reading = [...(read[source] ?? [])].sort();
      expect(reading.length, `${field}: no layout shows it`).toBeGreaterThan(0);
      if (reading.length === LAYOUTS.length) expect(conditionLayouts(field), field).toBeNull();
      else expect(conditionLayouts(field), field).toEqual(reading);
    }
  });

  it('fields read outside the body have no condition; the layout codes are the ones the app renders', () => {
    for (const field of Object.keys(READ_OUTSIDE_THE_BODY))
      expect(conditionLayouts(field), field).toBeNull();
    // Every field the slide has is shown somewhere (no dead field an editor fills for nothing).
    expect(read.slide_text).toEqual(LAYOUTS);
    expect(LAYOUTS).toContain('sub_slide_buttons');
  });
});
