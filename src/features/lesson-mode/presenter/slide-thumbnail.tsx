import { useLayoutEffect, useRef, useState } from 'react';
import type { ActivitySlide } from '../../../lib/lesson-content/slide-fields';
import { SlideBody } from '../components/slide-body';

/** The stage the thumbnail draws on, scaled down to the panel's width. */
const STAGE_WIDTH = 1280;

/**
 * The next slide as the class will see it, small: its title and body drawn on a full-size stage
 * scaled to the panel, for the eye only (the panel's heading and the slide's title say it in
 * words), and inert so nothing in it takes focus or a click.
 */
export function SlideThumbnail({ slide }: { slide: ActivitySlide }) {
  const frame = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(0.25);
  useLayoutEffect(() => {
    const element = frame.current;
    if (!element) return undefined;
    const measure = () => setScale(element.clientWidth / STAGE_WIDTH || 0.25);
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div className="presenter__thumbnail" ref={frame} aria-hidden="true" inert>
      <article
        className="slide presenter__thumbnail-slide"
        style={{ width: STAGE_WIDTH, transform: `scale(${scale})` }}
      >
        <h1>{slide.title}</h1>
        <SlideBody slide={slide} slidePath={null} />
      </article>
    </div>
  );
}
