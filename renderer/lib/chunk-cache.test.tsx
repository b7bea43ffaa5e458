import { afterEach, describe, expect, it, vi } from 'vitest';
import { Suspense, use } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ChunkCache, resetAllChunkCaches } from './chunk-cache.ts';
import { lazyFiles } from './fetch-whole.ts';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, isChunkLoadError, loadChunk } from './with-timeout.ts';
import { BlockBoundary } from '../BlockBoundary.tsx';
import { ChunkBoundary } from '../ChunkBoundary.tsx';

afterEach(() => vi.useRealTimers());

describe('loadChunk', () => {
  it('uses the spec time-out of 120 s', () => {
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it('fails with "Loading chunk <n> failed" when the chunk never arrives', async () => {
    vi.useFakeTimers();
    const p = loadChunk('hero', () => new Promise(() => undefined));
    vi.advanceTimersByTime(CHUNK_TIMEOUT_MS);
    await expect(p).rejects.toThrow(/^Loading chunk hero failed/);
  });

  it('keeps the cause of a network failure in the message', async () => {
    await expect(loadChunk('faq', () => Promise.reject(new Error('Failed to fetch')))).rejects.toThrow('Loading chunk faq failed. (Failed to fetch)');
  });
});

describe('isChunkLoadError', () => {
  it("knows a chunk failure from another copy of the module (the inlined loader's) by its name and chunk", () => {
    expect(isChunkLoadError(new ChunkLoadError('faq', new Error('x')))).toBe(true);
    const fromAnotherCopy = Object.assign(new Error('Loading chunk faq failed.'), { name: 'ChunkLoadError', chunk: 'faq' });
    expect(isChunkLoadError(fromAnotherCopy)).toBe(true);
    expect(isChunkLoadError(new Error('Loading chunk faq failed.'))).toBe(false);
    expect(isChunkLoadError(Object.assign(new Error('x'), { name: 'ChunkLoadError' }))).toBe(false);
    expect(isChunkLoadError('ChunkLoadError')).toBe(false);
  });
});

describe('ChunkCache', () => {
  it("fetches a module's listed files whole before importing it, so a failed download never reaches the import and a retry asks again", async () => {
    Object.assign(lazyFiles(), { 'blocks/Test/player.ts': ['/assets/player-T1.js', '/assets/media-T1.js'] });
    let down = true;
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL | Request) => {
        asked.push(String(input));
        if (down && String(input).includes('media')) throw new TypeError('Failed to fetch');
        return new Response('// code');
      }),
    );
    const imported = vi.fn(async () => 'the player');
    const cache = new ChunkCache(imported, { source: () => 'blocks/Test/player.ts' });
    try {
      await expect(cache.load('player')).rejects.toThrow('Loading chunk player failed. (Failed to fetch)');
      expect(imported).not.toHaveBeenCalled();
      down = false;
      resetAllChunkCaches();
      await expect(cache.load('player')).resolves.toBe('the player');
      expect(imported).toHaveBeenCalledTimes(1);
      // The file that arrived is not asked for again; the one that failed is.
      expect(asked.sort()).toEqual(['/assets/media-T1.js', '/assets/media-T1.js', '/assets/player-T1.js']);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('imports a module the build lists nothing for at once (the dev server, the editor)', async () => {
    const imported = vi.fn(async () => 'the carousel');
    await expect(new ChunkCache(imported, { source: () => 'renderer/ui/unlisted.ts' }).load('carousel')).resolves.toBe('the carousel');
    expect(imported).toHaveBeenCalledTimes(1);
  });

  it('loads once, returns the value synchronously afterwards', async () => {
    const loader = vi.fn(async (k: string) => k.toUpperCase());
    const cache = new ChunkCache(loader);
    expect(cache.get('a')).toBeUndefined();
    await Promise.all([cache.load('a'), cache.load('a')]);
    expect(loader).toHaveBeenCalledTimes(1);
    expect(cache.get('a')).toBe('A');
  });

  it('keeps a failure until reset, then tries again', async () => {
    let fail = true;
    const cache = new ChunkCache(async (k: string) => {
      if (fail) throw new Error('offline');
      return k;
    });
    const first = cache.load('x');
    await expect(first).rejects.toBeInstanceOf(ChunkLoadError);
    expect(cache.load('x')).toBe(first);
    fail = false;
    cache.reset();
    await expect(cache.load('x')).resolves.toBe('x');
  });

  it('names the chunk by its key unless told otherwise', async () => {
    const cache = new ChunkCache<string>(() => Promise.reject(new Error('offline')), { name: (k) => `validator-${k}` });
    await expect(cache.load('contact')).rejects.toThrow(/^Loading chunk validator-contact failed/);
  });

  it('resetAllChunkCaches forgets the failures of every cache and keeps what loaded', async () => {
    let up = false;
    const loader = vi.fn(async (k: string) => {
      if (!up) throw new Error('offline');
      return k;
    });
    const a = new ChunkCache(loader);
    const b = new ChunkCache(loader);
    up = true;
    await a.load('kept');
    up = false;
    await expect(a.load('x')).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(b.load('y')).rejects.toBeInstanceOf(ChunkLoadError);
    up = true;
    resetAllChunkCaches();
    await expect(a.load('x')).resolves.toBe('x');
    await expect(b.load('y')).resolves.toBe('y');
    await a.load('kept');
    expect(loader.mock.calls.filter(([k]) => k === 'kept')).toHaveLength(1);
  });
});

describe('BlockBoundary', () => {
  function Broken(): never {
    throw new Error('boom');
  }

  it('contains a failing block and keeps its neighbours', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <MemoryRouter>
        <p>before</p>
        <BlockBoundary label="hero (block 1)">
          <Broken />
        </BlockBoundary>
        <p>after</p>
      </MemoryRouter>,
    );
    expect(screen.getByText('before')).toBeTruthy();
    expect(screen.getByText('after')).toBeTruthy();
    expect(screen.getByText(/could not be shown/)).toBeTruthy();
  });

  it('offers a retry for a chunk failure', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function ChunkBroken(): never {
      throw new ChunkLoadError('faq', new Error('Failed to fetch'));
    }
    render(
      <MemoryRouter>
        <BlockBoundary label="faq (block 2)">
          <ChunkBroken />
        </BlockBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Loading chunk faq failed' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('ChunkBoundary', () => {
  it('shows a missing chunk with a "Try again" that resets every cache and renders again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let up = false;
    const cache = new ChunkCache(async () => {
      if (!up) throw new Error('Failed to fetch');
      return 'the player';
    });
    function Player() {
      return <p>{use(cache.load('player'))}</p>;
    }
    // Awaited: the first render suspends on the chunk.
    await act(async () => {
      render(
        <ChunkBoundary>
          <Suspense fallback={<p>loading</p>}>
            <Player />
          </Suspense>
        </ChunkBoundary>,
      );
    });
    expect(await screen.findByRole('heading', { name: 'Loading chunk player failed' })).toBeTruthy();
    up = true;
    await act(async () => screen.getByRole('button', { name: 'Try again' }).click());
    await waitFor(() => expect(screen.getByText('the player')).toBeTruthy());
  });

  it('passes any other error on to the block boundary', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('boom');
    }
    render(
      <BlockBoundary label="hero (block 1)">
        <ChunkBoundary>
          <Broken />
        </ChunkBoundary>
      </BlockBoundary>,
    );
    expect(screen.getByText(/could not be shown/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
