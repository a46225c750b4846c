import { describe, expect, it } from 'vitest';
import {
  bookingButtonLabel,
  bookingRows,
  NOT_BOOKABLE,
} from '../../../src/features/live/utils/bookings';

describe('bookingRows', () => {
  it("sorts by event date, formats 'do MMM yyyy', and marks bookings without a link", () => {
    const rows = bookingRows([
      {
        id: '1',
        event_date: '2027-03-22T10:00:00.000Z',
        venue_name: 'Leeds Town Hall',
        booking_link: null,
      },
      {
        id: '2',
        event_date: '2027-03-01T10:00:00.000Z',
        venue_name: 'Colston Hall',
        booking_link: 'https://tickets.example.org/a',
      },
      { id: '3', event_date: null, venue_name: 'Somewhere', booking_link: 'javascript:alert(1)' },
    ]);
    expect(rows.map((row) => [row.venue, row.date, row.link])).toEqual([
      ['Colston Hall', '1st Mar 2027', 'https://tickets.example.org/a'],
      ['Leeds Town Hall', '22nd Mar 2027', null],
      ['Somewhere', null, null],
    ]);
    expect(NOT_BOOKABLE).toBe('(Not available for public booking)');
  });

  it("labels the button with the production's label, else 'Book Tickets'", () => {
    expect(bookingButtonLabel('See a full list of venues')).toBe('See a full list of venues');
    expect(bookingButtonLabel(null)).toBe('Book Tickets');
    expect(bookingButtonLabel('  ')).toBe('Book Tickets');
  });
});
