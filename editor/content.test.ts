// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ProseDocument } from '../blocks/Prose/tree.ts';
import { ApiError } from './api.ts';
import { contentIdOf, contentIds, createContentStore } from './content.ts';

const doc = (text: string): ProseDocument => ({ headings: [], children: [{ tag: 'p', children: [text] }] });

/** A server stand-in: answers each request when told to, in any order. */
function server() {
  const calls: { path: string; answer: (text: string) => void; fail: (message: string) => void }[] = [];
  const fetch = (path: string) =>
    new Promise<{ hash: string; doc: ProseDocument }>((resolve, reject) => {
      calls.push({
        path,
        answer: (text) => resolve({ hash: `h-${text}`, doc: doc(text) }),
        fail: (message) => reject(new ApiError(422, { message, hash: 'h-broken' })),
      });
    });
  return { calls, fetch };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('the text of prose sections for the preview', () => {
  it('names the content files a page shows, each once, and only valid names', () => {
    const blocks = [
      { type: 'hero', source: 'nope' },
      { type: 'prose', source: 'policy' },
      { type: 'prose', source: 'terms' },
      { type: 'prose', source: 'policy' },
      { type: 'prose', source: '../secret' },
      { type: 'prose' },
    ];
    expect(contentIds(blocks)).toEqual(['policy', 'terms']);
    expect(contentIdOf('content/policy.mdx')).toBe('policy');
    expect(contentIdOf('pages/policy.json')).toBeNull();
  });

  it('loads a file once, keeps its compiled document, and reads it again when it changes on disk', async () => {
    const { calls, fetch } = server();
    const store = createContentStore(fetch);
    const seen: number[] = [];
    store.subscribe(() => seen.push(Object.keys(store.get()).length));
    void store.load('policy');
    void store.load('policy');
    expect(calls.map((c) => c.path)).toEqual(['content/policy.mdx']);
    calls[0].answer('First');
    await tick();
    expect(store.get().policy).toEqual({ hash: 'h-First', doc: doc('First') });
    expect(seen).toEqual([1]);

    store.changed('pages/policy.json');
    store.changed('content/other.mdx');
    expect(calls).toHaveLength(1);
    store.changed('content/policy.mdx');
    expect(calls).toHaveLength(2);
    calls[1].answer('Second');
    await tick();
    expect(store.get().policy).toEqual({ hash: 'h-Second', doc: doc('Second') });
  });

  it("keeps the problem of a file that does not compile, in the server's words, and the newest answer wins", async () => {
    const { calls, fetch } = server();
    const store = createContentStore(fetch);
    void store.load('policy');
    calls[0].fail('There is a mistake in site.config/content/policy.mdx at line 3, column 5: Unexpected end of file.');
    await tick();
    expect(store.get().policy).toEqual({
      hash: 'h-broken',
      problem: 'There is a mistake in site.config/content/policy.mdx at line 3, column 5: Unexpected end of file.',
    });
    // Two changes in a row: the answer to the first arrives last and is not shown.
    store.changed('content/policy.mdx');
    store.changed('content/policy.mdx');
    calls[2].answer('Fixed');
    await tick();
    calls[1].answer('Older');
    await tick();
    expect(store.get().policy).toEqual({ hash: 'h-Fixed', doc: doc('Fixed') });
  });
});
