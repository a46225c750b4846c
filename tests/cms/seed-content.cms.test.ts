// @vitest-environment node
import { execFile } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { format, resolveConfig } from 'prettier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/cms-process.mjs';
import { startSeededCms } from '../../scripts/cms-seed-template.mjs';
import { scratchDir } from '../../scripts/scratch.mjs';

// The demo seed writes exactly the content it always has: every entry of every content type, with
// its fields, components, relations and media (as titles and file names), publication state and
// creation order, compared with a dump committed beside this test. A change to the demo content
// is a change to that file too (`npx vitest run --project servers tests/cms/seed-content -u`),
// so the diff shows what an editor of the data changed.

const run = promisify(execFile);
const SNAPSHOT = fileURLToPath(new URL('./__snapshots__/seed-content.json', import.meta.url));
let dataDir = '';
let dump = '';

describe.skipIf(Boolean(process.env.DATABASE_URL))('the demo seed', () => {
  beforeAll(async () => {
    dataDir = scratchDir('music-classroom-seed-content-');
    const cms = await startSeededCms({
      port: await freePort(),
      dataDir,
      admin: false,
      log: join(dataDir, 'cms.log'),
    });
    // Stopped first: the dump loads the CMS on the same database.
    await cms.stop();
    const out = join(dataDir, 'dump.json');
    const script = fileURLToPath(new URL('./support/dump-content.mjs', import.meta.url));
    await run(process.execPath, [script, dataDir, out], {
      maxBuffer: 16 * 1024 * 1024,
    });
    // Laid out as the repository's formatter lays out JSON, so the committed file passes its check.
    dump = await format(readFileSync(out, 'utf8'), {
      ...(await resolveConfig(SNAPSHOT)),
      parser: 'json',
    });
  });

  afterAll(() => {
    if (dataDir && !process.env.CMS_TEST_KEEP_DATA)
      rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes the same entries, texts, relations, media and publication states as ever', async () => {
    await expect(dump).toMatchFileSnapshot(SNAPSHOT);
  });
});
