'use strict';

const { readFileSync } = require('node:fs');

/**
 * The security suite's XSS lab: content whose rich-text and string fields hold the XSS corpus, on
 * pages reachable only by their slug or id, so that the e2e suite can render them and check that
 * nothing runs. Nothing here links them from a menu, an audience's feature boxes or a library, and
 * titles start with 'zz-' so that lists sorted by title keep their first entries: other specs see
 * the demo content as it was.
 *
 * It runs only when CMS_SECURITY_FIXTURES names the corpus file (a JSON
 * `{ payloads: [{ id, label, html }], urls: [...] }` that e2e/support/global-setup.ts writes from
 * e2e/support/xss-corpus.ts). It is never set outside the e2e suite, and is not part of the demo
 * seed.
 */

const uid = (name) => `api::${name}.${name}`;
const LAB_SLUG = 'xss-lab';

function readCorpus(file) {
  const corpus = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(corpus.payloads) || corpus.payloads.length === 0)
    throw new Error(`No payloads in ${file}`);
  return { payloads: corpus.payloads, urls: Array.isArray(corpus.urls) ? corpus.urls : [] };
}

async function seedSecurityFixtures(strapi) {
  const file = process.env.CMS_SECURITY_FIXTURES;
  if (!file) return;
  if (await strapi.documents(uid('programme')).findFirst({ filters: { slug: LAB_SLUG } })) return;
  const { payloads, urls } = readCorpus(file);
  const make = (name, data) => strapi.documents(uid(name)).create({ data, status: 'published' });
  const audience = async (slug) =>
    (await strapi.documents(uid('audience')).findFirst({ filters: { slug } })).documentId;

  /** Every payload in one field, each in its own paragraph. */
  const all = payloads.map((payload) => `<p>${payload.html}</p>`).join('');
  /** String fields take the payloads in turn, so that each field holds a different one. */
  let next = 0;
  const text = () => payloads[next++ % payloads.length].html;
  const title = (kind) => `zz-${LAB_SLUG} ${kind} ${text()}`;
  const url = (index) =>
    urls.length ? urls[index % urls.length].html : 'javascript:window.__xss=0';
  const embed = (index) => JSON.stringify({ url: url(index), provider: 'external', title: text() });
  const future = (days) => new Date(Date.now() + days * 86400000).toISOString();
  const primary = await audience('primary');
  const secondary = await audience('secondary');
  const audioFile = await strapi.db
    .query('plugin::upload.file')
    .findOne({ where: { mime: { $startsWith: 'audio' } } });

  const options = [];
  for (let index = 0; index < 3; index += 1) {
    options.push(
      await make('activity-option', {
        title: title('option'),
        introduction: all,
        introduction_pt2: all,
        time: text(),
        music: text(),
        equipment: text(),
        documents: [{ title: text() }],
        learning_objectives: [{ title: text(), description: all, audience: primary }],
        delivery_option: [
          { title: text(), activity_detail: [{ title: text(), description: all }] },
        ],
      }),
    );
  }
  const activity = await make('activity-page', {
    title: title('activity'),
    time: text(),
    type: text(),
    instrument: text(),
    introduction: all,
    lesson_summary: all,
    teaching_option: text(),
    music: text(),
    equipment: text(),
    audiences: [primary],
    activity_option: options.map((option) => option.documentId),
    activity_at_home: [{ title: text(), description: all, mediaEmbed: embed(0) }],
  });

  await make('programme', {
    title: title('programme'),
    slug: LAB_SLUG,
    released: true,
    blurb: all,
    introduction: all,
    introduction_at_home: all,
    schemes_intro: all,
    media_introduction: all,
    media_embed: embed(1),
    audience: primary,
    summary_document: [{ title: text() }],
    // Only plain colours are honoured (src/lib/content/theme.ts); these must fall back.
    theme: {
      css: { background: `red;background:url(${url(2)})`, color: 'expression(window.__xss=0)' },
    },
  });

  // One feature box per payload: each sits in its own rich-text block, so that a payload that
  // swallows what follows it (an unclosed tag or comment) cannot hide the others.
  await make('landing-page', {
    title: title('landing page'),
    slug: `${LAB_SLUG}-landing`,
    main_text: all,
    audience: secondary,
    features: payloads.map((payload, index) => ({
      title: payload.html,
      blurb: `<p>${payload.html}</p>`,
      is_preview: index % 2 === 1,
      link_label: text(),
      tag_age_groups: [{ title: text(), slug: LAB_SLUG }],
      programmelink: { title: text() },
    })),
  });

  await make('project', {
    title: title('project'),
    slug: `${LAB_SLUG}-project`,
    main_text: all,
    explore_activities_title: text(),
    audience: secondary,
    activity_pages: [activity.documentId],
    documents: [{ title: text() }],
  });

  await make('live-production', {
    title: title('live production'),
    slug: LAB_SLUG,
    blurb: all,
    main_text: all,
    performance_dates: text(),
    performance_venues: text(),
    venues_link_label: text(),
    explore_activities_title: text(),
    active_live_performance: true,
    bookings: urls.map((entry, index) => ({
      event_date: future(30 + index),
      venue_name: text(),
      booking_link: entry.html,
    })),
    related_activities: [activity.documentId],
  });

  await make('cpd-session', {
    title: title('CPD session'),
    slug: LAB_SLUG,
    blurb: all,
    main_text: all,
    video: { title: text(), film_setup: text(), embed: embed(3) },
    documents: [{ title: text() }],
  });

  await make('cpd-live-event', {
    title: title('CPD live event'),
    slug: LAB_SLUG,
    blurb: all,
    event_date: future(40),
    venue: text(),
    main_text: all,
    session: {
      title: text(),
      session_date: future(40),
      is_remote: false,
      address_location: text(),
      start_end_time: text(),
      session_link: url(4),
      session_link_title: text(),
      additional_info: all,
    },
  });

  // One excerpt per payload, for the same reason as the feature boxes.
  await make('audio-page', {
    title: title('audio page'),
    introduction: all,
    audio_excerpts: payloads.map((payload) => ({
      title: text(),
      summary: payload.html,
      audio_file: audioFile ? audioFile.id : null,
    })),
  });

  strapi.log.info(
    `[security-fixtures] ${payloads.length} payloads and ${urls.length} URLs seeded on the ${LAB_SLUG} pages`,
  );
}

module.exports = { seedSecurityFixtures, LAB_SLUG };
