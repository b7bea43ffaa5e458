// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { escapeSegment, pointer, pointerSegments, valueAt } from './json-pointer.ts';

describe('JSON pointers', () => {
  it('escapes "~" and "/" in segments', () => {
    expect(escapeSegment('a/b~c')).toBe('a~1b~0c');
    expect(pointer('uiSchema', 'ui:options', 'a/b', 0)).toBe('/uiSchema/ui:options/a~1b/0');
  });

  it('splits a pointer back into its segments', () => {
    expect(pointerSegments('')).toEqual([]);
    expect(pointerSegments('/blocks/0/a~1b~0c')).toEqual(['blocks', 0, 'a/b~c']);
    expect(pointerSegments(pointer('x~/y', 3))).toEqual(['x~/y', 3]);
  });

  it('reads the value a pointer names', () => {
    const doc = { blocks: [{ type: 'hero', 'a/b': 1 }] };
    expect(valueAt(doc, '/blocks/0/type')).toBe('hero');
    expect(valueAt(doc, '/blocks/0/a~1b')).toBe(1);
    expect(valueAt(doc, '/blocks/3/type')).toBeUndefined();
    expect(valueAt(doc, '')).toBe(doc);
  });
});
