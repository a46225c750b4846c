/**
 * Every uploaded file a CMS answer refers to, with its size when the CMS says it (kB of 1,000
 * bytes, rounded to two decimals, as Strapi records it: `bytesToKbytes` in @strapi/upload). Walks the whole answer, so every slide template, card and page is covered by one
 * rule instead of one list per template: `url` fields, image `formats`, and the JSON text of
 * video embeds (`{"url": "/uploads/..."}`). Only same-origin uploads can be stored offline.
 */
export interface MediaReference {
  url: string;
  /** Bytes, when the answer says (0 when unknown). */
  bytes: number;
}

const UPLOAD = /^\/uploads\/[^?#\s"]+$/;

/** Only files the CMS serves under /uploads (same origin) can be stored for offline use. */
export function isUpload(url: unknown): boolean {
  return typeof url === 'string' && UPLOAD.test(url);
}

export function kilobytesToBytes(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0
    ? Math.round(value * 1000)
    : 0;
}

export function collectMedia(answer: unknown): MediaReference[] {
  const found = new Map<string, number>();
  const add = (url: unknown, size?: unknown) => {
    if (typeof url !== 'string' || !isUpload(url)) return;
    found.set(url, Math.max(found.get(url) ?? 0, kilobytesToBytes(size)));
  };
  const visit = (value: unknown, depth: number): void => {
    if (depth > 40 || value === null || value === undefined) return;
    if (typeof value === 'string') {
      if (isUpload(value)) add(value);
      else if (value.startsWith('{') && value.includes('/uploads/')) {
        try {
          visit(JSON.parse(value), depth + 1);
        } catch {
          // Not JSON: rich text mentioning a path is not a file the page loads by itself.
        }
      }
      return;
    }
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
      return;
    }
    if (typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (typeof record.url === 'string') add(record.url, record.size);
      for (const [key, child] of Object.entries(record)) {
        if (key === 'url') continue;
        visit(child, depth + 1);
      }
    }
  };
  visit(answer, 0);
  return [...found].map(([url, bytes]) => ({ url, bytes }));
}

/** One list from many answers: each file once, with the largest size any answer gave for it. */
export function mergeMedia(lists: MediaReference[][]): MediaReference[] {
  const merged = new Map<string, number>();
  for (const list of lists) {
    for (const { url, bytes } of list) merged.set(url, Math.max(merged.get(url) ?? 0, bytes));
  }
  return [...merged].map(([url, bytes]) => ({ url, bytes }));
}
