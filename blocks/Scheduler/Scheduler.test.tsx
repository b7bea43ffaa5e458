import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import Scheduler from './index.tsx';
import example from './example.json';
import type { SchedulerBlock } from '../../renderer/generated/config-types.ts';
import { saveStore } from '../../renderer/forms/store.ts';
import { renderInPage } from '../../tests/helpers/render-form.tsx';

const block = example as SchedulerBlock;

// Pages are separate documents: the next step is a page load, recorded here instead.
const navigation = vi.hoisted(() => ({ to: [] as string[] }));
vi.mock('../../renderer/lib/navigate.ts', () => ({ navigateTo: (href: string) => navigation.to.push(href) }));

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.useRealTimers());

/** Renders the step on fake timers and returns a way to move them on. */
function renderStep() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  renderInPage(<Scheduler {...block} />, {}, '/schedule-call-calendly');
  return (ms: number) => act(async () => vi.advanceTimersByTime(ms));
}

/** The embedded scheduler's address once its iframe is there (the widget's module arrives on real timers). */
async function embeddedUrl(): Promise<URL> {
  vi.useRealTimers();
  const frame = await waitFor(() => {
    const f = document.querySelector('iframe');
    if (!f) throw new Error('no iframe yet');
    return f;
  });
  return new URL(frame.getAttribute('src') ?? '');
}

describe('scheduler block', () => {
  it('prerenders only the spinner: the widget exists only in the browser', () => {
    const html = renderToString(
      <MemoryRouter>
        <Scheduler {...block} />
      </MemoryRouter>,
    );
    expect(html).toContain('Loading the scheduler');
    expect(html).not.toContain('<iframe');
  });

  it('gives a visitor without stored details the empty scheduler after 3 s, and a link to the form', async () => {
    const wait = renderStep();
    await wait(3000);
    const src = await embeddedUrl();
    expect(src.searchParams.get('name')).toBeNull();
    expect(src.searchParams.get('email')).toBeNull();
    expect(screen.getByRole('link', { name: 'Join the waitlist' }).getAttribute('href')).toBe('/schedule-call');
    expect(screen.getByTestId('location').textContent).toBe('/schedule-call-calendly');
  });

  it('waits 3 s, then embeds the scheduler prefilled with the stored name and e-mail', async () => {
    saveStore('schedule', { firstName: 'Ada', lastName: 'Obi', email: 'ada@example.com', phoneNumber: '13065550100' });
    const wait = renderStep();
    await wait(2999);
    expect(document.querySelector('iframe')).toBeNull();
    await wait(1);
    const src = await embeddedUrl();
    expect(src.origin + src.pathname).toBe('https://calendly.com/buildpad/project-brief');
    expect(src.searchParams.get('name')).toBe('Ada Obi');
    expect(src.searchParams.get('email')).toBe('ada@example.com');
    expect(screen.queryByRole('link', { name: 'Join the waitlist' })).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/schedule-call-calendly');
  });

  it('after a booking reported by the scheduler, loads the next step 4 s later', async () => {
    navigation.to = [];
    const wait = renderStep();
    await wait(3000);
    const src = await embeddedUrl();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // A message from another origin is ignored.
    act(() => void window.dispatchEvent(new MessageEvent('message', { origin: 'https://evil.example', data: { event: 'calendly.event_scheduled' } })));
    expect(screen.queryByText(/booked/)).toBeNull();
    act(() => void window.dispatchEvent(new MessageEvent('message', { origin: src.origin, data: { event: 'calendly.event_scheduled' } })));
    expect(screen.getByText(/Your call is booked/)).toBeTruthy();
    await wait(3999);
    expect(navigation.to).toEqual([]);
    await wait(1);
    expect(navigation.to).toEqual(['/waitlist-welcome']);
  });
});
