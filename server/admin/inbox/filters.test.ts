// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  containsPattern,
  dayStart,
  erasedSentence,
  eventWords,
  formTitle,
  isDay,
  leadEmail,
  leadName,
  pageLinks,
  queryString,
  readQuery,
  readableTime,
  showing,
  today,
  valueText,
} from './filters.ts';

describe('the inbox’s helpers', () => {
  it('reads days strictly', () => {
    expect(isDay('2026-11-26')).toBe(true);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('2026-1-5')).toBe(false);
    expect(isDay('26/11/2026')).toBe(false);
  });

  it('starts a day at local midnight, across clock changes', () => {
    expect(dayStart('2026-11-26', 'UTC').toISOString()).toBe('2026-11-26T00:00:00.000Z');
    expect(dayStart('2026-11-26', 'Europe/Berlin').toISOString()).toBe('2026-11-25T23:00:00.000Z');
    expect(dayStart('2026-07-01', 'Europe/Berlin').toISOString()).toBe('2026-06-30T22:00:00.000Z');
    // The day after To: the end of the range, exclusive. 29 March 2026 is when Berlin moves to summer time.
    expect(dayStart('2026-03-28', 'Europe/Berlin', 1).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(dayStart('2026-03-29', 'Europe/Berlin', 1).toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(dayStart('2026-11-01', 'America/Los_Angeles').toISOString()).toBe('2026-11-01T07:00:00.000Z');
    expect(dayStart('2026-12-31', 'UTC', 1).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('writes times and today in the server’s zone', () => {
    expect(readableTime('2026-11-26T13:05:00Z', 'UTC')).toBe('26 Nov 2026, 13:05');
    expect(readableTime('2026-11-26T23:30:00Z', 'Europe/Berlin')).toBe('27 Nov 2026, 00:30');
    expect(today(Date.parse('2026-11-26T23:30:00Z'), 'Europe/Berlin')).toBe('2026-11-27');
    expect(today(Date.parse('2026-11-26T23:30:00Z'), 'UTC')).toBe('2026-11-26');
  });

  it('reads the address’s filters and writes them back without empty values', () => {
    const { query, filter, problems } = readQuery(
      { form: 'contact', status: 'spam', from: '2026-11-01', to: '2026-11-02', q: ' ada ', page: '3' },
      ['contact'],
      'UTC',
    );
    expect(problems).toEqual([]);
    expect(query).toEqual({ form: 'contact', status: 'spam', from: '2026-11-01', to: '2026-11-02', q: 'ada', page: 3 });
    expect(filter.since?.toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(filter.before?.toISOString()).toBe('2026-11-03T00:00:00.000Z');
    expect(queryString(query)).toBe('form=contact&status=spam&from=2026-11-01&to=2026-11-02&q=ada&page=3');
    expect(queryString({ ...query, page: 1, form: '', status: '' })).toBe('from=2026-11-01&to=2026-11-02&q=ada');
    expect(readQuery({ page: '0' }, [], 'UTC').query.page).toBe(1);
    expect(readQuery({ page: 'x' }, [], 'UTC').query.page).toBe(1);
    expect(readQuery({}, [], 'UTC').filter).toEqual({ form: undefined, status: undefined, since: undefined, before: undefined, q: undefined });
  });

  it('escapes LIKE’s wildcards and its escape character', () => {
    expect(containsPattern('100%')).toBe('%100\\%%');
    expect(containsPattern('a_b\\c')).toBe('%a\\_b\\\\c%');
  });

  it('names the person and the form in words', () => {
    expect(leadName({ firstName: ' Ada ', lastName: 'Lovelace' })).toBe('Ada Lovelace');
    expect(leadName({ firstname: 'Wole', lastname: 'Soyinka' })).toBe('Wole Soyinka');
    expect(leadName({ name: 'Grace Hopper', firstName: 'x' })).toBe('Grace Hopper');
    expect(leadName({ email: 'a@b.example' })).toBe('');
    expect(leadEmail({ Email: 'a@b.example' })).toBe('a@b.example');
    expect(formTitle('demo-lead')).toBe('Demo lead');
    expect(formTitle('contact', { title: 'Contact us' })).toBe('Contact us');
    expect(valueText(true)).toBe('Yes');
    expect(valueText(['a', 1])).toBe('a, 1');
    expect(valueText(null)).toBe('');
  });

  it('counts in words', () => {
    expect(showing(1, 1234)).toBe('Showing 1–50 of 1,234');
    expect(showing(25, 1234)).toBe('Showing 1,201–1,234 of 1,234');
    expect(showing(1, 0)).toBe('No leads match these filters.');
    // With no filter chosen, an empty inbox says what it is for rather than blaming filters nobody set.
    expect(showing(1, 0, false)).toBe('No leads yet. A form sent on the site appears here at once; spam is kept under Status: Spam.');
    expect(showing(1, 3, false)).toBe('Showing 1–3 of 3');
    expect(erasedSentence({ leads: 3, notes: 2, notifications: 1 })).toBe('Erased 3 leads, 2 notes and 1 pending notification for that address.');
    expect(erasedSentence({ leads: 1, notes: 0, notifications: 0 })).toBe('Erased 1 lead, 0 notes and 0 pending notifications for that address.');
    expect(pageLinks(1, 1)).toEqual([1]);
    expect(pageLinks(6, 25)).toEqual([1, null, 4, 5, 6, 7, 8, null, 25]);
    expect(pageLinks(2, 4)).toEqual([1, 2, 3, 4]);
  });

  it('tells a lead’s history in plain words', () => {
    const at = '2026-11-26T10:00:00Z';
    expect(eventWords({ kind: 'received', actor: null, at, detail: {} }, 'Contact')).toBe('Received through the Contact form');
    expect(eventWords({ kind: 'notified', actor: null, at, detail: { recipient: 'sales@buildpad.example' } }, 'Contact')).toBe(
      'Notification emailed to sales@buildpad.example',
    );
    expect(eventWords({ kind: 'notify-failed', actor: null, at, detail: { recipient: 'x@y.example' } }, 'Contact')).toBe(
      'The notification email to x@y.example could not be sent',
    );
    expect(eventWords({ kind: 'marked-handled', actor: 'Ada', at, detail: {} }, 'Contact')).toBe('Marked as handled by Ada');
    expect(eventWords({ kind: 'exported', actor: 'Ada', at, detail: {} }, 'Contact')).toBe('Exported to a CSV file by Ada');
    expect(eventWords({ kind: 'not-spam', actor: 'Ada', at, detail: {} }, 'Contact')).toBe('Moved out of spam by Ada');
  });
});
