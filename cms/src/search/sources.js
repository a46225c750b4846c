'use strict';

const { SUBSCRIBER_TYPES } = require('../utils/roles');
const { createSubscriberQueryRules } = require('../utils/subscriber-query-rules');
const { plainText } = require('./text');

/**
 * What the search index holds for each searchable content type (spec part 2's content areas):
 * its kind, where it sits (programme › unit › lesson), its audience and its address in the app.
 *
 * Which text is open and which is paid is not written here: it follows the subscriber-only rule
 * (utils/roles.js, through utils/subscriber-query-rules.js). A type in SUBSCRIBER_TYPES is paid
 * whole; in any other type, a hidden field's text (and the titles of the subscriber-only entries a
 * hidden relation names) is paid, every other text field and component text is open. Open text
 * goes to the index every search reads; paid text only to the one read for active subscribers.
 */

const PUBLISHED = { publishedAt: { $notNull: true } };
const TEXT_TYPES = new Set(['string', 'text', 'richtext']);
// Text fields that are addresses, embed JSON or fixed headings rather than content.
const NOT_CONTENT = new Set([
  'slug',
  'media_embed',
  'venues_link_label',
  'explore_activities_title',
  'performances_heading',
  'productions_heading',
  'page_title',
]);

const AUDIENCE = { audience: { fields: ['slug', 'title'] } };
const LANDING_PAGE = 'api::landing-page.landing-page';
const PROGRAMME = {
  programme: { fields: ['slug', 'title', 'documentId', 'released'], populate: AUDIENCE },
};

/** @typedef {{ kind: string, title: string, href: string | null, documentId?: string }} Place */

