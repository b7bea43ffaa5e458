// @vitest-environment node
import { expect, test } from 'vitest';
import type { PageConfig } from '../../../renderer/generated/config-types.ts';
import { Findings } from './findings.ts';
import { checkIds } from './ids.ts';
import { page } from './test-helpers.ts';

test('ids are collected per page, and one used twice is an error on the second block', () => {
  const findings = new Findings();
  const blocks = [{ type: 'hero', id: 'top' }, { type: 'faq' }, { type: 'steps', id: 'top' }] as unknown as PageConfig['blocks'];
  const ids = checkIds([page('home', { route: '/', blocks })], findings);
  expect(ids.get('site.config/pages/home.json')).toEqual(['top', 'top']);
  expect(findings.diagnostics.map((d) => [d.path, d.code, d.message])).toEqual([
    ['/blocks/2/id', 'duplicate-id', 'Two blocks on this page have the id "top".'],
  ]);
});
