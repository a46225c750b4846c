// The generated corpus both search benchmarks use: 10,000 items whose words are Zipf-like (a few
// common music words, 4,000 made-up rare ones), and the searches typed over them.
export const N = 10_000;
const WORDS = (
  'samba rhythm pulse drum voice listening composing orchestra lullaby march echo clapping body ' +
  'percussion graphic score conductor carnival groove caixa surdo agogo melody harmony tempo ' +
  'dynamics texture timbre singing song chant round canon ostinato beat metre notation improvise ' +
  'perform rehearse audience stage violin cello flute trumpet timpani strings brass woodwind'
).split(' ');
let seed = 42;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
// A catalogue's words are Zipf-like: a few common, most rare. 4,000 made-up words below the
// music words, drawn with a strong skew towards the first.
const VOCABULARY = [
  ...WORDS,
  ...Array.from(
    { length: 4000 },
    (_, i) => `${'bcdfghklmnprstvz'[i % 16]}${'aeiou'[i % 5]}${(i * 7919).toString(36)}`,
  ),
];
const pick = () => VOCABULARY[Math.floor(random() ** 2.5 * VOCABULARY.length)];
/** @param {number} n */
const phrase = (n) => Array.from({ length: n }, pick).join(' ');
const KINDS = ['programme', 'unit', 'lesson', 'activity', 'activity section', 'recording'];
export const docs = Array.from({ length: N }, (_, i) => ({
  id: String(i),
  documentId: `doc${i}`,
  kind: KINDS[i % KINDS.length],
  title: `${phrase(3)} ${i}`,
  body: phrase(60),
  href: `/x/${i}`,
  place: [],
  time: null,
}));
/** @param {number[]} values @param {number} q */
export const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Number(
    (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(2),
  );
};
export const QUERIES = [
  'samba',
  'rhythm pulse',
  'orchestr',
  'smaba',
  'conductor',
  '"body percussion"',
  'drumming',
  'melody harmony',
  'caixa',
  'lullabies',
];
