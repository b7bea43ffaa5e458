/**
 * Values one step of a flow hands to the next, e.g. the
 * waitlist form's name and e-mail for the scheduler. Session storage: the details are only needed for this
 * visit and leave the device when the tab closes.
 */
const PREFIX = 'sitewright:store:';

export function saveStore(key: string, values: Record<string, unknown>): void {
  try {
    sessionStorage.setItem(PREFIX + key, JSON.stringify(values));
  } catch {
    // Storage disabled (private mode, quota): the next step falls back to asking again.
  }
}

export function readStore(key: string): Record<string, unknown> | null {
  try {
    const raw = sessionStorage.getItem(PREFIX + key);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
