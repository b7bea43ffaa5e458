// @vitest-environment node
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { blockCatalogue } from '../../scripts/lib/catalogue.ts';
import { blockName, clip, describeChanges, describeFile, fieldLabel, fileLabel } from './describe.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test documents are edited freely
const read = (file: string): Doc => JSON.parse(readFileSync(new URL(`../../site.config/${file}`, import.meta.url), 'utf8')) as Doc;
const copy = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe('fileLabel', () => {
  it('names each kind of config file', () => {
    expect(fileLabel('pages/owner.json', { route: '/owner', title: 'Private Project Owners' })).toBe('Owner page');
    expect(fileLabel('pages/owner.json', { title: 'Owner' })).toBe('Owner page');
    expect(fileLabel('pages/home.json', { route: '/', title: 'BuildPad' })).toBe('Home page');
    expect(fileLabel('pages/pricing-enterprise.json', { route: '/pricing/enterprise' })).toBe('Pricing enterprise page');
    expect(fileLabel('pages/x.json', undefined)).toBe('X page');
    expect(fileLabel('site.json', {})).toBe('Site settings');
    expect(fileLabel('faqs/general.json', {})).toBe('FAQ set “general”');
    expect(fileLabel('forms/contact.json', {})).toBe('Form “contact”');
    expect(fileLabel('content/policy.mdx', 'text')).toBe('Text “policy”');
  });
});

describe('fieldLabel', () => {
  const owner = read('pages/owner.json');
  it('names blocks by their type as their schema titles them, fields by their key in words', () => {
    expect(fieldLabel('pages/owner.json', '/blocks/0/heading', owner)).toBe('Hero › Heading');
    expect(fieldLabel('pages/owner.json', '/blocks/1/cards/3/cardTitle', owner)).toBe('Feature grid › item 4 › Card title');
    expect(fieldLabel('pages/owner.json', '/blocks/0/actions/0/label', owner)).toBe('Hero › link to @ownerSignup › Label');
    expect(fieldLabel('pages/owner.json', '/title', owner)).toBe('Title');
    expect(fieldLabel('pages/x.json', '/blocks/0/ctaLabel', { blocks: [{ type: 'ctaBanner' }] })).toBe('CTA banner › CTA label');
  });

  it('says each block type as its schema title does, without "Block"', () => {
    const catalogue = blockCatalogue(ROOT);
    expect(catalogue.length).toBeGreaterThan(10);
    const spaced = (t: string) =>
      t
        .replace(/Block$/, '')
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .toLowerCase();
    for (const entry of catalogue) expect(blockName(entry.type).toLowerCase(), entry.type).toBe(spaced(entry.schema.title ?? ''));
  });

  it('names list items by their own name, link or question, else by their number', () => {
    const site = read('site.json');
    expect(fieldLabel('site.json', '/header/items/2', site)).toBe('header › link to /referral');
    expect(fieldLabel('site.json', '/footer/columns/0/heading', site)).toBe('footer › “Products” › Heading');
    const faqs = read('faqs/general.json');
    expect(fieldLabel('faqs/general.json', '/items/0/answer', faqs)).toBe('question “Can I really manage my construction pro…” › Answer');
    expect(fieldLabel('faqs/x.json', '/items/1/answer', { items: [{}, {}] })).toBe('question 2 › Answer');
    expect(fieldLabel('pages/x.json', '/blocks/0/things/1/size', { blocks: [{ type: 'steps', things: [{}, {}] }] })).toBe('Steps › item 2 › Size');
  });

  it('names a form’s fields by their titles', () => {
    const form = read('forms/contact.json');
    expect(fieldLabel('forms/contact.json', '/schema/properties/email/title', form)).toBe('field “Email” › Title');
    expect(fieldLabel('forms/contact.json', '/schema/required', form)).toBe('Required');
  });

  it('clips long names', () => {
    expect(clip('a'.repeat(50))).toHaveLength(40);
    expect(clip('short')).toBe('short');
  });
});

