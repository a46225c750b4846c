import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeyboardShortcutsHelp } from '../../../src/features/lesson-mode/components/keyboard-shortcuts-help';
import {
  useSlideKeys,
  type SlideKeyActions,
} from '../../../src/features/lesson-mode/hooks/use-slide-keys';
import { outsideAct } from '../../support/outside-act';

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
  it('never toggles full screen on a single key, in the slide or outside it', async () => {
    const user = userEvent.setup();
    const actions = spies();
    render(<Viewer actions={actions} />);
    for (const name of ['Exit lesson mode', 'Find the pulse']) {
      (screen.queryByRole('link', { name }) ?? screen.getByRole('heading', { name })).focus();
      await user.keyboard('f');
      await user.keyboard('F');
    }
    expect(actions.toggleFullscreen).not.toHaveBeenCalled();
    // Arrows are not character keys: they still move slides from anywhere.
    await user.keyboard('{ArrowRight}');
    expect(actions.next).toHaveBeenCalledTimes(1);
  });

  it('toggles full screen on Ctrl+Shift+F wherever focus is, but not while typing', async () => {
    const user = userEvent.setup();
    const actions = spies();
    render(
      <>
        <Viewer actions={actions} />
        <input aria-label="Search" />
      </>,
    );
    screen.getByRole('heading', { name: 'Find the pulse' }).focus();
    await user.keyboard('{Control>}{Shift>}F{/Shift}{/Control}');
    screen.getByRole('link', { name: 'Exit lesson mode' }).focus();
    await user.keyboard('{Control>}{Shift>}F{/Shift}{/Control}');
    expect(actions.toggleFullscreen).toHaveBeenCalledTimes(2);
    screen.getByRole('textbox', { name: 'Search' }).focus();
    await user.keyboard('{Control>}{Shift>}F{/Shift}{/Control}');
    expect(actions.toggleFullscreen).toHaveBeenCalledTimes(2);
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
    expect(screen.getByText('Full screen on or off')).toBeInTheDocument();
    expect(screen.getByText('Full screen on or off').previousElementSibling).toHaveTextContent(
      'Ctrl+Shift+F',
    );
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });
});

describe('a key pressed on a slide that is on screen', () => {
  // Outside act(), React commits as a browser would: the DOM and layout effects in one task,
  // passive effects in a later one. A key the teacher presses in between must not be lost.
  it('is handled even before React runs the slide’s passive effects', () =>
    outsideAct(async () => {
      const actions = spies();
      const container = document.createElement('div');
      document.body.append(container);
      const root = createRoot(container);
      try {
        const pressed = new Promise<void>((resolve) => {
          // Runs as a microtask right after the commit that put the slide in the DOM.
          const observer = new MutationObserver(() => {
            if (!container.querySelector('h1')) return;
            observer.disconnect();
            window.dispatchEvent(
              new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }),
            );
            resolve();
          });
          observer.observe(container, { childList: true, subtree: true });
        });
        root.render(<Viewer actions={actions} />);
        await pressed;
        expect(actions.next).toHaveBeenCalledTimes(1);
      } finally {
        root.unmount();
        container.remove();
      }
    }));
});
