'use strict';

// Every media file the seed uploads, generated at seed time from these specs (no downloads),
// except demo-video.mp4, which is committed (made once with ffmpeg; not needed at run time).
const path = require('node:path');
const { makePng } = require('./png');
const { makeWav } = require('./wav');
const { makePdf } = require('./pdf');
const { makeVtt } = require('./vtt');

const png = (width, height, from, to, accent, seed) => ({
  kind: 'png',
  width,
  height,
  from,
  to,
  accent,
  seed,
});

const IMAGES = {
  'banner-primary': png(1200, 400, '#ffb703', '#fb8500', '#ffffff', 1),
  'banner-secondary': png(1200, 400, '#219ebc', '#023047', '#8ecae6', 2),
  'banner-send': png(1200, 400, '#8338ec', '#3a0ca3', '#f72585', 3),
  'banner-live': png(1200, 400, '#e63946', '#1d3557', '#f1faee', 4),
  'banner-sound-explorers': png(1200, 400, '#06d6a0', '#118ab2', '#ffffff', 5),
  'banner-rhythm-makers': png(1200, 400, '#ef476f', '#ffd166', '#073b4c', 6),
  'banner-orchestra-unwrapped': png(1200, 400, '#264653', '#2a9d8f', '#e9c46a', 7),
  'logo-sound-explorers': png(300, 300, '#118ab2', '#06d6a0', '#ffffff', 8),
  'logo-rhythm-makers': png(300, 300, '#ffd166', '#ef476f', '#073b4c', 9),
  'logo-orchestra-unwrapped': png(300, 300, '#e9c46a', '#264653', '#ffffff', 10),
  'feature-1': png(640, 400, '#90be6d', '#43aa8b', '#f9f7f3', 11),
  'feature-2': png(640, 400, '#f9c74f', '#f8961e', '#ffffff', 12),
  'feature-3': png(640, 400, '#577590', '#277da1', '#f9f7f3', 13),
  'feature-4': png(640, 400, '#f94144', '#f3722c', '#ffffff', 14),
  'feature-5': png(640, 400, '#4d908e', '#43aa8b', '#f9f7f3', 15),
  'feature-6': png(640, 400, '#9b5de5', '#f15bb5', '#fee440', 16),
  'slide-1': png(800, 600, '#003049', '#d62828', '#fcbf49', 17),
  'slide-2': png(800, 600, '#2b2d42', '#8d99ae', '#edf2f4', 18),
  'slide-3': png(800, 600, '#606c38', '#283618', '#fefae0', 19),
  'slide-4': png(800, 600, '#dda15e', '#bc6c25', '#fefae0', 20),
  'card-drum-front': png(400, 400, '#e76f51', '#f4a261', '#ffffff', 21),
  'card-drum-back': png(400, 400, '#2a9d8f', '#264653', '#ffffff', 22),
  'card-violin-front': png(400, 400, '#b5179e', '#7209b7', '#ffffff', 23),
  'card-violin-back': png(400, 400, '#4361ee', '#4cc9f0', '#ffffff', 24),
  'live-event-1': png(768, 432, '#ff006e', '#8338ec', '#ffbe0b', 25),
  'live-event-2': png(768, 432, '#3a86ff', '#8338ec', '#ffffff', 26),
  'live-event-3': png(768, 432, '#fb5607', '#ff006e', '#ffffff', 27),
  'cpd-1': png(640, 360, '#14213d', '#fca311', '#e5e5e5', 28),
  'cpd-2': png(640, 360, '#023e8a', '#0096c7', '#caf0f8', 29),
  // The Music at Home film's poster: a still the player shows until the film plays.
  'music-at-home-poster': png(640, 480, '#ffd166', '#06d6a0', '#073b4c', 34),
};

// Instrument icons for audio cards. PNG, as every image is: the media library refuses SVG, which
// can carry script (packages/shared/upload-types.mjs).
const ICONS = {
  'icon-trumpet': { label: 'Trumpet', image: png(400, 300, '#f4a261', '#f4a261', '#264653', 30) },
  'icon-cello': { label: 'Cello', image: png(400, 300, '#2a9d8f', '#2a9d8f', '#f1faee', 31) },
  'icon-flute': { label: 'Flute', image: png(400, 300, '#e9c46a', '#e9c46a', '#264653', 32) },
  'icon-timpani': { label: 'Timpani', image: png(400, 300, '#e76f51', '#e76f51', '#ffffff', 33) },
};

