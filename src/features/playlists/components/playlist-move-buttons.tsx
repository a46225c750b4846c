import './playlist-move-buttons.css';

export type MoveDirection = 'up' | 'down';

/**
 * 'Move up' and 'Move down' for one item in edit mode: reordering without dragging (WCAG 2.5.7),
 * for touch screens and switch users. A button is disabled at its end of the list; its name
 * says which item it moves, as the visible 'Up' and 'Down' alone would not.
 */
export function PlaylistMoveButtons({
  title,
  onMove,
  canMoveUp,
  canMoveDown,
  buttonRef,
}: {
  title: string;
  onMove: (direction: MoveDirection) => void;
  canMoveUp: boolean;
  canMoveDown: boolean;
  buttonRef: (direction: MoveDirection, button: HTMLButtonElement | null) => void;
}) {
  return (
    <span className="playlist-move">
      <button
        type="button"
        className="button button--secondary playlist-move__button"
        ref={(button) => buttonRef('up', button)}
        disabled={!canMoveUp}
        onClick={() => onMove('up')}
        aria-label={`Move '${title}' up`}
      >
        <span aria-hidden="true">↑ </span>Up
      </button>
      <button
        type="button"
        className="button button--secondary playlist-move__button"
        ref={(button) => buttonRef('down', button)}
        disabled={!canMoveDown}
        onClick={() => onMove('down')}
        aria-label={`Move '${title}' down`}
      >
        <span aria-hidden="true">↓ </span>Down
      </button>
    </span>
  );
}
