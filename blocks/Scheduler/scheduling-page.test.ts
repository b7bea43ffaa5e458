// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { hostOf, isSchedulerMessage, schedulingPageUrl } from './scheduling-page.ts';

describe('the scheduling page in a tab of its own', () => {
  it('carries the name and e-mail as the embedded widget does', () => {
    const url = schedulingPageUrl('https://calendly.com/buildpad/project-brief', {
      name: 'Ada Obi',
      firstName: 'Ada',
      lastName: 'Obi',
      email: 'ada+build@example.com',
    });
    expect(url).toBe('https://calendly.com/buildpad/project-brief?name=Ada%20Obi&first_name=Ada&last_name=Obi&email=ada%2Bbuild%40example.com');
    const read = new URL(url).searchParams;
    expect([read.get('name'), read.get('email')]).toEqual(['Ada Obi', 'ada+build@example.com']);
  });

  it('keeps a query the address has, and leaves out what is missing', () => {
    expect(schedulingPageUrl('https://calendly.com/b/brief?month=2030-01', { email: 'a@b.example', name: '' })).toBe(
      'https://calendly.com/b/brief?month=2030-01&email=a%40b.example',
    );
    expect(schedulingPageUrl('https://calendly.com/b/brief', null)).toBe('https://calendly.com/b/brief');
  });

  it('counts only calendly.* messages as the scheduler being up', () => {
    expect(isSchedulerMessage({ event: 'calendly.event_type_viewed', payload: {} })).toBe(true);
    expect(isSchedulerMessage({ event: 'calendly.page_height' })).toBe(true);
    for (const other of [null, 'calendly.event_type_viewed', { event: 'other.ready' }, { event: 1 }, {}]) expect(isSchedulerMessage(other)).toBe(false);
  });

  it('names the host for the link', () => {
    expect(hostOf('https://www.calendly.com/b')).toBe('calendly.com');
  });
});
