'use strict';

/**
 * Every e-mail the CMS sends carries the configured sender (EMAIL_FROM) and Reply-To
 * (EMAIL_REPLY_TO) unless its caller named its own. users-permissions passes its templates'
 * blank reply-to ('') for the reset and confirmation e-mails, which the providers take as "no
 * Reply-To": a teacher answering one would reach nobody. Blank is dropped here, at the one place
 * every e-mail passes (the e-mail plugin's provider), so the defaults apply.
 */
function fillEmailDefaults(strapi) {
  const provider = strapi.plugin('email').provider;
  const send = provider.send.bind(provider);
  provider.send = (options) => send(withoutBlanks(options));
}

/** @param {Record<string, unknown>} options */
function withoutBlanks(options) {
  const filled = { ...options };
  for (const key of ['from', 'replyTo'])
    if (typeof filled[key] === 'string' && filled[key].trim() === '') delete filled[key];
  return filled;
}

module.exports = { fillEmailDefaults, withoutBlanks };
