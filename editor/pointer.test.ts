// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { configPath, fieldId, fieldWords, humanise, normaliseDiagnostic, pointerToField, sectionName, toErrorSchema } from './pointer.ts';

describe('pointer to field', () => {
  it('maps a block field of a page', () => {
    expect(pointerToField('/blocks/2/heading', true)).toEqual({ block: 2, field: ['heading'] });
    expect(pointerToField('/blocks/0/actions/1/label', true)).toEqual({ block: 0, field: ['actions', '1', 'label'] });
    expect(pointerToField('/blocks/3', true)).toEqual({ block: 3, field: [] });
  });
  it('maps page settings and other files', () => {
    expect(pointerToField('/title', true)).toEqual({ block: null, field: ['title'] });
    expect(pointerToField('', true)).toEqual({ block: null, field: [] });
    expect(pointerToField('/footer/columns/0/title', false)).toEqual({ block: null, field: ['footer', 'columns', '0', 'title'] });
    expect(pointerToField('/a~1b', false)).toEqual({ block: null, field: ['a/b'] });
  });
  it('gives the rjsf field id', () => {
    expect(fieldId('block', ['actions', '0', 'label'])).toBe('block_actions_0_label');
  });
  it('builds rjsf extra errors, putting a missing setting under its own field', () => {
    const d = (pointer: string, message: string, code = 'bad') =>
      normaliseDiagnostic({ severity: 'error', code, message, file: 'site.config/pages/a.json', line: 3, column: 5, path: pointer });
    const diags = [
      d('/blocks/1/heading', 'This must not be empty.'),
      d('/blocks/1', 'The required setting "set" is missing from the faq block.', 'missing-property'),
      d('/title', 'Too long.'),
    ];
    const schema = toErrorSchema(
      diags.filter((x) => pointerToField(x.pointer, true).block === 1),
      (x) => pointerToField(x.pointer, true).field,
    );
    expect(schema).toEqual({
      heading: { __errors: ['This must not be empty.'] },
      set: { __errors: ['The required setting "set" is missing from the faq block.'] },
    });
  });
  it('speaks plain words', () => {
    expect(sectionName(2, humanise('faq'))).toBe('Section 3: FAQ');
    expect(humanise('featureGrid')).toBe('Feature grid');
    expect(fieldWords(['actions', '0', 'label'])).toBe('Actions › item 1 › Label');
    expect(configPath('site.config/pages/a.json')).toBe('pages/a.json');
  });
});
