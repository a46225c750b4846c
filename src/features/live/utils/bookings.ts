import { format, isValid, parseISO } from 'date-fns';
import { webLink } from '../../../lib/content/web-link';
import type { Booking } from '../api/live-production';

export const NOT_BOOKABLE = '(Not available for public booking)';

export interface BookingRow {
  id: string;
  date: string | null;
  dateTime: string | null;
  venue: string;
  link: string | null;
}

/**
 * The bookings modal's rows (spec part 2, "Live section"): sorted by event date (undated last),
 * dates as 'do MMM yyyy', and a link only when it is a web address; without one the row says
 * '(Not available for public booking)'.
 */
export function bookingRows(bookings: Booking[] | null | undefined): BookingRow[] {
  const dated = (bookings ?? []).map((booking) => {
    const when = booking.event_date ? parseISO(booking.event_date) : null;
    return { booking, when: when && isValid(when) ? when : null };
  });
  dated.sort((a, b) => (a.when?.getTime() ?? Infinity) - (b.when?.getTime() ?? Infinity));
  return dated.map(({ booking, when }) => ({
    id: booking.id,
    date: when ? format(when, 'do MMM yyyy') : null,
    dateTime: when ? when.toISOString() : null,
    venue: booking.venue_name?.trim() || 'Venue to be announced',
    link: webLink(booking.booking_link),
  }));
}

/** The button that opens the modal: the production's own label, else 'Book Tickets'. */
export function bookingButtonLabel(label: string | null | undefined): string {
  return label?.trim() || 'Book Tickets';
}