// Melodies as [note, beats]; 8 kHz mono keeps each clip to a few tens of kilobytes.
/** @type {Record<string, Array<[string, number]>>} */
const AUDIO = {
  'audio-hello-song': [
    ['C4', 1],
    ['E4', 1],
    ['G4', 1],
    ['E4', 1],
    ['C4', 2],
    ['rest', 1],
    ['G4', 1],
    ['C5', 2],
  ],
  'audio-rhythm-pulse': [
    ['A3', 0.5],
    ['rest', 0.5],
    ['A3', 0.5],
    ['rest', 0.5],
    ['E4', 0.5],
    ['rest', 0.5],
    ['A3', 1],
    ['rest', 1],
    ['A3', 0.5],
    ['A3', 0.5],
    ['E4', 1],
  ],
  'audio-firebird-theme': [
    ['D4', 1],
    ['F4', 0.5],
    ['A4', 0.5],
    ['D5', 2],
    ['C5', 1],
    ['A4', 1],
    ['F4', 2],
  ],
  'audio-peter-theme': [
    ['G4', 0.5],
    ['C5', 0.5],
    ['E5', 0.5],
    ['G5', 1.5],
    ['E5', 0.5],
    ['C5', 0.5],
    ['G4', 2],
  ],
  'audio-wolf-theme': [
    ['E3', 1.5],
    ['G3', 0.5],
    ['Bb3', 1],
    ['A3', 1],
    ['G3', 1],
    ['E3', 2],
  ],
  'audio-lullaby': [
    ['E4', 1.5],
    ['E4', 0.5],
    ['G4', 2],
    ['E4', 1.5],
    ['E4', 0.5],
    ['G4', 2],
  ],
  'audio-march': [
    ['C4', 0.5],
    ['C4', 0.5],
    ['G4', 1],
    ['G4', 0.5],
    ['A4', 0.5],
    ['G4', 1],
    ['F4', 1],
    ['E4', 1],
  ],
  'audio-drum-sound': [
    ['C3', 0.25],
    ['rest', 0.75],
    ['C3', 0.25],
    ['rest', 0.75],
    ['C3', 0.25],
    ['C3', 0.25],
    ['rest', 0.5],
  ],
  'audio-violin-sound': [
    ['A4', 2],
    ['B4', 1],
    ['C#5', 1],
  ],
};

const PDFS = {
  'score-hello-song': {
    title: 'Hello Song',
    subtitle: 'Voice and piano - Sound Explorers',
    notes: [0, 2, 4, 2, 0, 4, 7, 4],
  },
  'score-firebird': {
    title: 'The Firebird: Finale theme',
    subtitle: 'Igor Stravinsky, arranged for classroom ensemble',
    notes: [1, 3, 5, 8, 7, 5, 3, 1],
  },
  'score-peter-and-the-wolf': {
    title: "Peter and the Wolf: Peter's theme",
    subtitle: 'Sergei Prokofiev, melody line',
    notes: [4, 7, 9, 11, 9, 7, 4, 2],
  },
  'unit-overview-sound-explorers': {
    title: 'Unit overview: Listening and moving',
    subtitle: 'Sound Explorers, Year 2',
    notes: [0, 1, 2, 3, 4, 5, 6, 7],
  },
  'teacher-guide': {
    title: 'Teacher guide',
    subtitle: 'Getting started with Music Classroom',
    notes: [7, 6, 5, 4, 3, 2, 1, 0],
  },
  'risk-assessment': {
    title: 'Live event risk assessment',
    subtitle: 'Template for schools attending a live performance',
    notes: [2, 2, 4, 4, 6, 6, 4, 2],
  },
};

const CAPTIONS = {
  'demo-video-captions-en': [
    [0, 1.2, 'Teacher: Watch me first, then copy.'],
    [1.2, 2.2, '[Drum: four steady beats]'],
    [2.2, 3, 'Teacher: Now your turn!'],
  ],
};

