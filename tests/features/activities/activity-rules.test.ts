import { describe, expect, it } from 'vitest';
import type {
  ActivityOption,
  ActivityPageResult,
} from '../../../src/features/activities/api/activity-page-query';
import {
  activityBasePath,
  chooseById,
  lessonContext,
  nextInLesson,
  objectivesFor,
} from '../../../src/features/activities/utils/activity-rules';

const option = (documentId: string, objectives: [string, string][] = []): ActivityOption => ({
  documentId,
  title: documentId,
  introduction: null,
  introduction_pt2: null,
  time: null,
  music: null,
  equipment: null,
  documents: null,
  learning_objectives: objectives.map(([title, slug], index) => ({
    id: String(index),
    title,
    description: null,
    audience: { slug },
  })),
  delivery_option: null,
});

describe('activity page rules', () => {
  it('chooses the option or delivery named by the route, else the first, else none', () => {
    const options = [option('a'), option('b')];
    expect(chooseById(options, 'b')?.documentId).toBe('b');
    expect(chooseById(options, undefined)?.documentId).toBe('a');
    expect(chooseById(options, 'missing')?.documentId).toBe('a');
    expect(chooseById([], 'a')).toBeNull();
    expect(chooseById([{ id: '7' }, { id: '9' }], '9')).toEqual({ id: '9' });
  });

  it('shows learning objectives for the current audience only', () => {
    const withObjectives = option('a', [
      ['Keep a pulse', 'primary'],
      ['Compose', 'secondary'],
    ]);
    expect(objectivesFor(withObjectives, 'primary').map((o) => o.title)).toEqual(['Keep a pulse']);
    expect(objectivesFor(withObjectives, null)).toEqual([]);
  });

  it("finds the lesson's next activity, skipping dividers, and none after the last", () => {
    const result: ActivityPageResult = {
      activityPage: null,
      lesson: {
        documentId: 'l',
        title: 'Lesson 1',
        disable_lesson_mode: null,
        activity: [
          { id: '1', section_divider: true, activity: null },
          { id: '2', section_divider: false, activity: { documentId: 'x', title: 'X' } },
          { id: '3', section_divider: true, activity: null },
          { id: '4', section_divider: false, activity: { documentId: 'y', title: 'Y' } },
        ],
      },
    };
    expect(nextInLesson(result, 'x')?.title).toBe('Y');
    expect(nextInLesson(result, 'y')).toBeNull();
    expect(nextInLesson({ activityPage: null }, 'x')).toBeNull();
  });

  it('strips option and delivery segments to find the activity path', () => {
    expect(activityBasePath('/primary/p/unit/u/activity/abc/opt/del', 'abc')).toBe(
      '/primary/p/unit/u/activity/abc',
    );
    expect(activityBasePath('/primary/activities/-/abc', 'abc')).toBe('/primary/activities/-/abc');
  });

  it("gives the lesson's title and lesson-mode switch, in a unit's lesson or a custom unit's lesson plan", () => {
    const lesson = {
      documentId: 'l',
      title: 'Lesson 2: Lullabies',
      disable_lesson_mode: true,
      activity: [],
    };
    expect(lessonContext({ activityPage: null, lesson }, 'l')).toEqual({
      title: 'Lesson 2: Lullabies',
      lessonModeOff: true,
    });
    const plans = [
      {
        documentId: 'p',
        lesson_plans: [
          { id: '4', title: 'Compose a class piece', disable_lesson_mode: true },
          { id: '5', title: 'Meet the orchestra', disable_lesson_mode: null },
        ],
      },
    ];
    expect(lessonContext({ activityPage: null, customSchemePlans: plans }, '4')).toEqual({
      title: 'Compose a class piece',
      lessonModeOff: true,
    });
    expect(lessonContext({ activityPage: null, customSchemePlans: plans }, '5')).toEqual({
      title: 'Meet the orchestra',
      lessonModeOff: false,
    });
    expect(lessonContext({ activityPage: null, customSchemePlans: plans }, '9')).toBeNull();
    expect(lessonContext({ activityPage: null }, undefined)).toBeNull();
  });
});
