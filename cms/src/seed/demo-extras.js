'use strict';

/**
 * Demo content that lets a new teacher see the features the main seed leaves out: a full-length
 * lesson (22 slides across four slideshow activities) in Rhythm Makers' first unit, a document with
 * a file but no title (hidden by the app), an unreleased programme that is not a preview, and an
 * audio library with no audience. `seedDemoPlaylist` adds a playlist whose card has a context path
 * containing 'undefined'.
 *
 * The samba slides live in ./demo-samba-slides.js; this module wires them into the content.
 */
const { sambaSlideshows } = require('./demo-samba-slides');

// Rich text is Markdown (the CMS's "Rich text (Markdown)" field): a blank line starts a paragraph.
const p = (...paragraphs) => paragraphs.join('\n\n');
const uid = (name) => `api::${name}.${name}`;

const SAMBA_ACTIVITIES = [
  {
    key: 'samba-call',
    title: 'Samba Call and Response',
    time: '10 minutes',
    type: 'Warm-up',
    introduction:
      'A whistle-led warm-up: the leader plays a call on the drum and the class answers it without losing the pulse.',
    equipment: 'A whistle, one drum',
  },
  {
    key: 'samba-band',
    title: 'Meet the Samba Band',
    time: '15 minutes',
    type: 'Listening',
    introduction:
      'Pupils listen to a Brazilian samba band and learn to tell the surdo, caixa, agogô and tamborim apart by ear.',
    equipment: 'Speakers',
  },
  {
    key: 'samba-grooves',
    title: 'Samba Grooves',
    time: '15 minutes',
    type: 'Rhythm',
    introduction:
      'Each group learns one samba part from its word rhythm, then the parts are layered into a class groove.',
    equipment: 'Untuned percussion, speakers',
  },
  {
    key: 'samba-performance',
    title: 'Samba Performance',
    time: '15 minutes',
    type: 'Performing',
    introduction:
      'The class rehearses a samba with an intro, grooves and a break, performs it, and gives feedback.',
    equipment: 'Untuned percussion, a whistle',
  },
];

/**
 * Seeds the extras once programmes, units, activities and audio pages exist. `content` is the
 * main seed's state; new activities and programmes are added to its `activities` and
 * `programmes` so later parts of the seed (feature boxes, playlists) can refer to them.
 */
