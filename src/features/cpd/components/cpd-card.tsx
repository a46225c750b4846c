import { Link } from 'react-router-dom';
import { CmsImage } from '../../../shared/media/cms-image';
import { RichText } from '../../../lib/ui/rich-text';
import type { CpdCard as CpdCardData } from '../api/cpd';
import { cpdLongDate } from '../utils/cpd-dates';

/** A CPD event or session card: thumbnail, title, date (events), venue, blurb, 'Learn more'. */
export function CpdCard({ card, to }: { card: CpdCardData; to: string }) {
  const date = cpdLongDate(card.event_date);
  return (
    <article className="card cpd-card">
      <CmsImage
        image={card.main_image}
        formats={['small', 'thumbnail']}
        alt={card.main_image_decorative ? '' : undefined}
      />
      <h3>{card.title}</h3>
      {date && card.event_date && (
        <p className="cpd-card__date">
          <time dateTime={card.event_date}>{date}</time>
        </p>
      )}
      {card.venue && <p className="cpd-card__venue">{card.venue}</p>}
      <RichText html={card.blurb} />
      <Link className="button" to={to}>
        Learn more<span className="visually-hidden">: {card.title}</span>
      </Link>
    </article>
  );
}
