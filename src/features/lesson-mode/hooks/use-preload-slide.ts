import { useEffect } from 'react';
import type { ActivitySlide, SlideMedia } from '../../../lib/lesson-content/slide-fields';
import { richTextToHtml } from '../../../lib/ui/rich-text';

/** Every image and recording a slide shows (what a change to it would otherwise wait for). */
export function slideMediaUrls(slide: ActivitySlide): { images: string[]; audio: string[] } {
  const images: (SlideMedia | null | undefined)[] = [
    slide.main_image,
    slide.secondary_image,
    ...(slide.flipcards ?? []).flatMap((card) => [card.card_1, card.card_2]),
    ...(slide.audiocards ?? []).map((card) => card.image),
    ...(slide.left_column?.images ?? []),
    ...(slide.right_column?.images ?? []),
  ];
  const audio: (SlideMedia | null | undefined)[] = [
    slide.audio,
    slide.secondary_audio,
    ...(slide.flipcards ?? []).map((card) => card.audio),
    ...(slide.audiocards ?? []).map((card) => card.audio),
    ...(slide.left_column?.audio ?? []),
    ...(slide.right_column?.audio ?? []),
  ];
  const urls = (list: (SlideMedia | null | undefined)[]) => [
    ...new Set(list.flatMap((media) => (media?.url ? [media.url] : []))),
  ];
  return { images: urls(images), audio: urls(audio) };
}

// Kept for the page's life, so each file is asked for once and the decoded images stay warm.
const preloaded = new Map<string, HTMLImageElement | HTMLAudioElement>();

/** A slide's rich texts, which a change to it would otherwise sanitize. */
export function slideTexts(slide: ActivitySlide): string[] {
  return [
    slide.slide_text,
    slide.secondary_slide_text,
    slide.left_column?.text,
    slide.right_column?.text,
  ].filter((text): text is string => Boolean(text));
}

/** When the page has nothing else to do (Safari has no requestIdleCallback: a task then). */
function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(work, { timeout: 1000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(work, 0);
  return () => clearTimeout(id);
}

/**
 * Loads the next slide's images (decoded) and audio, so a change never waits on the network,
 * and sanitizes its texts while the class looks at this one, so the change itself does not
 * (richTextToHtml keeps them): the work leaves the key press's frame.
 */
export function usePreloadSlide(slide: ActivitySlide | null): void {
  useEffect(() => {
    if (!slide) return;
    return whenIdle(() => slideTexts(slide).forEach(richTextToHtml));
  }, [slide]);
  useEffect(() => {
    if (!slide) return;
    const { images, audio } = slideMediaUrls(slide);
    for (const url of images) {
      if (preloaded.has(url)) continue;
      const image = new Image();
      image.decoding = 'async';
      image.src = url;
      image.decode().catch(() => undefined);
      preloaded.set(url, image);
    }
    for (const url of audio) {
      if (preloaded.has(url)) continue;
      const element = new Audio();
      element.preload = 'auto';
      element.src = url;
      preloaded.set(url, element);
    }
  }, [slide]);
}
