import { describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import { showToast } from './toasts.tsx';
import { ChunkLoadError } from '../lib/with-timeout.ts';

// react-toastify's chunk (imported through ./toastify.ts) fails to arrive until `network.up` (as a dropped connection would).
const network = vi.hoisted(() => ({ up: false }));
vi.mock('./toastify.ts', async (importOriginal) => {
  if (!network.up) throw new Error('Failed to fetch dynamically imported module');
  return importOriginal();
});

describe('toasts', () => {
  it('fail as "Loading chunk toasts failed" without the chunk, and the next toast loads it', async () => {
    const request = { text: 'Saved', kind: 'success', position: 'top-right', autoCloseMs: 1000 } as const;
    const failed = showToast(request);
    await expect(failed).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(failed).rejects.toThrow(/^Loading chunk toasts failed/);
    expect(document.querySelector('[data-toasts="site"]')).toBeNull();

    network.up = true;
    await act(async () => showToast(request));
    expect(document.querySelector('[data-toasts="site"]')).not.toBeNull();
  });
});
