/**
 * The "new landing page" task, as a marketer does it through the editor's interface only: a page with a hero, a
 * feature grid of three cards and a FAQ of two questions on a new question set, linked from the header menu and the
 * footer, and saved. Every click, key press and field typed into goes through one counter, so the benchmark
 * (npm run bench -- --editor) reports the number of user actions and the time, and the end-to-end test runs the very
 * same steps with a check of the preview after each one.
 */
import type { Locator, Page } from 'playwright-core';

export interface TaskFigures {
  /** Clicks, key presses and fields typed into: what the person does. */
  actions: number;
  clicks: number;
  keys: number;
  fields: number;
  /** Characters typed into those fields. */
  characters: number;
  /** From the first action to "Saved", on this machine, with the script's own waits for the interface. */
  ms: number;
  /** The steps in order, each with the number of actions it took. */
  steps: { name: string; actions: number }[];
}

export interface TaskOptions {
  /** Address and title of the new page. */
  route: string;
  title: string;
  /** Name of the new question set. */
  questionSet: string;
  /** Runs after every step (and between the actions of a step that adds a link): e.g. "the preview is whole". */
  check?: (step: string) => Promise<void>;
}

const CARD_TITLES = ['Plan from anywhere', 'Pay by milestone', 'See the site every week'];
const QUESTIONS = [
  ['How long does a project take to plan?', 'Most projects are planned with your team in two weeks.'],
  ['Can I follow the work from abroad?', 'Yes: photos and reports reach you every week, wherever you are.'],
] as const;

/** How many items a list of the fields panel has, folded or not (its items' ids are the list's id and a number). */
export const itemCount = (page: Page, listId: string): Promise<number> =>
  page.evaluate((id) => [...document.querySelectorAll(`[id^="${id}_"]`)].filter((e) => new RegExp(`^${id}_\\d+$`).test(e.id)).length, listId);

const textbox = (scope: Locator, label: string) => scope.getByRole('textbox', { name: new RegExp(`^${label}\\*?$`) });

