import { describe, expect, it } from 'vitest';
import { fetchWhole } from './fetch-whole.ts';

/** A fetch that answers from `answers` (status per file, or a network error) and counts what it was asked for. */
function network(answers: Record<string, number | 'down'>) {
  const asked: string[] = [];
  const get = (async (input: string | URL | Request) => {
    const file = String(input);
    asked.push(file);
    const answer = answers[file];
    if (answer === 'down') throw new TypeError('Failed to fetch');
    return new Response(`// ${file}`, { status: answer ?? 200 });
  }) as typeof fetch;
  return { get, asked };
}

describe('fetchWhole', () => {
  it('fetches each file once, and not again once it has arrived', async () => {
    const { get, asked } = network({});
    await fetchWhole(['/a-1.js', '/b-1.js'], get);
    await fetchWhole(['/a-1.js', '/b-1.js'], get);
    expect(asked).toEqual(['/a-1.js', '/b-1.js']);
  });

  it('fails when a file cannot be had, by network or by status, and asks again for it on the next call', async () => {
    const answers: Record<string, number | 'down'> = { '/c-2.js': 'down', '/d-2.js': 503 };
    const { get, asked } = network(answers);
    await expect(fetchWhole(['/c-2.js'], get)).rejects.toThrow('Failed to fetch');
    await expect(fetchWhole(['/d-2.js'], get)).rejects.toThrow('HTTP 503 for /d-2.js');
    answers['/c-2.js'] = 200;
    answers['/d-2.js'] = 200;
    await fetchWhole(['/c-2.js', '/d-2.js'], get);
    expect(asked).toEqual(['/c-2.js', '/d-2.js', '/c-2.js', '/d-2.js']);
  });
});
