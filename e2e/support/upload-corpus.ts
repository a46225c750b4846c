import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Files an editor might upload to the media library. The hostile ones try to run script when
 * opened: if any part of one runs, it logs `XSS:{id}` to the console, sets the page's title to it,
 * stores `xss` in local storage and posts its id on the `xss` BroadcastChannel and to
 * `window.opener` (in a sandbox only the console and the title still work), so a test can tell
 * that nothing ran, and which file did if one does. The allowed ones are real media of every kind
 * the content model uses, made by the seed's own generators (cms/src/seed/media/).
 *
 * Used by the CMS's upload test (tests/cms/upload-types.cms.test.ts), the e2e suite's stored-file
 * test (e2e/uploads.spec.ts), which also plants the refused ones straight into its worker's CMS
 * upload folder as old uploads from before the allow-list.
 */

export interface CorpusFile {
  /** 1-based; the id the file's script would report. */
  id: number;
  /** What the file tries (for failure messages). */
  label: string;
  filename: string;
  /** The Content-Type the uploader declares ('' for none). */
  declared: string;
  bytes: Buffer;
}

const require = createRequire(import.meta.url);
const { makePng } = require('../../cms/src/seed/media/png.js') as {
  makePng: (spec: object) => Buffer;
};
const { makeWav } = require('../../cms/src/seed/media/wav.js') as {
  makeWav: (spec: object) => Buffer;
};
const { makePdf } = require('../../cms/src/seed/media/pdf.js') as {
  makePdf: (spec: object) => Buffer;
};
const { makeVtt } = require('../../cms/src/seed/media/vtt.js') as {
  makeVtt: (cues: [number, number, string][]) => Buffer;
};

/** The script every hostile file carries, reporting `id`. */
const payload = (id: number) =>
  `console.log('XSS:${id}');document.title='XSS:${id}';try{localStorage.setItem('xss','${id}')}catch(e){}` +
  `try{new BroadcastChannel('xss').postMessage(${id})}catch(e){}try{window.opener&&window.opener.postMessage('xss:${id}','*')}catch(e){}`;

const html = (id: number) =>
  `<!doctype html><html><head><title>hostile</title></head><body><script>${payload(id)}</script><img src=x onerror="${payload(id)}"></body></html>`;
// XML formats: the script in CDATA and the handler attribute escaped, so each is well-formed and
// would run if a browser rendered it as a document.
const inXml = (id: number) => `<![CDATA[${payload(id)}]]>`;
const inXmlAttribute = (id: number) => payload(id).replace(/&/g, '&amp;');
const svg = (id: number) =>
  `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="${inXmlAttribute(id)}"><title>hostile</title><script>${inXml(id)}</script></svg>`;
const xhtml = (id: number) =>
  `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>hostile</title></head><body><script>${inXml(id)}</script></body></html>`;
const xml = (id: number) =>
  `<?xml version="1.0"?><root xmlns:h="http://www.w3.org/1999/xhtml"><h:script>${inXml(id)}</h:script><h:title>hostile</h:title></root>`;

const PNG = makePng({
  kind: 'png',
  width: 16,
  height: 16,
  from: '#ffffff',
  to: '#000000',
  accent: '#ff0000',
  seed: 1,
});

/** A PDF whose document action runs JavaScript when a viewer with scripting opens it. */
function pdfWithScript(id: number): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
    `<< /Type /Action /S /JavaScript /JS (app.alert('XSS:${id}'); this.submitForm('/xss-ran-${id}');) >>`,
  ];
  let text = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(text.length);
    text += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = text.length;
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}

/** Silent MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz: 417 bytes each), after an ID3v2 tag. */
function mp3(): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  const id3 = Buffer.from([0x49, 0x44, 0x33, 0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]);
  return Buffer.concat([id3, ...Array.from({ length: 20 }, () => frame)]);
}

const text = (value: string) => Buffer.from(value, 'utf8');