/** The searchable types: kind (what the app groups by), relations to read, and where each sits. */
const SOURCES = {
  'api::programme.programme': {
    kind: 'programme',
    populate: AUDIENCE,
    skip: (entry) => entry.released === false,
    async locate(strapi, entry) {
      const audience = entry.audience ?? null;
      return {
        audience,
        place: [],
        href: audience ? await programmePage(strapi, audience, entry) : null,
        keyStages: await keyStagesOf(strapi, 'programme', entry.documentId),
      };
    },
  },
  'api::scheme.scheme': {
    kind: 'unit',
    populate: PROGRAMME,
    async locate(strapi, entry) {
      const programme = await programmeOfUnit(strapi, entry);
      if (programme?.released === false) return null;
      const audience = programme?.audience ?? null;
      const base = programme && audience ? await contentsPath(audience, programme) : null;
      return {
        audience,
        place: await programmePlace(strapi, programme, audience),
        href: base ? `${base}/unit/${entry.documentId}` : null,
        refs: programme ? [programme.documentId] : [],
      };
    },
  },
  'api::lesson.lesson': {
    kind: 'lesson',
    populate: { units: { fields: ['title', 'documentId'], populate: PROGRAMME } },
    async locate(strapi, entry) {
      const unit =
        (entry.units ?? []).find((candidate) => candidate.publishedAt) ?? entry.units?.[0];
      const programme = unit ? await programmeOfUnit(strapi, unit) : null;
      if (programme?.released === false) return null;
      const audience = programme?.audience ?? null;
      const base = programme && audience ? await contentsPath(audience, programme) : null;
      const unitHref = base && unit ? `${base}/unit/${unit.documentId}` : null;
      return {
        audience,
        place: [
          ...(await programmePlace(strapi, programme, audience)),
          ...(unit ? [placeOf('unit', unit, unitHref)] : []),
        ],
        href: unitHref ? `${unitHref}/lesson/${entry.documentId}` : null,
        refs: [programme?.documentId, unit?.documentId].filter(Boolean),
      };
    },
  },
  'api::activity-page.activity-page': {
    kind: 'activity',
    populate: { ...PROGRAMME, audiences: { fields: ['slug', 'title'] } },
    async locate(strapi, entry) {
      const section = await holder(
        strapi,
        'api::activity-section.activity-section',
        'activity_pages',
        entry,
        {
          ...PROGRAMME,
        },
      );
      const programme = entry.programme ?? section?.programme ?? null;
      const audience = programme?.audience ?? entry.audiences?.[0] ?? null;
      const sectionHref = section
        ? await sectionPath(audience, section.programme ?? programme, section)
        : null;
      return {
        audience,
        place: [
          ...(await programmePlace(strapi, programme, audience)),
          ...(section ? [placeOf('activity section', section, sectionHref)] : []),
        ],
        href: sectionHref
          ? `${sectionHref}/${entry.documentId}`
          : `/-/-/activity-filter?title=${encodeURIComponent(entry.title)}`,
        time: entry.time || null,
        activityType: entry.type || null,
        refs: [programme?.documentId, section?.documentId].filter(Boolean),
      };
    },
  },
  'api::activity-section.activity-section': {
    kind: 'activity section',
    populate: PROGRAMME,
    async locate(strapi, entry) {
      let audience = entry.programme?.audience ?? null;
      if (!audience) {
        const library = await holder(
          strapi,
          'api::activity-library.activity-library',
          'activity_section',
          entry,
          AUDIENCE,
        );
        audience = library?.audience ?? null;
      }
      const programme = entry.programme ?? null;
      return {
        audience,
        place: await programmePlace(strapi, programme, audience),
        href: await sectionPath(audience, programme, entry),
        refs: programme ? [programme.documentId] : [],
      };
    },
  },
  'api::audio-page.audio-page': {
    kind: 'recording',
    populate: {},
    async locate(strapi, entry) {
      return {
        audience: null,
        place: [],
        href: `/audiolibrary/page/${entry.documentId}`,
        keyStages: await keyStagesOf(strapi, 'audio', entry.documentId),
      };
    },
  },
  'api::live-programme.live-programme': {
    kind: 'live programme',
    populate: {},
    skip: (entry) => entry.released === false,
    async locate(strapi, entry) {
      return {
        audience: LIVE,
        place: [],
        href: `/live/${entry.slug}`,
        keyStages: await keyStagesOf(strapi, 'live_programme', entry.documentId),
      };
    },
  },
  'api::live-production.live-production': {
    kind: 'live production',
    populate: {},
    async locate(strapi, entry) {
      const programme = await holder(
        strapi,
        'api::live-programme.live-programme',
        'live_productions',
        entry,
        {},
      );
      const base = programme ? `/live/${programme.slug}` : null;
      return {
        audience: LIVE,
        place: programme ? [placeOf('live programme', programme, base)] : [],
        href: base ? `${base}/${entry.slug}` : '/live',
        refs: programme ? [programme.documentId] : [],
      };
    },
  },
  'api::cpd-live-event.cpd-live-event': {
    kind: 'CPD event',
    populate: {},
    async locate(_strapi, entry) {
      return { audience: null, place: [], href: `/cpd/live-event/${entry.slug}` };
    },
  },
  'api::cpd-session.cpd-session': {
    kind: 'CPD session',
    populate: {},
    async locate(_strapi, entry) {
      return { audience: null, place: [], href: `/cpd/session/${entry.slug}` };
    },
  },
};

const LIVE = { slug: 'live', title: 'Live' };

/** @returns {Place} */
const placeOf = (kind, entry, href) => ({
  kind,
  title: entry.title,
  href,
  documentId: entry.documentId,
});

async function sectionPath(audience, programme, section) {
  if (!audience) return null;
  return programme
    ? `${await contentsPath(audience, programme)}/activities/${section.documentId}`
    : `/${audience.slug}/activities/${section.documentId}`;
}

// Where a programme's page is in the app, and where what sits in it: the one rule the app's route
// table and breadcrumb follow too (packages/shared/programme-page.mjs).
/** @type {Promise<typeof import('@music-classroom/shared/programme-page')> | undefined} */
let rule;
const programmePageRule = () => (rule ??= import('@music-classroom/shared/programme-page'));

