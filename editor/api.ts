/** The editor backend's API (scripts/edit.ts): every call carries the per-start token from the page's meta tag. */
import type { ProseDocument } from '../blocks/Prose/tree.ts';
import { normaliseDiagnostic, type Diagnostic } from './pointer.ts';

export interface BlockInfo {
  type: string;
  title: string;
  description: string;
  schema: Record<string, unknown>;
  example: Record<string, unknown> | null;
}

export interface FilesIndex {
  pages: { path: string; route: string; title: string }[];
  faqs: { path: string; id: string }[];
  forms: { path: string; id: string }[];
  site: { path: string };
  assets: string[];
  routes: string[];
  destinations: string[];
  blocks: BlockInfo[];
}

export interface FileDoc {
  path: string;
  text: string;
  data: unknown;
  hash: string;
}

/**
 * Where the API is: the page says so in <meta name="sitewright-editor-api"> (the back office serves it at
 * /admin/pages/api/); npm run edit's page has no such tag and uses its own.
 */
export function apiBase(): string {
  if (typeof document === 'undefined') return '/__editor/api/';
  return document.querySelector<HTMLMetaElement>('meta[name="sitewright-editor-api"]')?.content || '/__editor/api/';
}

const BASE = apiBase();

export function token(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="sitewright-editor-token"]')?.content ?? '';
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body.message === 'string' ? body.message : `The editor's server answered ${status}.`);
  }
}

export async function call<T>(path: string, init?: { method?: string; body?: unknown }): Promise<T> {
  const res = await fetch(BASE + path, {
    method: init?.method ?? 'GET',
    headers: { 'X-Sitewright-Editor-Token': token(), ...(init?.body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    body: init?.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  let body: Record<string, unknown>;
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    body = { message: text };
  }
  if (!res.ok) throw new ApiError(res.status, body);
  return body as T;
}

export const api = {
  files: () => call<FilesIndex>('files'),
  file: (path: string) => call<FileDoc>(`file?path=${encodeURIComponent(path)}`),
  /** A content file ("content/policy.mdx") compiled as the build does; a file that does not compile is an ApiError (422). */
  content: (path: string) => call<{ path: string; hash: string; doc: ProseDocument }>(`content?path=${encodeURIComponent(path)}`),
  check: async (files: Record<string, unknown>, signal?: AbortSignal): Promise<Diagnostic[]> => {
    const res = await fetch(BASE + 'check', {
      method: 'POST',
      headers: { 'X-Sitewright-Editor-Token': token(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ files }),
      signal,
    });
    if (!res.ok) throw new ApiError(res.status, await res.json().catch(() => ({})));
    const body = (await res.json()) as { diagnostics?: Record<string, unknown>[] };
    return (body.diagnostics ?? []).map(normaliseDiagnostic);
  },
  save: (path: string, data: unknown, baseHash: string) => call<{ hash: string; text: string }>('save', { method: 'POST', body: { path, data, baseHash } }),
  create: (route: string, title: string) =>
    call<{ path: string; text: string; hash: string; data?: unknown }>('create', { method: 'POST', body: { route, title } }),
  fragment: (kind: 'faq' | 'form', id: string) =>
    call<{ path: string; text: string; hash: string; data?: unknown }>('fragment', { method: 'POST', body: { kind, id } }),
  changes: () => call<{ files: { path: string; status: string; diff: string }[] }>('changes'),
  /** What saving `data` would change in the file, as the save writes it (a unified diff). */
  unsaved: (path: string, data: unknown) => call<{ path: string; diff: string }>('unsaved', { method: 'POST', body: { path, data } }),
  events: () => new EventSource(`${BASE}events?token=${encodeURIComponent(token())}`),
};
