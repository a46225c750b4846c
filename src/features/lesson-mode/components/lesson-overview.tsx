import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Deck, DeckActivity } from '../model/deck';
import { slideCountLabel, slidePath } from '../model/navigation';
import { SUBSCRIPTION_NEEDED } from '../model/availability';
import { useLessonModeTitle } from '../hooks/use-lesson-mode-title';
import { LessonModeBar } from './lesson-mode-bar';

/**
 * The overview (spec part 2, "Lesson mode"): the lesson's title, a card per activity with its
 * slide count ('Get started' for the first, 'Skip to this activity' for the others), section
 * dividers as headings. A lesson's activities without slides are already out of the deck; one
 * whose slides cannot be shown is listed with the reason and the way on.
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
        {!first && listed.length > 0 && <p className="notice">{noneShownNotice(listed)}</p>}
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
        <UnavailableNote
          deck={deck}
          reason={activity.unavailable}
          link={activity.link}
          describedBy={headingId}
        />
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
 * The reason an activity cannot be shown, and the way on: the activity's own link (its page, or
 * where to subscribe), else the deck's (a playlist's page, where 'Make available offline' stores
 * every activity's slides once online).
 */
export function UnavailableNote({
  deck,
  reason,
  link = deck.unavailableLink,
  describedBy,
}: {
  deck: Pick<Deck, 'unavailableLink'>;
  reason: string;
  link?: { label: string; path: string };
  describedBy?: string;
}) {
  return (
    <>
      <p>{reason}</p>
      {link && (
        <p>
          <Link
            className="button lesson-mode__button"
            to={link.path}
            aria-describedby={describedBy}
          >
            {link.label}
          </Link>
        </p>
      )}
    </>
  );
}

/**
 * Why nothing in the lesson can be shown: the one reason when every activity has the same (a
 * trial teacher's playlist: a subscription is needed), else that this device cannot show them.
 */
function noneShownNotice(listed: DeckActivity[]): string {
  const reasons = new Set(listed.map((activity) => activity.unavailable));
  const [only] = reasons;
  return reasons.size === 1 && only === SUBSCRIPTION_NEEDED
    ? only
    : 'None of these activities can be shown on this device right now.';
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