/** The app's address for what sits in a programme (its units, their lessons, its sections). */
async function contentsPath(audience, programme) {
  return (await programmePageRule()).programmeContentsPath(audience.slug, programme.slug);
}

/**
 * The app's address for a programme's page. A secondary programme's page is under the first key
 * stage whose (published) landing page links it from one of its cards.
 */
async function programmePage(strapi, audience, programme) {
  const { programmePagePath, SECONDARY_AUDIENCE, SECONDARY_KEY_STAGES } = await programmePageRule();
  const linkedFrom =
    audience.slug === SECONDARY_AUDIENCE
      ? (
          await strapi.db.query(LANDING_PAGE).findMany({
            where: {
              ...PUBLISHED,
              slug: { $in: SECONDARY_KEY_STAGES.map((keyStage) => keyStage.path) },
              features: { programmelink: { programme: { documentId: programme.documentId } } },
            },
            select: ['slug'],
          })
        ).map((page) => page.slug)
      : [];
  return programmePagePath(audience.slug, programme.slug, linkedFrom);
}

/** The published programmes whose page is under a key stage (the secondary audience's). */
async function programmesUnderKeyStages(strapi) {
  const { SECONDARY_AUDIENCE } = await programmePageRule();
  const rows = await strapi.db.query('api::programme.programme').findMany({
    where: { ...PUBLISHED, audience: { slug: SECONDARY_AUDIENCE } },
    select: ['documentId'],
  });
  return [...new Set(rows.map((row) => row.documentId))];
}

/**
 * The place of what sits in a programme: the programme, at its page (by the programme's own
 * audience, else the one its content is shown under).
 */
async function programmePlace(strapi, programme, audience) {
  if (!programme) return [];
  const under = programme.audience ?? audience;
  const href = under ? await programmePage(strapi, under, programme) : null;
  return [placeOf('programme', programme, href)];
}

/**
 * Key stages as editors tag them: the age tags (KS1…KS5) of the feature boxes that link to the
 * entry (a programme, live programme or audio page). Empty when none does.
 */
async function keyStagesOf(strapi, field, documentId) {
  try {
    const boxes = await strapi.db.query('featurebox.featurebox').findMany({
      where: { programmelink: { [field]: { documentId } } },
      populate: { tag_age_groups: { select: ['title'] } },
    });
    const tags = boxes.flatMap((box) => (box.tag_age_groups ?? []).map((tag) => tag.title));
    return [...new Set(tags.filter((tag) => /^KS\d$/.test(tag ?? '')))].sort();
  } catch {
    return [];
  }
}

/** The first published entry of `ownerUid` whose `attribute` relation holds `entry`. */
async function holder(strapi, ownerUid, attribute, entry, populate) {
  return strapi.db.query(ownerUid).findOne({
    where: { ...PUBLISHED, [attribute]: { documentId: entry.documentId } },
    populate,
  });
}

/** What sits in a programme has its key stages. */
async function programmeKeyStages(strapi, place) {
  const programme = place.find((entry) => entry.kind === 'programme');
  if (!programme?.documentId) return [];
  return keyStagesOf(strapi, 'programme', programme.documentId);
}

/** A unit's programme: its own relation, else the programme that lists it. */
async function programmeOfUnit(strapi, unit) {
  if (unit.programme) return unit.programme;
  return holder(strapi, 'api::programme.programme', 'units', unit, AUDIENCE);
}

/**
 * The populate and text readers of one type, derived from its schema and the subscriber-only
 * rule: open text fields and components, paid ones, and the titles behind hidden relations.
 */
