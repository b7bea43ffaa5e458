/**
 * A form start: the visitor's first interaction with a form on this page (first focus into a field, or first
 * input), counted once per form per page view, against the visit the tab recorded (renderer/shell/visit.ts), so
 * the funnel reads visitors → form starts → leads. Only for forms posted to the site's own service: an external
 * endpoint's form is not the site's lead, and its visitors' data stays where it was. Sent like the page view
 * (renderer/shell/beacon.ts), never awaited: typing never waits for it.
 */
import { sendEvent } from '../shell/beacon.ts';
import { VISIT_VALUE_MAX } from '../shell/visit.ts';
import { recordedVisit, toOwnService } from './attribution.ts';
import { HONEYPOT_FIELD } from './honeypot.ts';

/** The parts of the recorded visit a form start carries (./events.ts). */
const VISIT_KEYS = ['landing', 'ref', 'utm_source', 'utm_campaign'];

/** The forms started on this page: a module lives as long as its page. */
const started = new Set<string>();

/** The body of form `form`'s start on the page `view` shows. */
export function startBody(form: string, view: Window): URLSearchParams {
  const body = new URLSearchParams({ k: 'start', f: form, p: view.location.pathname.slice(0, VISIT_VALUE_MAX) });
  for (const [key, value] of recordedVisit(view)) if (VISIT_KEYS.includes(key)) body.set(key, value);
  return body;
}

/**
 * Counts the start of form `form`, posted to `endpoint`, when `target` (where focus or input happened) is one of
 * its fields; once per form per page. The honeypot is no field: only bots reach it.
 */
export function noteFormStart(form: string, endpoint: string, target: EventTarget | null, view: Window = window): void {
  if (started.has(form) || !(target instanceof Element) || !target.matches('input, textarea, select')) return;
  if ((target as HTMLInputElement).name === HONEYPOT_FIELD || !toOwnService(endpoint, view)) return;
  started.add(form);
  sendEvent(startBody(form, view));
}

/** Forgets the forms started: a new page view, for tests that render many in one document. */
export function forgetFormStarts(): void {
  started.clear();
}
