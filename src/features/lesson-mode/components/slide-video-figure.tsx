import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { RichText, useRichTextHtml } from '../../../lib/ui/rich-text';
import { AudioDescriptionSwitch } from '../../../shared/media/audio-description-switch';
import './slide-video-figure.css';

/**
 * A slide's video with its caption line and, when the CMS has the film's words, a "Transcript"
 * button at the end of that line (WCAG 1.2.1 / 1.2.2: read along, or read instead of hearing).
 * A film with an audio description has an 'Audio description' switch on that line too (a toggle
 * button, WCAG 1.2.5), so nothing is laid over the slide for it.
 *
 * On a projector the slide must fit one screen, so the words open over the lower part of the
 * video and scroll inside their own panel instead of pushing the slide down; on a phone, where
 * the slide scrolls anyway, they open under the caption line. The button is a plain button:
 * arrows, Page Up/Down, Home and End still move the slides while it has focus. Escape in the
 * open words closes them and gives focus back to the button.
 */
export function SlideVideoFigure({
  className,
  title,
  setup,
  transcript,
  audioDescription,
  children,
}: {
  className: string;
  title: string;
  setup: string | null;
  transcript: string | null | undefined;
  /** The film's 'Audio description' switch, for a film that has one. */
  audioDescription?: { on: boolean; onChange: () => void };
  children: ReactNode;
}) {
  const captionId = useId();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  // An old stored Markdown transcript waiting for its renderer (undefined) has words to offer.
  const hasTranscript = useRichTextHtml(transcript) !== '';

  function closeOnEscape(event: KeyboardEvent) {
    if (event.key !== 'Escape') return;
    setOpen(false);
    toggle.current?.focus();
  }

  return (
    // Named by the title alone: the caption line also holds the button and, when open, the words.
    <figure className={className} aria-labelledby={captionId}>
      {children}
      <figcaption className="slide-video__caption-line">
        <span id={captionId} className="slide-video__caption">
          {title}
          {setup && <span className="slide-video__setup"> ({setup})</span>}
        </span>
        {audioDescription && (
          <AudioDescriptionSwitch
            className="slide-transcript__toggle"
            title={title}
            on={audioDescription.on}
            onChange={audioDescription.onChange}
          />
        )}
        {hasTranscript && (
          <>
            <button
              ref={toggle}
              type="button"
              className="slide-transcript__toggle"
              aria-expanded={open}
              aria-controls={panelId}
              onClick={() => setOpen((current) => !current)}
            >
              Transcript<span className="visually-hidden">: {title}</span>
            </button>
            {/* A scrolling region must take focus so a keyboard can scroll it (axe's
                scrollable-region-focusable); Escape there closes it, like a popover. */}
            {/* eslint-disable jsx-a11y/no-noninteractive-tabindex, jsx-a11y/no-noninteractive-element-interactions -- see above */}
            <div
              id={panelId}
              className="slide-transcript"
              role="region"
              aria-label={`Transcript: ${title}`}
              tabIndex={0}
              hidden={!open}
              onKeyDown={closeOnEscape}
            >
              <RichText html={transcript} className="slide-transcript__text" />
            </div>
            {/* eslint-enable jsx-a11y/no-noninteractive-tabindex, jsx-a11y/no-noninteractive-element-interactions */}
          </>
        )}
      </figcaption>
    </figure>
  );
}
