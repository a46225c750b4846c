import { useState } from 'react';
import { Modal } from '../../../lib/ui/modal';
import type { Booking } from '../api/live-production';
import { bookingButtonLabel, bookingRows, NOT_BOOKABLE } from '../utils/bookings';

/** The 'Book Tickets' / 'See a full list of venues' button and its modal of bookings. */
export function BookingsDialog({
  title,
  label,
  bookings,
}: {
  title: string;
  label: string | null;
  bookings: Booking[] | null;
}) {
  const [open, setOpen] = useState(false);
  const rows = bookingRows(bookings);
  if (rows.length === 0) return null;
  const buttonLabel = bookingButtonLabel(label);
  return (
    <>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        {buttonLabel}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} labelledBy="bookings-heading">
        <h2 id="bookings-heading">{title}: performances</h2>
        <ul className="bookings">
          {rows.map((row) => (
            <li key={row.id} className="bookings__row">
              {row.date && row.dateTime && (
                <time className="bookings__date" dateTime={row.dateTime}>
                  {row.date}
                </time>
              )}
              <span className="bookings__venue">{row.venue}</span>
              {row.link ? (
                <a href={row.link} target="_blank" rel="noreferrer">
                  Book<span className="visually-hidden"> for {row.venue} (opens in a new tab)</span>
                </a>
              ) : (
                <span className="bookings__none">{NOT_BOOKABLE}</span>
              )}
            </li>
          ))}
        </ul>
        <div className="form-actions">
          <button type="button" className="button button--secondary" onClick={() => setOpen(false)}>
            Close
          </button>
        </div>
      </Modal>
    </>
  );
}
