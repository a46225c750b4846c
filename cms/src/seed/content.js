'use strict';

/**
 * The demo content: every page type of the spec and every slide template, in British-school
 * terms. Created in dependency order through the Document Service; relations are given as
 * documentIds, media as upload file ids.
 */
// Rich text is Markdown (the CMS's "Rich text (Markdown)" field): a blank line starts a paragraph.
const p = (...paragraphs) => paragraphs.join('\n\n');
const uid = (name) => `api::${name}.${name}`;
const { seedDemoExtras } = require('./demo-extras');

// The size (kB, as Strapi records it) travels with the embed, so a download knows how much the
// video weighs before fetching it (the app's free-space check and progress bar use it).
// What the demo film says and plays, for people who cannot hear it (WCAG 1.2.1 / 1.2.2).
const DEMO_VIDEO_TRANSCRIPT = p(
  'Teacher: Watch me first, then copy.',
  '[Drum: four steady beats]',
  'Teacher: Now your turn!',
);
// The Hello Song's words, so a class can follow the song without hearing it (WCAG 1.2.1).
const HELLO_SONG_LYRICS = p(
  'Hello everyone, hello everyone,',
  'Hello, hello, hello!',
  'We are here to sing today,',
  'Hello, hello, hello!',
);

function embed(file) {
  return JSON.stringify({
    url: file.url,
    size: file.size,
    provider: 'upload',
    title: file.caption ?? file.name,
  });
}

