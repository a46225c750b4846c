import { describe, expect, it } from 'vitest';
import { cpdLongDate } from '../../../src/features/cpd/utils/cpd-dates';

describe('CPD dates', () => {
  it('writes dates in the en-GB long form: weekday, day, long month, year', () => {
    expect(cpdLongDate('2027-02-13T10:00:00')).toBe('Saturday 13 February 2027');
    expect(cpdLongDate(null)).toBeNull();
    expect(cpdLongDate('soon')).toBeNull();
  });
});
