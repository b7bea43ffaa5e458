import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import Scheduler from './index.tsx';
import example from './example.json';
import type { SchedulerBlock } from '../../renderer/generated/config-types.ts';
import { renderInPage } from '../../tests/helpers/render-form.tsx';

// The widget's chunk (imported through ./calendly.ts) fails to arrive until `network.up` (as a dropped connection would).
const network = vi.hoisted(() => ({ up: false, attempts: 0 }));
vi.mock('./calendly.ts', async (importOriginal) => {
  network.attempts++;
  if (!network.up) throw new Error('Failed to fetch dynamically imported module');
  return importOriginal();
});

afterEach(() => vi.useRealTimers());

describe('scheduler block without its widget chunk', () => {
  it('keeps showing the spinner, and the next visit to the step loads the widget', async () => {
    const block = { ...(example as SchedulerBlock), loadingMs: 10 };
    renderInPage(<Scheduler {...block} />, {}, '/schedule-call-calendly');
    await waitFor(() => expect(network.attempts).toBe(1));
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.getByText('Loading the scheduler')).toBeTruthy();
    cleanup();

    network.up = true;
    renderInPage(<Scheduler {...block} />, {}, '/schedule-call-calendly');
    await waitFor(() => expect(document.querySelector('iframe')).not.toBeNull());
    expect(network.attempts).toBe(2);
  });
});
