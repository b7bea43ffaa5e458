import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { createAjv } from '../../scripts/lib/project.ts';
import type { FaqBlock, FaqSet, PageConfig } from '../../renderer/generated/config-types.ts';
import { PageProvider } from '../../renderer/lib/site-context.tsx';
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

/** Open answer regions; the section itself is also a named region, so it is left out. */
const openAnswers = () => screen.queryAllByRole('region').filter((r) => r.tagName !== 'SECTION');

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

  it('renders every question as a collapsed accordion button inside a heading', () => {
    renderFaq(config);
    expect(screen.getByRole('heading', { level: 2, name: config.heading })).toBeTruthy();
    const buttons = screen.getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(general.items.map((i) => i.question));
    for (const b of buttons) {
      expect(b.getAttribute('aria-expanded')).toBe('false');
      expect(b.parentElement?.tagName).toBe('H3');
      const panel = document.getElementById(b.getAttribute('aria-controls')!)!;
      expect(panel.getAttribute('role')).toBe('region');
      expect(panel.getAttribute('aria-labelledby')).toBe(b.id);
      expect(panel.hidden).toBe(true);
    }
    expect(openAnswers()).toHaveLength(0);
  });

  it('toggles an answer with a click and keeps items independent', async () => {
    const user = userEvent.setup();
    renderFaq(config);
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

  it('toggles with Enter and with Space from the keyboard', async () => {
    const user = userEvent.setup();
    renderFaq(config);
    const first = screen.getAllByRole('button')[0];
    first.focus();
    expect(document.activeElement).toBe(first);
    await user.keyboard('{Enter}');
    expect(first.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard(' ');
    expect(first.getAttribute('aria-expanded')).toBe('false');
    await user.keyboard(' ');
    expect(first.getAttribute('aria-expanded')).toBe('true');
  });

  it('splits answers into paragraphs on blank lines and shows the ask link', async () => {
    const user = userEvent.setup();
    renderFaq(
      { type: 'faq', set: 'two', askLink: { label: 'Ask a Question', href: '/contact' } },
      { two: { items: [{ question: 'Q?', answer: 'One.\n\nTwo.\n  \nThree.' }] } },
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Frequently asked questions');
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