function describeType(strapi, uid) {
  const rules = createSubscriberQueryRules((name) => strapi.getModel(name));
  const model = strapi.getModel(uid);
  const paidWhole = SUBSCRIBER_TYPES.includes(uid);
  const fields = { open: [], paid: [] };
  const components = { open: [], paid: [] };
  const hiddenRelations = [];
  const populate = {};
  for (const [name, attribute] of Object.entries(model.attributes)) {
    if (name === 'title') continue;
    const side = paidWhole || rules.isHidden(uid, name) ? 'paid' : 'open';
    if (TEXT_TYPES.has(attribute.type) && !NOT_CONTENT.has(name)) fields[side].push(name);
    else if (attribute.type === 'component') {
      const textFields = Object.entries(strapi.getModel(attribute.component)?.attributes ?? {})
        .filter(([, a]) => TEXT_TYPES.has(a.type))
        .map(([field]) => field);
      if (textFields.length > 0) {
        components[side].push({ name, textFields });
        populate[name] = { fields: textFields };
      }
    } else if (
      attribute.type === 'relation' &&
      side === 'paid' &&
      SUBSCRIBER_TYPES.includes(attribute.target) &&
      strapi.getModel(attribute.target)?.attributes?.title
    ) {
      hiddenRelations.push(name);
      populate[name] = { fields: ['title', 'documentId'], where: PUBLISHED };
    }
  }
  return { paidWhole, fields, components, hiddenRelations, populate };
}

function componentText(value, textFields) {
  const items = Array.isArray(value) ? value : value ? [value] : [];
  return items.flatMap((item) => textFields.map((field) => plainText(item?.[field])));
}

/**
 * The index rows of one document, or null when it is not published (or not shown: an unreleased
 * programme and what sits in it). `open` is what everyone may find it by (null for a
 * subscriber-only type), `full` adds the paid text.
 */
async function readDocument(strapi, uid, documentId) {
  const source = SOURCES[uid];
  if (!source) return null;
  const shape = describeType(strapi, uid);
  const entry = await strapi.db.query(uid).findOne({
    where: { documentId, ...PUBLISHED },
    populate: { ...shape.populate, ...source.populate },
  });
  if (!entry || source.skip?.(entry)) return null;
  const located = await source.locate(strapi, entry);
  if (!located) return null;
  const text = (side) =>
    [
      ...shape.fields[side].map((name) => plainText(entry[name])),
      ...shape.components[side].flatMap(({ name, textFields }) =>
        componentText(entry[name], textFields),
      ),
      ...(side === 'paid'
        ? shape.hiddenRelations.flatMap((name) =>
            (Array.isArray(entry[name]) ? entry[name] : [entry[name]]).map((item) =>
              plainText(item?.title),
            ),
          )
        : []),
    ]
      .filter(Boolean)
      .join(' \n ');
  const title = plainText(entry.title);
  const openBody = text('open');
  const paidBody = text('paid');
  return {
    key: `${uid}:${documentId}`,
    uid,
    documentId,
    kind: source.kind,
    title,
    paidOnly: shape.paidWhole,
    open: shape.paidWhole ? null : { title, body: openBody },
    full: { title, body: [openBody, paidBody].filter(Boolean).join(' \n ') },
    audience: located.audience
      ? { slug: located.audience.slug, title: located.audience.title }
      : null,
    place: located.place,
    href: located.href,
    time: located.time ?? null,
    keyStages: located.keyStages ?? (await programmeKeyStages(strapi, located.place)),
    activityType: located.activityType ?? null,
    // A write to what it names re-reads it: its place, and the subscriber-only entries its paid text quotes.
    refs: [
      ...(located.refs ?? []),
      ...shape.hiddenRelations.flatMap((name) =>
        (Array.isArray(entry[name]) ? entry[name] : [entry[name]]).map((item) => item?.documentId),
      ),
    ].filter(Boolean),
  };
}

/** The documentIds of every published document of a searchable type. */
async function publishedIds(strapi, uid) {
  const rows = await strapi.db.query(uid).findMany({ where: PUBLISHED, select: ['documentId'] });
  return [...new Set(rows.map((row) => row.documentId))];
}

module.exports = {
  SOURCES,
  readDocument,
  publishedIds,
  describeType,
  programmePage,
  contentsPath,
  programmesUnderKeyStages,
};
