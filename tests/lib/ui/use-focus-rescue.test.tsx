import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFocusRescue } from '../../../src/lib/ui/use-focus-rescue';

afterEach(cleanup);

/** A panel whose 'Start' button is replaced by progress with 'Cancel', like a download. */
function Panel() {
  const [started, setStarted] = useState(false);
  const rescue = useFocusRescue<HTMLDivElement>((panel) => panel.querySelector('button'));
  return (
    <>
      <div ref={rescue}>
        {started ? (
          <p>
            Working… <button type="button">Cancel</button>
          </p>
        ) : (
          <button type="button" onClick={() => setStarted(true)}>
            Start
          </button>
        )}
      </div>
      <button type="button">Elsewhere</button>
    </>
  );
}

describe('useFocusRescue', () => {
  it('moves focus to the next place when the focused control is removed', async () => {
    const user = userEvent.setup();
    render(<Panel />);
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await expect
      .poll(() => document.activeElement)
      .toBe(screen.getByRole('button', { name: 'Cancel' }));
  });

  it('leaves focus alone when the user put it somewhere else first', async () => {
    const user = userEvent.setup();
    render(<Panel />);
    screen.getByRole('button', { name: 'Start' }).focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
    // The panel changes afterwards (a click event without focus, as another tab's download would).
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    expect(await screen.findByRole('button', { name: 'Cancel' })).not.toHaveFocus();
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
  });
});
