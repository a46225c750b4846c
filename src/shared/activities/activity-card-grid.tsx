import { ActivityCard } from './activity-card';

/** What one card of the grid shows; `key` tells React the cards apart. */
export interface ActivityGridCard {
  key: string;
  title: string;
  to: string | null | undefined;
  time?: string | null;
  type?: string | null;
  introduction?: string | null;
}

/** The fields of an activity a card shows, as the CMS's queries select them. */
interface CardActivity {
  documentId: string;
  title: string;
  time?: string | null;
  type?: string | null;
  introduction?: string | null;
}

/** An activity's card, keyed by its document id, linking to `to`. */
export function activityGridCard(activity: CardActivity, to: string): ActivityGridCard {
  return {
    key: activity.documentId,
    title: activity.title,
    to,
    time: activity.time,
    type: activity.type,
    introduction: activity.introduction,
  };
}

/**
 * The grid of activity cards sections, libraries, units, projects, live productions and an
 * activity's related activities show: a list (so screen readers announce how many there are),
 * one card an item.
 */
export function ActivityCardGrid({
  cards,
  headingLevel,
  className,
}: {
  cards: readonly ActivityGridCard[];
  /** The cards' heading level: 3 (the default) under a page's h2, 2 straight under its h1. */
  headingLevel?: 2 | 3 | 4;
  /** A class beside `card-grid`, for a page's own spacing. */
  className?: string;
}) {
  return (
    <ul className={className ? `card-grid ${className}` : 'card-grid'}>
      {cards.map(({ key, ...card }) => (
        <li key={key}>
          <ActivityCard {...card} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
