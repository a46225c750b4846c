import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SlideVideo } from '../../../src/features/lesson-mode/components/slide-video';
import type { SlideVideo as SlideVideoData } from '../../../src/lib/lesson-content/slide-fields';
import { DEVICE_SETTING_KEYS } from '../../../src/lib/device-setting-keys';

// WCAG 2.2, 1.2.5 Audio Description (Prerecorded): a slide film with a descriptions track or an
// audio-described version has an 'Audio description' switch on its caption line (a toggle
// button). On, the described version plays from the same point, or the descriptions track is
// turned on hidden and each cue's words become the text of a polite live region that was in the
// page before (nothing covers the slide). The choice is the device's, kept in local storage.

/** jsdom has no TextTrack: a stand-in per <track> element, with the cues a test makes active. */
class FakeTextTrack extends EventTarget {
  mode: TextTrackMode = 'disabled';
  activeCues: { text: string }[] = [];
  speak(...texts: string[]) {
    this.activeCues = texts.map((text) => ({ text }));
    this.dispatchEvent(new Event('cuechange'));
  }
}
const tracks = new WeakMap<HTMLTrackElement, FakeTextTrack>();
const trackOf = (element: Element) => {
  const track = (element as HTMLTrackElement).track as unknown as FakeTextTrack | undefined;
  if (!track) throw new Error('no text track');
  return track;
};
let hadTrack: PropertyDescriptor | undefined;
beforeAll(() => {
  hadTrack = Object.getOwnPropertyDescriptor(HTMLTrackElement.prototype, 'track');
  Object.defineProperty(HTMLTrackElement.prototype, 'track', {
    configurable: true,
    get(this: HTMLTrackElement) {
      if (!tracks.has(this)) tracks.set(this, new FakeTextTrack());
      return tracks.get(this);
    },
  });
});
afterAll(() => {
  if (hadTrack) Object.defineProperty(HTMLTrackElement.prototype, 'track', hadTrack);
  else delete (HTMLTrackElement.prototype as { track?: unknown }).track;
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const FILM: SlideVideoData = {
  id: '1',
  title: 'Whistle signals',
  film_setup: null,
  embed: null,
  file: { url: '/uploads/samba.mp4', mime: 'video/mp4' },
  captions: [{ language: 'en', label: 'English', file: { url: '/uploads/samba-captions.vtt' } }],
  transcript: null,
};
const DESCRIPTIONS = [{ file: { url: '/uploads/samba-ad.vtt' } }];

const video = (container: HTMLElement) => container.querySelector('video')!;
const liveRegion = (container: HTMLElement) =>
  container.querySelector<HTMLElement>('[aria-live="polite"]');

describe("a slide film's 'Audio description' switch", () => {
  it('is not offered for a film without descriptions', () => {
    render(<SlideVideo video={FILM} fallbackTitle="Film" />);
    expect(screen.queryByRole('button', { name: /Audio description/ })).toBeNull();
  });

  it('is a toggle button, off at first, that the keyboard turns on and off', async () => {
    const user = userEvent.setup();
    render(<SlideVideo video={{ ...FILM, descriptions: DESCRIPTIONS }} fallbackTitle="Film" />);
    const toggle = screen.getByRole('button', { name: 'Audio description: Whistle signals' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.tab();
    expect(toggle).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
  });

  it("puts each description cue's words into the live region that was already in the page, and stops when off", async () => {
    const user = userEvent.setup();
    const { container } = render(
      <SlideVideo video={{ ...FILM, descriptions: DESCRIPTIONS }} fallbackTitle="Film" />,
    );
    const descriptions = container.querySelector('track[kind="descriptions"]')!;
    expect(descriptions).toHaveAttribute('src', '/uploads/samba-ad.vtt');
    // The captions stay as they were.
    expect(container.querySelector('track[kind="captions"]')).toHaveAttribute(
      'src',
      '/uploads/samba-captions.vtt',
    );
    const region = liveRegion(container);
    expect(region).not.toBeNull();
    expect(region).toBeEmptyDOMElement();
    const track = trackOf(descriptions);
    expect(track.mode).toBe('disabled');

    await user.click(screen.getByRole('button', { name: /^Audio description/ }));
    expect(track.mode).toBe('hidden');
    act(() => track.speak('The leader lifts a whistle.'));
    // The same node, its text changed: no live region inserted holding text.
    expect(liveRegion(container)).toBe(region);
    expect(region).toHaveTextContent('The leader lifts a whistle.');
    act(() => track.speak('She points at the surdos.', 'They raise their beaters.'));
    expect(region).toHaveTextContent('She points at the surdos. They raise their beaters.');
    // Between cues the last words stay to be read again.
    act(() => track.speak());
    expect(region).toHaveTextContent('She points at the surdos. They raise their beaters.');
    // Nothing is drawn over the picture: the region is for screen readers only.
    expect(region).toHaveClass('visually-hidden');

    await user.click(screen.getByRole('button', { name: /^Audio description/ }));
    expect(track.mode).toBe('disabled');
    expect(region).toBeEmptyDOMElement();
    act(() => track.speak('Not read while off.'));
    expect(region).toBeEmptyDOMElement();
  });

  it('is remembered on this device: the next film starts with it on', async () => {
    const user = userEvent.setup();
    const first = render(
      <SlideVideo video={{ ...FILM, descriptions: DESCRIPTIONS }} fallbackTitle="Film" />,
    );
    await user.click(screen.getByRole('button', { name: /^Audio description/ }));
    expect(localStorage.getItem(DEVICE_SETTING_KEYS.audioDescription)).toBe('on');
    first.unmount();

    const { container } = render(
      <SlideVideo
        video={{ ...FILM, title: 'Carnival parade', descriptions: DESCRIPTIONS }}
        fallbackTitle="Film"
      />,
    );
    expect(screen.getByRole('button', { name: /^Audio description/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(trackOf(container.querySelector('track[kind="descriptions"]')!).mode).toBe('hidden');
  });

  it('plays the audio-described version from the point the film had reached, and back', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <SlideVideo
        video={{ ...FILM, described_file: { url: '/uploads/samba-described.mp4' } }}
        fallbackTitle="Film"
      />,
    );
    const element = video(container);
    expect(element).toHaveAttribute('src', '/uploads/samba.mp4');
    element.currentTime = 1.5;
    await user.click(screen.getByRole('button', { name: /^Audio description/ }));
    expect(video(container)).toBe(element);
    expect(element).toHaveAttribute('src', '/uploads/samba-described.mp4');
    element.currentTime = 0;
    fireEvent(element, new Event('loadedmetadata'));
    expect(element.currentTime).toBe(1.5);

    await user.click(screen.getByRole('button', { name: /^Audio description/ }));
    expect(element).toHaveAttribute('src', '/uploads/samba.mp4');
  });
});
