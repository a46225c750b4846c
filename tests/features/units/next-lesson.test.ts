import { describe, expect, it } from 'vitest';
import { nextLesson } from '../../../src/features/units/utils/next-lesson';

describe('nextLesson', () => {
  const lessons = [{ documentId: 'a' }, { documentId: 'b' }];
  it('is the following lesson of the unit, and none after the last or for an unknown one', () => {
    expect(nextLesson(lessons, 'a')).toEqual({ documentId: 'b' });
    expect(nextLesson(lessons, 'b')).toBeNull();
    expect(nextLesson(lessons, 'z')).toBeNull();
    expect(nextLesson(null, 'a')).toBeNull();
  });
});
