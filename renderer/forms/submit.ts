import type { FormNotice, FormPayloadValue, FormSubmit } from '../generated/config-types.ts';

/** What came of one submission. */
export type SubmitOutcome =
  | { kind: 'success'; status: number; data: unknown }
  | { kind: 'http'; status: number; body: string; data: unknown; retryAfter?: string | null }
  | { kind: 'network'; error: string }
  | { kind: 'timeout'; seconds: number };

export const DEFAULT_TIMEOUT_SECONDS = 15;

/** "{iamService}/waitlist/add" → the identity service's address from site.json (or SITEWRIGHT_IAM_URL) + path. */
export function resolveEndpoint(endpoint: string, iamService: string): string {
  return endpoint.startsWith('{iamService}') ? iamService.replace(/\/+$/, '') + endpoint.slice('{iamService}'.length) : endpoint;
}

export function isSuccess(success: FormSubmit['success'], status: number): boolean {
  if (success.status !== undefined) return status === success.status;
  if (success.statusBelow !== undefined) return status >= 200 && status < success.statusBelow;
  return status >= 200 && status < 300;
}

/**
 * Sends the body as JSON and waits at most `timeoutSeconds` for the whole answer; every way it can go wrong
 * comes back as an outcome, never as a thrown error.
 */
export async function sendForm(
  submit: FormSubmit,
  body: unknown,
  iamService: string,
  fetchImpl: typeof fetch = fetch,
  headers: Record<string, string> = {},
): Promise<SubmitOutcome> {
  const seconds = submit.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, seconds * 1000);
  try {
    const res = await fetchImpl(resolveEndpoint(submit.endpoint, iamService), {
      method: submit.method ?? 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    const text = await res.text();
    let data: unknown = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      data = null;
    }
    if (isSuccess(submit.success, res.status)) return { kind: 'success', status: res.status, data };
    return { kind: 'http', status: res.status, body: text, data, retryAfter: res.headers.get('Retry-After') };
  } catch (e) {
    if (timedOut) return { kind: 'timeout', seconds };
    return { kind: 'network', error: e instanceof Error ? e.message : String(e) };
  } finally {
    clearTimeout(timer);
  }
}

function field(data: unknown, name: string): string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const v = (data as Record<string, unknown>)[name];
  return typeof v === 'string' && v.trim() ? v.trim() : undefined;
}

/**
 * The server's own explanation of a refusal. A 2xx that is not the expected status explains itself in
 * "message"; an error status in "error" ("the response message" / "the response error field").
 */
export function serverReason(outcome: Extract<SubmitOutcome, { kind: 'http' }>): string {
  const [first, second] = outcome.status < 300 ? ['message', 'error'] : ['error', 'message'];
  const fromBody = field(outcome.data, first) ?? field(outcome.data, second);
  if (fromBody) return fromBody;
  const text = outcome.body.trim();
  if (text && text.length <= 200 && !text.startsWith('<')) return text;
  return `the server answered with status ${outcome.status}`;
}

const NETWORK_REASON = 'we could not reach the server. Check your connection and try again';
const timeoutReason = (s: number) => `the server took longer than ${s} seconds to answer, so we stopped waiting`;
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function fill(text: string, values: Record<string, string>): string {
  return text
    .replace(/\{(reason|status|body)\}/g, (_, k: string) => values[k] ?? '')
    .replace(/\s+([.,!?])/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/**
 * How many seconds a 429 asks the visitor to wait: the Retry-After header (seconds or an HTTP date), else the
 * body's retryAfterSeconds; undefined when neither says.
 */
export function waitSeconds(retryAfter: string | null | undefined, data: unknown, now: () => number = Date.now): number | undefined {
  const header = retryAfter?.trim();
  if (header) {
    if (/^\d+$/.test(header)) return Number(header);
    const at = Date.parse(header);
    if (!Number.isNaN(at)) return Math.max(1, Math.ceil((at - now()) / 1000));
  }
  const fromBody = data && typeof data === 'object' ? (data as Record<string, unknown>).retryAfterSeconds : undefined;
  return typeof fromBody === 'number' && Number.isFinite(fromBody) && fromBody >= 0 ? Math.ceil(fromBody) : undefined;
}

export const DEFAULT_RATE_LIMIT_TEXT = 'You have sent this form several times in a short while. Please wait {wait} and try again.';

/** "30 seconds", "1 second", or a wording without a number when the server did not say. */
export function waitWords(seconds: number | undefined): string {
  if (seconds === undefined) return 'a little while';
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

/**
 * The service's 422 field errors ({field: payload key, message}) keyed by the form field each payload key is
 * built from, so they can show under that field; keys that no field feeds (a timestamp) are left out.
 */
export function serverFieldErrors(data: unknown, payload: Record<string, FormPayloadValue>): Record<string, string> {
  const errors = data && typeof data === 'object' ? (data as { errors?: unknown }).errors : undefined;
  if (!Array.isArray(errors)) return {};
  const out: Record<string, string> = {};
  for (const e of errors as unknown[]) {
    if (!e || typeof e !== 'object') continue;
    const { field: key, message } = e as { field?: unknown; message?: unknown };
    if (typeof key !== 'string' || typeof message !== 'string' || !message.trim()) continue;
    const spec = payload[key];
    const name = typeof spec === 'string' ? spec : spec && 'field' in spec ? spec.field : undefined;
    if (name && !(name in out)) out[name] = message.trim();
  }
  return out;
}

/** The failure message of the form file for this outcome, with {reason}, {status} and {body} filled in. */
export function failureText(notice: FormNotice, outcome: Exclude<SubmitOutcome, { kind: 'success' }>, now: () => number = Date.now): string {
  const hasReason = notice.text.includes('{reason}');
  switch (outcome.kind) {
    case 'http':
      if (outcome.status === 429) {
        const wait = waitWords(waitSeconds(outcome.retryAfter, outcome.data, now));
        return (notice.rateLimitText ?? DEFAULT_RATE_LIMIT_TEXT).replace(/\{wait\}/g, wait);
      }
      return fill(notice.text, { reason: serverReason(outcome), status: String(outcome.status), body: outcome.body.trim().slice(0, 500) });
    case 'network':
      if (notice.networkText) return notice.networkText;
      return fill(notice.text, { reason: NETWORK_REASON, status: '', body: '' });
    case 'timeout':
      if (notice.timeoutText) return notice.timeoutText;
      if (hasReason) return fill(notice.text, { reason: timeoutReason(outcome.seconds), status: '', body: '' });
      return `${capitalise(timeoutReason(outcome.seconds))}. ${fill(notice.text, {})}`;
  }
}

/** The success message: the server's "message" when the form asks for it and one came, else the file's text. */
export function successText(notice: FormNotice, outcome: Extract<SubmitOutcome, { kind: 'success' }>): string {
  return (notice.useResponseMessage && field(outcome.data, 'message')) || notice.text;
}
