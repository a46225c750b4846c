import { format, isValid, parseISO } from 'date-fns';
import { enGB } from 'date-fns/locale';

/**
 * CPD dates are the en-GB long form: weekday, day, long month, year (spec part 2, section 9),
 * e.g. 'Saturday 12 December 2026'. Null for a missing or unreadable date.
 */
export function cpdLongDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = parseISO(value);
  return isValid(date) ? format(date, 'EEEE d MMMM yyyy', { locale: enGB }) : null;
}