async function seedDemoExtras(strapi, media, content) {
  // Published, like the rest of the demo (editorial content has draft & publish).
  const make = async (name, data) =>
    strapi.documents(uid(name)).create({ data, status: 'published' });
  const { audiences, programmes, activities, schemes, audioPages } = content;
  const shows = await sambaSlideshows(make, media);

  for (const spec of SAMBA_ACTIVITIES) {
    const option = await make('activity-option', {
      title: `${spec.title}: whole class`,
      introduction: p(spec.introduction),
      introduction_pt2: p(
        'Finish by asking pupils which part they found hardest to keep steady, and why.',
      ),
      time: spec.time,
      music: 'Samba recordings',
      equipment: spec.equipment,
      documents: [],
      learning_objectives: [
        {
          title: 'Keep a steady pulse in a group',
          description: p('Pupils can keep a steady pulse in a group.'),
          audience: audiences.primary.documentId,
        },
      ],
      delivery_option: [
        {
          title: 'In the classroom',
          activity_detail: [
            {
              title: 'Set up',
              description: p('Sit in a horseshoe so everyone can see the leader.'),
              media: [],
            },
          ],
        },
      ],
    });
    activities[spec.key] = await make('activity-page', {
      title: spec.title,
      time: spec.time,
      type: spec.type,
      instrument: 'Percussion',
      introduction: p(spec.introduction),
      lesson_summary: p(spec.introduction),
      teaching_option: 'Whole class',
      music: 'Samba recordings',
      equipment: spec.equipment,
      programme: programmes['rhythm-makers'].documentId,
      audiences: [audiences.primary.documentId],
      activity_slideshow: shows[spec.key].documentId,
      activity_option: [option.documentId],
    });
  }

  const act = (key) => activities[key].documentId;
  const lesson = await make('lesson', {
    title: 'Lesson 4: Samba carnival',
    page_title: 'Lesson 4: Samba carnival (lesson plan)',
    // Bold, a list and a link, as an editor writes them with the toolbar (e2e/rich-text.spec.ts).
    introduction: p(
      'A full hour of samba: a whistle-led warm-up, listening to a Brazilian samba band, learning the parts and performing them as a class.',
      '**Works best in the hall**, with one drum per four pupils. You will need:',
      '- a whistle for the leader\n- untuned percussion: surdo, caixa, agogô and tamborim\n- speakers for the recordings',
      'New to samba? Read [the story of samba](https://en.wikipedia.org/wiki/Samba) before the lesson.',
    ),
    documents: [
      { title: 'Lesson plan (PDF)', file: media['teacher-guide'].id },
      { title: 'Samba band parts', file: media['score-firebird'].id },
      // A file without a title: the app must not list it (spec part 2, "Documents").
      { file: media['score-peter-and-the-wolf'].id },
    ],
    activity: [
      { section_divider: true, title: 'Warm up' },
      { section_divider: false, title: 'Samba Call and Response', activity: act('samba-call') },
      { section_divider: true, title: 'Listen' },
      { section_divider: false, title: 'Meet the Samba Band', activity: act('samba-band') },
      { section_divider: true, title: 'Play' },
      { section_divider: false, title: 'Samba Grooves', activity: act('samba-grooves') },
      { section_divider: true, title: 'Perform' },
      { section_divider: false, title: 'Samba Performance', activity: act('samba-performance') },
    ],
    extensionactivities: [],
    disable_lesson_mode: false,
  });
  const firstUnit = schemes.find((scheme) => scheme.title === 'Pulse and rhythm');
  // Appended, so the unit's first three lessons keep their places.
  await strapi.documents(uid('scheme')).update({
    documentId: firstUnit.documentId,
    data: { lessons: { connect: [lesson.documentId] } },
    status: 'published',
  });

  programmes['strings-together'] = await make('programme', {
    title: 'Strings Together',
    slug: 'strings-together',
    // Unreleased and not a preview: its feature box shows, but is not a link.
    released: false,
    blurb: p('Whole-class violin and cello lessons for years 3 and 4, launching in September.'),
    introduction: p('Strings Together is being trialled in partner schools this year.'),
    audience: audiences.primary.documentId,
    theme: { css: { background: '#ffffff', color: '#000000' } },
  });

  const archivePage = await make('audio-page', {
    title: 'Instruments of the orchestra',
    introduction: p('Short recordings of single instruments, for listening games and quizzes.'),
    Score: [],
    audio_excerpts: [
      {
        title: 'Violin',
        summary: p('Listen for the open strings, from low to high.'),
        audio_file: media['audio-violin-sound'].id,
      },
      {
        title: 'Timpani',
        summary: p('Listen for the deep, rolling drum strokes.'),
        audio_file: media['audio-drum-sound'].id,
      },
      {
        title: 'Trumpet',
        summary: p('Listen for the bright march tune.'),
        audio_file: media['audio-march'].id,
      },
    ],
  });
  // No audience: it belongs to no audience area and shows on the /audiolibrary index only.
  await make('audio-library', {
    title: 'Orchestra sound archive',
    blurb: p('Orchestra sound archive: recordings for every age group.'),
    introduction: p('Recordings for every key stage, not tied to one audience.'),
    audience: null,
    audio_page: [archivePage.documentId, audioPages.firebird.documentId],
    audio_page_container: [],
  });
}

const ASSEMBLY_PLAYLIST_ID = 'seed-subscriber-assembly-playlist';

/**
 * A second playlist of the first subscriber. One item was saved from a page without an audience,
 * so its context path contains 'undefined': the card says 'link to activity library not
 * available' (spec part 1, "Playlist detail").
 */
async function seedDemoPlaylist(strapi, owner, content, media) {
  const playlists = strapi.documents('api::playlist.playlist');
  if (await playlists.findFirst({ filters: { client_id: ASSEMBLY_PLAYLIST_ID } })) return;
  const { activities, audiences, audioPages } = content;
  const lullaby = activities.lullaby;
  const samba = activities['samba-call'];
  await playlists.create({
    data: {
      title: 'Friday assembly',
      client_id: ASSEMBLY_PLAYLIST_ID,
      audience: audiences.primary.documentId,
      owner: owner.documentId,
      playlist_item: [
        {
          __component: 'playlists.activity',
          title: samba.title,
          item: samba.documentId,
          context_path: `/primary/activities/-/${samba.documentId}`,
          playlist_order: 0,
        },
        {
          __component: 'playlists.activity',
          title: lullaby.title,
          item: lullaby.documentId,
          context_path: `/undefined/activities/-/${lullaby.documentId}`,
          playlist_order: 1,
        },
        {
          __component: 'playlists.audio-item',
          title: media['audio-march'].caption,
          item: media['audio-march'].id,
          context_path: `/audiolibrary/page/${audioPages.march.documentId}`,
          playlist_order: 2,
        },
      ],
    },
  });
}

module.exports = { seedDemoExtras, seedDemoPlaylist };
