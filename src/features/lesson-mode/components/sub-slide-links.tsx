import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { SubSlide } from '../../../lib/lesson-content/slide-fields';

/**
 * 'Instrument options': one link per sub-slideshow, to `{current slide path}/{slideshow id}`
 * (spec part 2, "Lesson mode"). Links, not buttons: each opens a page of its own.
 */
export function SubSlideLinks({
  subSlides,
  slidePath,
}: {
  subSlides: SubSlide[] | null;
  slidePath: string | null;
}) {
  // The heading's id is this body's own: a body drawn ahead has the same heading.
  const headingId = useId();
  const shown = (subSlides ?? []).filter((sub) => sub.activity_slideshow);
  if (!slidePath || shown.length === 0) return null;
  return (
    <section className="sub-slide-links" aria-labelledby={headingId}>
      <h2 id={headingId}>Instrument options</h2>
      <ul>
        {shown.map((sub) => (
          <li key={sub.id}>
            <Link
              className="button lesson-mode__button"
              to={`${slidePath}/${encodeURIComponent(sub.activity_slideshow!.documentId)}`}
            >
              {sub.title || sub.activity_slideshow!.title}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