// Text descriptions (WebVTT kind "descriptions", WCAG 1.2.5) of the Samba lesson's seven films
// and the 'Confident conducting' CPD session's film, one file per film: what is seen and not
// heard, timed to the demo film they play (3 seconds).
const DESCRIPTIONS = {
  'samba-whistle-signals-descriptions-en': [
    [0, 1, 'A school hall. The leader stands in front of the band and lifts a whistle.'],
    [1, 2, 'She points at the surdo players; they raise their beaters, ready to start.'],
    [2, 3, 'She crosses her arms above her head, and every player stops at once.'],
  ],
  'samba-school-band-descriptions-en': [
    [0, 1, 'Twenty pupils in a horseshoe, big surdo drums at the back, small drums in front.'],
    [1, 2, 'The caixa players play fast strokes with both sticks, watching the leader.'],
    [2, 3, 'An agogô player taps a two-bell cowbell, high bell then low bell.'],
  ],
  'samba-carnival-parade-descriptions-en': [
    [0, 1, 'A street parade. Dancers in feathered costumes move past crowds on both pavements.'],
    [1, 2, 'Behind them a drum band marches in rows, drums slung from their shoulders.'],
    [2, 3, 'The camera turns to the crowd: people clap above their heads and dance.'],
  ],
  'samba-close-up-descriptions-en': [
    [0, 1, 'Close-up of a surdo: a large drum struck with a soft beater, a hand muting the skin.'],
    [1, 2, 'Close-up of a tamborim: a tiny hand drum flicked with a thin stick.'],
    [2, 3, 'Close-up of an agogô: two bells on a handle, hit in turn with a stick.'],
  ],
  'samba-from-above-descriptions-en': [
    [0, 1, 'Seen from above: the band in a circle, surdos in the middle, the leader beside them.'],
    [1, 2, 'The outer ring of players lifts their sticks together as the groove begins.'],
    [2, 3, 'The leader raises one hand; the circle stops and looks at her.'],
  ],
  'samba-layering-descriptions-en': [
    [0, 1, 'Only the surdo players play at first; the others stand still, sticks down.'],
    [1, 2, 'The leader points at the caixa players, who join in, then the agogô players.'],
    [2, 3, 'Now the whole band plays, each pupil nodding to the beat.'],
  ],
  'samba-full-rehearsal-descriptions-en': [
    [0, 1, 'The whole class rehearses in the hall, parts in groups, the leader at the front.'],
    [1, 2, 'At the break the leader plays a call on the whistle; the band answers together.'],
    [2, 3, 'The band plays the big finish, then lowers its instruments and smiles.'],
  ],
  'cpd-confident-conducting-descriptions-en': [
    [0, 1, 'A teacher faces a class of seated pupils and raises both hands, palms down.'],
    [1, 2, 'She beats four in the air, her right hand dropping on each first beat.'],
    [2, 3, 'She closes her hand in a small circle; the class stops together.'],
  ],
};

/** @returns {Array<{ key, filename, mime, buffer?, path?, alternativeText, caption }>} */
function catalogue() {
  const items = [];
  for (const [key, spec] of Object.entries(IMAGES)) {
    items.push({
      key,
      filename: `${key}.png`,
      mime: 'image/png',
      buffer: makePng(spec),
      alternativeText: `${key.replace(/-/g, ' ')} illustration`,
      caption: key.replace(/-/g, ' '),
    });
  }
  for (const [key, { label, image }] of Object.entries(ICONS)) {
    items.push({
      key,
      filename: `${key}.png`,
      mime: 'image/png',
      buffer: makePng(image),
      alternativeText: `${label} icon`,
      caption: label,
    });
  }
  for (const [key, notes] of Object.entries(AUDIO)) {
    const caption = key
      .replace(/^audio-/, '')
      .replace(/-/g, ' ')
      .replace(/^./, (c) => c.toUpperCase());
    items.push({
      key,
      filename: `${key}.wav`,
      mime: 'audio/wav',
      buffer: makeWav({ notes, sampleRate: 8000, tempo: 132 }),
      alternativeText: caption,
      caption,
    });
  }
  for (const [key, spec] of Object.entries(PDFS)) {
    items.push({
      key,
      filename: `${key}.pdf`,
      mime: 'application/pdf',
      buffer: makePdf(spec),
      alternativeText: spec.title,
      caption: key.startsWith('score') ? 'Download score (PDF)' : spec.title,
    });
  }
  // Captions for the demo video (3 seconds): what the teacher in it says and plays (WCAG 1.2.2).
  for (const [key, cues] of Object.entries(CAPTIONS)) {
    items.push({
      key,
      filename: `${key}.vtt`,
      mime: 'text/vtt',
      buffer: makeVtt(cues),
      alternativeText: 'Captions',
      caption: 'Captions (English)',
    });
  }
  for (const [key, cues] of Object.entries(DESCRIPTIONS)) {
    items.push({
      key,
      filename: `${key}.vtt`,
      mime: 'text/vtt',
      buffer: makeVtt(cues),
      alternativeText: 'Audio description',
      caption: 'Audio description (English)',
    });
  }
  items.push({
    key: 'demo-video',
    filename: 'demo-video.mp4',
    mime: 'video/mp4',
    path: path.join(__dirname, 'demo-video.mp4'),
    alternativeText: 'Demonstration video',
    caption: 'Warm-up demonstration',
  });
  return items;
}

module.exports = { catalogue };
