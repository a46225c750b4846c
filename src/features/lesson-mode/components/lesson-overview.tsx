import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Deck, DeckActivity } from '../model/deck';
import { slideCountLabel, slidePath } from '../model/navigation';
import { useLessonModeTitle } from '../hooks/use-lesson-mode-title';
import { LessonModeBar } from './lesson-mode-bar';

/**
 * The overview (spec part 2, "Lesson mode"): the lesson's title, a card per activity with its
 * slide count ('Get started' for the first, 'Skip to this activity' for the others), section
 * dividers as headings. Activities without slides are already out of the deck; one whose slides
 * cannot be shown now is listed with the reason and a way to get it.
 */
export function LessonOverview({ deck, notice }: { deck: Deck; notice?: ReactNode }) {
  useLessonModeTitle(deck.title);
  const groups = groupBySection(deck);
  const listed = groups.flatMap((group) => group.activities);
  const first = listed.find((activity) => !activity.unavailable);

  return (
    <div className="lesson-mode lesson-overview">
      <LessonModeBar deck={deck} onOverview />
      <div className="lesson-overview__content">
        <h1>{deck.title}</h1>
        {notice}
        {!first && listed.length === 0 && <p className="notice">This lesson has no slides yet.</p>}
        {!first && listed.length > 0 && (
          <p className="notice">None of these activities can be shown on this device right now.</p>
        )}
        {groups.map((group, index) => (
          <div key={index} className="lesson-overview__section">
            {group.title && <h2>{group.title}</h2>}
            <ul className="lesson-overview__cards">
              {group.activities.map((activity) => (
                <OverviewCard
                  key={activity.key}
                  deck={deck}
                  activity={activity}
                  first={activity === first}
                  headingLevel={group.title ? 3 : 2}
                />
              ))}
            </ul>
          </div>
        ))}
      </div>
    </div>
  );
}

function OverviewCard({
  deck,
  activity,
  first,
  headingLevel,
}: {
  deck: Deck;
  activity: DeckActivity;
  first: boolean;
  headingLevel: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `activity-${activity.key}`;
  if (activity.unavailable) {
    return (
      <li className="lesson-overview__card lesson-overview__card--unavailable">
        <Heading id={headingId}>{activity.title}</Heading>
        <UnavailableNote deck={deck} reason={activity.unavailable} describedBy={headingId} />
      </li>
    );
  }
  return (
    <li className="lesson-overview__card">
      <Heading id={headingId}>{activity.title}</Heading>
      <p>{slideCountLabel(activity.slides.length)}</p>
      <Link
        className="button lesson-mode__button"
        to={slidePath(deck, activity.key, 1)}
        aria-describedby={headingId}
      >
        {first ? 'Get started' : 'Skip to this activity'}
      </Link>
    </li>
  );
}

/**
 * The reason an activity cannot be shown, and the way to get it: the playlist's page (only
 * playlist decks list such activities), where 'Make available offline' stores every activity's
 * slides once online.
 */
export function UnavailableNote({
  deck,
  reason,
  describedBy,
}: {
  deck: Pick<Deck, 'unavailableLink'>;
  reason: string;
  describedBy?: string;
}) {
  return (
    <>
      <p>{reason}</p>
      {deck.unavailableLink && (
        <p>
          <Link
            className="button lesson-mode__button"
            to={deck.unavailableLink.path}
            aria-describedby={describedBy}
          >
            {deck.unavailableLink.label}
          </Link>
        </p>
      )}
    </>
  );
}

interface Section {
  title: string | null;
  activities: DeckActivity[];
}

function groupBySection(deck: Deck): Section[] {
  const sections: Section[] = [];
  for (const entry of deck.entries) {
    if (entry.kind === 'divider') sections.push({ title: entry.title, activities: [] });
    else {
      if (sections.length === 0) sections.push({ title: null, activities: [] });
      sections.at(-1)!.activities.push(entry);
    }
  }
  return sections.filter((section) => section.activities.length > 0);
}
