// What lesson mode shows on the current slide, read inside the page (self-contained: it is sent
// to the browser as source). Media that has not started loading is asked to, as a teacher
// pressing play would; the journey then waits until every image has drawn and every audio and
// video element has data, or fails with the element's media error.

/**
 * @typedef {{ src: string, ok: boolean }} ImageState
 * @typedef {{ src: string, readyState: number, error: number | null }} MediaState
 * @typedef {{ path: string, counter: string, images: ImageState[], media: MediaState[] }} SlideState
 */

/** @returns {SlideState} */
export function readSlide() {
  const root = document.querySelector('main') ?? document.body;
  const images = [...root.querySelectorAll('img')].filter(
    (image) =>
      image.getClientRects().length > 0 &&
      (image.loading !== 'lazy' || image.getBoundingClientRect().top < innerHeight),
  );
  // The slides next to this one are drawn ahead, hidden: only the shown slide's players count.
  const media = /** @type {HTMLMediaElement[]} */ ([
    ...root.querySelectorAll('audio, video'),
  ]).filter((element) => !element.closest('[hidden]'));
  for (const element of media) {
    if (element.readyState === 0 && element.preload !== 'auto') {
      element.preload = 'auto';
      element.load();
    }
  }
  return {
    path: location.pathname,
    counter: (document.querySelector('.slide-controls__counter')?.textContent ?? '').trim(),
    images: images.map((image) => ({
      src: image.currentSrc || image.src,
      ok: image.complete && image.naturalWidth > 0,
    })),
    media: media.map((element) => ({
      src: element.currentSrc || element.src || element.querySelector('source')?.src || '',
      readyState: element.readyState,
      error: element.error?.code ?? null,
    })),
  };
}

/** @param {SlideState} slide */
export function slideShown(slide) {
  const broken = slide.media.find((element) => element.error !== null);
  if (broken) throw new Error(`media error ${broken.error} for ${broken.src} on ${slide.path}`);
  // HAVE_CURRENT_DATA: the engine has decoded data of the file, not only its headers.
  return (
    slide.images.every((image) => image.ok) &&
    slide.media.every((element) => element.readyState >= 2)
  );
}
