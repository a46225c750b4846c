import { useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { openAudienceWindow } from './open-audience-window';
import { setPresenterState, usePresenterRole } from './presenter-session';

/**
 * 'Present on another screen' in lesson mode's bar: opens the audience window on this slide and
 * turns this window into the presenter view. Pressed again (after closing the audience window),
 * it reopens it on the current slide. 'Stop presenting' returns to the plain slide.
 */
export function PresentButton() {
  const role = usePresenterRole();
  const { pathname } = useLocation();
  const [blocked, setBlocked] = useState(false);
  const present = useRef<HTMLButtonElement>(null);
  if (role === 'audience') return null;
  return (
    <div className="presenter__present">
      <button
        ref={present}
        type="button"
        className="keyboard-help__toggle"
        onClick={() => {
          setPresenterState({ presenting: true });
          void openAudienceWindow(pathname).then((opened) => setBlocked(!opened));
        }}
      >
        {role === 'presenter' ? 'Reopen audience screen' : 'Present on another screen'}
      </button>
      {role === 'presenter' && (
        <button
          type="button"
          className="keyboard-help__toggle"
          onClick={() => {
            // 'Stop presenting' goes with the presenter view: focus moves to the button that
            // stays, now 'Present on another screen', never to <body> (WCAG 2.4.3).
            present.current?.focus();
            setPresenterState({ presenting: false, blanked: false });
          }}
        >
          Stop presenting
        </button>
      )}
      {/* In the page from the start, so the refusal is heard when it is filled in. */}
      <p role="alert" className={blocked ? 'presenter__blocked' : 'visually-hidden'}>
        {blocked &&
          'The browser blocked the audience window. Allow pop-ups for this site, then press the button again.'}
      </p>
    </div>
  );
}
