import { describe, expect, it } from 'vitest';
import type {
  CustomLessonPlan,
  CustomSchemeQueryData,
} from '../../../src/features/custom-units/api/custom-scheme-query';
import { customUnitProblem } from '../../../src/features/custom-units/utils/connection-problem';
import {
  customLessonView,
  customUnitView,
} from '../../../src/features/custom-units/utils/custom-unit-view';
import { CmsError } from '../../../src/lib/cms/errors';

const card = (id: string) => ({
  documentId: id,
  title: id,
  time: null,
  type: null,
  introduction: null,
  lesson_summary: null,
});

function plan(id: string, keys: string[], pool: [string, string][] = []): CustomLessonPlan {
  return {
    id,
    title: `Lesson ${id}`,
    page_title: null,
    introduction: null,
    documents: null,
    featured: false,
    disable_lesson_mode: false,
    combination_key_configurations: keys.map((combination_key) => ({ combination_key })),
    activities_above: null,
    activities: [card(`main-${id}`)],
    activity_pool: pool.map(([strand, activity]) => ({
      learning_strand: { documentId: strand },
      activity: card(activity),
    })),
  };
}

const data: CustomSchemeQueryData = {
  customScheme: {
    documentId: 'unit',
    title: 'My unit',
    learning_strands: [{ documentId: 's-a', combination_key: 'A', title: 'Singing' }],
    audience: { slug: 'primary' },
    programme: { slug: 'sound-explorers', title: 'Sound Explorers' },
  },
  customSchemePlans: [
    {
      documentId: 'other',
      title: null,
      introduction: null,
      audience: { slug: 'primary' },
      programme: { slug: 'rhythm' },
      lesson_plans: [plan('9', ['A'])],
    },
    {
      documentId: 'plan',
      title: null,
      introduction: '<p>Plan</p>',
      audience: { slug: 'primary' },
      programme: { slug: 'sound-explorers' },
      lesson_plans: [
        plan(
          '1',
          ['A'],
          [
            ['s-a', 'pool-a'],
            ['s-e', 'pool-e'],
          ],
        ),
        plan('2', ['E']),
      ],
    },
  ],
};

describe('customUnitView', () => {
  it("uses the plan of the unit's own programme and the lessons its strands select", () => {
    const view = customUnitView(data)!;
    expect(view.plan?.documentId).toBe('plan');
    expect(view.lessons.map((lesson) => lesson.id)).toEqual(['1']);
    expect(customLessonView(view, '1')?.activities.map((activity) => activity.documentId)).toEqual([
      'main-1',
      'pool-a',
    ]);
    expect(customLessonView(view, '2')).toBeNull();
    expect(customLessonView(view, '9')).toBeNull();
  });

  it("is null for a unit the CMS does not return (missing, or someone else's)", () => {
    expect(customUnitView({ ...data, customScheme: null })).toBeNull();
  });
});

describe('customUnitProblem', () => {
  it('says a connection is needed when offline or the network failed, and that choices are kept', () => {
    expect(customUnitProblem(new Error('x'), 'create', false)).toMatch(
      /needs an internet connection.*choices are kept/,
    );
    expect(customUnitProblem(new CmsError('x', 0), 'delete', true)).toMatch(
      /^Deleting a unit needs an internet connection/,
    );
    expect(customUnitProblem(new CmsError('x', 500), 'create', true)).toBe(
      'Your unit could not be saved. Your choices are kept: please try again.',
    );
  });
});
