import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Spinner } from '../../../src/lib/ui/spinner';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('a loading spinner', () => {
  it('goes into the page as an empty polite region, then says what is loading', async () => {
    vi.useFakeTimers();
    const inserted: string[] = [];
    const observer = new MutationObserver((mutations) => {
      for (const mutation of mutations)
        for (const node of mutation.addedNodes)
          if (node instanceof Element && node.matches('[role="status"]'))
            inserted.push(node.textContent ?? '');
    });
    observer.observe(document.body, { subtree: true, childList: true });
    render(<Spinner label="Loading your account…" />);
    await act(async () => undefined);
    observer.disconnect();
    // At insertion, the region holds no text: a screen reader hears the change that follows.
    expect(inserted).toEqual(['']);
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite');
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('status')).toHaveTextContent('Loading your account…');
  });
});