/** "a" or "an", as the word is said: an exploring sound activity, a listening activity. */
function withArticle(word) {
  return `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;
}

/** A lesson's own name, without its number: 'Lesson 1: Find the pulse' is 'Find the pulse'. */
function lessonName(title) {
  return title.replace(/^Lesson \d+:\s*/, '');
}

/** How an audience's classrooms are named in a sentence (SEND stays an acronym). */
function classroomsOf(slug, title) {
  if (slug === 'live') return 'concerts and live music in school';
  return `${slug === 'send' ? title : title.toLowerCase()} classrooms`;
}

async function seedContent(strapi, media) {
  // Editorial content has draft & publish: the demo is published, so teachers see it at once.
  const make = async (name, data) =>
    strapi.documents(uid(name)).create({ data, status: 'published' });
  const ids = (docs) => docs.map((doc) => doc.documentId);
  const doc = (title, file) => ({ title, file: file.id });
  // Every demo video is the same film, so every one carries its English captions (WCAG 1.2.2).
  const captions = () => [
    { language: 'en', label: 'English', file: media['demo-video-captions-en'].id },
  ];
  const video = (title, filmSetup = 'Single camera, classroom') => ({
    title,
    film_setup: filmSetup,
    embed: embed(media['demo-video']),
    file: media['demo-video'].id,
    captions: captions(),
    transcript: DEMO_VIDEO_TRANSCRIPT,
  });

  // ---------------------------------------------------------------- audiences
  const audienceSpecs = [
    ['primary', 'Primary', 'Music for ages 5 to 11', '#fff7e6', '#3d2c00', 'banner-primary'],
    ['secondary', 'Secondary', 'Music for ages 11 to 18', '#e6f4fa', '#022c3a', 'banner-secondary'],
    [
      'send',
      'SEND',
      'Music for special educational needs and disabilities',
      '#f1e9fd',
      '#2a0a5e',
      'banner-send',
    ],
    [
      'live',
      'Live',
      'Concerts, productions and performances for schools',
      '#fdeaea',
      '#1d3557',
      'banner-live',
    ],
  ];
  const audiences = {};
  for (const [
    order,
    [slug, title, subtitle, background, color, banner],
  ] of audienceSpecs.entries()) {
    audiences[slug] = await make('audience', {
      title,
      slug,
      subtitle,
      order,
      introduction: p(
        `Resources for ${classroomsOf(slug, title)}, written with teachers and orchestra musicians.`,
        'Every unit comes with lesson plans, slides, audio and printable scores.',
      ),
      libraries_intro: p('Browse the activity and audio libraries to build your own lessons.'),
      section2_intro:
        slug === 'live'
          ? p('Bring your class to a concert, or bring the orchestra to your school hall.')
          : null,
      audio_library_intro: p('Recordings and scores made by our players, ready for the classroom.'),
      activity_library_intro: p('Warm-ups, games and composing tasks, searchable by title.'),
      theme: {
        css: { background, color },
        main_banner_image: media[banner].id,
        main_banner_offset: 30,
      },
    });
  }

  // ---------------------------------------------------------------- activity slideshows
  const sub = async (title, slides) =>
    make('activity-slideshow', { title, activity_slides: slides });
  const instrumentViolin = await sub('Instrument options: violin', [
    {
      title: 'Violin: hold and bow',
      slide_template: 'image',
      slide_text: p('Hold the violin under your chin and draw the bow slowly.'),
      main_image: media['card-violin-front'].id,
    },
    {
      title: 'Violin: listen',
      slide_template: 'audio',
      slide_text: p('Listen to the open strings.'),
      audio: media['audio-violin-sound'].id,
    },
  ]);
  const instrumentDrum = await sub('Instrument options: drum', [
    {
      title: 'Drum: find the pulse',
      slide_template: 'audio_and_image',
      slide_text: p('Tap the pulse on your knees, then on the drum.'),
      main_image: media['card-drum-front'].id,
      audio: media['audio-drum-sound'].id,
    },
    {
      title: 'Drum: watch and copy',
      slide_template: 'video',
      videos: [video('Drum pattern demonstration')],
    },
  ]);
  const instrumentVoice = await sub('Instrument options: voice', [
    {
      title: 'Voice: warm up',
      slide_template: 'audio',
      slide_text: p('Hum, then sing on "ah".'),
      audio: media['audio-lullaby'].id,
    },
  ]);

  const helloSlides = await sub('Hello Song slides', [
    {
      title: 'Welcome to the Hello Song',
      slide_template: 'image',
      slide_text: p('Today we will sing hello to everyone in the circle.'),
      main_image: media['slide-1'].id,
    },
    {
      title: 'Listen first',
      slide_template: 'audio',
      slide_text: p('Listen to the song all the way through.'),
      audio: media['audio-hello-song'].id,
      audio_transcript: HELLO_SONG_LYRICS,
      secondary_audio: media['audio-lullaby'].id,
    },
    {
      title: 'Watch the actions',
      slide_template: 'video',
      slide_text: p('Copy the actions in the video.'),
      videos: [video('Hello Song actions')],
    },
    {
      title: 'Sing along',
      slide_template: 'audio_and_image',
      slide_text: p('Sing with the recording, looking at the picture score.'),
      main_image: media['slide-2'].id,
      audio: media['audio-hello-song'].id,
    },
  ]);
  const rhythmSlides = await sub('Rhythm Grid slides', [
    {
      title: 'Feel the pulse',
      slide_template: 'audio',
      slide_text: p('Walk on the spot in time with the pulse.'),
      audio: media['audio-rhythm-pulse'].id,
    },
    {
      title: 'Two ways to play',
      slide_template: 'two_videos',
      slide_text: p('Compare the two performances.'),
      videos: [video('Pulse on body percussion'), video('Pulse on drums', 'Two cameras, hall')],
    },
    {
      title: 'Flip the cards',
      slide_template: 'flipcards',
      slide_text: p('Tap a card to turn it over and say the rhythm.'),
      flipcards: [
        {
          title: 'Ta ta ti-ti ta',
          card_1: media['card-drum-front'].id,
          card_2: media['card-drum-back'].id,
          audio: media['audio-drum-sound'].id,
        },
        {
          title: 'Ti-ti ti-ti ta ta',
          card_1: media['card-violin-front'].id,
          card_2: media['card-violin-back'].id,
        },
      ],
    },
    {
      title: 'Which instrument?',
      slide_template: 'audiocards',
      slide_text: p('Play each card and name the instrument.'),
      audiocards: [
        { title: 'Trumpet', image: media['icon-trumpet'].id, audio: media['audio-march'].id },
        { title: 'Cello', image: media['icon-cello'].id, audio: media['audio-wolf-theme'].id },
        { title: 'Flute', image: media['icon-flute'].id, audio: media['audio-peter-theme'].id },
        { title: 'Timpani', image: media['icon-timpani'].id, audio: media['audio-drum-sound'].id },
      ],
    },
    {
      title: 'Choose your instrument',
      slide_template: 'sub_slide_buttons',
      slide_text: p('Pick an instrument group to practise with.'),
      sub_slides2: [
        { title: 'Violins', activity_slideshow: instrumentViolin.documentId },
        { title: 'Drums', activity_slideshow: instrumentDrum.documentId },
        { title: 'Voices', activity_slideshow: instrumentVoice.documentId },
      ],
    },
  ]);
  const firebirdSlides = await sub('Firebird listening slides', [
    {
      title: 'Meet the Firebird',
      slide_template: 'image',
      slide_text: p('The Firebird is a magical creature from a Russian folk tale.'),
      main_image: media['slide-3'].id,
      secondary_image: media['feature-6'].id,
    },
    {
      title: 'Listening map',
      slide_template: 'two_columns',
      slide_text: p('Follow the listening map.'),
      left_column: {
        title: 'What you hear',
        text: p('Quiet strings, then a sudden loud chord.'),
        audio: [media['audio-firebird-theme'].id],
        images: [media['slide-4'].id],
      },
      right_column: {
        title: 'What you see',
        text: p('Watch the conductor show the dynamics.'),
        videos: [video('Conductor close-up')],
      },
    },
    {
      title: 'Everything together',
      slide_template: 'all',
      slide_text: p('Listen, watch and follow the score.'),
      secondary_slide_text: p('Which instruments play the theme?'),
      main_image: media['slide-3'].id,
      audio: media['audio-firebird-theme'].id,
      videos: [video('Finale excerpt')],
      secondary_video: video('Finale from the balcony', 'Wide shot'),
    },
    {
      title: 'Play along',
      slide_template: 'video_audio_instruments',
      slide_text: p('Play the theme with the orchestra.'),
      videos: [video('Play-along video')],
      audio: media['audio-firebird-theme'].id,
      sub_slides2: [
        { title: 'Violin part', activity_slideshow: instrumentViolin.documentId },
        { title: 'Drum part', activity_slideshow: instrumentDrum.documentId },
      ],
    },
  ]);
  const soundscapeSlides = await sub('Sensory soundscape slides', [
    {
      title: 'Calm beginning',
      slide_template: 'audio',
      slide_text: p('Close your eyes and listen.'),
      audio: media['audio-lullaby'].id,
    },
    {
      title: 'Feel the vibration',
      slide_template: 'image',
      slide_text: p('Place a hand on the drum skin.'),
      main_image: media['card-drum-back'].id,
    },
    {
      title: 'Your turn',
      slide_template: 'audio_and_image',
      slide_text: p('Make a sound when the picture changes.'),
      main_image: media['slide-4'].id,
      audio: media['audio-drum-sound'].id,
    },
  ]);
  const bigSlides = [];
  const templates = [
    'image',
    'audio',
    'video',
    'two_videos',
    'audio_and_image',
    'flipcards',
    'audiocards',
    'two_columns',
    'all',
    'image',
    'audio',
    'image',
  ];
  for (const [index, template] of templates.entries()) {
    bigSlides.push({
      title: `Composing step ${index + 1}`,
      include_in_lesson: index !== 9,
      slide_template: template,
      slide_text: p(`Step ${index + 1} of building a class composition.`),
      main_image: ['image', 'audio_and_image', 'all'].includes(template)
        ? media[`slide-${(index % 4) + 1}`].id
        : null,
      audio: ['audio', 'audio_and_image', 'all'].includes(template)
        ? media['audio-march'].id
        : null,
      videos: ['video', 'two_videos', 'all'].includes(template)
        ? template === 'two_videos'
          ? [video('Group A'), video('Group B')]
          : [video('Composing demonstration')]
        : [],
      flipcards:
        template === 'flipcards'
          ? [
              {
                title: 'Loud or quiet?',
                card_1: media['card-drum-front'].id,
                card_2: media['card-drum-back'].id,
              },
            ]
          : [],
      audiocards:
        template === 'audiocards'
          ? [{ title: 'March', image: media['icon-trumpet'].id, audio: media['audio-march'].id }]
          : [],
      left_column:
        template === 'two_columns'
          ? { title: 'Ideas', text: p('Write three rhythm ideas.') }
          : null,
      right_column:
        template === 'two_columns'
          ? {
              title: 'Sounds',
              text: p('Choose instruments.'),
              audio: [media['audio-rhythm-pulse'].id],
            }
          : null,
    });
  }
  const composingSlides = await sub('Class composition slides', bigSlides);

  // ---------------------------------------------------------------- activity options
  const objective = (title, audience) => ({
    title,
    description: p(`Pupils can ${title.toLowerCase()}.`),
    audience: audiences[audience].documentId,
  });
  const delivery = (title, details) => ({
    title,
    activity_detail: details.map(([t, d, m]) => ({
      title: t,
      description: p(d),
      media: m ? [m.id] : [],
    })),
  });
  const option = async (title, extra = {}) =>
    make('activity-option', {
      title,
      introduction: p(`${title}: how to run it.`),
      introduction_pt2: p('Finish by asking pupils what they noticed.'),
      time: extra.time ?? '10 minutes',
      music: extra.music ?? 'Hello Song',
      equipment: extra.equipment ?? 'None',
      documents: extra.documents ?? [],
      learning_objectives: extra.objectives ?? [
        objective('Keep a steady pulse', 'primary'),
        objective('Perform with control of pulse and rhythm', 'secondary'),
      ],
      delivery_option: extra.delivery ?? [
        delivery('Whole class', [
          ['Set up', 'Sit in a circle.', null],
          ['Play', 'Pass the sound around the circle.', media['feature-1']],
        ]),
      ],
    });

  // ---------------------------------------------------------------- activities
  const activitySpecs = [
    ['hello', 'Hello Song', '10 minutes', 'Singing', helloSlides, 'primary', ['primary', 'send']],
    [
      'rhythm',
      'Rhythm Grid',
      '15 minutes',
      'Rhythm',
      rhythmSlides,
      'primary',
      ['primary', 'secondary'],
    ],
    [
      'firebird',
      'Listening: The Firebird',
      '20 minutes',
      'Listening',
      firebirdSlides,
      'secondary',
      ['secondary', 'live'],
    ],
    [
      'soundscape',
      'Sensory Soundscape',
      '15 minutes',
      'Exploring sound',
      soundscapeSlides,
      'send',
      ['send'],
    ],
    [
      'composing',
      'Class Composition',
      '30 minutes',
      'Composing',
      composingSlides,
      'secondary',
      ['secondary', 'primary'],
    ],
    ['echo', 'Echo Clapping', null, 'Warm-up', null, 'primary', ['primary', 'send']],
    ['conductor', 'Be the Conductor', '10 minutes', 'Game', helloSlides, 'primary', ['primary']],
    [
      'graphic-score',
      'Graphic Scores',
      '25 minutes',
      'Composing',
      composingSlides,
      'secondary',
      ['secondary'],
    ],
    [
      'body-percussion',
      'Body Percussion Patterns',
      '10 minutes',
      'Rhythm',
      rhythmSlides,
      'secondary',
      ['secondary', 'primary'],
    ],
    [
      'peter',
      'Peter and the Wolf Characters',
      '20 minutes',
      'Listening',
      firebirdSlides,
      'live',
      ['live', 'primary'],
    ],
    [
      'lullaby',
      'Lullaby Circle',
      '10 minutes',
      'Singing',
      soundscapeSlides,
      'send',
      ['send', 'primary'],
    ],
    ['march', 'March Like a Soldier', '5 minutes', 'Movement', null, 'primary', ['primary']],
  ];
  const activities = {};
  for (const [
    index,
    [key, title, time, type, slideshow, _audience, audienceSlugs],
  ] of activitySpecs.entries()) {
    const optionCount = (index % 3) + 1;
    const options = [];
    options.push(
      await option(`${title}: whole class`, {
        time: time ?? undefined,
        documents: index % 2 === 0 ? [doc('Teacher guide', media['teacher-guide'])] : [],
        delivery:
          index % 2 === 0
            ? [
                delivery('In the classroom', [
                  ['Warm up', 'Start with a quick echo game.', media['feature-2']],
                  ['Main activity', 'Lead the activity from the front.', null],
                ]),
                delivery('In the hall', [
                  ['Space', 'Use the whole hall for movement.', media['feature-3']],
                ]),
              ]
            : undefined,
      }),
    );
    if (optionCount > 1)
      options.push(
        await option(`${title}: small groups`, {
          time: '15 minutes',
          equipment: 'Tuned percussion',
          objectives: [
            objective('Work together in a group', 'primary'),
            objective('Explore sounds through touch', 'send'),
          ],
        }),
      );
    if (optionCount > 2)
      options.push(
        await option(`${title}: extension`, {
          time: '20 minutes',
          music: 'Own composition',
          objectives: [objective('Compose a short phrase', 'secondary')],
        }),
      );
    activities[key] = await make('activity-page', {
      title,
      time,
      type,
      instrument: index % 2 === 0 ? 'Voice' : 'Percussion',
      introduction: p(
        `${title} is ${withArticle(type.toLowerCase())} activity that works for mixed-ability classes.`,
      ),
      lesson_summary: p(`Pupils take part in ${title}.`),
      teaching_option: index % 2 === 0 ? 'Whole class' : 'Small groups',
      music: 'Orchestra recordings',
      equipment: index % 3 === 0 ? 'None' : 'Untuned percussion, speakers',
      audiences: audienceSlugs.map((slug) => audiences[slug].documentId),
      activity_slideshow: slideshow ? slideshow.documentId : null,
      activity_option: ids(options),
      activity_at_home:
        index % 4 === 0
          ? [
              {
                title: `${title} at home`,
                description: p('Try this with someone at home.'),
                media: [media['feature-4'].id],
                mediaEmbed: embed(media['demo-video']),
              },
            ]
          : [],
      activity_at_home_download:
        index % 4 === 0 ? { documents: [doc('Activity sheet', media['teacher-guide'])] } : null,
    });
  }
  // Related activities, once all exist.
  const related = {
    hello: ['echo', 'lullaby'],
    rhythm: ['body-percussion', 'echo'],
    firebird: ['peter'],
    composing: ['graphic-score'],
    peter: ['firebird', 'march'],
  };
  for (const [key, others] of Object.entries(related)) {
    await strapi.documents(uid('activity-page')).update({
      documentId: activities[key].documentId,
      data: { related_activities: others.map((o) => activities[o].documentId) },
      status: 'published',
    });
  }
  const act = (key) => activities[key].documentId;

  // ---------------------------------------------------------------- activity sections and libraries
  const section = (title, keys) =>
    make('activity-section', {
      title,
      introduction: p(`${title} for every classroom.`),
      activity_pages: keys.map(act),
      documents: [doc('Section notes', media['teacher-guide'])],
    });
  const sections = {
    warmups: await section('Warm-ups', ['echo', 'hello', 'march']),
    rhythm: await section('Rhythm games', ['rhythm', 'body-percussion', 'conductor']),
    listening: await section('Listening', ['firebird', 'peter']),
    composing: await section('Composing', ['composing', 'graphic-score']),
    sensory: await section('Sensory music', ['soundscape', 'lullaby']),
  };
  const library = (title, audience, keys) =>
    make('activity-library', {
      title,
      blurb: p(`${title}: activities by theme.`),
      introduction: p('Pick a section, then an activity.'),
      audience: audiences[audience].documentId,
      activity_section: keys.map((k) => sections[k].documentId),
    });
  const activityLibraries = {
    primary: await library('Primary activity library', 'primary', [
      'warmups',
      'rhythm',
      'composing',
    ]),
    secondary: await library('Secondary activity library', 'secondary', [
      'listening',
      'composing',
      'rhythm',
    ]),
    send: await library('SEND activity library', 'send', ['sensory', 'warmups']),
  };

  // ---------------------------------------------------------------- audio
  const audioPage = (title, excerpts, scores) =>
    make('audio-page', {
      title,
      introduction: p(`${title}: recordings by orchestra players.`),
      Score: scores.map((key) => media[key].id),
      audio_excerpts: excerpts.map(([t, key, transcript]) => ({
        title: t,
        summary: p(`Listen for the ${t.toLowerCase()}.`),
        audio_file: media[key].id,
        transcript,
      })),
    });
  const audioPages = {
    hello: await audioPage(
      'Hello Song recordings',
      [
        ['Full performance', 'audio-hello-song', HELLO_SONG_LYRICS],
        ['Backing track', 'audio-lullaby'],
      ],
      ['score-hello-song'],
    ),
    firebird: await audioPage(
      'The Firebird',
      [['Finale theme', 'audio-firebird-theme']],
      ['score-firebird'],
    ),
    peter: await audioPage(
      'Peter and the Wolf',
      [
        ["Peter's theme", 'audio-peter-theme'],
        ["The wolf's theme", 'audio-wolf-theme'],
      ],
      ['score-peter-and-the-wolf'],
    ),
    rhythm: await audioPage(
      'Rhythm tracks',
      [
        ['Pulse', 'audio-rhythm-pulse'],
        ['Drum', 'audio-drum-sound'],
      ],
      [],
    ),
    march: await audioPage('Marches', [['Classroom march', 'audio-march']], []),
    lullaby: await audioPage('Lullabies', [['Gentle lullaby', 'audio-lullaby']], []),
  };
  const container = (title, keys) =>
    make('audio-page-container', {
      title,
      blurb: p(`${title}: a collection of recordings.`),
      audio_page: keys.map((k) => audioPages[k].documentId),
    });
  const containers = {
    stories: await container('Stories in music', ['firebird', 'peter']),
    songs: await container('Songs for the classroom', ['hello', 'lullaby', 'march']),
  };
  const audioLibrary = (title, audience, pageKeys, containerKeys) =>
    make('audio-library', {
      title,
      blurb: p(`${title}: listen and download scores.`),
      introduction: p('Every recording was made for schools.'),
      audience: audience ? audiences[audience].documentId : null,
      audio_page: pageKeys.map((k) => audioPages[k].documentId),
      audio_page_container: containerKeys.map((k) => containers[k].documentId),
    });
  const audioLibraries = {
    primary: await audioLibrary(
      'Primary audio library',
      'primary',
      ['hello', 'rhythm', 'march'],
      ['songs', 'stories'],
    ),
    secondary: await audioLibrary(
      'Secondary audio library',
      'secondary',
      ['firebird', 'peter'],
      ['stories'],
    ),
    send: await audioLibrary('SEND audio library', 'send', ['lullaby', 'rhythm'], ['songs']),
  };

  // ---------------------------------------------------------------- programmes, units, lessons
  const lessonEntries = (keys) =>
    keys.map((key) =>
      key.startsWith('#')
        ? { section_divider: true, title: key.slice(1) }
        : { section_divider: false, title: activities[key].title, activity: act(key) },
    );
  const makeLesson = (title, keys, extra = {}) =>
    make('lesson', {
      title,
      page_title: `${title} (lesson plan)`,
      introduction: p(`${lessonName(title)}: pupils listen, sing and play together.`),
      documents: [doc('Lesson plan (PDF)', media['teacher-guide'])],
      activity: lessonEntries(keys),
      extensionactivities: extra.extension
        ? [
            {
              title: 'Take it further',
              introduction: p('For pupils who finish early.'),
              documents: [doc('Extension sheet', media['teacher-guide'])],
              activities: extra.extension.map(act),
            },
          ]
        : [],
      disable_lesson_mode: extra.disableLessonMode ?? false,
    });

  /** @type {any[]} */
  const programmeSpecs = [
    {
      slug: 'sound-explorers',
      title: 'Sound Explorers',
      audience: 'primary',
      colours: ['#e6fff7', '#05386b'],
      banner: 'banner-sound-explorers',
      logo: 'logo-sound-explorers',
      activityLibraries: [activityLibraries.primary],
      audioLibraries: [audioLibraries.primary],
      units: [
        [
          'Listening and moving',
          [
            ['Lesson 1: Hello, music', ['#Warm up', 'echo', 'hello']],
            [
              'Lesson 2: Pulse everywhere',
              ['march', 'rhythm', 'conductor'],
              { extension: ['body-percussion'] },
            ],
            ['Lesson 3: Stories in sound', ['#Listen', 'peter', '#Create', 'composing']],
          ],
        ],
        [
          'Singing together',
          [
            ['Lesson 1: Call and response', ['echo', 'hello']],
            ['Lesson 2: Lullabies', ['lullaby', 'hello', 'march'], { disableLessonMode: true }],
            [
              'Lesson 3: Our class song',
              ['#Warm up', 'echo', '#Sing', 'hello', 'composing'],
              { extension: ['graphic-score'] },
            ],
          ],
        ],
      ],
    },
    {
      slug: 'rhythm-makers',
      title: 'Rhythm Makers',
      audience: 'primary',
      colours: ['#fff5e6', '#4a1d00'],
      banner: 'banner-rhythm-makers',
      logo: 'logo-rhythm-makers',
      activityLibraries: [activityLibraries.primary],
      audioLibraries: [],
      units: [
        [
          'Pulse and rhythm',
          [
            ['Lesson 1: Find the pulse', ['march', 'rhythm']],
            ['Lesson 2: Body percussion', ['#Warm up', 'echo', 'body-percussion']],
            ['Lesson 3: Rhythm grids', ['rhythm', 'conductor', 'composing']],
          ],
        ],
        [
          'Drumming circles',
          [
            ['Lesson 1: Drum talk', ['echo', 'rhythm']],
            ['Lesson 2: Loud and quiet', ['soundscape', 'rhythm']],
            ['Lesson 3: Performance', ['#Rehearse', 'body-percussion', '#Perform', 'conductor']],
          ],
        ],
      ],
    },
    {
      slug: 'orchestra-unwrapped',
      title: 'Orchestra Unwrapped',
      audience: 'secondary',
      colours: ['#eef7f6', '#0b2a2f'],
      banner: 'banner-orchestra-unwrapped',
      logo: 'logo-orchestra-unwrapped',
      activityLibraries: [activityLibraries.secondary],
      audioLibraries: [audioLibraries.secondary],
      units: [
        [
          'The Firebird',
          [
            ['Lesson 1: Meet the story', ['firebird', 'peter']],
            ['Lesson 2: Listening map', ['#Listen', 'firebird', '#Respond', 'graphic-score']],
            [
              'Lesson 3: Compose a finale',
              ['composing', 'graphic-score'],
              { extension: ['body-percussion', 'firebird'] },
            ],
          ],
        ],
        [
          'Sections of the orchestra',
          [
            ['Lesson 1: Strings', ['body-percussion', 'firebird']],
            ['Lesson 2: Percussion', ['rhythm', 'body-percussion']],
            ['Lesson 3: The whole orchestra', ['peter', 'composing', 'firebird']],
          ],
        ],
      ],
    },
  ];
  const programmes = {};
  const schemes = [];
  for (const spec of programmeSpecs) {
    const units = [];
    for (const [unitIndex, [unitTitle, lessons]] of spec.units.entries()) {
      const lessonDocs = [];
      for (const [title, keys, extra] of lessons)
        lessonDocs.push(await makeLesson(title, keys, extra));
      const firstKeys = lessons.flatMap(([, keys]) => keys).filter((k) => !k.startsWith('#'));
      units.push(
        await make('scheme', {
          title: unitTitle,
          blurb: p(`Unit ${unitIndex + 1} of ${spec.title}: a half term of lessons.`),
          introduction: p(
            `${unitTitle} builds listening, singing and playing skills, lesson by lesson.`,
          ),
          // The overview file is the 'Listening and moving' unit's own; other units have the guide.
          documents:
            unitTitle === 'Listening and moving'
              ? [media['unit-overview-sound-explorers'].id, media['teacher-guide'].id]
              : [media['teacher-guide'].id],
          lessons: ids(lessonDocs),
          scheme_activities: [...new Set(firstKeys)]
            .slice(0, 2)
            .map((k) => ({ title: activities[k].title, activity: act(k) })),
          activity_sections: [
            { title: 'Warm-ups', activity_section: sections.warmups.documentId },
            { title: 'Rhythm games', activity_section: sections.rhythm.documentId },
          ],
          scheme_library: spec.activityLibraries[0].documentId,
        }),
      );
    }
    schemes.push(...units);
    programmes[spec.slug] = await make('programme', {
      title: spec.title,
      slug: spec.slug,
      released: true,
      blurb: p(`${spec.title}: a year of music lessons with the orchestra.`),
      introduction: p(
        `${spec.title} gives teachers everything for a year of music: plans, slides, recordings and scores.`,
      ),
      introduction_at_home: p('Share Music at Home activities with families.'),
      schemes_intro: p('Choose a unit of work to see its lessons.'),
      media_introduction: p('Watch a two-minute introduction from our education team.'),
      media_embed: embed(media['demo-video']),
      media_captions: captions(),
      media_transcript: DEMO_VIDEO_TRANSCRIPT,
      audience: audiences[spec.audience].documentId,
      units: ids(units),
      summary_document: [
        doc(`${spec.title} overview`, media['unit-overview-sound-explorers']),
        doc('Curriculum map', media['teacher-guide']),
      ],
      activity_libraries: ids(spec.activityLibraries),
      audio_libraries: ids(spec.audioLibraries),
      theme: {
        css: { background: spec.colours[0], color: spec.colours[1] },
        main_banner_image: media[spec.banner].id,
        main_banner_offset: 40,
        programme_logo: media[spec.logo].id,
      },
    });
  }
  programmes['future-voices'] = await make('programme', {
    title: 'Future Voices',
    slug: 'future-voices',
    released: false,
    blurb: p('Coming soon: a singing programme for upper key stage 2.'),
    introduction: p('Future Voices is in development with our partner schools.'),
    audience: audiences.primary.documentId,
    theme: { css: { background: '#ffffff', color: '#000000' } },
  });
  programmes['sensory-soundscapes'] = await make('programme', {
    title: 'Sensory Soundscapes',
    slug: 'sensory-soundscapes',
    released: true,
    blurb: p('Multi-sensory music sessions for SEND settings.'),
    introduction: p('Sensory Soundscapes uses vibration, light and sound.'),
    audience: audiences.send.documentId,
    activity_libraries: [activityLibraries.send.documentId],
    audio_libraries: [audioLibraries.send.documentId],
    theme: {
      css: { background: '#f6f0ff', color: '#2a0a5e' },
      main_banner_image: media['banner-send'].id,
    },
  });

  // Each activity's home programme (the activity lists show its slug), once programmes exist.
  const homeProgramme = {
    hello: 'sound-explorers',
    echo: 'sound-explorers',
    conductor: 'sound-explorers',
    march: 'sound-explorers',
    lullaby: 'sound-explorers',
    rhythm: 'rhythm-makers',
    'body-percussion': 'rhythm-makers',
    soundscape: 'sensory-soundscapes',
    firebird: 'orchestra-unwrapped',
    peter: 'orchestra-unwrapped',
    composing: 'orchestra-unwrapped',
    'graphic-score': 'orchestra-unwrapped',
  };
  for (const [key, slug] of Object.entries(homeProgramme)) {
    await strapi.documents(uid('activity-page')).update({
      documentId: act(key),
      data: { programme: programmes[slug].documentId },
      status: 'published',
    });
  }
  const sectionProgramme = {
    warmups: 'sound-explorers',
    rhythm: 'rhythm-makers',
    listening: 'orchestra-unwrapped',
    composing: 'orchestra-unwrapped',
    sensory: 'sensory-soundscapes',
  };
  for (const [key, slug] of Object.entries(sectionProgramme)) {
    await strapi.documents(uid('activity-section')).update({
      documentId: sections[key].documentId,
      data: { programme: programmes[slug].documentId },
      status: 'published',
    });
  }
  // The full-length samba lesson, an unreleased programme and an audience-less audio library.
  await seedDemoExtras(strapi, media, { audiences, programmes, activities, schemes, audioPages });

  // ---------------------------------------------------------------- project and landing pages
  const project = await make('project', {
    title: 'Sound of the City',
    slug: 'sound-of-the-city',
    main_text: p(
      'Record the sounds of your town and turn them into a piece for the school concert.',
      'Pupils work in groups over half a term.',
    ),
    explore_activities_title: 'Explore the project activities',
    audience: audiences.secondary.documentId,
    activity_pages: [act('graphic-score'), act('composing'), act('body-percussion')],
    documents: [
      doc('Project overview', media['teacher-guide']),
      doc('Assessment grid', media['unit-overview-sound-explorers']),
    ],
    main_image: media['feature-3'].id,
  });
  const featureLink = (title, link) => ({ title, ...link });
  const feature = (title, image, link, extra = {}) => ({
    title,
    blurb: p(`${title}: find out more.`),
    is_preview: extra.preview ?? false,
    link_label: extra.label ?? 'Find out more',
    tag_age_groups: extra.tags ?? [{ title: 'KS3', slug: 'ks3' }],
    programmelink: link,
    featured_image: media[image].id,
  });
  const ks5 = await make('landing-page', {
    title: 'Key Stage 5',
    slug: 'KS5',
    main_text: p('A-level listening and composing support.'),
    audience: audiences.secondary.documentId,
    features: [
      feature(
        'The Firebird set work',
        'feature-6',
        featureLink('The Firebird', {
          programme: programmes['orchestra-unwrapped'].documentId,
          audio: audioPages.firebird.documentId,
        }),
        { tags: [{ title: 'KS5', slug: 'ks5' }] },
      ),
      feature(
        'Score study pack',
        'feature-2',
        featureLink('Score study', { document: media['score-firebird'].id }),
        { label: 'Download the score', tags: [{ title: 'KS5', slug: 'ks5' }] },
      ),
    ],
  });
  const ks4 = await make('landing-page', {
    title: 'Key Stage 4',
    slug: 'ks4',
    main_text: p('GCSE composing and performing projects.'),
    audience: audiences.secondary.documentId,
    features: [
      feature(
        'Sound of the City',
        'feature-3',
        featureLink('Sound of the City', { project: project.documentId }),
        { tags: [{ title: 'KS4', slug: 'ks4' }] },
      ),
      feature(
        'Going further: KS5',
        'feature-5',
        featureLink('Key Stage 5', { landing_page: ks5.documentId }),
        {
          tags: [
            { title: 'KS4', slug: 'ks4' },
            { title: 'KS5', slug: 'ks5' },
          ],
        },
      ),
    ],
  });
  const ks3 = await make('landing-page', {
    title: 'Key Stage 3',
    slug: 'ks-3',
    main_text: p('Projects and programmes for years 7 to 9.'),
    audience: audiences.secondary.documentId,
    features: [
      feature(
        'Orchestra Unwrapped',
        'feature-1',
        featureLink('Orchestra Unwrapped', {
          programme: programmes['orchestra-unwrapped'].documentId,
        }),
      ),
      feature(
        'Sound of the City',
        'feature-3',
        featureLink('Sound of the City', { project: project.documentId }),
      ),
      feature(
        'Key Stage 4',
        'feature-4',
        featureLink('Key Stage 4', { landing_page: ks4.documentId }),
        { tags: [{ title: 'KS4', slug: 'ks4' }] },
      ),
    ],
  });

  // ---------------------------------------------------------------- live
  const bookingDate = (days) => new Date(Date.now() + days * 86400000).toISOString();
  const firebird = await make('live-production', {
    title: 'The Firebird',
    slug: 'the-firebird',
    blurb: p("Stravinsky's ballet score, told for young audiences."),
    main_text: p(
      "Join the orchestra for Stravinsky's The Firebird, with a storyteller and dancers.",
      'Suitable for ages 7 to 14.',
    ),
    main_image: media['banner-live'].id,
    thumbnail_images: [media['live-event-1'].id],
    performance_dates: 'Spring term',
    performance_venues: 'Bristol, Birmingham, Leeds and Cardiff',
    venues_link_label: 'See a full list of venues',
    explore_activities_title: 'Prepare your class',
    active_live_performance: true,
    bookings: [
      {
        event_date: bookingDate(60),
        venue_name: 'Colston Hall, Bristol',
        booking_link: 'https://tickets.example.org/firebird-bristol',
      },
      {
        event_date: bookingDate(45),
        venue_name: 'Symphony Hall, Birmingham',
        booking_link: 'https://tickets.example.org/firebird-birmingham',
      },
      { event_date: bookingDate(75), venue_name: 'Leeds Town Hall', booking_link: null },
      { event_date: bookingDate(90), venue_name: "St David's Hall, Cardiff", booking_link: null },
    ],
    related_activities: [act('firebird'), act('graphic-score')],
    audio_pages: [audioPages.firebird.documentId],
    documents: [
      doc('Risk assessment template', media['risk-assessment']),
      doc('Firebird score', media['score-firebird']),
    ],
  });
  const peterProduction = await make('live-production', {
    title: 'Peter and the Wolf',
    slug: 'peter-and-the-wolf',
    blurb: p("Prokofiev's musical tale, with every character an instrument."),
    main_text: p('A relaxed performance for KS1 and KS2, including a sensory-friendly showing.'),
    main_image: media['live-event-2'].id,
    thumbnail_images: [media['live-event-2'].id],
    performance_dates: 'Summer term',
    performance_venues: 'In your school hall',
    venues_link_label: 'Book Tickets',
    explore_activities_title: 'Meet the characters',
    active_live_performance: true,
    bookings: [
      {
        event_date: bookingDate(30),
        venue_name: 'Your school hall (touring)',
        booking_link: 'https://tickets.example.org/peter-touring',
      },
    ],
    related_activities: [act('peter'), act('march')],
    audio_pages: [audioPages.peter.documentId],
    documents: [doc("Peter's theme", media['score-peter-and-the-wolf'])],
  });
  const liveProgramme = await make('live-programme', {
    title: 'Orchestra Live',
    slug: 'orchestra-live',
    released: true,
    subtitle: 'Concerts for schools',
    main_text: p(
      'Orchestra Live brings full orchestral concerts to pupils, with free classroom resources to prepare.',
    ),
    quotation: [
      {
        quotation: 'The children were spellbound from the first note.',
        attribution: 'Year 4 teacher, Leeds',
      },
      {
        quotation: 'Our pupils still sing the Firebird theme in the playground.',
        attribution: 'Head of music, Cardiff',
      },
    ],
    performances_heading: 'Performances',
    productions_heading: 'Productions',
    theme: {
      css: { background: '#1d3557', color: '#f1faee' },
      main_banner_image: media['banner-live'].id,
      main_banner_offset: 20,
    },
    live_performances: [
      {
        title: 'Firebird schools concert',
        slug: 'the-firebird',
        blurb: p('Spring term tour.'),
        thumbnail_images: [media['live-event-1'].id],
        active_live_performance: true,
        performance_dates: 'March',
        performance_venues: 'Four cities',
        dates: 'March',
      },
      {
        title: 'Peter and the Wolf relaxed performance',
        slug: 'peter-and-the-wolf',
        blurb: p('Touring to schools.'),
        thumbnail_images: [media['live-event-2'].id],
        active_live_performance: true,
        performance_dates: 'June',
        performance_venues: 'Touring',
        dates: 'June',
      },
    ],
    live_productions: [firebird.documentId, peterProduction.documentId],
  });
  await make('live-home-page', {
    title: 'Live',
    introduction: p('Upcoming concerts and how to book.'),
    events_heading: 'Upcoming live events',
    events_introduction: p('Concerts from our main season that welcome school groups.'),
  });

  // ---------------------------------------------------------------- audience feature boxes
  const setFeatures = (slug, features) =>
    strapi.documents(uid('audience')).update({
      documentId: audiences[slug].documentId,
      data: { featurebox: features },
      status: 'published',
    });
  await setFeatures('primary', [
    feature(
      'Sound Explorers',
      'feature-1',
      featureLink('Sound Explorers', { programme: programmes['sound-explorers'].documentId }),
      {
        tags: [
          { title: 'KS1', slug: 'ks1' },
          { title: 'KS2', slug: 'ks2' },
        ],
      },
    ),
    feature(
      'Rhythm Makers',
      'feature-2',
      featureLink('Rhythm Makers', { programme: programmes['rhythm-makers'].documentId }),
      { tags: [{ title: 'KS2', slug: 'ks2' }] },
    ),
    feature(
      'Future Voices',
      'feature-5',
      featureLink('Future Voices', { programme: programmes['future-voices'].documentId }),
      { preview: true, label: 'Coming soon', tags: [{ title: 'KS2', slug: 'ks2' }] },
    ),
    feature(
      'Strings Together',
      'feature-3',
      featureLink('Strings Together', { programme: programmes['strings-together'].documentId }),
      { label: 'Launching in September', tags: [{ title: 'KS2', slug: 'ks2' }] },
    ),
    feature(
      'Orchestra Live',
      'feature-6',
      featureLink('Orchestra Live', { live_programme: liveProgramme.documentId }),
      { label: 'See performances', tags: [{ title: 'KS1', slug: 'ks1' }] },
    ),
  ]);
  await setFeatures('secondary', [
    feature(
      'Key Stage 3',
      'feature-1',
      featureLink('Key Stage 3', { landing_page: ks3.documentId }),
      { label: 'Explore KS3' },
    ),
    feature(
      'Key Stage 4',
      'feature-4',
      featureLink('Key Stage 4', { landing_page: ks4.documentId }),
      { label: 'Explore KS4', tags: [{ title: 'KS4', slug: 'ks4' }] },
    ),
    feature(
      'Key Stage 5',
      'feature-5',
      featureLink('Key Stage 5', { landing_page: ks5.documentId }),
      { label: 'Explore KS5', tags: [{ title: 'KS5', slug: 'ks5' }] },
    ),
    feature(
      'Sound of the City',
      'feature-3',
      featureLink('Sound of the City', { project: project.documentId }),
      { label: 'Start the project' },
    ),
    feature('Songwriting lab', 'feature-2', featureLink('Songwriting lab', {}), {
      preview: true,
      label: 'Coming soon',
    }),
  ]);
  await setFeatures('send', [
    feature(
      'Sensory Soundscapes',
      'feature-4',
      featureLink('Sensory Soundscapes', {
        programme: programmes['sensory-soundscapes'].documentId,
      }),
      { tags: [{ title: 'All ages', slug: 'all-ages' }] },
    ),
    feature(
      'Relaxed performances',
      'feature-6',
      featureLink('Orchestra Live', { live_programme: liveProgramme.documentId }),
      { label: 'See performances', tags: [{ title: 'All ages', slug: 'all-ages' }] },
    ),
  ]);
  await setFeatures('live', [
    feature(
      'Orchestra Live',
      'live-event-1',
      featureLink('Orchestra Live', { live_programme: liveProgramme.documentId }),
      {
        label: 'Explore the programme',
        tags: [
          { title: 'KS1', slug: 'ks1' },
          { title: 'KS2', slug: 'ks2' },
          { title: 'KS3', slug: 'ks3' },
        ],
      },
    ),
    feature(
      'Firebird listening guide',
      'live-event-3',
      featureLink('The Firebird', {
        audio: audioPages.firebird.documentId,
        document: media['score-firebird'].id,
      }),
      { label: 'Download the score' },
    ),
  ]);

  // ---------------------------------------------------------------- CPD
  const liveEvent = (title, slug, image, days, remote) =>
    make('cpd-live-event', {
      title,
      slug,
      blurb: p(`${title}: a twilight session for teachers.`),
      main_image: media[image].id,
      event_date: bookingDate(days),
      venue: remote ? 'Online' : 'Orchestra Education Centre, Bristol',
      main_text: p(
        'Practical ideas you can use the next morning.',
        remote ? 'Join from your classroom or home.' : 'Tea and biscuits provided.',
      ),
      session: {
        title,
        session_date: bookingDate(days),
        is_remote: remote,
        address_location: remote
          ? null
          : 'Orchestra Education Centre, 1 Harbourside, Bristol BS1 5TX',
        start_end_time: '4pm to 5.30pm',
        session_link: remote ? 'https://meet.example.org/cpd' : 'https://tickets.example.org/cpd',
        session_link_title: remote ? 'Join online' : 'Reserve a place',
        additional_info: p('Bring a percussion instrument if you have one.'),
      },
      documents: [doc('Session slides', media['teacher-guide'])],
    });
  const cpdEvents = [
    await liveEvent(
      'Singing in the primary classroom',
      'singing-in-the-primary-classroom',
      'cpd-1',
      21,
      false,
    ),
    await liveEvent(
      'Leading a class composition',
      'leading-a-class-composition',
      'cpd-2',
      35,
      true,
    ),
  ];
  const session = (title, slug, image) =>
    make('cpd-session', {
      title,
      slug,
      blurb: p(`${title}: watch at your own pace.`),
      main_image: media[image].id,
      main_text: p('A recorded session with our education team.'),
      video: video(title),
      documents: [doc('Handout', media['teacher-guide'])],
    });
  const cpdSessions = [
    await session('Confident conducting', 'confident-conducting', 'cpd-2'),
    await session('Assessing music', 'assessing-music', 'cpd-1'),
  ];
  await make('cpd', {
    title: 'Professional development',
    body_content: p('Training for teachers who want to lead music with confidence.'),
    live_events_heading: 'Live events',
    video_sessions_title: 'Video sessions',
    documents: [
      doc('CPD brochure', media['teacher-guide']),
      doc('Risk assessment template', media['risk-assessment']),
      { title: 'A title with no file' },
    ],
    cpd_live_events: ids(cpdEvents),
    cpd_sessions: ids(cpdSessions),
  });

  // ---------------------------------------------------------------- at home
  const atHome = await make('at-home-library', {
    title: 'Music at Home: Sound Explorers',
    introduction: p('Activities families can enjoy together at home.'),
    programme: programmes['sound-explorers'].documentId,
    audience: audiences.primary.documentId,
    activity: [act('hello'), act('soundscape'), act('march')],
  });

  // ---------------------------------------------------------------- custom units
  const strandSpecs = [
    ['A', 'Singing', 'Songs, rounds and vocal games.'],
    ['B', 'Rhythm and pulse', 'Feel and keep a steady beat.'],
    ['C', 'Listening', 'Active listening to orchestral music.'],
    ['D', 'Composing', 'Create and notate musical ideas.'],
    ['E', 'Performing', 'Rehearse and perform for an audience.'],
    ['F', 'Instruments of the orchestra', 'Meet the strings, woodwind, brass and percussion.'],
  ];
  const strands = {};
  for (const [key, title, description] of strandSpecs) {
    strands[key] = await make('learning-strand', {
      title,
      description: p(description),
      combination_key: key,
      programme: programmes['sound-explorers'].documentId,
    });
  }
  await make('custom-scheme-builder', {
    title: 'Build your own Sound Explorers unit',
    introduction: p(
      'Choose four learning strands and we will put together a unit of lessons that covers them.',
    ),
    number_required_strands: 4,
    programme: programmes['sound-explorers'].documentId,
    audience: audiences.primary.documentId,
    learning_strands: Object.values(strands).map((strand) => strand.documentId),
  });
  const pool = (pairs) =>
    pairs.map(([strand, key]) => ({
      learning_strand: strands[strand].documentId,
      activity: act(key),
    }));
  const plan = (title, keys, activitiesKeys, poolPairs, extra = {}) => ({
    title,
    page_title: title,
    introduction: p(`${title}: a lesson assembled from your strands.`),
    combination_key_configurations: keys.map((combination_key) => ({ combination_key })),
    featured: extra.featured ?? false,
    disable_lesson_mode: extra.disableLessonMode ?? false,
    documents: [doc('Lesson plan', media['teacher-guide'])],
    activities: activitiesKeys.map(act),
    activities_above: extra.above ? extra.above.map(act) : [],
    activity_pool: pool(poolPairs),
  });
  await make('custom-scheme-plan', {
    title: 'Sound Explorers: your unit',
    introduction: p('Lesson plans chosen to match the strands you picked.'),
    programme: programmes['sound-explorers'].documentId,
    audience: audiences.primary.documentId,
    lesson_plans: [
      plan(
        'Welcome lesson',
        [],
        ['echo'],
        [
          ['A', 'hello'],
          ['B', 'rhythm'],
          ['C', 'peter'],
          ['D', 'composing'],
          ['E', 'conductor'],
          ['F', 'firebird'],
        ],
        { featured: true },
      ),
      plan(
        'Singing and pulse',
        ['A', 'B'],
        ['hello'],
        [
          ['A', 'lullaby'],
          ['B', 'march'],
        ],
        { above: ['echo'] },
      ),
      plan(
        'Listening to stories',
        ['C'],
        ['peter'],
        [
          ['C', 'firebird'],
          ['F', 'peter'],
        ],
      ),
      plan(
        'Compose a class piece',
        ['D'],
        ['composing'],
        [
          ['D', 'graphic-score'],
          ['E', 'conductor'],
        ],
        { disableLessonMode: true },
      ),
      plan('Meet the orchestra', ['F', 'C'], ['firebird'], [['F', 'body-percussion']]),
      plan(
        'Concert time',
        ['E'],
        ['conductor'],
        [
          ['E', 'march'],
          ['A', 'hello'],
        ],
      ),
    ],
  });

  // ---------------------------------------------------------------- pages
  await make('learning-resources-home', {
    title: 'Music Classroom',
    subtitle: 'Learning resources from the orchestra',
    introduction: p(
      'Lesson plans, slides, recordings and scores for every music teacher, from early years to A level.',
      'Choose your area to get started.',
    ),
    media_introduction: p('See how schools use Music Classroom in this short film.'),
    media_embed: embed(media['demo-video']),
    media_captions: captions(),
    media_transcript: DEMO_VIDEO_TRANSCRIPT,
    welcome_messages: {
      new_registration: p(
        'Welcome! Your free trial has started. Explore the programmes and try a lesson.',
      ),
      new_purchase: p('Thank you for subscribing. Every lesson and slideshow is now open to you.'),
      new_invitation: p('You have joined your school subscription. Welcome aboard!'),
    },
    audiences: ['primary', 'secondary', 'send', 'live'].map((slug) => audiences[slug].documentId),
    promoboxes: [
      {
        title: 'Build your own unit',
        body: p('Pick learning strands and we assemble the lessons.'),
        link_label: 'Try the unit builder',
        link_url: '/primary/sound-explorers/create-unit',
      },
      {
        title: 'Professional development',
        body: p('Live events and video sessions for teachers.'),
        link_label: 'See CPD',
        link_url: '/cpd',
      },
      {
        title: 'Music at Home',
        body: p('Share activities with families (coming to every programme this year).'),
        link_label: null,
        link_url: null,
      },
    ],
  });
  await make('sign-up-page', {
    title: 'Account details',
    description: p('Manage your Music Classroom account.'),
    title_free_trial: 'Start your free trial',
    introduction_free_trial: p(
      'Create a free account to browse every programme. Subscribing schools unlock lessons and slideshows.',
    ),
    promobox: p('**Whole-school subscriptions** include every teacher in your school.'),
    // The one help address the footer and the error panel give (src/lib/config.ts CONTACT_EMAIL).
    sidebar_promobox: p(
      'Questions? Email [classroom@orchestra.example](mailto:classroom@orchestra.example).',
    ),
  });
  await make('playlist-page', {
    title: 'Your Playlists',
    introduction: p(
      'Collect activities and recordings into playlists, then start a lesson from any playlist.',
    ),
  });
  await make('privacy-policy', {
    title: 'Privacy policy',
    content: p(
      'We collect only what we need to run your account: your name, school and e-mail address.',
      'We never sell your data. Contact us to see or delete what we hold.',
    ),
  });
  await make('terms-and-condition', {
    title: 'Terms and conditions',
    content: p(
      'By using Music Classroom you agree to use the resources for teaching in your school.',
      'Recordings remain the copyright of the orchestra.',
    ),
  });

  return { audiences, programmes, activities, audioPages, schemes, strands, atHome, liveProgramme };
}

module.exports = { seedContent };
