/**
 * Strict ISO 8601 for what the lead service is sent: `since` filters and generated timestamps. Date.parse takes
 * "0", "-1" or "2026-02-30" and PostgreSQL refuses some of what it takes, so the shape and the calendar are
 * checked here and the value handed on is always the same normalised UTC time.
 */

// 2026-01-01, or 2026-01-01T10:00, 2026-01-01T10:00:00, 2026-01-01T10:00:00.123, each with Z or ±hh:mm.
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2}))$/;

/** Midnight UTC of that day; setUTCFullYear keeps years 1 to 99 as written, where Date.UTC would add 1900. */
function utcDay(year: number, month: number, day: number): Date {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  return d;
}

function instant(m: RegExpExecArray, withTime: boolean): string | undefined {
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = utcDay(year, month, day);
  // A day the calendar does not have (2026-02-30) rolls over into the next month.
  if (year < 1 || month < 1 || month > 12 || d.getUTCDate() !== day) return undefined;
  if (!withTime) return d.toISOString();
  const [hour, minute, second] = [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
  const [offHours, offMinutes] = [Number(m[9] ?? 0), Number(m[10] ?? 0)];
  if (hour > 23 || minute > 59 || second > 59 || offHours > 23 || offMinutes > 59) return undefined;
  const ms = Math.floor(Number(m[7] ?? 0) * 1000);
  const offsetMinutes = m[8] === 'Z' ? 0 : (m[8].startsWith('-') ? -1 : 1) * (offHours * 60 + offMinutes);
  return new Date(d.getTime() + ((hour * 60 + minute - offsetMinutes) * 60 + second) * 1000 + ms).toISOString();
}

/** An ISO 8601 date-time with its zone (`2026-01-01T10:00:00Z`), as UTC ISO text; undefined when it is not one. */
export function isoDateTime(text: string): string | undefined {
  const m = DATE_TIME.exec(text);
  return m ? instant(m, true) : undefined;
}

/** An ISO 8601 date (UTC midnight) or date-time, as UTC ISO text; undefined when it is neither. */
export function isoDateOrDateTime(text: string): string | undefined {
  const m = DATE.exec(text);
  return m ? instant(m, false) : isoDateTime(text);
}

export const SINCE_EXAMPLE = '2026-01-01 or 2026-01-01T10:00:00Z';
