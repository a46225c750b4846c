'use strict';

// A stand-in for the orchestra website's WordPress events feed (spec part 2, Live section).
module.exports = {
  routes: [
    {
      method: 'GET',
      path: '/events-feed/wp/v2/events',
      handler: 'events-feed.events',
      config: { auth: false },
    },
    {
      method: 'GET',
      path: '/events-feed/wp/v2/media/:id',
      handler: 'events-feed.media',
      config: { auth: false },
    },
  ],
};
