import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import Scheduler from './index.tsx';
import example from './example.json';
import type { SchedulerBlock } from '../../renderer/generated/config-types.ts';
import { saveStore } from '../../renderer/forms/store.ts';
import { renderInPage } from '../../tests/helpers/render-form.tsx';

// The widget's module, in memory: these tests are about the time it gets to say it is up.
vi.mock('react-calendly', () => ({
  InlineWidget: ({ url, iframeTitle }: { url: string; iframeTitle: string }) => <iframe src={url} title={iframeTitle} />,
  useCalendlyEventListener: () => undefined,
}));

const block = example as SchedulerBlock;
const SCHEDULER = 'https://calendly.com';

beforeEach(() => {
  sessionStorage.clear();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => vi.useRealTimers());

/** Renders the step and returns a way to move its timers on (the widget's module arrives in between). */
async function renderStep(props: Partial<SchedulerBlock> = {}) {
  renderInPage(<Scheduler {...block} {...props} />, {}, '/schedule-call-calendly');
  const wait = (ms: number) => act(async () => vi.advanceTimersByTime(ms));
  await wait(block.loadingMs ?? 3000);
  await act(async () => vi.dynamicImportSettled());
  return wait;
}

const post = (origin: string, data: unknown) => act(() => void window.dispatchEvent(new MessageEvent('message', { origin, data })));

describe('scheduler that does not load', () => {
  it('after 10 s without a word from the scheduler: saved, its page in a new tab prefilled, and the next step', async () => {
    saveStore('schedule', { firstName: 'Ada', lastName: 'Obi', email: 'ada@example.com' });
    const wait = await renderStep();
    expect(document.querySelector('iframe')).not.toBeNull();
    // A message from another origin, or not the scheduler's, is no sign of it.
    post('https://evil.example', { event: 'calendly.event_type_viewed' });
    post(SCHEDULER, { event: 'ready' });
    await wait(9_999);
    expect(screen.queryByText('The scheduler could not be loaded here.')).toBeNull();
    await wait(1);
    // Said politely to screen readers, as the video dialog says its own failure.
    expect(screen.getByText('The scheduler could not be loaded here.').closest('[role="status"]')).not.toBeNull();
    expect(screen.getByText('Your place on the waitlist is saved.')).toBeTruthy();
    expect(document.querySelector('iframe')).toBeNull();
    const open = screen.getByRole('link', { name: 'Open the scheduling page' });
    expect(open.getAttribute('target')).toBe('_blank');
    expect(open.getAttribute('rel')).toBe('noopener noreferrer');
    const href = new URL(open.getAttribute('href') ?? '');
    expect(href.origin + href.pathname).toBe('https://calendly.com/buildpad/project-brief');
    expect([href.searchParams.get('name'), href.searchParams.get('email')]).toEqual(['Ada Obi', 'ada@example.com']);
    expect(screen.getByRole('link', { name: 'Continue without booking' }).getAttribute('href')).toBe('/waitlist-welcome');
  });

  it('stays once the scheduler has posted a calendly.* message', async () => {
    saveStore('schedule', { firstName: 'Ada', lastName: 'Obi', email: 'ada@example.com' });
    const wait = await renderStep();
    post(SCHEDULER, { event: 'calendly.event_type_viewed', payload: {} });
    await wait(60_000);
    expect(document.querySelector('iframe')).not.toBeNull();
    expect(screen.queryByText('The scheduler could not be loaded here.')).toBeNull();
  });

  it('has defaults for every text; a visitor without stored details gets the page and the waitlist link, not "saved"', async () => {
    const wait = await renderStep({ fallback: undefined, fallbackAfterMs: undefined });
    await wait(10_000);
    expect(screen.getByText('The scheduler could not be loaded here.')).toBeTruthy();
    expect(screen.queryByText(/saved/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Continue without booking' })).toBeNull();
    const open = screen.getByRole('link', { name: 'Book your call on calendly.com' });
    expect(open.getAttribute('href')).toBe('https://calendly.com/buildpad/project-brief');
    expect(screen.getByRole('link', { name: 'Join the waitlist' }).getAttribute('href')).toBe('/schedule-call');
  });
});
