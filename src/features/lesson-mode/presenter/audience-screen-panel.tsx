import { postToOtherWindow, toggleBlank, usePresenterState } from './presenter-session';

function clock(seconds: number): string {
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** The audience screen as the presenter sees it: blanked or not (B), and its media's position. */
export function AudienceScreenPanel() {
  const { blanked, media } = usePresenterState();
  return (
    <section
      className="presenter__panel presenter__audience"
      aria-labelledby="presenter-audience-heading"
    >
      <h2 id="presenter-audience-heading">Audience screen</h2>
      <p role="status" className={blanked ? 'presenter__blanked' : undefined}>
        {blanked ? 'Audience screen blanked' : 'Showing the current slide'}
      </p>
      <button
        type="button"
        className="lesson-mode__button"
        aria-pressed={blanked}
        onClick={toggleBlank}
      >
        Blank audience screen
      </button>
      {media && (
        <div className="presenter__media">
          <p>
            {media.title}: {clock(media.currentTime)}
            {media.duration > 0 && ` / ${clock(media.duration)}`}{' '}
            {media.playing ? '(playing)' : '(paused)'}
          </p>
          <button
            type="button"
            className="lesson-mode__button"
            onClick={() => postToOtherWindow({ type: 'media-toggle' })}
          >
            {media.playing ? 'Pause on the audience screen' : 'Play on the audience screen'}
          </button>
          {media.blocked && (
            <p>
              Click once in the audience window, then press Play again: the browser waits for a
              click there before it plays sound.
            </p>
          )}
        </div>
      )}
    </section>
  );
}
