import { useLiveEvents } from '../api/live-events';
import { EVENTS_ERROR, eventDate, eventTime } from '../utils/live-events';

/** Upcoming live events from the orchestra's feed; its failure is said here, the page stays. */
export function LiveEventsList() {
  const query = useLiveEvents();
  if (query.isPending) {
    return (
      <p role="status" className="live-events__loading">
        Loading events…
      </p>
    );
  }
  if (query.isError) {
    return (
      <p className="notice" role="alert">
        {EVENTS_ERROR}
      </p>
    );
  }
  if (query.data.length === 0) return <p>There are no upcoming events at the moment.</p>;
  return (
    <ul className="card-grid live-events">
      {query.data.map((event) => (
        <li key={event.id}>
          <article className="card live-event">
            {event.image && (
              <img
                src={event.image}
                alt=""
                loading="lazy"
                decoding="async"
                className="live-event__image"
              />
            )}
            <h3>{event.title}</h3>
            <p className="live-event__when">
              <time dateTime={event.start.toISOString()}>
                {eventDate(event.start)}, {eventTime(event.start)}
              </time>
            </p>
            {event.venue && <p className="live-event__venue">{event.venue}</p>}
            {event.alsoShownAt && <p>Also at {event.alsoShownAt}</p>}
            {event.link && (
              <a className="button" href={event.link} target="_blank" rel="noreferrer">
                Find out more
                <span className="visually-hidden">: {event.title} (opens in a new tab)</span>
              </a>
            )}
          </article>
        </li>
      ))}
    </ul>
  );
}
