// @vitest-environment node
import { describe, expect, test } from 'vitest';
import { COLLECTIONS } from './files.ts';
import { Findings } from './findings.ts';
import { checkFragmentCycles, checkFragmentRefs, fragmentsReached, nestedRefs } from './fragments.ts';
import type { FragmentFile } from './load.ts';
import { checked } from './test-helpers.ts';

const ref = (kind: string, id: string, path = '/blocks/0/set') => ({ kind, id, path });
const fragment = (kind: string, id: string, refs: ReturnType<typeof ref>[] = []): FragmentFile => {
  const file = `site.config/${kind}/${id}.json`;
  return { kind, id, file, checked: checked(file, { items: refs.map((r) => r.id) }, { fragments: refs }) };
};

describe('fragment references', () => {
  test('a reference to a missing file suggests a near name', () => {
    const findings = new Findings();
    const home = checked('site.config/pages/home.json', { blocks: [{ set: 'genral' }] }, { fragments: [ref('faqs', 'genral')] });
    checkFragmentRefs([home], [fragment('faqs', 'general')], [...COLLECTIONS], findings);
    expect(findings.diagnostics.map((d) => [d.code, d.path, d.message, d.suggestion])).toEqual([
      ['missing-fragment', '/blocks/0/set', 'There is no faqs file named "genral" (looked for site.config/faqs/genral.json).', 'Did you mean "general"?'],
      [
        'unused-fragment',
        '',
        'No page uses site.config/faqs/general.json.',
        'Reference it by its name "general" from a block, or delete the file if it is no longer needed.',
      ],
    ]);
  });

  test('a fragment used only by another fragment counts as used', () => {
    const findings = new Findings();
    const outer = fragment('sections', 'pricing', [ref('faqs', 'general', '/faq')]);
    const home = checked('site.config/pages/home.json', {}, { fragments: [ref('sections', 'pricing')] });
    checkFragmentRefs([home, outer.checked!], [outer, fragment('faqs', 'general')], [...COLLECTIONS], findings);
    expect(findings.diagnostics).toEqual([]);
  });
});

describe('nested fragments', () => {
  test('a page reaches the fragments its fragments reference, each once', () => {
    const files = [
      fragment('sections', 'a', [ref('faqs', 'x', '/faq'), ref('sections', 'b', '/next')]),
      fragment('sections', 'b', [ref('faqs', 'x', '/faq')]),
      fragment('faqs', 'x'),
    ];
    const reached = fragmentsReached([ref('sections', 'a'), ref('faqs', 'x')], nestedRefs(files));
    expect(reached.map((r) => `${r.kind}/${r.id}`)).toEqual(['sections/a', 'faqs/x', 'sections/b']);
  });

  test('files that include each other in a circle are an error where the circle closes, once', () => {
    const findings = new Findings();
    const files = [
      fragment('sections', 'a', [ref('sections', 'b', '/next')]),
      fragment('sections', 'b', [ref('sections', 'a', '/back')]),
      fragment('sections', 'self', [ref('sections', 'self', '/me')]),
    ];
    checkFragmentCycles(files, findings);
    expect(findings.diagnostics.map((d) => [d.code, d.file, d.path, d.severity])).toEqual([
      ['fragment-cycle', 'site.config/sections/b.json', '/back', 'error'],
      ['fragment-cycle', 'site.config/sections/self.json', '/me', 'error'],
    ]);
    expect(findings.diagnostics[0].message).toBe(
      'These files include each other in a circle: site.config/sections/a.json → site.config/sections/b.json → site.config/sections/a.json.',
    );
    // Reaching stops at a circle instead of looping.
    expect(fragmentsReached([ref('sections', 'a')], nestedRefs(files))).toHaveLength(2);
  });
});