describe('describeFile', () => {
  const owner = read('pages/owner.json');

  it('says one changed field of a block as "<block> <field> changed", with its before and after', () => {
    const after = copy(owner);
    after.blocks[0].heading = 'Build anywhere';
    expect(describeFile('pages/owner.json', owner, after)).toEqual({
      file: 'pages/owner.json',
      label: 'Owner page',
      status: 'modified',
      summary: 'Owner page: hero heading changed',
      fields: [{ pointer: '/blocks/0/heading', label: 'Hero › Heading', before: owner.blocks[0].heading, after: 'Build anywhere' }],
    });
  });

  it('says a whole added block as one change, and does not count the blocks after it as changed', () => {
    const after = copy(owner);
    after.blocks.splice(1, 0, { type: 'hero', heading: 'Second' });
    const d = describeFile('pages/owner.json', owner, after);
    expect(d.fields).toEqual([{ pointer: '/blocks/1', label: 'Hero', before: undefined, after: { type: 'hero', heading: 'Second' } }]);
    expect(d.summary).toBe('Owner page: new hero section');
    const removed = describeFile('pages/owner.json', after, owner);
    expect(removed.summary).toBe('Owner page: hero section removed');
  });

  it('joins several fields of one block, and counts changes to different items of one list', () => {
    const after = copy(owner);
    after.blocks[0].heading = 'H';
    after.blocks[0].intro = 'I';
    expect(describeFile('pages/owner.json', owner, after).summary).toBe('Owner page: hero heading and intro changed');
    const faqs = read('faqs/general.json');
    const changed = copy(faqs);
    changed.items[0].answer = 'Yes.';
    changed.items[2].answer = 'No.';
    expect(describeFile('faqs/general.json', faqs, changed).summary).toBe('FAQ set “general”: 2 questions changed');
    const mixed = copy(owner);
    mixed.title = 'T';
    mixed.blocks[0].heading = 'H';
    expect(describeFile('pages/owner.json', owner, mixed).summary).toBe('Owner page: title changed, hero heading changed');
  });

  it('says added, deleted and text files whole', () => {
    expect(describeFile('pages/vendors.json', undefined, { route: '/vendors', title: 'Vendors' })).toMatchObject({
      status: 'added',
      summary: 'new page /vendors',
    });
    expect(describeFile('pages/vendors.json', { route: '/vendors' }, undefined)).toMatchObject({ status: 'deleted', summary: 'page /vendors removed' });
    expect(describeFile('content/policy.mdx', 'a', 'b')).toMatchObject({
      status: 'modified',
      summary: 'Text “policy” changed',
      fields: [{ pointer: '', before: 'a', after: 'b' }],
    });
    expect(describeFile('faqs/new.json', undefined, { items: [] }).summary).toBe('new FAQ set “new”');
  });

  it('names the part of the site settings that changed', () => {
    const site = read('site.json');
    const after = copy(site);
    after.header.secondary[0].label = 'Talk to us';
    after.name = 'BuildPad Ltd';
    expect(describeFile('site.json', site, after).summary).toBe('name changed; header: link to /contact label changed');
  });
});

describe('describeChanges', () => {
  it('gives the plain-words message for a heading change, a new page and a header link', () => {
    const owner = read('pages/owner.json');
    const ownerAfter = copy(owner);
    ownerAfter.blocks[0].heading = 'Build your project from anywhere';
    const vendors = { route: '/vendors', title: 'Vendors', description: 'For vendors.', blocks: [{ type: 'hero', heading: 'Sell to builders' }] };
    const site = read('site.json');
    const siteAfter = copy(site);
    siteAfter.header.items.splice(3, 0, { id: 'vendors', label: 'Vendors', href: '/vendors' });
    const d = describeChanges([
      { file: 'pages/owner.json', before: owner, after: ownerAfter },
      { file: 'pages/vendors.json', after: vendors },
      { file: 'site.json', before: site, after: siteAfter },
    ]);
    expect(d.message).toBe('Owner page: hero heading changed; new page /vendors; header: link to /vendors');
    expect(d.files.map((f) => [f.file, f.status])).toEqual([
      ['pages/owner.json', 'modified'],
      ['pages/vendors.json', 'added'],
      ['site.json', 'modified'],
    ]);
    expect(d.files[2].fields).toEqual([
      { pointer: '/header/items/3', label: 'header › link to /vendors', before: undefined, after: { id: 'vendors', label: 'Vendors', href: '/vendors' } },
    ]);
  });

  it('leaves unchanged files out and ends a long message with "and N more changes"', () => {
    const pages = Array.from({ length: 12 }, (_, i) => ({ file: `pages/p${i}.json`, after: { route: `/a-rather-long-address-${i}` } }));
    const d = describeChanges([{ file: 'site.json', before: { a: 1 }, after: { a: 1 } }, ...pages]);
    expect(d.files).toHaveLength(12);
    expect(d.message.length).toBeLessThanOrEqual(200);
    expect(d.message).toMatch(/^new page \/a-rather-long-address-0; .* and \d+ more changes$/);
    const n = Number(/and (\d+) more/.exec(d.message)![1]);
    expect(d.message.split('; ')).toHaveLength(12 - n);
    expect(describeChanges([]).message).toBe('No change');
  });
});
