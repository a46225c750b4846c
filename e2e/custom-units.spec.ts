import { expectNoAxeViolations } from './support/axe';
import { DEMO, expect, test } from './support/fixtures';
import { slideCounter } from './support/roles';
import { screenshotBothSizes } from './support/screenshots';
import { logInAsSubscriber, logInThroughPanel, openLoginPanel } from './support/session';

const PROGRAMME = '/primary/sound-explorers';
const STRANDS = ['Singing', 'Rhythm and pulse', 'Listening', 'Composing'];

test.describe('custom units', () => {
  test('a subscriber builds a unit from four strands, names it, teaches a lesson from it and deletes it', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await logInAsSubscriber(page);
    await page.goto(PROGRAMME);
    await page.getByRole('link', { name: 'Your units of work' }).click();
    await expect(page).toHaveURL(`${PROGRAMME}/custom-unit`);
    await expect(page.getByRole('heading', { level: 1, name: 'Your units of work' })).toBeVisible();
    await page.getByRole('link', { name: 'Create a new Unit of Work' }).click();

    // The builder: the button counts down, and a fifth strand cannot be picked.
    await expect(
      page.getByRole('heading', { level: 1, name: 'Build your own Sound Explorers unit' }),
    ).toBeVisible();
    // The builder's one button: its name counts the strands still to pick.
    const create = page.getByRole('button', {
      name: /^(Select \d+ more strands? to create your unit|Create your unit)$/,
    });
    await expect(create).toHaveText('Select 4 more strands to create your unit');
    await expect(create).toBeDisabled();
    await page.getByRole('checkbox', { name: STRANDS[0] }).focus();
    await page.keyboard.press('Space');
    await expect(create).toHaveText('Select 3 more strands to create your unit');
    for (const strand of STRANDS.slice(1))
      await page.getByRole('checkbox', { name: strand }).check();
    await expect(create).toHaveText('Create your unit');
    await expect(page.getByRole('checkbox', { name: 'Performing' })).toBeDisabled();
    await expect(
      page.getByRole('checkbox', { name: 'Instruments of the orchestra' }),
    ).toBeDisabled();
    await expectNoAxeViolations(page, 'the unit builder');
    await screenshotBothSizes(page, 'custom-unit-builder');

    // The choices survive a reload; creating offline says it needs a connection and loses nothing.
    await page.reload();
    await expect(create).toHaveText('Create your unit');
    await context.setOffline(true);
    await create.click();
    const dialog = page.getByRole('dialog', { name: 'Name your unit' });
    const name = dialog.getByRole('textbox', { name: 'Unit name' });
    await expect(name).toHaveValue(STRANDS.join(' '));
    await expectNoAxeViolations(page, 'the naming dialog');
    await name.fill('   ');
    await dialog.getByRole('button', { name: 'Save unit' }).click();
    await expect(name).toHaveAccessibleDescription('Please give your unit a name.');
    await expect(dialog.getByRole('alert')).toHaveText('Please give your unit a name.');
    await name.fill('Autumn term singing');
    await dialog.getByRole('button', { name: 'Save unit' }).click();
    await expect(dialog.getByRole('alert')).toContainText(
      'Creating a unit needs an internet connection',
    );
    await context.setOffline(false);
    await dialog.getByRole('button', { name: 'Save unit' }).click();

    await expect(page).toHaveURL(`${PROGRAMME}/custom-unit`);
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Autumn term singing' }) });
    await expect(card).toBeVisible();
    await expect(card.getByRole('list', { name: 'Learning strands' })).toContainText(
      'Rhythm and pulse',
    );
    await expectNoAxeViolations(page, 'the custom unit list');
    await screenshotBothSizes(page, 'custom-unit-list');

    // The unit: lessons its strands select (Concert time needs Performing, so it is not there).
    await card.getByRole('link', { name: /^View/ }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Autumn term singing' }),
    ).toBeVisible();
    const lessons = page
      .getByRole('region', { name: 'Lessons' })
      .getByRole('heading', { level: 3 });
    await expect(lessons).toHaveText([
      'Welcome lesson',
      'Singing and pulse',
      'Listening to stories',
      'Compose a class piece',
      'Meet the orchestra',
    ]);
    await expectNoAxeViolations(page, 'a custom unit');
    await screenshotBothSizes(page, 'custom-unit');
    const unitPath = new URL(page.url()).pathname;

    // A lesson whose plan turns lesson mode off has no 'Start Lesson'.
    await page.getByRole('link', { name: /^View lesson\s?: Compose a class piece$/ }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Compose a class piece' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start Lesson' })).toHaveCount(0);
    await page.goBack();

    await page.getByRole('link', { name: /^View lesson\s?: Singing and pulse$/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Singing and pulse' })).toBeVisible();
    // Activities above, the plan's own, then the pool entries of the chosen strands.
    const activities = page
      .getByRole('region', { name: 'Activities' })
      .getByRole('heading', { level: 3 });
    await expect(activities.first()).toBeVisible();
    expect(await activities.count()).toBeGreaterThanOrEqual(3);
    await expectNoAxeViolations(page, 'a custom unit lesson');
    await screenshotBothSizes(page, 'custom-unit-lesson');

    await page.getByRole('link', { name: 'Start Lesson' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Singing and pulse' })).toBeVisible();
    await page.getByRole('link', { name: 'Get started' }).click();
    const counter = slideCounter(page);
    await expect(counter).toHaveText(/^Slide 1 of \d+/);
    await page.keyboard.press('ArrowRight');
    await expect(counter).toHaveText(/^Slide 2 of \d+/);
    await page.keyboard.press('Escape');
    await page.goto(unitPath);

    // Delete, after a confirmation.
    await page.getByRole('button', { name: 'Delete this unit' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete “Autumn term singing”?' });
    await expectNoAxeViolations(page, 'the delete confirmation');
    await confirm.getByRole('button', { name: 'Delete this unit' }).click();
    await expect(page).toHaveURL(`${PROGRAMME}/custom-unit`);
    await expect(page.getByRole('heading', { name: 'Autumn term singing' })).toHaveCount(0);
    await page.goto(unitPath);
    await expect(page.getByRole('heading', { level: 1, name: 'Unit not found' })).toBeVisible();
  });

  test("another subscriber cannot open a teacher's unit", async ({ page }) => {
    await logInAsSubscriber(page);
    await page.goto(`${PROGRAMME}/custom-unit`);
    const view = page.getByRole('link', { name: /^View/ }).first();
    const unitPath = await view.getAttribute('href');
    expect(unitPath).toMatch(/^\/custom-unit\/\w+$/);

    await page.getByRole('button', { name: /Welcome back/ }).click();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Log Out' }).click();
    await openLoginPanel(page);
    await logInThroughPanel(page, DEMO.subscriber2.email, DEMO.subscriber2.password);
    await page.goto(unitPath!);
    await expect(page.getByRole('heading', { level: 1, name: 'Unit not found' })).toBeVisible();
  });
});

test.describe('custom units under their programme', () => {
  test("'Exit lesson mode' from /{audience}/{programme}/custom-unit/…/slides returns to that lesson", async ({
    page,
  }) => {
    await logInAsSubscriber(page);
    await page.goto(`${PROGRAMME}/custom-unit`);
    const listPath = new URL(page.url()).pathname;
    await page.getByRole('link', { name: /^View/ }).first().click();
    // Read the unit's own heading, not the list's that is still showing while the unit loads.
    await expect(page).not.toHaveURL(new RegExp(`${listPath}$`));
    await expect(
      page.getByRole('link', { name: /^View lesson\s?: Singing and pulse$/ }),
    ).toBeVisible();
    const unitTitle = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').trim();
    await page.getByRole('link', { name: /^View lesson\s?: Singing and pulse$/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Singing and pulse' })).toBeVisible();
    const lessonPath = `${PROGRAMME}${new URL(page.url()).pathname}`;

    await page.goto(`${lessonPath}/slides`);
    await expect(page.getByRole('heading', { level: 1, name: 'Singing and pulse' })).toBeVisible();
    await page.getByRole('link', { name: 'Exit lesson mode' }).click();
    await expect(page).toHaveURL(lessonPath);
    await expect(page.getByRole('heading', { level: 1, name: 'Singing and pulse' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem'),
    ).toHaveText([
      'Home',
      'Primary',
      'Sound Explorers',
      'Your units of work',
      unitTitle,
      'Singing and pulse',
    ]);
  });

  test("visitors and trial users see 'Your units of work' where a plan exists, and are asked to log in or subscribe", async ({
    page,
  }) => {
    await page.goto('/primary/rhythm-makers');
    await expect(page.getByRole('heading', { level: 1, name: 'Rhythm Makers' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Your units of work' })).toHaveCount(0);

    await page.goto(PROGRAMME);
    const yourUnits = page.getByRole('link', { name: 'Your units of work' });
    await yourUnits.click();
    // A visitor is asked to log in; a trial user, after logging in, to subscribe.
    await logInThroughPanel(page, DEMO.trial.email, DEMO.trial.password);
    const subscribe = page
      .getByRole('dialog')
      .filter({ hasText: 'You need an active subscription to access this content.' });
    await expect(subscribe).toBeVisible();
    await expect(page).toHaveURL(PROGRAMME);
    await subscribe.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(subscribe).toBeHidden();
    await yourUnits.click();
    await expect(subscribe).toBeVisible();
    await expect(page).toHaveURL(PROGRAMME);
  });
});
