import type { CSSProperties } from 'react';
import type { Audiocard } from '../../../lib/lesson-content/slide-fields';
import { SlideAudio } from './slide-audio';
import { SlideImage } from './slide-image';

/**
 * Audio cards: an image and its recording each, in a grid of 4 columns on wide screens (spec
 * part 2, section 9). Fewer cards than 4 take only the columns they need, so they stay centred.
 */
export function Audiocards({
  cards,
  fallbackTitle,
}: {
  cards: Audiocard[] | null;
  fallbackTitle: string;
}) {
  const shown = (cards ?? []).filter((card) => card.image?.url || card.audio?.url);
  if (shown.length === 0) return null;
  const columns = { '--audiocard-columns': Math.min(4, shown.length) } as CSSProperties;
  return (
    <ul className="audiocards" style={columns}>
      {shown.map((card) => (
        <li key={card.id} className="audiocard">
          {card.title && <p className="audiocard__title">{card.title}</p>}
          <SlideImage image={card.image} decorative={card.image_decorative} />
          <SlideAudio audio={card.audio} fallbackTitle={card.title || fallbackTitle} />
        </li>
      ))}
    </ul>
  );
}
