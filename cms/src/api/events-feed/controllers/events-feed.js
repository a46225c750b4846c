'use strict';

/**
 * WordPress-REST-shaped answers (wp/v2/events and wp/v2/media/:id). Dates are relative to now,
 * so the events are always upcoming. Links are absolute when server.url (PUBLIC_URL) is set and
 * root-relative otherwise: resolve them against the feed's URL (new URL(href, feedUrl)).
 */
const EVENTS = [
  {
    slug: 'firebird-family-concert',
    title: 'The Firebird: family concert',
    days: 12,
    hour: 15,
    venue: 'Colston Hall, Bristol',
    address: 'Trenchard Street, Bristol BS1 5AR',
    also: 'Symphony Hall, Birmingham',
    price: '£8 to £25',
  },
  {
    slug: 'season-opening-night',
    title: 'Season opening night: Mahler 1',
    days: 26,
    hour: 19,
    venue: 'Royal Festival Hall, London',
    address: 'Belvedere Road, London SE1 8XX',
    also: '',
    price: '£15 to £60',
  },
  {
    slug: 'peter-and-the-wolf-relaxed',
    title: 'Peter and the Wolf: relaxed performance',
    days: 40,
    hour: 11,
    venue: 'Leeds Town Hall',
    address: 'The Headrow, Leeds LS1 3AD',
    also: 'Cardiff, Brighton',
    price: 'Free for schools',
  },
  {
    slug: 'young-composers-showcase',
    title: 'Young composers showcase',
    days: 55,
    hour: 18,
    venue: 'Sage Gateshead',
    address: "St Mary's Square, Gateshead NE8 2JR",
    also: '',
    price: '£5',
  },
];

const pad = (n) => String(n).padStart(2, '0');
const wpDate = (date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:00`;

function base(strapi) {
  return (strapi.config.get('server.url') || '').replace(/\/$/, '');
}

async function eventImages(strapi) {
  return strapi.db
    .query('plugin::upload.file')
    .findMany({ where: { name: { $startsWith: 'live-event-' } }, orderBy: { name: 'asc' } });
}

module.exports = ({ strapi }) => ({
  async events(ctx) {
    const root = base(strapi);
    const images = await eventImages(strapi);
    const today = new Date();
    today.setMinutes(0, 0, 0);
    ctx.body = EVENTS.map((event, index) => {
      const start = new Date(today.getTime() + event.days * 86400000);
      start.setHours(event.hour);
      const end = new Date(start.getTime() + 2 * 3600000);
      const image = images.length ? images[index % images.length] : null;
      const id = 9100 + index;
      return {
        id,
        date: wpDate(new Date(today.getTime() - 30 * 86400000)),
        slug: event.slug,
        status: 'publish',
        type: 'events',
        link: `https://orchestra.example.org/events/${event.slug}/`,
        title: { rendered: event.title },
        excerpt: { rendered: `<p>${event.title} at ${event.venue}.</p>\n`, protected: false },
        featured_media: image ? image.id : 0,
        acf: {
          event_start_date: wpDate(start),
          event_end_date: wpDate(end),
          venue_short: event.venue,
          also_shown_at: event.also,
          tickets_link: `https://orchestra.example.org/tickets/${event.slug}/`,
          full_address: event.address,
          ticket_price: event.price,
        },
        _links: {
          self: [{ href: `${root}/api/events-feed/wp/v2/events/${id}` }],
          'wp:featuredmedia': image
            ? [{ embeddable: true, href: `${root}/api/events-feed/wp/v2/media/${image.id}` }]
            : [],
        },
      };
    });
  },

  async media(ctx) {
    const id = Number(ctx.params.id);
    const file = Number.isInteger(id)
      ? await strapi.db.query('plugin::upload.file').findOne({ where: { id } })
      : null;
    if (!file) {
      ctx.status = 404;
      ctx.body = {
        code: 'rest_post_invalid_id',
        message: 'Invalid post ID.',
        data: { status: 404 },
      };
      return;
    }
    const root = base(strapi);
    const size = (format) => ({
      file: format.name,
      width: format.width,
      height: format.height,
      mime_type: format.mime,
      source_url: `${/^https?:/.test(format.url) ? '' : root}${format.url}`,
    });
    const formats = file.formats || {};
    const full = size(file);
    ctx.body = {
      id: file.id,
      media_type: 'image',
      mime_type: file.mime,
      alt_text: file.alternativeText || '',
      source_url: full.source_url,
      media_details: {
        width: file.width,
        height: file.height,
        sizes: {
          thumbnail: formats.thumbnail ? size(formats.thumbnail) : full,
          medium: formats.small ? size(formats.small) : full,
          medium_large: formats.medium ? size(formats.medium) : full,
          large: formats.large ? size(formats.large) : full,
          full,
        },
      },
    };
  },
});
