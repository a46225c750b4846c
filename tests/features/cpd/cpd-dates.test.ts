import { describe, expect, it } from 'vitest';
import { cpdLongDate, webLink } from '../../../src/features/cpd/utils/cpd-dates';

describe('CPD dates and links', () => {
  it('writes dates in the en-GB long form: weekday, day, long month, year', () => {
    expect(cpdLongDate('2027-02-13T10:00:00')).toBe('Saturday 13 February 2027');
    expect(cpdLongDate(null)).toBeNull();
    expect(cpdLongDate('soon')).toBeNull();
  });

  it('keeps only web links', () => {
    expect(webLink('https://meet.example.org/cpd')).toBe('https://meet.example.org/cpd');
    expect(webLink('javascript:alert(1)')).toBeNull();
    expect(webLink('call the office')).toBeNull();
  });
});
