import { describe, expect, it } from 'vitest';
import {
  eventDate,
  eventTime,
  mediumLargeUrl,
  toLiveEvents,
  EVENTS_ERROR,
} from '../../../src/features/audiences/utils/live-events';

const FEED = 'https://app.example/api/events-feed/wp/v2/events';

describe('the live events feed', () => {
  it('keeps events with a title and a start date, soonest first, with entities decoded and media resolved', () => {
    const events = toLiveEvents(
      [
        {
          id: 2,
          title: { rendered: 'Later &amp; louder' },
          acf: { event_start_date: '2027-01-20T19:00:00', venue_short: 'Hall' },
          _links: { 'wp:featuredmedia': [{ href: '/api/events-feed/wp/v2/media/7' }] },
        },
        {
          id: 1,
          title: { rendered: 'Sooner' },
          link: 'https://orchestra.example/e/1',
          acf: { event_start_date: '2027-01-05T15:00:00' },
        },
        { id: 3, title: { rendered: '' }, acf: { event_start_date: '2027-01-01T10:00:00' } },
        { id: 4, title: { rendered: 'No date' } },
        {
          id: 5,
          title: { rendered: 'Bad link' },
          link: 'javascript:alert(1)',
          acf: { event_start_date: 'not a date' },
        },
      ],
      FEED,
    );
    expect(events.map((event) => event.title)).toEqual(['Sooner', 'Later & louder']);
    expect(events[0]!.link).toBe('https://orchestra.example/e/1');
    expect(events[1]!.mediaHref).toBe('https://app.example/api/events-feed/wp/v2/media/7');
  });

  it('fails with the spec text when the feed is not a list', () => {
    expect(() => toLiveEvents({ code: 'rest_no_route' }, FEED)).toThrow(EVENTS_ERROR);
    expect(EVENTS_ERROR).toBe('Error fetching or processing live event data');
  });

  it("formats 'iii d MMM yyyy' and 'haaa'", () => {
    const start = new Date(2027, 0, 5, 15, 0);
    expect(eventDate(start)).toBe('Tue 5 Jan 2027');
    expect(eventTime(start)).toBe('3pm');
  });

  it('picks the medium_large image, else the full one', () => {
    const media = 'https://app.example/api/events-feed/wp/v2/media/7';
    expect(
      mediumLargeUrl(
        { media_details: { sizes: { medium_large: { source_url: '/uploads/m.png' } } } },
        media,
      ),
    ).toBe('https://app.example/uploads/m.png');
    expect(mediumLargeUrl({ source_url: 'https://cdn.example/full.png' }, media)).toBe(
      'https://cdn.example/full.png',
    );
    expect(mediumLargeUrl(null, media)).toBeNull();
  });
});
