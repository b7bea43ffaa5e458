// @vitest-environment node
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIndex, indexPage, indexSite, resultWords, search, type SearchDoc } from './search.ts';

const dir = 'site.config';
const read = (path: string) => JSON.parse(readFileSync(join(dir, path), 'utf8')) as Record<string, unknown>;
const site = read('site.json');

/** The whole site as the editor has it: site settings, every page, question set and form. */
function allDocs(): SearchDoc[] {
  const docs: SearchDoc[] = [{ file: 'site.json', name: 'Site settings', data: site }];
  for (const f of readdirSync(join(dir, 'pages')).sort()) {
    const data = read(`pages/${f}`);
    docs.push({ file: `pages/${f}`, name: `Page “${String(data.title)}”`, data });
  }
  for (const f of readdirSync(join(dir, 'faqs'))) docs.push({ file: `faqs/${f}`, name: `Question set “${f.slice(0, -5)}”`, data: read(`faqs/${f}`) });
  for (const f of readdirSync(join(dir, 'forms'))) docs.push({ file: `forms/${f}`, name: `Form “${f.slice(0, -5)}”`, data: read(`forms/${f}`) });
  return docs;
}

describe('search across the site', () => {
  const index = buildIndex(allDocs());

  it('finds the Solutions menu by its words, first, with the place to jump to', () => {
    const [first] = search(index, 'solutions menu');
    expect(first).toMatchObject({ file: 'site.json', pointer: '/header/items/0/label' });
    expect(resultWords(first)).toBe('Site settings › Header menu › Items › Item “Solutions” › Label: Solutions');
  });

  it('finds a price by its title or its amount, said with its currency', () => {
    const [byTitle] = search(index, 'basic per user');
    expect(byTitle).toMatchObject({ file: 'site.json', pointer: '/pricing/basicPerUser' });
    expect(resultWords(byTitle)).toBe('Site settings › Prices › Basic per user: NGN 20,000');
    expect(search(index, '20,000').map((e) => e.pointer)).toContain('/pricing/basicPerUser');
    expect(search(index, '20000').map((e) => e.pointer)).toContain('/pricing/basicPerUser');
  });

  it('says a plan’s price as its amount', () => {
    const plan = search(index, 'plan basic price').find((e) => e.file === 'pages/pricing-enterprise.json');
    expect(plan && resultWords(plan)).toBe(
      'Page “Enterprise pricing” › Section 2: Pricing plans › Plans › Plan “Basic” › Price: Basic: NGN 20,000 per user a month',
    );
    expect(plan?.pointer).toBe('/blocks/1/plans/1/price');
  });

  it('finds the texts of sections, the settings of pages, question sets and forms', () => {
    const faq = search(index, 'how long does it take to get started').find((e) => e.file === 'faqs/owner.json');
    expect(faq).toMatchObject({ pointer: '/items/0/question' });
    expect(faq!.place).toMatch(/^Question set “owner” › /);
    const title = search(index, 'Enterprise pricing').find((e) => e.pointer === '/title');
    expect(title && resultWords(title)).toBe('Page “Enterprise pricing” › Page settings › Title: Enterprise pricing');
    const form = search(index, 'first name').filter((e) => e.file === 'forms/contact.json');
    expect(form.length).toBeGreaterThan(0);
    // A hero's heading: the section is named as the outline names it.
    const hero = search(index, 'plans and pricing').find((e) => e.file === 'pages/pricing-enterprise.json');
    expect(hero && resultWords(hero)).toBe('Page “Enterprise pricing” › Section 1: Hero › Heading: Plans and pricing');
  });

  it('finds a setting left empty by its title, to fill it in', () => {
    const analytics = search(index, 'analytics id')[0];
    expect(analytics && resultWords(analytics)).toBe('Site settings › Advanced › Analytics id: empty');
    expect(analytics.pointer).toBe('/analyticsId');
    // An empty setting is found by its title, never by the word shown for its value.
    const empties = search(index, 'empty', 5000).filter((e) => e.value === '');
    expect(empties.every((e) => e.place.toLowerCase().includes('empty'))).toBe(true);
    expect(index.filter((e) => e.value === '').length).toBeGreaterThan(empties.length);
  });

  it('needs every word of the query, in any case, and finds nothing for an empty one', () => {
    expect(search(index, '')).toEqual([]);
    expect(search(index, '   ')).toEqual([]);
    expect(search(index, 'solutions zebra-that-is-nowhere')).toEqual([]);
    expect(search(index, 'SOLUTIONS').length).toEqual(search(index, 'solutions').length);
    expect(search(index, 'solutions', 3)).toHaveLength(3);
  });

  it('never shows a section’s hidden kind or the file’s schema line', () => {
    expect(index.some((e) => /^\/blocks\/\d+\/type$/.test(e.pointer))).toBe(false);
    expect(index.some((e) => e.pointer === '/$schema')).toBe(false);
  });

  it('indexes a changed file again, and reuses the entries of files that did not change', () => {
    const docs = allDocs();
    const first = buildIndex(docs);
    const home = docs.find((d) => d.file === 'pages/home.json')!;
    const before = first.filter((e) => e.file === 'pages/home.json');
    const again = buildIndex(docs);
    expect(again.filter((e) => e.file === 'pages/home.json')[0]).toBe(before[0]);
    const blocks = (home.data as { blocks: Record<string, unknown>[] }).blocks;
    home.data = { ...(home.data as object), blocks: [{ ...blocks[0], heading: 'Zanzibar builds' }, ...blocks.slice(1)] };
    expect(search(buildIndex(docs), 'zanzibar')[0]).toMatchObject({ file: 'pages/home.json', pointer: '/blocks/0/heading' });
  });

  it('says where a field is in the words of the panel', () => {
    const entries = indexSite(site);
    expect(entries.find((e) => e.pointer === '/notFound/links/0/label')?.place).toMatch(/^Site settings › Not-found page › Links › Link “.+” › Label$/);
    expect(entries.find((e) => e.pointer === '/authSite/root')?.place).toBe('Site settings › Sign-in and other destinations › Auth site › Root');
    expect(entries.find((e) => e.pointer === '/flags/underConstruction')).toMatchObject({ value: 'No' });
    const page = indexPage('pages/x.json', 'X', { route: '/x', title: 'X', blocks: [{ type: 'faq', heading: 'Questions' }] }, site);
    expect(page.map(resultWords)).toContain('Page “X” › Section 1: FAQ › Heading: Questions');
  });
});
