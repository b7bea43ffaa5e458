import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { createAjv } from '../../scripts/lib/project.ts';
import type { FaqBlock, FaqSet, PageConfig } from '../../renderer/generated/config-types.ts';
import { PageProvider } from '../../renderer/lib/site-context.tsx';
import { initShell } from '../../renderer/shell/shell.ts';
import general from '../../site.config/faqs/general.json';
import example from './example.json';
import Faq, { paragraphs } from './index.tsx';

// Vitest runs from the repository root.
const root = process.cwd();
const config = example as FaqBlock;

function renderFaq(props: FaqBlock, sets: Record<string, FaqSet> = { general: general as FaqSet }) {
  const page = { route: '/', title: 't', description: 'd', blocks: [props] } as PageConfig;
  return render(
    <MemoryRouter>
      <PageProvider value={{ page, fragments: { faqs: sets } }}>
        <Faq {...props} />
      </PageProvider>
    </MemoryRouter>,
  );
}

/** Answer regions of open items (jsdom does not hide a closed <details>' content, so ask the element). */
const openAnswers = () => screen.queryAllByRole('region').filter((r) => r.closest('details')?.open);

// The block is static markup; the shared shell script gives it the accordion's ARIA, as on the site.
let stopShell: () => void = () => undefined;
beforeEach(() => (stopShell = initShell(document)));
afterEach(() => stopShell());

/** Waits for the shell to see rendered markup (it upgrades new accordions from a mutation observer). */
const settled = () => new Promise((r) => setTimeout(r));

describe('faq block', () => {
  it('example.json and the general set match their schemas', () => {
    const ajv = createAjv(root);
    const block = ajv.getSchema('https://sitewright.dev/schemas/blocks/faq.schema.json')!;
    expect(block(example), JSON.stringify(block.errors)).toBe(true);
    expect(block({ ...example, set: 'General Set' })).toBe(false);
    const set = ajv.getSchema('https://sitewright.dev/schemas/faq-set.schema.json')!;
    expect(set(general), JSON.stringify(set.errors)).toBe(true);
    expect(general.items.length).toBeGreaterThanOrEqual(5);
    expect(general.items.length).toBeLessThanOrEqual(7);
  });

  it('renders every question as a closed <details> whose summary holds the question heading, with no script attributes', () => {
    stopShell();
    renderFaq(config);
    expect(screen.getByRole('heading', { level: 2, name: config.heading })).toBeTruthy();
    const summaries = [...document.querySelectorAll('details > summary')];
    expect(summaries.map((s) => s.querySelector('h3')?.textContent)).toEqual(general.items.map((i) => i.question));
    for (const summary of summaries) {
      const details = summary.parentElement as HTMLDetailsElement;
      expect(details.open).toBe(false);
      // The static HTML stays valid: a summary takes no role or aria-expanded until the script adds them.
      expect(summary.hasAttribute('role')).toBe(false);
      expect(summary.hasAttribute('aria-expanded')).toBe(false);
      const panel = details.querySelector('[role="region"]')!;
      expect(panel.getAttribute('aria-labelledby')).toBe(summary.id);
    }
  });

  it('with the shell, each question is a collapsed accordion button controlling its answer region', async () => {
    renderFaq(config);
    await settled();
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(general.items.map((i) => i.question));
    for (const b of buttons) {
      expect(b.tagName).toBe('SUMMARY');
      expect(b.getAttribute('aria-expanded')).toBe('false');
      const panel = document.getElementById(b.getAttribute('aria-controls')!)!;
      expect(panel.getAttribute('role')).toBe('region');
      expect(panel.getAttribute('aria-labelledby')).toBe(b.id);
    }
    expect(openAnswers()).toHaveLength(0);
  });

  it('toggles an answer with a click and keeps items independent', async () => {
    const user = userEvent.setup();
    renderFaq(config);
    await settled();
    const [first, second] = screen.getAllByRole('button');
    await user.click(first);
    expect(first.getAttribute('aria-expanded')).toBe('true');
    const region = screen.getByRole('region', { name: general.items[0].question });
    expect(region.textContent).toContain(paragraphs(general.items[0].answer)[0]);
    await user.click(second);
    expect(first.getAttribute('aria-expanded')).toBe('true');
    expect(second.getAttribute('aria-expanded')).toBe('true');
    expect(openAnswers()).toHaveLength(2);
    await user.click(first);
    expect(first.getAttribute('aria-expanded')).toBe('false');
    expect(openAnswers()).toHaveLength(1);
  });

  // Enter and Space on a summary are the browser's (jsdom does not press it): tests/e2e/home.spec.ts covers them.
  it('keeps aria-expanded in step however the item opens', async () => {
    renderFaq(config);
    await settled();
    const first = screen.getAllByRole('button')[0];
    const details = first.parentElement as HTMLDetailsElement;
    details.open = true;
    await settled();
    expect(first.getAttribute('aria-expanded')).toBe('true');
    details.open = false;
    await settled();
    expect(first.getAttribute('aria-expanded')).toBe('false');
  });

  it('splits answers into paragraphs on blank lines and shows the ask link', async () => {
    const user = userEvent.setup();
    renderFaq(
      { type: 'faq', set: 'two', askLink: { label: 'Ask a Question', href: '/contact' } },
      { two: { items: [{ question: 'Q?', answer: 'One.\n\nTwo.\n  \nThree.' }] } },
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Frequently asked questions');
    await settled();
    await user.click(screen.getByRole('button', { name: 'Q?' }));
    const region = screen.getByRole('region', { name: 'Q?' });
    expect(
      within(region)
        .getAllByText(/\w+\./)
        .map((p) => p.tagName + p.textContent),
    ).toEqual(['POne.', 'PTwo.', 'PThree.']);
    expect(screen.getByRole('link', { name: 'Ask a Question' }).getAttribute('href')).toBe('/contact');
  });
});
