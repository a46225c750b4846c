import './presenter.css';
import type { ReactNode } from 'react';
import type { ActivitySlide } from '../../../lib/lesson-content/slide-fields';
import type { DeckActivity } from '../model/deck';
import { ActivityTimer } from './activity-timer';
import { AudienceScreenPanel } from './audience-screen-panel';
import { LessonClock } from './lesson-clock';
import { SlideThumbnail } from './slide-thumbnail';
import { TeachingNotes } from './teaching-notes';

/**
 * The teacher's window while the class watches the audience window: the current slide large,
 * the lesson's elapsed time, the next one small (across activities, as a clicker moves), the
 * activity's slide list (current marked), the teaching notes, a timer and the audience screen's
 * state (blanked, media). Every move here moves the audience too.
 */
export function PresenterView({
  current,
  slide,
  next,
  activity,
  slideIndex,
  slidePathOf,
  go,
}: {
  current: ReactNode;
  /** The slide on screen, for its own teaching notes. */
  slide: ActivitySlide | null;
  next: ActivitySlide | null;
  activity: DeckActivity;
  slideIndex: number;
  slidePathOf: (number: number) => string;
  go: (path: string) => void;
}) {
  return (
    <div className="presenter">
      <section className="presenter__current" aria-label="Current slide">
        {current}
      </section>
      <div className="presenter__side">
        {/* What comes next and the time, then what to say: both columns fit a 1366x768 screen. */}
        <div className="presenter__column">
          <LessonClock />
          <section
            className="presenter__panel presenter__next"
            aria-labelledby="presenter-next-heading"
          >
            <h2 id="presenter-next-heading">Next slide</h2>
            <p>{next ? next.title || 'Untitled slide' : 'End of the lesson'}</p>
            {next && <SlideThumbnail slide={next} />}
          </section>
          <ActivityTimer key={activity.key || activity.title} planned={activity.notes?.time} />
        </div>
        <div className="presenter__column">
          <TeachingNotes activity={activity} slide={slide} />
          <AudienceScreenPanel />
          <nav
            className="presenter__panel presenter__list"
            aria-labelledby="presenter-list-heading"
          >
            <h2 id="presenter-list-heading">Slides in {activity.title}</h2>
            <ol>
              {activity.slides.map((slide, index) => (
                <li key={slide.id}>
                  <button
                    type="button"
                    aria-current={index === slideIndex ? 'step' : undefined}
                    onClick={() => go(slidePathOf(index + 1))}
                  >
                    {index + 1}. {slide.title || 'Untitled slide'}
                  </button>
                </li>
              ))}
            </ol>
          </nav>
        </div>
      </div>
    </div>
  );
}
