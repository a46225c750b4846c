import { describe, expect, it } from 'vitest';
import {
  builderButtonLabel,
  defaultUnitName,
  lessonActivities,
  lessonsForStrands,
  type PlanLesson,
} from '../../../src/lib/content/custom-plan';

const activity = (id: string) => ({ documentId: id, title: id });

function lesson(id: string, keys: string[], extra: Partial<PlanLesson> = {}): PlanLesson {
  return {
    id,
    title: `Lesson ${id}`,
    featured: false,
    disable_lesson_mode: false,
    combination_key_configurations: keys.map((combination_key) => ({ combination_key })),
    activities_above: [],
    activities: [],
    activity_pool: [],
    ...extra,
  };
}

// The seed's plan (cms/CONTENT-MODEL.md): strands A–F, one letter each.
const seedLessons = [
  lesson('welcome', [], { featured: true }),
  lesson('singing', ['A', 'B']),
  lesson('listening', ['C']),
  lesson('compose', ['D']),
  lesson('orchestra', ['F', 'C']),
  lesson('concert', ['E']),
];
const strands = (keys: string) =>
  [...keys].map((key) => ({ documentId: `strand-${key}`, combination_key: key }));

describe('lessonsForStrands', () => {
  it('keeps featured lessons and those with a key among the strands (ABCD drops the E-only lesson)', () => {
    expect(lessonsForStrands(seedLessons, strands('ABCD')).map((plan) => plan.id)).toEqual([
      'welcome',
      'singing',
      'listening',
      'compose',
      'orchestra',
    ]);
  });

  it('follows the strands: EF keeps the lessons that name E or F', () => {
    expect(lessonsForStrands(seedLessons, strands('EF')).map((plan) => plan.id)).toEqual([
      'welcome',
      'orchestra',
      'concert',
    ]);
  });

  it('keeps only featured lessons when no strand matches, and nothing from no plan', () => {
    expect(lessonsForStrands(seedLessons, []).map((plan) => plan.id)).toEqual(['welcome']);
    expect(lessonsForStrands(null, strands('A'))).toEqual([]);
  });
});

describe('lessonActivities', () => {
  it("orders activities above, the plan's own, then the pool entries of the unit's strands, once each", () => {
    const plan = lesson('x', ['A'], {
      activities_above: [activity('warm-up')],
      activities: [activity('main'), activity('warm-up')],
      activity_pool: [
        { learning_strand: { documentId: 'strand-A' }, activity: activity('from-a') },
        { learning_strand: { documentId: 'strand-E' }, activity: activity('from-e') },
        { learning_strand: null, activity: activity('orphan') },
        { learning_strand: { documentId: 'strand-A' }, activity: null },
      ],
    });
    expect(lessonActivities(plan, strands('AB')).map((entry) => entry.documentId)).toEqual([
      'warm-up',
      'main',
      'from-a',
    ]);
  });
});

describe('the unit builder texts', () => {
  it("counts down 'Select {n} more strands to create your unit', then reads 'Create your unit'", () => {
    expect(builderButtonLabel(0, 4)).toBe('Select 4 more strands to create your unit');
    expect(builderButtonLabel(3, 4)).toBe('Select 1 more strand to create your unit');
    expect(builderButtonLabel(4, 4)).toBe('Create your unit');
  });

  it('names a unit after its strands, joined by spaces', () => {
    expect(defaultUnitName([{ title: 'Singing' }, { title: 'Rhythm and pulse' }])).toBe(
      'Singing Rhythm and pulse',
    );
  });
});
