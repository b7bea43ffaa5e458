/**
 * The editor's refusals (issue 19, point 7): who may call the API, and which files it may touch.
 *  - Every API request carries the per-start token (header X-Sitewright-Editor-Token), which only the editor's own
 *    page knows (it is injected into that page's HTML).
 *  - Host must be 127.0.0.1:<port> or localhost:<port>: a DNS-rebinding page (evil.example resolving to 127.0.0.1)
 *    sends its own name as Host.
 *  - Writes (any method but GET/HEAD) also need Origin equal to http://<Host>: a page in another tab is cross-site.
 *  - Every path is resolved inside the config folder; `..`, absolute paths, NUL and symlinks out of it are refused,
 *    and only the config files the checker reads may be written.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, lstatSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';

export const TOKEN_HEADER = 'x-sitewright-editor-token';
export const TOKEN_META = 'sitewright-editor-token';

/** A refused request: its HTTP status and a message for a person. */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

export interface RequestLike {
  method?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface Guard {
  token: string;
  port: number;
  /** Extra host names accepted besides 127.0.0.1 and localhost (the HOST the server was started with). */
  hosts?: string[];
}

const header = (req: RequestLike, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

function sameToken(a: string | undefined, b: string): boolean {
  if (!a) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The hosts (with port) the editor answers to. */
export function allowedHosts(guard: Guard): string[] {
  const names = ['127.0.0.1', 'localhost', ...(guard.hosts ?? []).filter((h) => h && h !== '0.0.0.0' && h !== '::')];
  return [...new Set(names)].map((h) => `${h.includes(':') ? `[${h}]` : h}:${guard.port}`);
}

/** Host check alone (for the editor's HTML page, which holds the token). */
export function checkHost(req: RequestLike, guard: Guard): Refusal | null {
  const host = header(req, 'host')?.toLowerCase();
  if (!host || !allowedHosts(guard).includes(host)) {
    return new Refusal(403, `Refused: the editor only answers requests addressed to ${allowedHosts(guard).join(' or ')} (this one was for "${host ?? ''}").`);
  }
  return null;
}

/**
 * Why an API request is refused, or null when it may go on. `queryToken` accepts the token as ?token= too; used for
 * the event stream only, which a browser's EventSource opens without custom headers (it only reads).
 */
export function checkRequest(req: RequestLike, guard: Guard, opts: { queryToken?: boolean } = {}): Refusal | null {
  const bad = checkHost(req, guard);
  if (bad) return bad;
  let token = header(req, TOKEN_HEADER);
  if (!token && opts.queryToken && (req.method ?? 'GET') === 'GET') token = new URL(req.url ?? '/', 'http://x').searchParams.get('token') ?? undefined;
  if (!sameToken(token, guard.token))
    return new Refusal(403, 'Refused: this request does not come from the editor page (missing or wrong editor token). Reload the editor.');
  const method = (req.method ?? 'GET').toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') {
    const origin = header(req, 'origin');
    const own = `http://${header(req, 'host')!.toLowerCase()}`;
    if (origin !== own)
      return new Refusal(403, `Refused: changes are only accepted from the editor's own page (${own}), not from "${origin ?? 'an unknown page'}".`);
  }
  return null;
}

function lexists(p: string): boolean {
  try {
    lstatSync(p);
    return true;
  } catch {
    return false;
  }
}

/** Files the editor may write: the ones the checker reads. */
const WRITABLE: RegExp[] = [/^site\.json$/, /^(pages|faqs|forms)\/[A-Za-z0-9][A-Za-z0-9._-]*\.json$/, /^content\/[A-Za-z0-9][A-Za-z0-9._-]*\.mdx$/];

export function isWritable(rel: string): boolean {
  return WRITABLE.some((r) => r.test(rel));
}

/**
 * The absolute path of `rel` inside `configDir`, or a Refusal thrown: not a relative path, leaving the folder (also
 * through a symlink, checked on the real paths of the file or of its nearest existing folder), or not a config file
 * when `write` is set. Returns the normalised relative path too.
 */
export function resolveInside(configDir: string, rel: unknown, opts: { write?: boolean } = {}): { abs: string; rel: string } {
  if (typeof rel !== 'string' || rel === '') throw new Refusal(400, 'A file path is required, e.g. "pages/home.json".');
  if (rel.includes('\0')) throw new Refusal(400, 'Refused: the file path contains a NUL character.');
  const slashed = rel.replace(/\\/g, '/');
  if (isAbsolute(rel) || slashed.startsWith('/') || /^[A-Za-z]:/.test(slashed))
    throw new Refusal(403, `Refused: "${rel}" is an absolute path; give a path inside the config folder, e.g. "pages/home.json".`);
  const parts = slashed.split('/');
  if (parts.some((p) => p === '..' || p === '.' || p === '')) throw new Refusal(403, `Refused: "${rel}" leaves the config folder or is not a plain path.`);
  const norm = parts.join('/');
  const abs = join(configDir, ...parts);
  const rootReal = realpathSync(configDir);
  if (relative(configDir, abs).startsWith('..')) throw new Refusal(403, `Refused: "${rel}" is outside the config folder.`);
  // The real path of the file (or of its nearest existing folder, for a new file) must stay inside the real config folder.
  let probe = abs;
  while (!lexists(probe) && probe !== dirname(probe)) probe = dirname(probe);
  // A link whose target is missing would be followed by a write: refused like any other.
  if (!existsSync(probe)) throw new Refusal(403, `Refused: "${rel}" is a link to something that does not exist.`);
  let real: string;
  try {
    real = realpathSync(probe);
  } catch {
    throw new Refusal(403, `Refused: "${rel}" cannot be resolved (a broken link?).`);
  }
  if (real !== rootReal && !real.startsWith(rootReal + sep))
    throw new Refusal(403, `Refused: "${rel}" points outside the config folder (through a symbolic link).`);
  if (opts.write && !isWritable(norm)) {
    throw new Refusal(403, `Refused: the editor only writes site.json and the .json files in pages/, faqs/ and forms/ (and .mdx in content/), not "${rel}".`);
  }
  return { abs, rel: norm };
}
