'use strict';

/**
 * The one table of what an editor reads in the admin panel's forms: for every content type and
 * component an editor fills, each field's label and help text, `[label, help]`. The schema's
 * field names (`sub_slides2`, `extensionactivities`, `film_setup`) are the API's and stay; these
 * words are written into the content-manager's stored configuration on every boot
 * (editor-labels.js). tests/cms/editor-forms.cms.test.ts reads the running CMS's models and fails
 * for any field this table leaves without a label and a help text. Image fields get the size
 * advice (image-advice.js) added, and a slide's fields the layouts that show them (from their
 * schema `conditions`).
 */

const VIDEO_LINK_HELP =
  "Paste a YouTube or Vimeo link, or the /uploads/… address of a film in the Media Library. Leave it empty when you choose a file under 'Video file'. Text that is not a video address is refused on save.";
const TITLE = ['Title', 'The name teachers see as the heading.'];
const INTRODUCTION = ['Introduction', 'The opening text of the page, under its title.'];
const BLURB = ['Short description', 'One or two sentences shown on the card that links here.'];
const SLUG = [
  'Web address (slug)',
  'The last part of the page’s address, made from the title. Change it only before the page is published: links to the old address stop working.',
];
const DOCUMENTS = [
  'Documents',
  'Files teachers can download from this page (PDFs, scores, worksheets), each with a title.',
];
const AUDIENCE = ['Audience', 'Who this is for (Primary, Secondary, SEND, Live).'];
const PROGRAMME = ['Programme', 'The programme this belongs to.'];
const MAIN_TEXT = ['Main text', 'The body of the page.'];
/**
 * An image's decorative box, `<field>_decorative` (image-alt.js): Publish refuses an image with
 * neither alternative text nor the box ticked.
 */
const DECORATIVE = (box, what = 'the picture') => [
  `${box} (no alt text)`,
  `Tick only when ${what} adds nothing a teacher or pupil who cannot see it would miss: screen readers then skip it. Otherwise give it alternative text in the Media Library; Publish refuses ${what} with neither.`,
];
const ALT_TEXT = (box) => ` Give it alternative text in the Media Library, or tick '${box}'.`;
const MAIN_IMAGE = [
  'Main image',
  `The picture at the top of the page and on its card.${ALT_TEXT('Main image is decorative')}`,
];
const MAIN_IMAGE_DECORATIVE = DECORATIVE('Main image is decorative');
const THEME = ['Colours and banner', 'The banner image, logo and colours of these pages.'];
const PERFORMANCE_DATES = [
  'Performance dates',
  "Written as teachers should read them, e.g. 'March 2027'.",
];
const PERFORMANCE_VENUES = [
  'Venues',
  "Where it is performed, as teachers should read it, e.g. 'Leeds and Hull'.",
];
const ACTIVITIES_TITLE = [
  "'Explore activities' heading",
  'The heading above the list of activities on this page.',
];
const FILM_LINK = (what) => [`${what} link`, VIDEO_LINK_HELP];
const FILM_CAPTIONS = [
  'Film captions (WebVTT)',
  'One file per language, so pupils who cannot hear the film can follow it.',
];
const FILM_TRANSCRIPT = [
  'Film transcript',
  "What the film says and plays, in words, behind a 'Transcript' button (for anyone who cannot watch or hear it).",
];
const PLAYLIST_ITEM = {
  title: ['Title', 'The item’s name in the playlist, as the teacher saw it when adding it.'],
  context_path: [
    'Where it was added from',
    'The app page the teacher added it from, so the playlist can open it in the same place. Written by the app.',
  ],
  playlist_order: ['Position', 'Its place in the playlist, from 0. Written by the app.'],
  item_key: [
    'Item key',
    'Identifies this item across the teacher’s devices for offline sync. Written by the app: do not change.',
  ],
};

