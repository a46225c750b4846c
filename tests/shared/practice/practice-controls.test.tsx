import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AudioPlayer } from '../../../src/shared/media/audio-player';

// Practice controls on every audio player, used by keyboard and heard by screen readers.

afterEach(cleanup);
beforeEach(() => localStorage.clear());

function audioOf(container: HTMLElement) {
  return container.querySelector('audio') as HTMLAudioElement & { preservesPitch?: boolean };
}

describe('AudioPlayer practice controls', () => {
  it('sets the tempo with the pitch kept, from buttons and from [ and ], and announces it', async () => {
    const user = userEvent.setup();
    const { container } = render(<AudioPlayer src="/uploads/hello.wav" title="Hello Song" />);
    await user.click(screen.getByText('Practice'));
    await user.click(screen.getByRole('button', { name: 'Slower' }));
    expect(screen.getByText('Tempo 95 %', { selector: '.practice__tempo-value' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Tempo 95 %');
    const audio = audioOf(container);
    expect(audio.playbackRate).toBe(0.95);
    expect(audio.preservesPitch).toBe(true);

    audio.focus();
    await user.keyboard('[[[[[['); // '[[' is one '[' to user-event
    expect(screen.getByRole('status')).toHaveTextContent('Tempo 80 %');
    await user.keyboard(']');
    expect(audio.playbackRate).toBe(0.85);
    expect(screen.getByRole('status')).toHaveTextContent('Tempo 85 %');
  });

  it('turns the loop on and off with L and the Loop button, saying which section repeats', async () => {
    const user = userEvent.setup();
    const { container } = render(<AudioPlayer src="/uploads/hello.wav" title="Hello Song" />);
    await user.click(screen.getByText('Practice'));
    const audio = audioOf(container);
    // jsdom does not play: move the playhead by hand, as listening would.
    audio.currentTime = 12.3;
    await user.click(screen.getByRole('button', { name: /^Set loop start/ }));
    expect(screen.getByRole('status')).toHaveTextContent('Loop start 0:12');
    audio.currentTime = 5;
    await user.click(screen.getByRole('button', { name: /^Set loop end/ }));
    expect(screen.getByRole('status')).toHaveTextContent(
      'The loop end must come after the loop start.',
    );
    audio.currentTime = 20.5;
    await user.click(screen.getByRole('button', { name: /^Set loop end/ }));
    expect(screen.getByRole('button', { name: 'Set loop end 0:20.5' })).toBeVisible();

    audio.focus();
    await user.keyboard('l');
    expect(screen.getByRole('status')).toHaveTextContent('Loop on: 0:12 to 0:20');
    const loop = screen.getByRole('button', { name: 'Loop' });
    expect(loop).toHaveAttribute('aria-pressed', 'true');
    await user.click(loop);
    expect(loop).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('status')).toHaveTextContent('Loop off');
  });

  it('remembers each recording’s settings on the device and says them on its closed tools when shown again', async () => {
    const user = userEvent.setup();
    const first = render(<AudioPlayer src="/uploads/hello.wav" title="Hello Song" />);
    await user.click(screen.getByText('Practice'));
    await user.click(screen.getByRole('button', { name: 'Slower' }));
    await user.click(screen.getByRole('checkbox', { name: 'Count in before each repeat' }));
    first.unmount();

    const { container } = render(
      <>
        <AudioPlayer src="/uploads/hello.wav" title="Hello Song" />
        <AudioPlayer src="/uploads/other.wav" title="Other" />
      </>,
    );
    const [hello, other] = [...container.querySelectorAll('figure')] as HTMLElement[];
    expect(
      within(hello!).getByText('Practice', { selector: 'summary', exact: false }),
    ).toHaveTextContent('Practice: Hello Song, 95 %, count-in');
    expect(within(hello!).getByText('Tempo 95 %')).not.toBeVisible();
    await user.click(within(hello!).getByText('Practice', { selector: 'summary', exact: false }));
    expect(within(hello!).getByText('Tempo 95 %')).toBeVisible();
    expect(
      within(hello!).getByRole('checkbox', { name: 'Count in before each repeat' }),
    ).toBeChecked();
    expect(audioOf(hello!).playbackRate).toBe(0.95);
    // Another recording keeps its own (default) settings.
    expect(
      within(other!).getByText('Practice', { selector: 'summary', exact: false }),
    ).toHaveTextContent(/^Practice: Other$/);
  });
  it('nudges each loop point a tenth of a second by keyboard, and draws the section on a track', async () => {
    const user = userEvent.setup();
    const { container } = render(<AudioPlayer src="/uploads/hello.wav" title="Hello Song" />);
    await user.click(screen.getByText('Practice'));
    const audio = audioOf(container);
    Object.defineProperty(audio, 'duration', { configurable: true, value: 40 });
    audio.dispatchEvent(new Event('durationchange'));
    audio.currentTime = 12;
    await user.click(screen.getByRole('button', { name: /^Set loop start/ }));

    const later = screen.getByRole('button', {
      name: 'Move the loop start a tenth of a second later',
    });
    later.focus();
    await user.keyboard('{Enter}{Enter} ');
    expect(screen.getByRole('status')).toHaveTextContent('Loop start 0:12.3');
    expect(screen.getByRole('button', { name: 'Set loop start 0:12.3' })).toBeVisible();
    await user.click(
      screen.getByRole('button', { name: 'Move the loop end a tenth of a second earlier' }),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loop end 0:39.9');

    const section = container.querySelector<HTMLElement>('.practice__section');
    expect(section?.style.left).toBe(`${(100 * 12.3) / 40}%`);
    expect(parseFloat(section?.style.width ?? '0')).toBeCloseTo((100 * (39.9 - 12.3)) / 40, 5);
    expect(container.querySelector('.practice__track')).toHaveAttribute('aria-hidden', 'true');
  });
});
