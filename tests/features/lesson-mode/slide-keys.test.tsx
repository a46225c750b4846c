import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeyboardShortcutsHelp } from '../../../src/features/lesson-mode/components/keyboard-shortcuts-help';
import {
  useSlideKeys,
  type SlideKeyActions,
} from '../../../src/features/lesson-mode/hooks/use-slide-keys';

afterEach(cleanup);

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

function spies(): SlideKeyActions {
  return {
    previous: vi.fn(),
    next: vi.fn(),
    first: vi.fn(),
    last: vi.fn(),
    toggleFullscreen: vi.fn(),
  };
}

describe('lesson mode keys (WCAG 2.1.4)', () => {
  it('does not toggle full screen on F while focus is outside the slide', async () => {
    const user = userEvent.setup();
    const actions = spies();
    render(<Viewer actions={actions} />);
    screen.getByRole('link', { name: 'Exit lesson mode' }).focus();
    await user.keyboard('f');
    await user.keyboard('F');
    expect(actions.toggleFullscreen).not.toHaveBeenCalled();
    // Arrows are not character keys: they still move slides from anywhere.
    await user.keyboard('{ArrowRight}');
    expect(actions.next).toHaveBeenCalledTimes(1);
  });

  it('toggles full screen on F when the slide has focus', async () => {
    const user = userEvent.setup();
    const actions = spies();
    render(<Viewer actions={actions} />);
    screen.getByRole('heading', { name: 'Find the pulse' }).focus();
    await user.keyboard('f');
    expect(actions.toggleFullscreen).toHaveBeenCalledTimes(1);
  });
});

describe('Keyboard shortcuts help', () => {
  it('lists every key on demand and closes on Escape', async () => {
    const user = userEvent.setup();
    render(<KeyboardShortcutsHelp />);
    const toggle = screen.getByRole('button', { name: 'Keyboard shortcuts' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    for (const action of ['Next slide', 'Previous slide', 'First slide', 'Last slide']) {
      expect(screen.getByText(action)).toBeInTheDocument();
    }
    expect(
      screen.getByText(/^Full screen on or off, when the slide has focus/),
    ).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });
});
