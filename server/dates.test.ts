// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isoDateOrDateTime, isoDateTime } from './dates.ts';

describe('isoDateTime', () => {
  it('takes an ISO 8601 date-time with its zone, as UTC', () => {
    expect(isoDateTime('2026-11-24T10:00:00.000Z')).toBe('2026-11-24T10:00:00.000Z');
    expect(isoDateTime('2026-11-24T10:00Z')).toBe('2026-11-24T10:00:00.000Z');
    expect(isoDateTime('2026-11-24T10:00:00+02:00')).toBe('2026-11-24T08:00:00.000Z');
    expect(isoDateTime('2026-11-24T00:30:00-01:30')).toBe('2026-11-24T02:00:00.000Z');
    expect(isoDateTime('2024-02-29T23:59:59.999999Z')).toBe('2024-02-29T23:59:59.999Z');
    expect(isoDateTime('0050-01-01T00:00:00Z')).toBe('0050-01-01T00:00:00.000Z');
    const now = new Date().toISOString();
    expect(isoDateTime(now)).toBe(now);
  });

  it.each([
    '-1',
    '0',
    '1e3',
    '2026',
    '2026-11-24',
    '2026-11-24T10:00:00',
    '2026-11-24 10:00:00Z',
    'Tue, 24 Nov 2026 10:00:00 GMT',
    '2026-02-29T10:00:00Z',
    '2026-04-31T10:00:00Z',
    '2026-13-01T10:00:00Z',
    '2026-00-10T10:00:00Z',
    '0000-01-01T00:00:00Z',
    '2026-01-01T24:00:00Z',
    '2026-01-01T10:60:00Z',
    '2026-01-01T10:00:60Z',
    '2026-01-01T10:00:00+24:00',
    '+002026-01-01T10:00:00Z',
    ' 2026-01-01T10:00:00Z',
    '2026-01-01T10:00:00Z\n',
    '２０２６-01-01T10:00:00Z',
  ])('refuses %j', (text) => expect(isoDateTime(text)).toBeUndefined());
});

describe('isoDateOrDateTime', () => {
  it('also takes a date, as that day starting in UTC', () => {
    expect(isoDateOrDateTime('2026-01-01')).toBe('2026-01-01T00:00:00.000Z');
    expect(isoDateOrDateTime('2024-02-29')).toBe('2024-02-29T00:00:00.000Z');
    expect(isoDateOrDateTime('2026-01-01T10:00:00Z')).toBe('2026-01-01T10:00:00.000Z');
  });
  it.each(['0', '2026-02-29', '2026-1-1', '20260101', '2026-01-01T10:00:00', 'soon', ''])('refuses %j', (text) =>
    expect(isoDateOrDateTime(text)).toBeUndefined(),
  );
});