/** Hostile files the media library must refuse: each is script-capable, or is not what it says. */
export const REFUSED: CorpusFile[] = [
  { label: 'HTML page', filename: 'hostile.html', declared: 'text/html', bytes: text(html(1)) },
  {
    label: 'SVG with script and onload',
    filename: 'hostile.svg',
    declared: 'image/svg+xml',
    bytes: text(svg(2)),
  },
  {
    label: 'XHTML page',
    filename: 'hostile.xhtml',
    declared: 'application/xhtml+xml',
    bytes: text(xhtml(3)),
  },
  {
    label: 'XML with an XHTML script',
    filename: 'hostile.xml',
    declared: 'text/xml',
    bytes: text(xml(4)),
  },
  {
    label: 'JavaScript',
    filename: 'hostile.js',
    declared: 'text/javascript',
    bytes: text(payload(5)),
  },
  {
    label: 'PNG/HTML polyglot declared as HTML',
    filename: 'polyglot.html',
    declared: 'text/html',
    bytes: Buffer.concat([PNG, text(html(6))]),
  },
  {
    label: 'HTML declared as image/png',
    filename: 'page.png',
    declared: 'image/png',
    bytes: text(html(7)),
  },
  {
    label: 'SVG renamed .png',
    filename: 'drawing.png',
    declared: 'image/png',
    bytes: text(svg(8)),
  },
  {
    label: 'HTML with a double extension',
    filename: 'lesson.png.html',
    declared: 'text/html',
    bytes: text(html(9)),
  },
  {
    label: 'HTML named .pdf.png, no declared type',
    filename: 'score.pdf.png',
    declared: '',
    bytes: text(html(10)),
  },
  {
    label: 'PNG named .html (double extension, real image)',
    filename: 'photo.html',
    declared: 'image/png',
    bytes: PNG,
  },
  {
    label: 'HTML with no extension, generic type',
    filename: 'document',
    declared: 'application/octet-stream',
    bytes: text(html(12)),
  },
  {
    label: 'HTML named .vtt (not WebVTT)',
    filename: 'captions.vtt',
    declared: 'text/vtt',
    bytes: text(html(13)),
  },
  {
    label: 'SVG declared as text/plain',
    filename: 'notes.txt',
    declared: 'text/plain',
    bytes: text(svg(14)),
  },
  { label: 'HTML named .mp4', filename: 'film.mp4', declared: 'video/mp4', bytes: text(html(15)) },
  {
    label: 'PDF with JavaScript declared as HTML',
    filename: 'score.html',
    declared: 'text/html',
    bytes: pdfWithScript(16),
  },
].map((file, index) => ({ ...file, id: index + 1 }));

/**
 * Hostile files the media library stores, because their content is an allowed type and their name
 * and type agree with it: served so that their script cannot run on either origin.
 */
export const STORED_HOSTILE: CorpusFile[] = [
  {
    id: 101,
    label: 'PDF with JavaScript',
    filename: 'score-with-script.pdf',
    declared: 'application/pdf',
    bytes: pdfWithScript(101),
  },
  {
    id: 102,
    label: 'PNG/HTML polyglot named .png',
    filename: 'polyglot.png',
    declared: 'image/png',
    bytes: Buffer.concat([PNG, text(html(102))]),
  },
  {
    id: 103,
    label: 'WebVTT with HTML and script after the header',
    filename: 'hostile-captions.vtt',
    declared: 'text/vtt',
    bytes: text(`WEBVTT\n\n${html(103)}\n`),
  },
];

/** Real media of every kind the content model uses: each must be accepted. */
export const ALLOWED: CorpusFile[] = [
  { label: 'PNG image', filename: 'allowed.png', declared: 'image/png', bytes: PNG },
  {
    label: 'WAV recording',
    filename: 'allowed.wav',
    declared: 'audio/wav',
    bytes: makeWav({ notes: [['A4', 1]], sampleRate: 8000, tempo: 120 }),
  },
  { label: 'MP3 recording', filename: 'allowed.mp3', declared: 'audio/mpeg', bytes: mp3() },
  {
    label: 'MP4 video',
    filename: 'allowed.mp4',
    declared: 'video/mp4',
    bytes: readFileSync(new URL('../../cms/src/seed/media/demo-video.mp4', import.meta.url)),
  },
  {
    label: 'PDF document',
    filename: 'allowed.pdf',
    declared: 'application/pdf',
    bytes: makePdf({ title: 'Allowed', subtitle: 'A score', notes: [0, 1, 2] }),
  },
  {
    label: 'WebVTT captions',
    filename: 'allowed.vtt',
    declared: 'text/vtt',
    bytes: makeVtt([[0, 1, 'Hello']]),
  },
  { label: 'PNG with no declared type', filename: 'untyped.png', declared: '', bytes: PNG },
].map((file, index) => ({ ...file, id: 1000 + index }));
