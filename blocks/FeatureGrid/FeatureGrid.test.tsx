import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { createAjv } from '../../scripts/lib/project.ts';
import type { FeatureGridBlock } from '../../renderer/generated/config-types.ts';
import { useSite } from '../../renderer/lib/site-context.tsx';
import example from './example.json';
import FeatureGrid from './index.tsx';

const config = example as FeatureGridBlock;

function renderGrid(props: FeatureGridBlock) {
  return render(
    <MemoryRouter>
      <FeatureGrid {...props} />
    </MemoryRouter>,
  );
}

function SiteProbe({ onSite }: { onSite: (s: ReturnType<typeof useSite>) => void }) {
  onSite(useSite());
  return null;
}

describe('featureGrid block', () => {
  it('example.json matches the schema, which rejects unknown card settings', () => {
    // Vitest runs from the repository root.
    const validate = createAjv(process.cwd()).getSchema('https://sitewright.dev/schemas/blocks/featureGrid.schema.json')!;
    expect(validate(example), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...example, cards: [{ ...example.cards[0], colour: 'blue' }] })).toBe(false);
    expect(validate({ ...example, columns: 5 })).toBe(false);
  });

  it('renders the heading, and each card with its badge, title, text and points', () => {
    renderGrid(config);
    expect(screen.getByRole('heading', { level: 2, name: config.heading })).toBeTruthy();
    const articles = screen.getAllByRole('article');
    expect(articles).toHaveLength(config.cards.length);
    config.cards.forEach((card, i) => {
      const a = within(articles[i]);
      expect(a.getByRole('heading', { level: 3 }).textContent).toBe(card.cardTitle);
      expect(articles[i].getAttribute('aria-labelledby')).toBe(a.getByRole('heading', { level: 3 }).id);
      if (card.badgeTitle) expect(a.getByText(card.badgeTitle)).toBeTruthy();
      expect(a.getByText(card.cardBody)).toBeTruthy();
      for (const p of card.points ?? []) expect(a.getByText(p).closest('li')).not.toBeNull();
    });
    expect(articles[1].className).toContain('color-orange');
  });

  it('card links resolve their destination and are described by the card title', () => {
    let site!: ReturnType<typeof useSite>;
    render(
      <MemoryRouter>
        <SiteProbe onSite={(s) => (site = s)} />
        <FeatureGrid {...config} />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Create a project' });
    expect(link.getAttribute('href')).toBe(site.authSite.root + site.authSite.paths.ownerSignup);
    expect(link.getAttribute('aria-describedby')).toBe(screen.getByRole('heading', { name: config.cards[0].cardTitle }).id);
    // A link with a style is drawn as a button; one without is a text link.
    expect(screen.getByRole('link', { name: 'Start here' }).className).toContain('button-primary');
    expect(link.className).not.toContain('button');
  });

  it('marks the highlight card, and gives it a seal when it has no picture', () => {
    renderGrid(config);
    const highlight = screen.getByRole('article', { name: 'Your project funds are 100% insured' });
    expect(highlight.className).toContain('highlight');
    expect(highlight.className).toContain('color-dark');
    expect(highlight.querySelector('.seal')).not.toBeNull();
    expect(screen.getAllByRole('article').filter((a) => a.className.includes('highlight'))).toHaveLength(1);
  });

  it('uses h2 card titles without a section heading, and alternates picture sides in rows', () => {
    const img = { src: '/images/home/feature-tracking.svg', alt: 'Dashboard', width: 560, height: 360 };
    renderGrid({
      type: 'featureGrid',
      layout: 'alternating',
      cards: [
        { cardTitle: 'A', cardBody: 'a', image: img },
        { cardTitle: 'B', cardBody: 'b', image: { ...img, alt: 'Bids' } },
        { cardTitle: 'C', cardBody: 'c' },
        { cardTitle: 'D', cardBody: 'd', image: { ...img, alt: 'Stock' } },
      ],
    });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['A', 'B', 'C', 'D']);
    const reversed = screen.getAllByRole('article').map((a) => a.className.includes('reverse'));
    expect(reversed).toEqual([false, true, false, false]);
    const pic = screen.getByRole('img', { name: 'Bids' });
    expect([pic.getAttribute('width'), pic.getAttribute('height')]).toEqual(['560', '360']);
  });

  it('lays a grid out in the configured number of columns', () => {
    const { container } = renderGrid({ ...config, columns: 4 });
    expect(container.querySelector('.cols-4')).not.toBeNull();
  });
});
