// Test-only preload for a CMS process (NODE_OPTIONS="--import <this file's URL>"): e-mails to an
// address whose local part starts with HOLD_EMAIL_PREFIX are never finished, as with a mail server
// that stopped answering; each is logged as "[email] held: <address>" when the CMS starts sending
// it. A request whose answer waits for such an e-mail never gets one, so a test can prove, without
// timing anything, that an answer does not wait for the work a known address needs.
import { createRequire } from 'node:module';
import { join } from 'node:path';

const prefix = process.env.HOLD_EMAIL_PREFIX;
if (prefix) {
  const load = createRequire(join(process.cwd(), 'package.json'));
  /** @type {{ init: (...args: unknown[]) => { send: (options: { to?: string }) => Promise<unknown> } } | null} */
  let provider = null;
  try {
    // The CMS's own copy, which the e-mail plugin loads (the process runs in cms/).
    provider = load('strapi-provider-email-log');
  } catch {
    // Not the CMS: nothing to hold.
  }
  if (provider) {
    const init = provider.init;
    provider.init = (...args) => {
      const sender = init(...args);
      return {
        ...sender,
        send(options) {
          if (!String(options?.to ?? '').startsWith(prefix)) return sender.send(options);
          const running = /** @type {{ strapi?: { log: { info: (line: string) => void } } }} */ (
            globalThis
          ).strapi;
          running?.log.info(`[email] held: ${options.to}`);
          return new Promise(() => {});
        },
      };
    };
  }
}
