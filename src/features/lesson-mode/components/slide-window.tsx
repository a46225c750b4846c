import { useDeferredValue, useState } from 'react';
import type { ActivitySlide } from '../../../lib/lesson-content/slide-fields';
import { SlideBody } from './slide-body';

/** A slide the viewer may show: `key` names its place (the same slide at two places differs). */
export interface PlacedSlide {
  key: string;
  slide: ActivitySlide;
  /** Where its 'Instrument options' links start (see SlideBody). */
  slidePath: string | null;
}

interface DrawnSlide extends PlacedSlide {
  /** React's key: a slide drawn afresh gets a new one, so none of its last showing is kept. */
  instance: string;
}

/** The slide on screen and the ones a single step reaches, where there are any. */
export interface Around {
  previous: PlacedSlide | null;
  current: PlacedSlide;
  next: PlacedSlide | null;
}

interface Plan {
  current: string;
  slides: DrawnSlide[];
}

/** The body on screen, and its players (not those of the bodies drawn ahead). */
export const SHOWN_BODY = '.slide__body:not([hidden])';
export const SHOWN_MEDIA = `${SHOWN_BODY} :is(audio, video)`;

let drawings = 0;

/**
 * The slides to keep drawn for `current`: it and its neighbours. A slide already drawn is kept
 * when it is the new current one, or a neighbour nobody has seen yet; the slide that was on
 * screen is drawn afresh, so returning to it shows it as new (cards face up, players at the
 * start), as a change always has.
 */
function planFor(previous: Plan | null, around: Around): Plan {
  const drawn = new Map(previous?.slides.map((entry) => [entry.key, entry]));
  const keep = (placed: PlacedSlide, shown: boolean): DrawnSlide => {
    const before = drawn.get(placed.key);
    const reusable =
      before !== undefined &&
      before.slide === placed.slide &&
      before.slidePath === placed.slidePath &&
      (shown || before.key !== previous?.current);
    return reusable ? before : { ...placed, instance: `${placed.key}#${++drawings}` };
  };
  const { previous: before, current, next } = around;
  return {
    current: current.key,
    slides: [
      ...(before ? [keep(before, false)] : []),
      keep(current, true),
      ...(next ? [keep(next, false)] : []),
    ],
  };
}

const placedIn = (plan: Plan, placed: PlacedSlide) =>
  plan.slides.find(
    (entry) =>
      entry.key === placed.key &&
      entry.slide === placed.slide &&
      entry.slidePath === placed.slidePath,
  );

const samePlan = (plan: Plan, { previous, current, next }: Around) =>
  plan.current === current.key &&
  plan.slides.length === 1 + (previous ? 1 : 0) + (next ? 1 : 0) &&
  [previous, current, next].every((placed) => !placed || placedIn(plan, placed));

/**
 * The current slide's body, with the slides next to it drawn ahead and hidden. A change to a
 * neighbour then only hides one body and shows another inside the key press; drawing the new
 * neighbours, and dropping the far one, waits for a deferred render after the new slide is on
 * screen (React interrupts it for the next key).
 */
export function SlideWindow({ around }: { around: Around }) {
  const [plan, setPlan] = useState(() => planFor(null, around));
  let target = plan;
  if (!samePlan(plan, around)) {
    target = planFor(plan, around);
    setPlan(target);
  }
  const settled = useDeferredValue(target);
  const { current } = around;
  const shown = placedIn(target, current)!;
  // Until the deferred render, the slides drawn for the last one, with the current slide as the
  // target draws it: usually one of them, drawn anew only after a jump (to the first or last
  // slide) or when the slide itself changed.
  const slides = settled.slides.some((entry) => entry.instance === shown.instance)
    ? settled.slides
    : [...settled.slides.filter((entry) => entry.key !== current.key), shown];
  return (
    <div className="slide__window">
      {slides.map((entry) => (
        <SlideBody
          key={entry.instance}
          slide={entry.slide}
          slidePath={entry.slidePath}
          hidden={entry.key !== current.key}
        />
      ))}
    </div>
  );
}
