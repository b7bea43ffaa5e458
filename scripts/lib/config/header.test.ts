// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { HeaderConfig, PageConfig } from '../../../renderer/generated/config-types.ts';
import { checkHeader, checkPageHeader } from './header.ts';

const header: HeaderConfig = {
  items: [
    { id: 'about', label: 'About', href: '/about' },
    { id: 'pricing', label: 'Pricing', href: '/pricing' },
  ],
  secondary: [{ id: 'login', label: 'Login', href: '@signin' }],
  actions: [{ id: 'start', label: 'Start', href: '/start' }],
  variants: { lean: { items: ['about', 'pricng'], secondary: ['login'], actions: [{ id: 'x', label: 'X', href: '/x' }] } },
};
const page = (variant?: string) => ({ route: '/a', title: 'A', description: 'A.', blocks: [], ...(variant ? { header: { variant } } : {}) }) as PageConfig;

describe('header checks', () => {
  it('names an id a variant lists that the header does not have, with a guess', () => {
    expect(checkHeader(header)).toEqual([
      expect.objectContaining({ path: '/header/variants/lean/items/1', message: expect.stringContaining('"pricng"'), suggestion: 'Did you mean "pricing"?' }),
    ]);
  });

  it('names duplicate ids in a list', () => {
    const twice: HeaderConfig = { ...header, items: [...header.items, { id: 'about', label: 'Again', href: '/again' }] as HeaderConfig['items'] };
    expect(checkHeader(twice).map((p) => p.path)).toContain('/header/items/2/id');
  });

  it('names a page variant site.json does not define', () => {
    expect(checkPageHeader(header, page())).toEqual([]);
    expect(checkPageHeader(header, page('lean'))).toEqual([]);
    expect(checkPageHeader(header, page('laen'))[0]).toMatchObject({ path: '/header/variant', suggestion: 'Did you mean "lean"?' });
  });
});
