// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { HeaderConfig } from '../generated/config-types.ts';
import { resolveHeader } from './header-config.ts';

const header: HeaderConfig = {
  items: [
    { id: 'products', label: 'Products', links: [{ label: 'A', href: '/a' }] },
    { id: 'about', label: 'About', href: '/about' },
  ],
  secondary: [
    { id: 'contact', label: 'Contact', href: '/contact' },
    { id: 'login', label: 'Login', href: '@signin' },
  ],
  actions: [{ id: 'start', label: 'Start', href: '/start' }],
  variants: {
    lean: { items: ['about', { id: 'home', label: 'Home', href: '/' }], secondary: ['login'], actions: [] },
  },
};

describe('resolveHeader', () => {
  it('shows the header as site.json defines it without a variant, or with an unknown one', () => {
    expect(resolveHeader(header)).toEqual({ items: header.items, secondary: header.secondary, actions: header.actions });
    expect(resolveHeader(header, 'nope').items).toBe(header.items);
  });

  it('takes entries of a variant by id or as its own, in its order, and keeps the lists it leaves out', () => {
    const r = resolveHeader(header, 'lean');
    expect(r.items.map((i) => i.id)).toEqual(['about', 'home']);
    expect(r.secondary.map((l) => l.id)).toEqual(['login']);
    expect(r.actions).toEqual([]);
    expect(resolveHeader({ ...header, variants: { v: { items: ['products'] } } }, 'v').actions).toBe(header.actions);
  });
});
