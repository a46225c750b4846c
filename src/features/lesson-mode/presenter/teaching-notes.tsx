import { RichText } from '../../../lib/ui/rich-text';
import { timeLabel } from '../../../lib/content/activity-time';
import type { ActivitySlide } from '../../../lib/lesson-content/slide-fields';
import type { DeckActivity } from '../model/deck';

/**
 * What to say on this slide (its own notes, when an editor wrote some), then what the activity's
 * answer holds for the teacher: summary, option, music, equipment, time.
 */
export function TeachingNotes({
  activity,
  slide,
}: {
  activity: DeckActivity;
  slide: ActivitySlide | null;
}) {
  const notes = activity.notes;
  const facts = [
    ['Teaching option', notes?.teaching_option],
    ['Music', notes?.music],
    ['Equipment', notes?.equipment],
  ].filter((fact): fact is [string, string] => Boolean(fact[1]?.trim()));
  return (
    <section
      className="presenter__panel presenter__notes"
      aria-labelledby="presenter-notes-heading"
    >
      <h2 id="presenter-notes-heading">Teaching notes</h2>
      {slide?.teaching_notes && (
        <div className="presenter__slide-notes">
          <h3>On this slide</h3>
          <RichText html={slide.teaching_notes} />
        </div>
      )}
      {notes ? (
        <>
          {notes.lesson_summary && <RichText html={notes.lesson_summary} />}
          <dl>
            <div>
              <dt>Time</dt>
              <dd>{timeLabel(notes.time)}</dd>
            </div>
            {facts.map(([term, value]) => (
              <div key={term}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : (
        <p>This activity has no teaching notes.</p>
      )}
    </section>
  );
}
