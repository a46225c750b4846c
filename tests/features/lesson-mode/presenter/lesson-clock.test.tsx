import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  elapsedClock,
  LessonClock,
} from '../../../../src/features/lesson-mode/presenter/lesson-clock';
import {
  presentingSince,
  setPresenterState,
} from '../../../../src/features/lesson-mode/presenter/presenter-session';
import { SESSION_STORAGE_KEYS } from '../../../../src/lib/storage-keys';

// The presenter's lesson time counts from when presenting began, survives a reload (the tab's
// session storage) and starts again after Stop presenting.

beforeEach(() => {
  sessionStorage.clear();
  vi.useFakeTimers({ now: new Date('2026-11-27T09:00:00Z') });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  setPresenterState({ presenting: false });
});

describe('the lesson clock', () => {
  it('writes minutes and seconds, and hours once there are any', () => {
    expect(elapsedClock(0)).toBe('0:00');
    expect(elapsedClock(75_400)).toBe('1:15');
    expect(elapsedClock(3_725_000)).toBe('1:02:05');
    expect(elapsedClock(-5)).toBe('0:00');
  });

  it('counts from when presenting began, across a reload, and from zero after stopping', () => {
    setPresenterState({ presenting: true });
    const began = presentingSince();
    expect(began).toBe(Date.now());
    vi.advanceTimersByTime(90_000);
    render(<LessonClock />);
    expect(screen.getByRole('timer', { name: 'Time since presenting began' })).toHaveTextContent(
      '1:30',
    );
    act(() => void vi.advanceTimersByTime(2_000));
    expect(screen.getByRole('timer')).toHaveTextContent('1:32');
    // A reload keeps the start.
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.presentingSince)).toBe(String(began));

    setPresenterState({ presenting: false });
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.presentingSince)).toBeNull();
    setPresenterState({ presenting: true });
    expect(presentingSince()).toBe(Date.now());
  });
});
