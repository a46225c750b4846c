import { expect, test } from './support/fixtures';
import { lessonBench } from './support/lesson-bench';
import { storeSubscriberSession } from './support/session';

// A side panel with nothing in it is not shown: a lesson with no documents has no empty grey box
// (and no empty "Lesson documents" landmark), while a lesson with documents lists them there.

test('a lesson with no documents shows no empty documents panel; one with documents does', async ({
  page,
  request,
}) => {
  const bench = await lessonBench(request);
  const { path } = await bench.create(`No documents ${Date.now()}`, [bench.activities[0]!]);
  await storeSubscriberSession(page);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start Lesson' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Lesson documents' })).toHaveCount(0);

  // The seeded Samba lesson has documents: the panel is there, with them.
  await page.goto('/primary');
  await page
    .getByRole('link', { name: /Rhythm Makers/ })
    .first()
    .click();
  await page
    .getByRole('link', { name: /Pulse and rhythm/ })
    .first()
    .click();
  await page
    .getByRole('link', { name: /Lesson 4: Samba carnival/ })
    .first()
    .click();
  const panel = page.getByRole('complementary', { name: 'Lesson documents' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('link', { name: /Lesson plan/ })).toBeVisible();
});
