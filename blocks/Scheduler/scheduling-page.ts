/** The visitor's details as the scheduler is filled in with them. */
export interface Prefill {
  name?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
}

/**
 * The scheduling page's own address, filled in as the embedded widget is: react-calendly's query names (name,
 * first_name, last_name, email), each value written with encodeURIComponent as it writes them, after any query the
 * address already has. Only the embedding parameters are left out: the page is opened in a tab of its own.
 */
export function schedulingPageUrl(url: string, prefill: Prefill | null): string {
  const values: [string, string | undefined][] = [
    ['name', prefill?.name],
    ['first_name', prefill?.firstName],
    ['last_name', prefill?.lastName],
    ['email', prefill?.email],
  ];
  const query = values.filter((v): v is [string, string] => Boolean(v[1])).map(([key, value]) => `${key}=${encodeURIComponent(value)}`);
  if (query.length === 0) return url;
  const address = new URL(url);
  address.search = address.search ? `${address.search}&${query.join('&')}` : `?${query.join('&')}`;
  return address.href;
}

/**
 * True for a message of the Calendly embed ("calendly.event_type_viewed", "calendly.page_height", …), which it posts
 * once its page is up. The frame's load event is no such sign: it fires for the browser's own error page too.
 */
export function isSchedulerMessage(data: unknown): boolean {
  if (typeof data !== 'object' || data === null || !('event' in data)) return false;
  return typeof data.event === 'string' && data.event.startsWith('calendly.');
}

/** The scheduling site's host name for a link's words, e.g. "calendly.com". */
export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return 'its own site';
  }
}
