import { useRef, type PointerEvent } from 'react';

const MIN_DISTANCE = 50;

/**
 * Swipe left/right on touch screens and pens (pointer events; the slide area sets
 * `touch-action: pan-y` so horizontal swipes reach us while vertical scrolling still works).
 * A mouse drag is not a swipe: it selects text.
 */
export function useSwipe(onSwipeLeft: () => void, onSwipeRight: () => void) {
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  return {
    onPointerDown(event: PointerEvent) {
      if (event.pointerType === 'mouse') return;
      start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
    },
    onPointerUp(event: PointerEvent) {
      const from = start.current;
      start.current = null;
      if (!from || from.id !== event.pointerId) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      if (Math.abs(dx) < MIN_DISTANCE || Math.abs(dx) < Math.abs(dy) * 1.5) return;
      if (dx < 0) onSwipeLeft();
      else onSwipeRight();
    },
    onPointerCancel() {
      start.current = null;
    },
  };
}
