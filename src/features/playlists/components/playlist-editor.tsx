import {
  DndContext,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  TouchSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { SortableContext, arrayMove, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useLayoutEffect, useRef } from 'react';
import type { PlaylistItemRecord } from '../../../lib/db/database';

/** Spec part 1, section 9: the drag constants. */
const KEYBOARD_STEP_PX = 25;
const REMEASURE_MS = 25;
const SORT_ANIMATION_MS = 200;
const AUTO_SCROLL = { interval: 5, threshold: { x: 0.2, y: 0.2 } };

/** The four arrow keys move the dragged item 25 px each press (spec part 1, section 9). */
export const arrowKeyCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  switch (event.code) {
    case 'ArrowUp':
      return { ...currentCoordinates, y: currentCoordinates.y - KEYBOARD_STEP_PX };
    case 'ArrowDown':
      return { ...currentCoordinates, y: currentCoordinates.y + KEYBOARD_STEP_PX };
    case 'ArrowLeft':
      return { ...currentCoordinates, x: currentCoordinates.x - KEYBOARD_STEP_PX };
    case 'ArrowRight':
      return { ...currentCoordinates, x: currentCoordinates.x + KEYBOARD_STEP_PX };
    default:
      return undefined;
  }
};

function SortableItem({
  item,
  index,
  count,
  onRemove,
  removeRef,
}: {
  item: PlaylistItemRecord;
  index: number;
  count: number;
  onRemove: () => void;
  removeRef: (button: HTMLButtonElement | null) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.key,
    transition: { duration: SORT_ANIMATION_MS, easing: 'ease' },
  });
  return (
    <li
      ref={setNodeRef}
      className={`playlist-editor__item${isDragging ? ' playlist-editor__item--dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="playlist-editor__handle"
        {...attributes}
        {...listeners}
        aria-label={`Move ${item.title} (position ${index + 1} of ${count})`}
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <span className="playlist-editor__title">
        {item.title}
        <span className="playlist-editor__kind">{item.kind === 'ComponentPlaylistsAudioItem' ? 'Audio' : 'Activity'}</span>
      </span>
      <button type="button" className="button button--secondary" ref={removeRef} onClick={onRemove}>
        Remove<span className="visually-hidden"> {item.title}</span>
      </button>
    </li>
  );
}

/**
 * Edit mode's working list: drag by pointer, touch or keyboard (Space to pick up, arrows to
 * move, Space to drop, Escape to cancel), with announcements for screen readers. Changes stay
 * in this working list until 'Save Changes'.
 */
export function PlaylistEditor({
  items,
  onChange,
}: {
  items: PlaylistItemRecord[];
  onChange: (items: PlaylistItemRecord[]) => void;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: arrowKeyCoordinates }),
  );
  // After 'Remove', focus goes to the item that took its place (or the one before it), not <body>.
  const removeButtons = useRef(new Map<string, HTMLButtonElement>());
  const focusAfterRemove = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (focusAfterRemove.current === null) return;
    removeButtons.current.get(focusAfterRemove.current)?.focus();
    focusAfterRemove.current = null;
  });
  const titleOf = (id: string | number) => items.find((item) => item.key === id)?.title ?? 'Item';
  const positionOf = (id: string | number) => items.findIndex((item) => item.key === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}, position ${positionOf(active.id)} of ${items.length}.`,
    onDragOver: ({ active, over }) =>
      over ? `${titleOf(active.id)} is over position ${positionOf(over.id)} of ${items.length}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over ? `${titleOf(active.id)} dropped at position ${positionOf(over.id)} of ${items.length}.` : `${titleOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} cancelled.`,
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((item) => item.key === active.id);
    const to = items.findIndex((item) => item.key === over.id);
    onChange(arrayMove(items, from, to));
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      autoScroll={AUTO_SCROLL}
      measuring={{ droppable: { strategy: MeasuringStrategy.Always, frequency: REMEASURE_MS } }}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move an item, press Space to pick it up, use the arrow keys to move it, then Space to drop it or Escape to cancel.',
        },
      }}
    >
      <SortableContext items={items.map((item) => item.key)} strategy={verticalListSortingStrategy}>
        <ol className="playlist-editor" aria-label="Playlist items, in order">
          {items.map((item, index) => (
            <SortableItem
              key={item.key}
              item={item}
              index={index}
              count={items.length}
              onRemove={() => {
                focusAfterRemove.current = (items[index + 1] ?? items[index - 1])?.key ?? null;
                onChange(items.filter((other) => other.key !== item.key));
              }}
              removeRef={(button) => {
                if (button) removeButtons.current.set(item.key, button);
                else removeButtons.current.delete(item.key);
              }}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
