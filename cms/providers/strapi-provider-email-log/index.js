'use strict';

// Writes e-mails to the log: development and the test stacks read password-reset links from there.
module.exports = {
  init(_providerOptions = {}, settings = {}) {
    return {
      async send(options) {
        const {
          from = settings.defaultFrom,
          to,
          replyTo = settings.defaultReplyTo,
          subject,
          text,
          html,
        } = options;
        const body = text || html || '';
        const lines = [
          '[email] --- e-mail (not sent: log provider) ---',
          `[email] from: ${from}`,
          `[email] to: ${to}`,
          `[email] reply-to: ${replyTo}`,
          `[email] subject: ${subject}`,
          ...String(body)
            .split('\n')
            .map((line) => `[email] ${line}`),
          '[email] --- end of e-mail ---',
        ];
        // strapi is a global in a running Strapi; fall back to stdout outside it.
        const log =
          typeof strapi !== 'undefined' && strapi.log
            ? (line) => strapi.log.info(line)
            : (line) => console.log(line);
        lines.forEach(log);
      },
    };
  },
};
