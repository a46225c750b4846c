// The edit view's 'Picture sizes' panel: each picture of the entry bigger than the app shows
// (src/bootstrap/image-advice.js says why), so the editor learns it while the upload is fresh.
// It warns and refuses nothing; with no such picture the panel is not shown.
import { createElement as h } from 'react';
import LIMITS from './image-limits.json' with { type: 'json' };

const MAX_DEPTH = 30;
/** @param {number} kB */
const megabytes = (kB) => (kB / 1024).toFixed(1);

/**
 * The pictures in an entry (its components and relations' media walked through) that are wider,
 * taller or heavier than the app shows, once each.
 * @param {unknown} document
 * @param {{ width: number, height: number, kB: number }} [limits]
 * @returns {{ name: string, width: number, height: number, kB: number }[]}
 */
export function oversizePictures(document, limits = LIMITS) {
  /** @type {Map<string, { name: string, width: number, height: number, kB: number }>} */
  const found = new Map();
  /** @param {any} value @param {number} depth @returns {void} */
  const walk = (value, depth) => {
    if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) return value.forEach((entry) => walk(entry, depth + 1));
    const mime = typeof value.mime === 'string' ? value.mime : '';
    if (mime.startsWith('image/') && value.url) {
      const width = Number(value.width) || 0;
      const height = Number(value.height) || 0;
      const kB = Number(value.size) || 0;
      if (width > limits.width || height > limits.height || kB > limits.kB)
        found.set(value.url, { name: String(value.name ?? value.url), width, height, kB });
      return;
    }
    for (const child of Object.values(value)) walk(child, depth + 1);
  };
  walk(document, 0);
  return [...found.values()];
}

/**
 * What the editor reads about one picture.
 * @param {{ name: string, width: number, height: number, kB: number }} picture
 * @param {{ width: number, height: number, kB: number }} [limits]
 */
export function pictureWarning({ name, width, height, kB }, limits = LIMITS) {
  return `${name} is ${width} × ${height} pixels and ${megabytes(kB)} MB. The app shows pictures at up to ${limits.width} × ${limits.height} pixels and ${megabytes(limits.kB)} MB: a smaller copy looks as sharp and fills teachers' devices less.`;
}

/**
 * Strapi 5's addEditViewSidePanel panel.
 * @param {{ document?: unknown }} props
 */
export function PictureSizesPanel({ document }) {
  const pictures = oversizePictures(document);
  if (pictures.length === 0) return null;
  return {
    title: 'Picture sizes',
    content: h(
      'ul',
      { 'aria-label': 'Pictures bigger than the app shows', style: { margin: 0, paddingLeft: 16 } },
      pictures.map((picture) =>
        h('li', { key: picture.name, style: { marginBottom: 8 } }, pictureWarning(picture)),
      ),
    ),
  };
}
