import { createSeedTemplateFolder } from '../../../scripts/cms-seed-template.mjs';

// Vitest global setup for the servers project: one seeded CMS template per run, copied for each
// test CMS that only needs the demo content (scripts/cms-seed-template.mjs). The folder is made
// empty here and seeded by the first test that asks, so a run without CMS tests seeds nothing.
export default function setup() {
  return createSeedTemplateFolder();
}
