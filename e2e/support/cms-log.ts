import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The newest link matching `pattern` in the e-mails the CMS wrote to its log (development and
 * the test stack use the log provider); null when there is none. Tests run one at a time, so
 * the newest one is the test's own.
 */
export function newestLoggedLink(pattern: RegExp): string | null {
  const log = readFileSync(join(process.env.E2E_DATA_DIR ?? '', 'cms.log'), 'utf8');
  return log.match(new RegExp(pattern.source, 'g'))?.at(-1) ?? null;
}
