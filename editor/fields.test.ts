import { describe, expect, it } from 'vitest';
import { prepare } from './fields.tsx';

type Node = { title?: string; properties?: Record<string, Node>; items?: Node; oneOf?: Node[] };

describe('prepare: plain words for every field the panel shows', () => {
  const schema = {
    type: 'object',
    properties: {
      items: {
        type: 'array',
        items: {
          oneOf: [
            { title: 'HeaderLink', type: 'object', properties: { label: { type: 'string' } } },
            { title: 'HeaderGroup', type: 'object', properties: { links: { type: 'array', items: { title: 'Link', type: 'object' } } } },
          ],
        },
      },
      actions: { type: 'array', items: { title: 'Link', type: 'object' } },
    },
  };
  const out = prepare(schema).schema as Node;

  it('names each kind of a one-of entry in words, and the fields inside it', () => {
    const kinds = out.properties!.items.items!.oneOf!;
    expect(kinds.map((k) => k.title)).toEqual(['Header link', 'Header group']);
    expect(kinds[0].properties!.label.title).toBe('Label');
  });

  it('calls a list of links "Link" and only a list of actions "Button"', () => {
    expect(out.properties!.items.items!.oneOf![1].properties!.links.items!.title).toBe('Link');
    expect(out.properties!.actions.items!.title).toBe('Button');
  });
});
