import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Deck } from '../model/deck';
import { KeyboardShortcutsHelp } from './keyboard-shortcuts-help';

/**
 * The links out of lesson mode: 'Exit lesson mode' (the lesson, activity or playlist page),
 * 'Lesson overview' (decks with an overview) and, in a sub-slideshow, 'Back to the main activity'.
 */
export function LessonModeBar({
  deck,
  onOverview = false,
  mainSlidePath = null,
  shortcuts = false,
  children,
}: {
  deck: Pick<Deck, 'exitPath' | 'basePath' | 'keyed'>;
  onOverview?: boolean;
  mainSlidePath?: string | null;
  /** The slide viewer's bar offers the 'Keyboard shortcuts' help (its keys work there only). */
  shortcuts?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="lesson-mode-bar">
      <nav aria-label="Lesson mode">
        <ul>
          <li>
            <Link to={deck.exitPath}>Exit lesson mode</Link>
          </li>
          {deck.keyed && (
            <li>
              <Link to={deck.basePath} aria-current={onOverview ? 'page' : undefined}>
                Lesson overview
              </Link>
            </li>
          )}
          {mainSlidePath && (
            <li>
              <Link to={mainSlidePath}>Back to the main activity</Link>
            </li>
          )}
        </ul>
      </nav>
      {children}
      {shortcuts && <KeyboardShortcutsHelp />}
    </div>
  );
}
