import './keyboard-shortcuts-help.css';
import { useId, useState } from 'react';
import { SLIDE_SHORTCUTS } from '../hooks/use-slide-keys';

/**
 * 'Keyboard shortcuts': a disclosure in lesson mode's bar that lists the slide keys (WCAG 2.1.4
 * asks that shortcuts be known, and single-key ones limited; full screen needs Ctrl+Shift+F). It opens in the bar's flow, as a row of
 * its own, so it never covers the slide or the controls; Escape closes it.
 */
export function KeyboardShortcutsHelp() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <>
      <button
        type="button"
        className="keyboard-help__toggle"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || !open) return;
          event.stopPropagation();
          setOpen(false);
        }}
      >
        Keyboard shortcuts
      </button>
      {open && (
        <dl id={panelId} className="keyboard-help">
          {SLIDE_SHORTCUTS.map(({ keys, action }) => (
            <div key={action} className="keyboard-help__row">
              <dt>
                {keys.map((key, index) => (
                  <span key={key}>
                    {index > 0 && ' or '}
                    {/* A chord is read key by key: Ctrl + Shift + F. */}
                    <kbd>
                      {key.split('+').map((part, at) => (
                        <span key={part}>
                          {at > 0 && '+'}
                          <kbd>{part}</kbd>
                        </span>
                      ))}
                    </kbd>
                  </span>
                ))}
              </dt>
              <dd>{action}</dd>
            </div>
          ))}
        </dl>
      )}
    </>
  );
}