const FIELDS = {
  // ——— Slides ———
  'api::activity-slideshow.activity-slideshow': {
    title: [
      'Title',
      'A slideshow can be shown by several activities and as an instrument option on other slides: a change here reaches every one of them (see Content Manager › Activity page, filter by slideshow).',
    ],
    activity_slides: [
      'Slides (in order)',
      'Drag to reorder. Each slide is one screen of lesson mode.',
    ],
  },
  'slides.activity-slide': {
    include_in_lesson: [
      'Show in lesson mode',
      'Set to FALSE to keep the slide in the CMS without showing it to the class.',
    ],
    title: ['Title', 'The slide’s heading in lesson mode, and its name in the presenter view.'],
    slide_template: [
      'Layout',
      "What the slide shows; the form then shows only the fields that layout uses. Image: the main (and second) image. Audio: one or two recordings. Video: the first video. Two videos: the first two videos. Audio and image: the main image beside a recording. Flip cards: cards that turn from one picture to another. Audio cards: cards each with a picture and a recording. Two columns: a left and a right column. Instrument options: buttons opening other slideshows. Video, audio and instrument options: a video, a recording and instrument options side by side. Everything the slide has: every field, one after another. Stored as a code (e.g. 'sub_slide_buttons' for Instrument options) that the app reads.",
    ],
    slide_text: ['Slide text', 'The words on the slide, above its pictures and players.'],
    secondary_slide_text: ['Second text', 'Shown below the pictures, films and recordings.'],
    videos: ['Videos', 'Films on the slide, in order.'],
    sub_slides2: [
      'Instrument options (sub-slideshows)',
      'Buttons that open another slideshow, e.g. one per instrument.',
    ],
    main_image: [
      'Main image',
      "The slide's picture, projected full screen. Give it alternative text in the Media Library, or tick 'Main image is decorative'.",
    ],
    main_image_decorative: [
      'Main image is decorative (no alt text)',
      'Tick only when the picture adds nothing a pupil who cannot see it would miss: screen readers then skip it. Otherwise leave it unticked and give the image alternative text in the Media Library; Publish refuses a main image with neither.',
    ],
    secondary_image: [
      'Second image',
      "Shown beside the main image. Give it alternative text in the Media Library, or tick 'Second image is decorative'.",
    ],
    secondary_image_decorative: [
      'Second image is decorative (no alt text)',
      'Tick only when the picture adds nothing a pupil who cannot see it would miss: screen readers then skip it. Otherwise give the image alternative text in the Media Library; Publish refuses a second image with neither.',
    ],
    audio: ['Audio', 'The slide’s recording, with a player.'],
    audio_transcript: [
      'Audio transcript',
      "The words of the recording (a song's lyrics), behind a 'Transcript' button by its player.",
    ],
    teaching_notes: [
      'Teaching notes for this slide',
      'What to say or do while this slide shows. The teacher sees them in the presenter view; the class never does.',
    ],
    secondary_audio: ['Second audio', 'A second recording, with its own player.'],
    secondary_video: ['Second video', 'A film shown after the videos above.'],
    audiocards: ['Audio cards', 'Each card: a picture and an audio file.'],
    flipcards: [
      'Flip cards',
      'Each card: a picture on each side (Card 1 and Card 2), and audio if you like.',
    ],
    left_column: ['Left column', 'Title, text, films, recordings and pictures on the left.'],
    right_column: ['Right column', 'Title, text, films, recordings and pictures on the right.'],
  },
  'slides.column': {
    title: ['Column heading', 'Shown at the top of the column.'],
    text: ['Column text', 'The words in the column.'],
    videos: ['Column videos', 'Films in the column, in order.'],
    audio: ['Column recordings', 'Recordings in the column, each with a player.'],
    images: [
      'Column pictures',
      "Pictures in the column. Give each alternative text in the Media Library, or tick 'Column pictures are decorative'.",
    ],
    images_decorative: [
      'Column pictures are decorative (no alt text)',
      'Tick only when the pictures add nothing a pupil who cannot see them would miss: screen readers then skip them. Otherwise give each alternative text in the Media Library; Publish refuses column pictures with neither.',
    ],
  },
  'slides.sub-slide': {
    title: ['Button text', "The button's words, e.g. 'Glockenspiel'."],
    activity_slideshow: ['Slideshow it opens', 'The slideshow the button opens in lesson mode.'],
  },
  'shared.audiocard': {
    title: ['Card title', 'Names the card and its player.'],
    image: [
      'Picture',
      "Give it alternative text in the Media Library, or tick 'Picture is decorative'.",
    ],
    image_decorative: [
      'Picture is decorative (no alt text)',
      'Tick only when the picture adds nothing the card’s title and recording do not say: screen readers then skip it. Otherwise give it alternative text in the Media Library; Publish refuses a picture with neither.',
    ],
    audio: ['Recording', 'Plays when the card’s player is pressed.'],
  },
  'shared.flipcard': {
    title: ['Card title', 'Names the card for screen readers.'],
    card_1: [
      'Card 1 (front)',
      'The picture shown first. Give it alternative text in the Media Library.',
    ],
    card_2: [
      'Card 2 (back)',
      'The picture the card turns to. Give it alternative text in the Media Library.',
    ],
    audio: ['Recording', 'Optional: a recording played with the card.'],
  },
  'shared.video': {
    title: ['Title', 'The film’s name, under the player.'],
    film_setup: [
      'Filming notes',
      "How it was filmed, shown after the title, e.g. 'Single camera, classroom'.",
    ],
    embed: ['Video link', VIDEO_LINK_HELP],
    file: [
      'Video file',
      'A film uploaded to the Media Library: it also plays offline in downloaded lessons.',
    ],
    captions: [
      'Captions (WebVTT)',
      'One file per language, so pupils who cannot hear the film can follow it.',
    ],
    descriptions: [
      'Audio description (WebVTT)',
      "Timed text that says what the film shows and its sound does not (who is on screen, what they do, any writing), one .vtt file per language. In lesson mode 'Audio description' reads each line out as the film reaches it. Anything other than a .vtt file is refused on publish.",
    ],
    described_file: [
      'Audio-described version (video file)',
      "The same film with the descriptions spoken in its soundtrack, if you have one. 'Audio description' plays it in place of the video file, from the same point.",
    ],
    transcript: [
      'Transcript',
      "What the film says and plays, in words, behind a 'Transcript' button (for anyone who cannot watch or hear it).",
    ],
  },
  'shared.caption': {
    language: [
      'Language code',
      "The language of the text, as a code: 'en' for English, 'cy' for Welsh.",
    ],
    label: ['Name in the player', "What the player's menu calls it, e.g. 'English'."],
    file: ['WebVTT file', 'The timed text, a .vtt file from the Media Library.'],
  },

  // ——— Activities ———
  'api::activity-page.activity-page': {
    title: TITLE,
    time: ['Time', "How long it takes, as teachers should read it, e.g. '10 minutes'."],
    type: ['Type of activity', "e.g. 'Warm up', 'Listening', 'Performing'."],
    instrument: ['Instruments', 'The instruments it uses, if any.'],
    introduction: ['Introduction', 'What the activity is and how it goes, on the activity page.'],
    lesson_summary: [
      'Summary in lessons',
      'A short version shown where a lesson lists the activity.',
    ],
    teaching_option: [
      'Teaching option',
      'Optional: how it can be taught, e.g. whole class or groups.',
    ],
    music: ['Music', 'The pieces or songs it uses.'],
    equipment: ['Equipment', 'What the teacher needs to have ready.'],
    programme: PROGRAMME,
    audiences: ['Audiences', 'Who the activity is for.'],
    activity_slideshow: [
      'Slideshow',
      "The slides lesson mode shows for this activity ('Start Activity'). Without one the activity has no lesson mode.",
    ],
    related_activities: ['Related activities', 'Other activities suggested on this page.'],
    activity_option: [
      'Activity options',
      'Ways of delivering the activity, each with its own page of details.',
    ],
    activity_at_home: ['At home', 'What pupils can do at home: text, pictures and a film.'],
    activity_at_home_download: [
      'At-home downloads',
      'Files families can download for the at-home version.',
    ],
  },
  'api::activity-option.activity-option': {
    title: TITLE,
    introduction: INTRODUCTION,
    introduction_pt2: ['Introduction, second part', 'Shown below the learning objectives.'],
    time: ['Time', "How long it takes, e.g. '20 minutes'."],
    music: ['Music', 'The pieces or songs it uses.'],
    equipment: ['Equipment', 'What the teacher needs to have ready.'],
    documents: DOCUMENTS,
    learning_objectives: [
      'Learning objectives',
      'What pupils learn, each with a short description.',
    ],
    delivery_option: [
      'Ways to deliver it',
      'Each way (e.g. with instruments, without) and its steps.',
    ],
  },
  'api::activity-section.activity-section': {
    title: TITLE,
    introduction: INTRODUCTION,
    activity_pages: [
      'Activities (in order)',
      'The activities listed in this section of the library.',
    ],
    programme: PROGRAMME,
    documents: DOCUMENTS,
  },
  'api::activity-library.activity-library': {
    title: TITLE,
    blurb: BLURB,
    introduction: INTRODUCTION,
    audience: AUDIENCE,
    activity_section: ['Sections (in order)', 'The sections of activities this library lists.'],
  },
  'activity.activity-detail': {
    title: ['Step title', 'The heading of this step.'],
    description: ['What to do', 'The step, in words.'],
    media: [
      'Pictures, recordings or films',
      `Shown with the step.${ALT_TEXT('Step pictures are decorative')}`,
    ],
    media_decorative: DECORATIVE('Step pictures are decorative', 'a picture'),
  },
  'activity.at-home': {
    title: ['Title', 'The heading of the at-home part.'],
    description: ['What to do at home', 'Instructions for families.'],
    media: [
      'Pictures or recordings',
      `Shown with the instructions.${ALT_TEXT('At-home pictures are decorative')}`,
    ],
    media_decorative: DECORATIVE('At-home pictures are decorative', 'a picture'),
    mediaEmbed: ['Video link', VIDEO_LINK_HELP],
  },
  'activity.at-home-download': {
    documents: ['Downloads', 'Files families can download, each with a title.'],
  },
  'activity.delivery-option': {
    title: ['Title', "The name of this way of delivering it, e.g. 'With instruments'."],
    activity_detail: ['Steps (in order)', 'The steps of this way, each with a title and text.'],
  },
  'api::at-home-library.at-home-library': {
    title: TITLE,
    introduction: INTRODUCTION,
    programme: PROGRAMME,
    audience: AUDIENCE,
    activity: ['Activities (in order)', 'The activities in this at-home library.'],
  },

  // ——— Lessons, units, programmes ———
  'api::lesson.lesson': {
    title: TITLE,
    page_title: ['Page title', 'The browser tab’s title, if it should differ from the title.'],
    introduction: INTRODUCTION,
    documents: ['Documents', 'Files for the lesson: plans, scores, worksheets.'],
    activity: [
      'Activities (in order)',
      'Drag to reorder. Section dividers become headings in the lesson.',
    ],
    extensionactivities: ['Extension activities', 'Further activities offered after the lesson.'],
    disable_lesson_mode: [
      'Turn off lesson mode',
      "Hides 'Start Lesson' and 'Start Activity' for this lesson.",
    ],
    units: ['Units of work', 'The units this lesson is part of: change them from the unit.'],
  },
  'lesson.activity-entry': {
    section_divider: [
      'Section divider',
      "Set to TRUE to make this row a heading (e.g. 'Warm up') instead of an activity.",
    ],
    title: ['Title', 'The heading of a section divider, or the activity’s name in the list.'],
    activity: ['Activity', 'Needed unless the row is a section divider.'],
  },
  'lesson.extension-activity': {
    title: ['Title', 'The heading of this group of extension activities.'],
    introduction: INTRODUCTION,
    documents: DOCUMENTS,
    activities: ['Activities', 'The activities offered.'],
  },
  'api::scheme.scheme': {
    title: TITLE,
    blurb: BLURB,
    introduction: INTRODUCTION,
    documents: ['Documents', 'Files for the whole unit: plans, scores, worksheets.'],
    programme: PROGRAMME,
    lessons: ['Lessons (in order)', 'The unit’s lessons, in the order teachers meet them.'],
    scheme_activities: ['Activities', 'Activities listed on the unit page.'],
    activity_sections: [
      'Activity sections',
      'Sections of the activity library listed on the unit page.',
    ],
    scheme_library: ['Activity library', 'The activity library linked from the unit page.'],
  },
  'scheme.scheme-activity': {
    title: ['Title', 'How the activity is named on the unit page.'],
    activity: ['Activity', 'The activity it links to.'],
  },
  'scheme.activity-section-entry': {
    title: ['Title', 'How the section is named on the unit page.'],
    activity_section: ['Activity section', 'The section it links to.'],
  },
  'api::programme.programme': {
    title: TITLE,
    slug: SLUG,
    released: [
      'Released',
      'Set to FALSE to list the programme as coming soon, without links into it.',
    ],
    blurb: BLURB,
    introduction: INTRODUCTION,
    introduction_at_home: [
      'At-home introduction',
      'The opening text of the programme’s at-home pages.',
    ],
    schemes_intro: ['Units introduction', 'Shown above the list of units.'],
    media_introduction: ['Film introduction', 'Shown beside the introduction film.'],
    media_embed: FILM_LINK('Introduction film'),
    media_captions: FILM_CAPTIONS,
    media_transcript: FILM_TRANSCRIPT,
    media_poster: [
      'Introduction film poster',
      'A still from the film (an image), shown in the player until the film is played, so the page never shows an empty black box.',
    ],
    audience: AUDIENCE,
    units: ['Units of work (in order)', 'The programme’s units, in the order teachers meet them.'],
    summary_document: ['Summary documents', 'An overview of the programme to download.'],
    activity_libraries: [
      'Activity libraries',
      'Libraries of activities linked from the programme.',
    ],
    audio_libraries: ['Audio libraries', 'Libraries of recordings linked from the programme.'],
    theme: THEME,
  },
  'api::learning-strand.learning-strand': {
    title: TITLE,
    description: ['Description', 'What the strand covers, shown to teachers choosing strands.'],
    combination_key: [
      'Combination key',
      'The letter that stands for this strand in a lesson plan’s combination keys, e.g. A.',
    ],
    programme: PROGRAMME,
  },
  'api::custom-scheme-builder.custom-scheme-builder': {
    title: TITLE,
    introduction: INTRODUCTION,
    number_required_strands: [
      'Strands to choose',
      'How many learning strands a teacher picks to build a custom unit.',
    ],
    programme: PROGRAMME,
    audience: AUDIENCE,
    learning_strands: ['Learning strands', 'The strands teachers choose from.'],
  },
  'api::custom-scheme-plan.custom-scheme-plan': {
    title: TITLE,
    introduction: INTRODUCTION,
    programme: PROGRAMME,
    audience: AUDIENCE,
    lesson_plans: [
      'Lesson plans',
      'Live when saved. Each plan’s id is part of teachers’ custom lesson addresses: add and edit plans, but do not delete one teachers use.',
    ],
  },
  'custom.lesson-plan': {
    title: TITLE,
    page_title: ['Page title', 'The browser tab’s title, if it should differ from the title.'],
    introduction: INTRODUCTION,
    combination_key_configurations: [
      'Strand combinations',
      'The combinations of strand keys this plan is used for.',
    ],
    featured: ['Featured', 'Set to TRUE to show this plan first.'],
    disable_lesson_mode: ['Turn off lesson mode', "Hides 'Start Lesson' for this plan."],
    documents: DOCUMENTS,
    activities: ['Activities', 'Activities every custom lesson from this plan has.'],
    activities_above: ['Activities first', 'Activities shown before those chosen by strand.'],
    activity_pool: ['Activities by strand', 'Each activity with the strand that brings it in.'],
  },
  'custom.combination-key-configuration': {
    combination_key: ['Combination', "Strand keys together, e.g. 'AB'."],
  },
  'custom.activity-pool-entry': {
    learning_strand: ['Learning strand', 'The strand that brings this activity in.'],
    activity: ['Activity', 'The activity.'],
  },
  'shared.learning-objective': {
    title: ['Objective', 'What pupils learn, in one line.'],
    description: ['Description', 'More about the objective.'],
    audience: ['Audience', 'Who the objective is for, if not everyone.'],
  },

  // ——— Audiences, pages, features ———
  'api::audience.audience': {
    title: TITLE,
    subtitle: ['Subtitle', 'Shown under the title.'],
    slug: SLUG,
    order: ['Order', 'Position in menus: lower numbers first.'],
    introduction: INTRODUCTION,
    libraries_intro: ['Libraries introduction', 'Shown above the links to the libraries.'],
    section2_intro: ['Second section introduction', 'Shown above the page’s second section.'],
    audio_library_intro: ['Audio library introduction', 'Shown at the top of the audio library.'],
    activity_library_intro: [
      'Activity library introduction',
      'Shown at the top of the activity library.',
    ],
    theme: THEME,
    featurebox: ['Feature boxes', 'The cards on the audience’s home page, in order.'],
  },
  'api::landing-page.landing-page': {
    title: TITLE,
    slug: SLUG,
    main_text: MAIN_TEXT,
    audience: AUDIENCE,
    features: ['Feature boxes', 'The cards on the page, in order.'],
  },
  'featurebox.featurebox': {
    title: ['Title', 'The card’s heading.'],
    blurb: ['Text', 'The card’s short text.'],
    is_preview: ['Preview card', 'Set to TRUE to mark the card as a free preview.'],
    link_label: ['Link text', "The words of the card's link, e.g. 'Explore'."],
    tag_age_groups: ['Age groups', 'Tags shown on the card, e.g. KS1.'],
    programmelink: [
      'Links to',
      'What the card opens: one programme, project, page, recording or file.',
    ],
    featured_image: [
      'Picture',
      "The card's picture. Give it alternative text in the Media Library, or tick 'Picture is decorative'.",
    ],
    featured_image_decorative: [
      'Picture is decorative (no alt text)',
      'Tick only when the picture adds nothing the card’s words do not say: screen readers then skip it. Otherwise give the image alternative text in the Media Library; Publish refuses a picture with neither.',
    ],
  },
  'featurebox.programmelink': {
    title: ['Title', 'Names the link for screen readers.'],
    document: ['File', 'A file the card downloads.'],
    audio: ['Audio page', 'An audio page the card opens.'],
    live_programme: ['Live programme', 'A live programme the card opens.'],
    project: ['Project', 'A project the card opens.'],
    landing_page: ['Landing page', 'A landing page the card opens.'],
    programme: ['Programme', 'A programme the card opens.'],
  },
  'featurebox.tag': {
    title: ['Tag', "The words on the tag, e.g. 'KS2'."],
    slug: ['Tag code', "The tag in lower case without spaces, e.g. 'ks2'."],
  },
  'shared.theme': {
    css: ['Colours (JSON)', 'The pages’ colours, as the designers gave them. Change with care.'],
    main_banner_image: [
      'Banner image',
      `The wide picture at the top of the pages.${ALT_TEXT('Banner image is decorative')}`,
    ],
    main_banner_image_decorative: DECORATIVE('Banner image is decorative', 'the banner'),
    main_banner_offset: [
      'Banner position',
      'How far down the banner picture is shown from, in pixels (0: its top).',
    ],
    programme_logo: [
      'Logo',
      `The programme’s logo, shown on its banner. Its alternative text is usually the programme’s name.${ALT_TEXT('Logo is decorative')}`,
    ],
    programme_logo_decorative: DECORATIVE('Logo is decorative', 'the logo'),
  },
  'api::project.project': {
    title: TITLE,
    slug: SLUG,
    main_text: MAIN_TEXT,
    explore_activities_title: ACTIVITIES_TITLE,
    audience: AUDIENCE,
    activity_pages: ['Activities (in order)', 'The activities the project lists.'],
    documents: DOCUMENTS,
    main_image: MAIN_IMAGE,
    main_image_decorative: MAIN_IMAGE_DECORATIVE,
  },
  'api::learning-resources-home.learning-resources-home': {
    title: TITLE,
    subtitle: ['Subtitle', 'Shown under the title.'],
    introduction: INTRODUCTION,
    media_introduction: ['Film introduction', 'Shown beside the home film.'],
    media_embed: FILM_LINK('Home film'),
    welcome_messages: [
      'Welcome messages',
      'What a teacher sees after registering, buying or joining.',
    ],
    audiences: ['Audiences (in order)', 'The audiences the home page links to.'],
    promoboxes: ['Promotion boxes', 'Boxes with a link, below the introduction.'],
    media_captions: FILM_CAPTIONS,
    media_transcript: FILM_TRANSCRIPT,
  },
  'home.promobox': {
    title: ['Title', 'The box’s heading.'],
    body: ['Text', 'The box’s text.'],
    link_label: ['Link text', 'The words of the box’s link.'],
    link_url: [
      'Link address',
      'Where the link goes: an app path (/primary) or a full web address.',
    ],
  },
  'home.welcome-messages': {
    new_registration: ['After registering', 'Shown to a teacher who has just registered.'],
    new_purchase: ['After subscribing', 'Shown to a teacher who has just subscribed.'],
    new_invitation: ['After joining a school', 'Shown to a teacher who accepted an invitation.'],
  },
  'api::sign-up-page.sign-up-page': {
    title: TITLE,
    description: ['Description', 'The opening text of the sign-up page.'],
    title_free_trial: ['Free trial heading', 'The heading of the free trial part.'],
    introduction_free_trial: ['Free trial text', 'What the free trial gives.'],
    promobox: ['Promotion box', 'A highlighted box on the page.'],
    sidebar_promobox: ['Sidebar box', 'A highlighted box beside the form.'],
  },
  'api::playlist-page.playlist-page': {
    title: TITLE,
    introduction: ['Introduction', 'Shown above a teacher’s playlists.'],
  },
  'api::privacy-policy.privacy-policy': {
    title: TITLE,
    content: ['Policy text', 'The whole privacy policy.'],
  },
  'api::terms-and-condition.terms-and-condition': {
    title: TITLE,
    content: ['Terms text', 'The whole terms and conditions.'],
  },
  'shared.document': {
    title: ['Title', 'What the download link says.'],
    file: ['File', 'The file from the Media Library (PDF, score, worksheet).'],
  },
  'shared.quotation': {
    quotation: ['Quotation', 'The words quoted, without quotation marks.'],
    attribution: ['Said by', "Who said it, e.g. 'Year 5 teacher, Leeds'."],
  },

  // ——— Audio ———
  'api::audio-page.audio-page': {
    title: TITLE,
    introduction: INTRODUCTION,
    Score: ['Scores', 'Sheet music to download (PDF).'],
    audio_excerpts: ['Recordings (in order)', 'Each recording with its title, summary and words.'],
  },
  'audio.excerpt': {
    title: ['Title', 'The recording’s name.'],
    summary: ['Summary', 'A line about the recording, under its title.'],
    audio_file: ['Audio file', 'The recording from the Media Library.'],
    transcript: [
      'Words (transcript)',
      "The recording's words (a song's lyrics), behind 'Transcript'.",
    ],
  },
  'api::audio-page-container.audio-page-container': {
    title: TITLE,
    blurb: BLURB,
    audio_page: ['Audio pages (in order)', 'The audio pages in this collection.'],
  },
  'api::audio-library.audio-library': {
    title: TITLE,
    blurb: BLURB,
    introduction: INTRODUCTION,
    audience: AUDIENCE,
    audio_page: ['Audio pages', 'Audio pages listed on their own.'],
    audio_page_container: ['Collections', 'Collections of audio pages.'],
  },

  // ——— Live ———
  'api::live-home-page.live-home-page': {
    title: TITLE,
    introduction: INTRODUCTION,
    events_heading: ['Events heading', 'The heading above the upcoming live events.'],
    events_introduction: ['Events introduction', 'Shown above the upcoming live events.'],
  },
  'api::live-programme.live-programme': {
    title: TITLE,
    slug: SLUG,
    released: ['Released', 'Set to FALSE to list the programme as coming soon.'],
    subtitle: ['Subtitle', 'Shown under the title.'],
    main_text: MAIN_TEXT,
    quotation: ['Quotations', 'What people said about it, each with who said it.'],
    performances_heading: ['Performances heading', 'The heading above the performances.'],
    productions_heading: ['Productions heading', 'The heading above the productions.'],
    theme: THEME,
    live_performances: ['Performances', 'Each performance with its dates, venues and pictures.'],
    live_productions: ['Productions (in order)', 'The productions the programme lists.'],
  },
  'live.performance': {
    title: ['Title', 'The performance’s name.'],
    slug: ['Web address (slug)', 'The last part of its address, in lower case without spaces.'],
    blurb: ['Short description', 'Shown on its card.'],
    thumbnail_images: [
      'Card pictures',
      `The first is shown on its card.${ALT_TEXT('Card pictures are decorative')}`,
    ],
    thumbnail_images_decorative: DECORATIVE('Card pictures are decorative', 'the card picture'),
    active_live_performance: ['On now', 'Set to TRUE while tickets are on sale.'],
    performance_dates: PERFORMANCE_DATES,
    performance_venues: PERFORMANCE_VENUES,
    dates: ['Dates (short)', "A short form of the dates for its card, e.g. 'Mar–Apr'."],
  },
  'api::live-production.live-production': {
    title: TITLE,
    slug: SLUG,
    blurb: BLURB,
    main_text: MAIN_TEXT,
    main_image: [
      'Banner image',
      `The picture at the top of the production’s page.${ALT_TEXT('Banner image is decorative')}`,
    ],
    main_image_decorative: DECORATIVE('Banner image is decorative', 'the banner'),
    thumbnail_images: [
      'Card pictures',
      `The first is shown on the production’s card.${ALT_TEXT('Card pictures are decorative')}`,
    ],
    thumbnail_images_decorative: DECORATIVE('Card pictures are decorative', 'the card picture'),
    performance_dates: PERFORMANCE_DATES,
    performance_venues: PERFORMANCE_VENUES,
    venues_link_label: [
      'Venues link text',
      "The words of the link that lists the venues, e.g. 'See a full list of venues'.",
    ],
    explore_activities_title: ACTIVITIES_TITLE,
    active_live_performance: [
      'Tickets on sale',
      "Set to TRUE to show 'Book Tickets' instead of the list of venues.",
    ],
    bookings: ['Bookings', 'Each performance: date, venue and booking link.'],
    related_activities: ['Related activities', 'Activities linked from the production.'],
    audio_pages: ['Audio pages', 'Recordings linked from the production.'],
    documents: DOCUMENTS,
  },
  'shared.booking': {
    event_date: ['Date and time', 'When the performance starts.'],
    venue_name: ['Venue', 'Where it is.'],
    booking_link: [
      'Booking link',
      "Where to book (a full web address). Leave empty to show '(Not available for public booking)'.",
    ],
  },

  // ——— CPD ———
  'api::cpd.cpd': {
    title: TITLE,
    body_content: MAIN_TEXT,
    live_events_heading: ['Live events heading', 'The heading above the live events.'],
    video_sessions_title: ['Video sessions heading', 'The heading above the video sessions.'],
    documents: DOCUMENTS,
    cpd_live_events: ['Live events (in order)', 'The live training events listed.'],
    cpd_sessions: ['Video sessions (in order)', 'The filmed training sessions listed.'],
  },
  'api::cpd-live-event.cpd-live-event': {
    title: TITLE,
    slug: SLUG,
    blurb: BLURB,
    main_image: MAIN_IMAGE,
    main_image_decorative: MAIN_IMAGE_DECORATIVE,
    event_date: ['Date and time', 'When the event starts.'],
    venue: ['Venue', 'Where it is, or "Online".'],
    main_text: MAIN_TEXT,
    session: ['Session details', 'Time, place and joining link.'],
    documents: DOCUMENTS,
  },
  'cpd.session': {
    title: ['Title', 'The session’s name.'],
    session_date: ['Date and time', 'When the session starts.'],
    is_remote: ['Online', 'Set to TRUE for a session held online.'],
    address_location: ['Address', 'Where it is held, for a session in person.'],
    start_end_time: ['Times', "Start and end, as teachers should read them, e.g. '4pm–5.30pm'."],
    session_link: ['Joining link', 'The web address to join or book.'],
    session_link_title: ['Joining link text', "The words of the link, e.g. 'Join on Zoom'."],
    additional_info: ['More information', 'Anything else teachers should know.'],
  },
  'api::cpd-session.cpd-session': {
    title: TITLE,
    slug: SLUG,
    blurb: BLURB,
    main_image: MAIN_IMAGE,
    main_image_decorative: MAIN_IMAGE_DECORATIVE,
    main_text: MAIN_TEXT,
    video: ['Film', 'The filmed session.'],
    documents: DOCUMENTS,
  },

  // ——— Teachers' data (admins) ———
  'api::playlist.playlist': {
    title: ['Title', 'The playlist’s name, as the teacher gave it.'],
    client_id: [
      'Device id',
      'Made by the teacher’s device when it created the playlist, so a repeated save makes no copy. Do not change.',
    ],
    audience: ['Audience', 'The audience the playlist was made for.'],
    owner: ['Teacher', 'The teacher the playlist belongs to.'],
    playlist_item: ['Items (in order)', 'Activities and recordings in the playlist.'],
    version: ['Version', 'Counts the playlist’s changes, for offline sync. Written by the CMS.'],
    applied_ops: ['Applied changes', 'The device changes already applied. Written by the CMS.'],
    field_log: [
      'Change log',
      'When each field last changed, for offline sync. Written by the CMS.',
    ],
    conflicts: [
      'Sync conflicts',
      'Changes from two devices that clashed, for the teacher to resolve. Written by the CMS.',
    ],
  },
  'playlists.activity': {
    ...PLAYLIST_ITEM,
    item: ['Activity', 'The activity in the playlist.'],
  },
  'playlists.audio-item': {
    ...PLAYLIST_ITEM,
    item: ['Recording', 'The recording (from the Media Library) in the playlist.'],
  },
  'api::custom-scheme.custom-scheme': {
    title: ['Title', 'The custom unit’s name, as the teacher gave it.'],
    owner: ['Teacher', 'The teacher the custom unit belongs to.'],
    learning_strands: ['Learning strands', 'The strands the teacher chose.'],
    audience: ['Audience', 'The audience it was made for.'],
    programme: ['Programme', 'The programme it was made from.'],
  },
  'api::member-account.member-account': {
    owner: ['Subscriber', 'The teacher who owns the school subscription.'],
    members: ['Members', 'Teachers who joined the subscription.'],
    invitations: ['Open invitations', 'Addresses invited who have not joined yet.'],
  },
  'account.invitation': {
    email: ['E-mail address', 'The address invited.'],
    invited_at: ['Invited on', 'When the invitation was sent.'],
  },
  'user.user-profile': {
    salutation: ['Title (Mr, Ms, …)', 'How the teacher is addressed.'],
    first_name: ['First name', 'The teacher’s first name.'],
    last_name: ['Last name', 'The teacher’s last name.'],
    phone_number: ['Phone number', 'Optional.'],
    school: ['School', 'The teacher’s school.'],
    role: ['Job title', "The teacher's role at school, e.g. 'Music lead'."],
    address_1: ['Address, line 1', 'The school’s address.'],
    address_2: ['Address, line 2', 'Optional.'],
    postcode: ['Postcode', 'The school’s postcode.'],
    user_updated: ['Profile completed', 'TRUE once the teacher has filled in their profile.'],
  },
};

module.exports = { FIELDS, VIDEO_LINK_HELP };