export async function landingPageTask(page: Page, options: TaskOptions): Promise<TaskFigures> {
  const figures: TaskFigures = { actions: 0, clicks: 0, keys: 0, fields: 0, characters: 0, ms: 0, steps: [] };
  let stepStart = 0;
  const act = {
    async click(target: Locator) {
      await target.click();
      figures.clicks++;
      figures.actions++;
    },
    async fill(target: Locator, text: string) {
      await target.fill(text);
      figures.fields++;
      figures.characters += text.length;
      figures.actions++;
    },
    async press(target: Locator, key: string) {
      await target.press(key);
      figures.keys++;
      figures.actions++;
    },
  };
  const check = async (name: string) => options.check?.(name);
  const step = async (name: string) => {
    figures.steps.push({ name, actions: figures.actions - stepStart });
    stepStart = figures.actions;
    await check(name);
  };
  const panel = page.locator('#sw-fields');
  const outline = page.getByRole('listbox', { name: 'Sections' });
  const frame = page.frameLocator('iframe[title="Preview of the page"]');
  const status = page.getByRole('banner').getByRole('status').first();
  /** Opens a folded group by its one-line summary, when it is folded. */
  const unfold = async (summary: RegExp) => {
    const details = panel
      .locator('details')
      .filter({ has: page.locator(':scope > summary', { hasText: summary }) })
      .first();
    if ((await details.count()) && !(await details.evaluate((d) => (d as HTMLDetailsElement).open))) await act.click(details.locator(':scope > summary'));
  };
  const addSection = async (kind: string) => {
    await act.click(page.getByRole('button', { name: 'Add section' }));
    const dialog = page.getByRole('dialog', { name: 'Add a section' });
    await act.click(dialog.getByRole('button', { name: `Add ${kind}`, exact: true }));
    await dialog.waitFor({ state: 'hidden' });
  };
  const openScreen = async (screen: string) => {
    await act.click(page.getByRole('navigation', { name: 'Pages and shared content' }).getByRole('button', { name: screen, exact: true }));
    await page.locator('#sw-panel-title', { hasText: 'Site settings' }).waitFor();
  };

  const started = performance.now();

  // The page: its address typed as people type it; the editor shows the address it will use.
  await act.click(page.getByRole('button', { name: 'New page' }));
  const dialog = page.getByRole('dialog', { name: 'New page' });
  await act.fill(dialog.getByLabel('Address'), options.route.replace(/^\//, ''));
  await act.fill(dialog.getByLabel('Title'), options.title);
  await act.click(dialog.getByRole('button', { name: 'Create page' }));
  await page
    .getByRole('button', { name: new RegExp(`${options.title} ${options.route}`) })
    .and(page.locator('[aria-current="page"]'))
    .waitFor();
  await step('New page');

  await act.click(outline.getByRole('option', { name: /Section 1: Hero/ }));
  const heading = `${options.title}: build from anywhere`;
  await act.fill(textbox(panel, 'Heading'), heading);
  await frame.getByRole('heading', { name: heading }).waitFor();
  await step('Hero heading');

  // A feature grid: the palette's example has three cards; each gets its own title.
  await addSection('Feature grid');
  await outline.getByRole('option', { name: /Section 2: Feature grid/, selected: true }).waitFor();
  const cards = panel.locator('details').filter({ has: page.locator(':scope > summary', { hasText: /^Card/ }) });
  if ((await cards.count()) !== CARD_TITLES.length) throw new Error(`The feature grid's example has ${await cards.count()} cards, not ${CARD_TITLES.length}.`);
  for (const [i, title] of CARD_TITLES.entries()) {
    const card = cards.nth(i);
    if (!(await card.evaluate((d) => (d as HTMLDetailsElement).open))) await act.click(card.locator(':scope > summary'));
    await act.fill(textbox(card, 'Card title').first(), title);
  }
  await frame.getByText(CARD_TITLES[2]).first().waitFor();
  await step('Feature grid of three cards');

  // A FAQ on a new question set, made from the section's own picker, with two questions.
  await addSection('FAQ');
  await outline.getByRole('option', { name: /Section 3: FAQ/, selected: true }).waitFor();
  await act.click(panel.getByRole('button', { name: 'New question set…' }));
  await act.fill(panel.getByLabel('Name of the new question set'), options.questionSet);
  await act.click(panel.getByRole('button', { name: 'Create', exact: true }));
  // Creating the file takes a request; until it is answered the section still names its example set, which "Edit this
  // question set" would open. The name box closes once the new set is the section's.
  await panel.getByLabel('Name of the new question set').waitFor({ state: 'detached' });
  await act.click(panel.getByRole('button', { name: 'Edit this question set' }));
  await page.locator('#sw-panel-title', { hasText: 'Question set' }).waitFor();
  // A new set comes with one question: counted before its form has drawn it, it would be added a second time.
  await textbox(panel, 'Question').first().waitFor();
  for (const [i, [question, answer]] of QUESTIONS.entries()) {
    const questions = textbox(panel, 'Question');
    if ((await questions.count()) <= i) {
      await act.click(panel.getByRole('button', { name: /^Add/ }).last());
      await questions.nth(i).waitFor();
      await check('Question added');
    }
    await act.fill(questions.nth(i), question);
    await act.fill(textbox(panel, 'Answer').nth(i), answer);
  }
  await frame.getByText(QUESTIONS[1][0]).first().waitFor();
  await step('FAQ of two questions');

  // The header menu: a link at the end of its items.
  await openScreen('Header menu');
  await unfold(/^Items$/);
  const items = panel.locator('#sw-file_header_items');
  const before = await itemCount(page, 'sw-file_header_items');
  await act.click(items.locator('#sw-file_header_items__add'));
  const item = items.locator(`#sw-file_header_items_${before}`);
  await check('Header link added');
  await act.fill(textbox(item, 'Label').first(), options.title);
  await act.fill(item.getByRole('combobox', { name: /^Goes to\*?$/ }).first(), options.route);
  await act.fill(textbox(item, 'Anchor name').first(), options.route.slice(1).replace(/\//g, '-'));
  await frame.locator('header').getByRole('link', { name: options.title, exact: true }).first().waitFor({ state: 'attached' });
  await step('Link in the header menu');

  // The footer: a link at the end of its "Links" column.
  await openScreen('Footer');
  await unfold(/^Column: Links$/);
  const links = panel.locator('#sw-file_footer_columns_1_links');
  const count = await textbox(links, 'Label').count();
  await act.click(links.getByRole('button', { name: /^Add/ }).last());
  await textbox(links, 'Label').nth(count).waitFor();
  await check('Footer link added');
  await act.fill(textbox(links, 'Label').nth(count), options.title);
  await act.fill(links.getByRole('combobox', { name: /^Goes to\*?$/ }).nth(count), options.route);
  await frame.locator('footer').getByRole('link', { name: options.title, exact: true }).waitFor();
  await step('Link in the footer');

  // Save: the page, the question set and the site settings, once the live check has found no error (a warning, such as
  // a short description, does not stop a save).
  await page
    .getByRole('region', { name: /Problems/ })
    .getByRole('button', { name: /^Error in/ })
    .first()
    .waitFor({ state: 'detached' });
  await act.click(page.getByRole('button', { name: 'Save', exact: true }));
  await status.filter({ hasText: /Saved 3 files/ }).waitFor();
  figures.ms = Math.round(performance.now() - started);
  await step('Save');
  return figures;
}
