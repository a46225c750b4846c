/** The practice player's keyboard shortcuts: L for the loop, [ and ] for the tempo. */
import { useEffect, type RefObject } from 'react';

/**
 * Shortcuts while focus is anywhere in this player. Space is not handled here: on the focused
 * audio element the browser's own controls already play or pause with it (handling it too would
 * toggle twice, even after preventDefault), and on buttons and boxes it presses them.
 */
export function usePracticeKeys(
  playerRef: RefObject<HTMLElement | null>,
  toggleLoop: () => void,
  tempoStep: (by: 1 | -1) => void,
) {
  useEffect(() => {
    const player = playerRef.current;
    if (!player) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
      const target = event.target as HTMLElement;
      if (
        target.isContentEditable ||
        (target instanceof HTMLInputElement && target.type === 'text')
      )
        return;
      if (event.key === 'l' || event.key === 'L') toggleLoop();
      else if (event.key === '[') tempoStep(-1);
      else if (event.key === ']') tempoStep(1);
      else return;
      event.preventDefault();
    };
    player.addEventListener('keydown', onKey);
    return () => player.removeEventListener('keydown', onKey);
  }, [playerRef, toggleLoop, tempoStep]);
}
