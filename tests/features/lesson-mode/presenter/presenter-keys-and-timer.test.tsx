import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeyboardShortcutsHelp } from '../../../../src/features/lesson-mode/components/keyboard-shortcuts-help';
import {
  useSlideKeys,
  type SlideKeyActions,
} from '../../../../src/features/lesson-mode/hooks/use-slide-keys';
import { ActivityTimer } from '../../../../src/features/lesson-mode/presenter/activity-timer';
import { isPresenterMessage } from '../../../../src/features/lesson-mode/presenter/presenter-channel';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Viewer({ actions }: { actions: SlideKeyActions }) {
  const slide = useRef<HTMLDivElement>(null);
  useSlideKeys(actions, slide);
  return (
    <>
      <a href="#exit">Exit lesson mode</a>
      <div ref={slide}>
        <h1 tabIndex={-1}>Find the pulse</h1>
      </div>
    </>
  );
}

describe('presenting on another screen', () => {
  it('blanks with B only while the slide has focus, and lists B in the keyboard help', async () => {
    const user = userEvent.setup();
    const toggleBlank = vi.fn();
    render(
      <Viewer
        actions={{
          previous: vi.fn(),
          next: vi.fn(),
          first: vi.fn(),
          last: vi.fn(),
          toggleFullscreen: vi.fn(),
          toggleBlank,
        }}
      />,
    );
    screen.getByRole('link', { name: 'Exit lesson mode' }).focus();
    await user.keyboard('b');
    expect(toggleBlank).not.toHaveBeenCalled();
    screen.getByRole('heading', { name: 'Find the pulse' }).focus();
    await user.keyboard('b');
    await user.keyboard('B');
    expect(toggleBlank).toHaveBeenCalledTimes(2);

    cleanup();
    render(<KeyboardShortcutsHelp />);
    await user.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }));
    expect(screen.getByText('B', { selector: 'kbd' })).toBeInTheDocument();
    expect(screen.getByText(/Blank or unblank the audience screen/)).toBeInTheDocument();
  });

  it('times the activity: Start, Pause keeps the time, Reset goes back to 0:00', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<ActivityTimer planned="15 minutes" />);
    const clock = screen.getByRole('timer', { name: 'Time on this activity' });
    expect(clock).toHaveTextContent('0:00');
    expect(screen.getByText(/planned: 15 minutes/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start timer' }));
    await act(() => vi.advanceTimersByTimeAsync(65_000));
    expect(clock).toHaveTextContent('1:05');
    await user.click(screen.getByRole('button', { name: 'Pause timer' }));
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(clock).toHaveTextContent('1:05');
    await user.click(screen.getByRole('button', { name: 'Reset timer' }));
    expect(clock).toHaveTextContent('0:00');
  });

  it('accepts only well-formed channel messages', () => {
    expect(isPresenterMessage({ type: 'goto', path: '/primary/x/slides/2' })).toBe(true);
    expect(isPresenterMessage({ type: 'goto', path: 'https://elsewhere.example/' })).toBe(false);
    expect(isPresenterMessage({ type: 'blank', on: 'yes' })).toBe(false);
    expect(isPresenterMessage({ type: 'hello' })).toBe(true);
    expect(isPresenterMessage('hello')).toBe(false);
  });
});
