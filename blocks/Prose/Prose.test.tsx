import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { createAjv } from '../../scripts/lib/project.ts';
import type { PageConfig, ProseBlock } from '../../renderer/generated/config-types.ts';
import { PageProvider } from '../../renderer/lib/site-context.tsx';
import example from './example.json';
import Prose from './index.tsx';
import type { ProseDocument } from './tree.ts';

const doc: ProseDocument = {
  title: 'Privacy policy',
  updated: '3 November 2025',
  headings: [
    { id: 'who-we-are', text: '1. Who we are', level: 2 },
    { id: 'your-rights', text: '2. Your rights', level: 2 },
  ],
  children: [
    { tag: 'p', children: ['Intro with ', { tag: 'strong', children: ['bold'] }, ' text.'] },
    { tag: 'h2', id: 'who-we-are', children: ['1. Who we are'] },
    { tag: 'p', children: ['See our ', { tag: 'a', href: '/contact', children: ['contact page'] }, '.'] },
    { tag: 'h2', id: 'your-rights', children: ['2. Your rights'] },
    {
      tag: 'ul',
      children: [
        { tag: 'li', children: ['Access'] },
        { tag: 'li', children: ['Deletion'] },
      ],
    },
    { tag: 'p', children: ['Email ', { tag: 'a', href: 'mailto:privacy@buildpad.example', children: ['privacy@buildpad.example'] }, '.'] },
    { tag: 'hr' },
  ],
};

function renderProse(props: Partial<ProseBlock> = {}) {
  const page = { route: '/policy', title: 'Privacy policy', description: 'd', blocks: [] } as PageConfig;
  return render(
    <MemoryRouter>
      <PageProvider value={{ page, fragments: { content: { policy: doc } } }}>
        <Prose type="prose" source="policy" {...props} />
      </PageProvider>
    </MemoryRouter>,
  );
}

describe('prose block', () => {
  it('example.json matches the schema; source must be a file name', () => {
    const validate = createAjv(process.cwd()).getSchema('https://sitewright.dev/schemas/blocks/prose.schema.json')!;
    expect(validate(example), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...example, source: '../secrets' })).toBe(false);
    expect(validate({ type: 'prose' })).toBe(false);
  });

  it('renders the compiled tree as real elements with heading anchors', () => {
    const { container } = renderProse();
    const article = container.querySelector('article')!;
    const headings = within(article).getAllByRole('heading', { level: 2 });
    expect(headings.map((h) => [h.id, h.textContent])).toEqual([
      ['who-we-are', '1. Who we are'],
      ['your-rights', '2. Your rights'],
    ]);
    expect(within(article).getByText('bold').tagName).toBe('STRONG');
    expect(
      within(article)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Access', 'Deletion']);
    expect(article.querySelector('hr')).not.toBeNull();
    expect(within(article).getByText(/Last updated: 3 November 2025/)).toBeTruthy();
  });

  it('routes links through the site link rules: internal routes in place, mail links without a new tab', () => {
    renderProse();
    expect(screen.getByRole('link', { name: 'contact page' }).getAttribute('href')).toBe('/contact');
    const mail = screen.getByRole('link', { name: 'privacy@buildpad.example' });
    expect(mail.getAttribute('href')).toBe('mailto:privacy@buildpad.example');
    expect(mail.getAttribute('target')).toBeNull();
  });

  it('adds a table of contents only when asked, linking to each section without repeating its number', () => {
    const { unmount } = renderProse();
    expect(screen.queryByRole('navigation')).toBeNull();
    unmount();
    renderProse({ toc: true, tocLabel: 'Contents' });
    const nav = screen.getByRole('navigation', { name: 'Contents' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => [a.getAttribute('href'), a.textContent])).toEqual([
      ['#who-we-are', 'Who we are'],
      ['#your-rights', 'Your rights'],
    ]);
    // The contents list is not a heading, so the document's sections stay the only h2s.
    expect(within(nav).queryByRole('heading')).toBeNull();
  });

  it('hides the updated date when showUpdated is false', () => {
    renderProse({ showUpdated: false });
    expect(screen.queryByText(/Last updated/)).toBeNull();
  });
});
