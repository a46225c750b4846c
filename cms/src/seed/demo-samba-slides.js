'use strict';

/**
 * The slides of 'Lesson 4: Samba carnival' (Rhythm Makers): four slideshows, 22 slides, every
 * slide template, texts a class can read from the back of the room. Only seeded media is used.
 */
// Rich text is Markdown (the CMS's "Rich text (Markdown)" field): a blank line starts a paragraph.
const p = (...paragraphs) => paragraphs.join('\n\n');

// The size (kB) travels with the embed, as in the main seed, so downloads know the video's weight.
function embed(file) {
  return JSON.stringify({
    url: file.url,
    size: file.size,
    provider: 'upload',
    title: file.caption ?? file.name,
  });
}

/** @returns {Promise<Record<'samba-call'|'samba-band'|'samba-grooves'|'samba-performance', { documentId: string }>>} */
async function sambaSlideshows(make, media) {
  const show = (title, slides) => make('activity-slideshow', { title, activity_slides: slides });
  const video = (title, filmSetup = 'Single camera, school hall') => ({
    title,
    film_setup: filmSetup,
    embed: embed(media['demo-video']),
    file: media['demo-video'].id,
    // The same demo film as the main seed, so the same English captions (WCAG 1.2.2).
    captions: [{ language: 'en', label: 'English', file: media['demo-video-captions-en'].id }],
  });

  const surdoPart = await show('Samba part: surdo', [
    {
      title: 'Surdo: the heartbeat',
      slide_template: 'image',
      slide_text: p('Play on beat 2 of every bar: "rest, BOOM, rest, BOOM".'),
      main_image: media['card-drum-front'].id,
    },
    {
      title: 'Surdo: play along',
      slide_template: 'audio',
      slide_text: p('Play your part with the recording. Keep it steady, not fast.'),
      audio: media['audio-drum-sound'].id,
    },
  ]);
  const caixaPart = await show('Samba part: caixa', [
    {
      title: 'Caixa: the engine',
      slide_template: 'image',
      slide_text: p('Say "cho-co-la-te, cho-co-la-te" and tap each syllable.'),
      main_image: media['card-drum-back'].id,
    },
    {
      title: 'Caixa: play along',
      slide_template: 'audio',
      slide_text: p('Quiet taps, close to the drum skin. Listen to the surdo.'),
      audio: media['audio-rhythm-pulse'].id,
    },
  ]);
  const agogoPart = await show('Samba part: agogô', [
    {
      title: 'Agogô: high and low',
      slide_template: 'audio_and_image',
      slide_text: p('Say "ice cream, ice cream": high bell on "ice", low bell on "cream".'),
      main_image: media['slide-2'].id,
      audio: media['audio-march'].id,
    },
  ]);

  const call = await show('Samba call and response slides', [
    {
      title: 'Welcome to the carnival',
      slide_template: 'image',
      slide_text: p(
        "Today we become a **samba band**. Listen for the leader's whistle:",
        '- one long blast: start playing\n- two short blasts: stop together',
        '[Where samba comes from](https://en.wikipedia.org/wiki/Samba)',
      ),
      main_image: media['slide-1'].id,
    },
    {
      title: 'Listen to the leader',
      slide_template: 'audio',
      slide_text: p(
        'The leader plays a call. Clap it back exactly, and keep a steady pulse with your feet.',
      ),
      audio: media['audio-rhythm-pulse'].id,
    },
    {
      title: 'Call, then response',
      slide_template: 'flipcards',
      slide_text: p(
        'Tap a card to see the answer. Clap the call, then the whole class plays the response.',
      ),
      flipcards: [
        {
          title: 'Call 1: ta ta ti-ti ta',
          card_1: media['card-drum-front'].id,
          card_2: media['card-drum-back'].id,
          audio: media['audio-drum-sound'].id,
        },
        {
          title: 'Call 2: ti-ti ta ti-ti ta',
          card_1: media['card-drum-back'].id,
          card_2: media['card-drum-front'].id,
        },
      ],
    },
    {
      title: 'Watch the whistle signals',
      slide_template: 'video',
      slide_text: p(
        'Watch how the leader starts and stops the band. Freeze when you hear the double whistle.',
      ),
      videos: [video('Whistle signals')],
    },
    {
      title: 'Your turn to lead',
      slide_template: 'audio_and_image',
      slide_text: p(
        'Take turns to play a call on the drum. Can the class answer without missing a beat?',
      ),
      main_image: media['card-drum-front'].id,
      audio: media['audio-drum-sound'].id,
    },
  ]);

  const band = await show('Meet the samba band slides', [
    {
      title: 'Carnival in Rio',
      slide_template: 'image',
      slide_text: p(
        'Samba comes from Brazil. Every year thousands of drummers parade through Rio de Janeiro at carnival time.',
      ),
      main_image: media['live-event-1'].id,
    },
    {
      title: 'Which instrument is playing?',
      slide_template: 'audiocards',
      slide_text: p('Play each card. Is the sound low and booming, or high and bright?'),
      audiocards: [
        { title: 'Surdo', image: media['card-drum-front'].id, audio: media['audio-drum-sound'].id },
        {
          title: 'Caixa',
          image: media['card-drum-back'].id,
          audio: media['audio-rhythm-pulse'].id,
        },
        { title: 'Agogô', image: media['slide-2'].id, audio: media['audio-march'].id },
        { title: 'Tamborim', image: media['slide-4'].id, audio: media['audio-violin-sound'].id },
      ],
    },
    {
      title: 'Low drums and high drums',
      slide_template: 'two_columns',
      slide_text: p('Compare the biggest drum in the band with the smallest.'),
      left_column: {
        title: 'Surdo',
        text: p('The big bass drum keeps the pulse. Every player listens to it.'),
        audio: [media['audio-drum-sound'].id],
        images: [media['card-drum-front'].id],
      },
      right_column: {
        title: 'Tamborim',
        text: p('A small, high drum played with a stick. It plays the busy patterns.'),
        audio: [media['audio-rhythm-pulse'].id],
        images: [media['card-drum-back'].id],
      },
    },
    {
      title: 'Two bands, one groove',
      slide_template: 'two_videos',
      slide_text: p(
        'Watch a school band and a carnival band. What is the same? What is different?',
      ),
      videos: [video('School samba band'), video('Carnival parade', 'Two cameras, street')],
    },
    {
      title: 'Listen for the break',
      slide_template: 'audio',
      slide_text: p(
        'A break is a short, loud pattern that everyone plays together. Put your hand up when you hear one.',
      ),
      audio: media['audio-march'].id,
    },
    {
      title: 'Spot the instruments',
      slide_template: 'all',
      slide_text: p('Listen and watch. Point to each instrument when you hear it.'),
      secondary_slide_text: p('Which instrument starts the groove?'),
      main_image: media['slide-3'].id,
      audio: media['audio-rhythm-pulse'].id,
      videos: [video('Samba band close-up')],
      secondary_video: video('Samba band from above', 'Wide shot'),
    },
  ]);

  const grooves = await show('Samba grooves slides', [
    {
      title: 'Find the pulse',
      slide_template: 'audio',
      slide_text: p('Walk on the spot with the surdo. Count "1, 2, 1, 2" in your head.'),
      audio: media['audio-rhythm-pulse'].id,
    },
    {
      title: 'Word rhythms',
      slide_template: 'image',
      slide_text: p(
        'Every part has words to help you remember it. Say them quietly while you play.',
      ),
      main_image: media['slide-2'].id,
    },
    {
      title: 'Groove cards',
      slide_template: 'flipcards',
      slide_text: p('Tap a card to see its words. Say the groove, then play it on your knees.'),
      flipcards: [
        {
          title: 'Surdo: rest, BOOM',
          card_1: media['card-drum-front'].id,
          card_2: media['card-drum-back'].id,
          audio: media['audio-drum-sound'].id,
        },
        {
          title: 'Caixa: cho-co-la-te',
          card_1: media['card-drum-back'].id,
          card_2: media['card-drum-front'].id,
          audio: media['audio-rhythm-pulse'].id,
        },
      ],
    },
    {
      title: 'Choose your part',
      slide_template: 'sub_slide_buttons',
      slide_text: p('Each group learns one part. Pick your group to see its pattern.'),
      sub_slides2: [
        { title: 'Surdo', activity_slideshow: surdoPart.documentId },
        { title: 'Caixa', activity_slideshow: caixaPart.documentId },
        { title: 'Agogô', activity_slideshow: agogoPart.documentId },
      ],
    },
    {
      title: 'Put the parts together',
      slide_template: 'video',
      slide_text: p(
        'Watch the band add one part at a time. Start playing when your part joins in.',
      ),
      videos: [video('Layering the groove')],
    },
    {
      title: 'Play with the track',
      slide_template: 'audio_and_image',
      slide_text: p(
        'Play your part along with the recording. Keep going even if you make a mistake.',
      ),
      main_image: media['card-drum-back'].id,
      audio: media['audio-march'].id,
    },
  ]);

  const performance = await show('Samba performance slides', [
    {
      title: 'Our samba structure',
      slide_template: 'image',
      slide_text: p(
        'Intro: whistle call. Groove: everyone plays. Break: call and response. Groove again, then the big finish.',
      ),
      main_image: media['slide-4'].id,
    },
    {
      title: 'Rehearse with the band',
      slide_template: 'video_audio_instruments',
      slide_text: p('Play the whole piece with the recording. Check your part if you get lost.'),
      videos: [video('Full band rehearsal')],
      audio: media['audio-march'].id,
      sub_slides2: [
        { title: 'Surdo part', activity_slideshow: surdoPart.documentId },
        { title: 'Caixa part', activity_slideshow: caixaPart.documentId },
      ],
    },
    {
      title: 'Performers and audience',
      slide_template: 'two_columns',
      slide_text: p('Half the class performs while the other half listens. Then swap.'),
      left_column: {
        title: 'Performers',
        text: p('Watch the leader. Start together, stop together.'),
      },
      right_column: {
        title: 'Audience',
        text: p('Listen for the break. Be ready to say what went well.'),
        audio: [media['audio-rhythm-pulse'].id],
      },
    },
    {
      title: 'Perform for the class',
      slide_template: 'audio',
      slide_text: p(
        'Ready? Wait for the whistle, then play your samba from the intro to the big finish.',
      ),
      audio: media['audio-drum-sound'].id,
    },
    {
      title: 'Two stars and a wish',
      slide_template: 'image',
      slide_text: p('What went well? What would make our samba even better next time?'),
      main_image: media['feature-2'].id,
    },
  ]);

  return {
    'samba-call': call,
    'samba-band': band,
    'samba-grooves': grooves,
    'samba-performance': performance,
  };
}

module.exports = { sambaSlideshows };
