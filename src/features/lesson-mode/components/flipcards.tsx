import { useState } from 'react';
import type { Flipcard } from '../../../lib/lesson-content/slide-fields';
import { SlideAudio } from './slide-audio';

/**
 * Flip cards (spec part 2, sections 2 and 4): a click, tap, Enter or Space fades between card_1
 * and card_2 over 0.5 s (instant with reduced motion, see lesson-mode.css). Which cards are
 * turned is remembered for one slide id only, so every card shows its front again as soon as
 * the slide changes, even when React keeps this component for the next slide.
 */
export function Flipcards({
  slideId,
  cards,
  fallbackTitle,
}: {
  slideId: string;
  cards: Flipcard[] | null;
  fallbackTitle: string;
}) {
  const [turned, setTurned] = useState<{ slideId: string; ids: ReadonlySet<string> }>({
    slideId,
    ids: new Set(),
  });
  const turnedIds = turned.slideId === slideId ? turned.ids : new Set<string>();
  const shown = (cards ?? []).filter((card) => card.card_1?.url || card.card_2?.url);
  if (shown.length === 0) return null;

  function toggle(id: string) {
    const ids = new Set(turnedIds);
    if (ids.has(id)) ids.delete(id);
    else ids.add(id);
    setTurned({ slideId, ids });
  }

  return (
    <ul className="flipcards">
      {shown.map((card) => {
        const back = turnedIds.has(card.id);
        const title = card.title || fallbackTitle;
        return (
          <li key={card.id} className="flipcard">
            <button
              type="button"
              className="flipcard__button"
              aria-pressed={back}
              onClick={() => toggle(card.id)}
            >
              <span className="flipcard__faces">
                {card.card_1?.url && (
                  <img
                    className={back ? 'flipcard__face' : 'flipcard__face flipcard__face--shown'}
                    src={card.card_1.url}
                    alt={back ? '' : card.card_1.alternativeText || `${title}, front`}
                    aria-hidden={back}
                  />
                )}
                {card.card_2?.url && (
                  <img
                    className={back ? 'flipcard__face flipcard__face--shown' : 'flipcard__face'}
                    src={card.card_2.url}
                    alt={back ? card.card_2.alternativeText || `${title}, back` : ''}
                    aria-hidden={!back}
                  />
                )}
              </span>
              <span className="flipcard__title">{title}</span>
            </button>
            <SlideAudio audio={card.audio} fallbackTitle={title} />
          </li>
        );
      })}
    </ul>
  );
}
