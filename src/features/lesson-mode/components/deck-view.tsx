import { useLayoutEffect, type ReactNode } from 'react';
import type { SnapshotSource } from '../../../lib/offline/slide-snapshot';
import { releaseSnapshot } from '../../../lib/offline/snapshot-cover';
import type { Deck } from '../model/deck';
import { resolvePosition, slideParamsOf } from '../model/navigation';
import type { SlideParams } from '../model/route-family';
import { useLessonModeTitle } from '../hooks/use-lesson-mode-title';
import { useSlideLead } from '../hooks/use-slide-navigation';
import { LessonModeBar } from './lesson-mode-bar';
import { LessonOverview, UnavailableNote } from './lesson-overview';
import { SlideViewer } from './slide-viewer';

/** What the URL points at in a deck: the overview, a slide, or a clear not-found. */
export function DeckView({
  deck,
  params,
  notice,
  snapshot,
}: {
  deck: Deck;
  params: SlideParams;
  notice?: ReactNode;
  /** The downloaded answer the deck is drawn from (its first slide may be kept as a snapshot). */
  snapshot?: SnapshotSource;
}) {
  // A slide change shows its slide before the address moves (useSlideNavigation).
  const lead = useSlideLead();
  const position = resolvePosition(deck, (lead && slideParamsOf(deck, lead)) || params);
  if (position.kind === 'overview') return <LessonOverview deck={deck} notice={notice} />;
  if (position.kind === 'slide')
    return <SlideViewer deck={deck} position={position} snapshot={snapshot} />;
  if (position.kind === 'unavailable') {
    return (
      <NotFound deck={deck} message={`${position.activity.title} cannot be shown here.`}>
        <UnavailableNote
          deck={deck}
          reason={position.activity.unavailable ?? ''}
          link={position.activity.link}
        />
      </NotFound>
    );
  }
  return (
    <NotFound
      deck={deck}
      message={
        position.kind === 'missing-entry'
          ? `This activity is not part of ${deck.title}, or has no slides.`
          : `${deck.title} has no slides yet.`
      }
    />
  );
}

function NotFound({
  deck,
  message,
  children,
}: {
  deck: Deck;
  message: string;
  children?: ReactNode;
}) {
  useLessonModeTitle(deck.title);
  // The app says why it cannot show the slide: a snapshot painted before it must not hide that.
  useLayoutEffect(releaseSnapshot, []);
  return (
    <div className="lesson-mode lesson-mode--message">
      <LessonModeBar deck={deck} />
      <div className="lesson-mode__message">
        <h1>{deck.title}</h1>
        <p>{message}</p>
        {children}
      </div>
    </div>
  );
}
