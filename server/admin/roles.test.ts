import { describe, expect, it } from 'vitest';
import { can, isRole, ROLES } from './roles.ts';

describe('roles', () => {
  it('gives the owner every right', () => {
    for (const a of ['leads.read', 'leads.export', 'leads.erase', 'staff.manage', 'audit.read', 'pages.publish'] as const) expect(can('owner', a)).toBe(true);
  });
  it('keeps sales to leads: no staff, audit or publishing', () => {
    expect(can('sales', 'leads.read')).toBe(true);
    expect(can('sales', 'leads.export')).toBe(true);
    expect(can('sales', 'staff.manage')).toBe(false);
    expect(can('sales', 'audit.read')).toBe(false);
    expect(can('sales', 'pages.publish')).toBe(false);
  });
  it('keeps editors to pages: no leads, export, staff or audit', () => {
    expect(can('editor', 'pages.edit')).toBe(true);
    for (const a of ['leads.read', 'leads.export', 'leads.erase', 'staff.manage', 'audit.read'] as const) expect(can('editor', a)).toBe(false);
  });
  it('knows exactly three roles', () => {
    expect(ROLES).toEqual(['owner', 'editor', 'sales']);
    expect(isRole('sales')).toBe(true);
    expect(isRole('admin')).toBe(false);
  });
});
