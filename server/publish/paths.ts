/**
 * Which paths inside site.config/ the service may read from a draft and write into the working copy: only the files
 * the checker reads (site.json, pages, FAQ sets, forms, MDX texts) and the pictures the editor uploads. Everything
 * else is refused, so no request can reach a file outside the config folder or one the build would not check.
 */

const NAME = '[A-Za-z0-9][A-Za-z0-9._-]*';
const ALLOWED: readonly RegExp[] = [
  /^site\.json$/,
  new RegExp(`^(pages|faqs|forms)/${NAME}\\.json$`),
  new RegExp(`^content/${NAME}\\.mdx$`),
  new RegExp(`^assets/(${NAME}/)*${NAME}\\.(svg|png|jpe?g|webp|avif|gif|ico)$`, 'i'),
];

export class PathRefused extends Error {}

/** Why `rel` (a path inside site.config/) is refused, or null when it is a config file the service may touch. */
export function configPathProblem(rel: string): string | null {
  if (typeof rel !== 'string' || rel === '') return 'The path is empty.';
  if (rel.startsWith('/') || /^[A-Za-z]:/.test(rel)) return `"${rel}" is an absolute path; only paths inside site.config/ are taken.`;
  if (rel.includes('\\') || rel.includes('\0')) return `"${rel}" has a character paths here never have.`;
  const parts = rel.split('/');
  if (parts.some((p) => p === '..' || p === '.' || p === '')) return `"${rel}" leaves or wanders in site.config/; write it without "..", "." or "//".`;
  if (!ALLOWED.some((re) => re.test(rel)))
    return `"${rel}" is not a file the checker reads (site.json, pages/, faqs/, forms/, content/ or a picture in assets/).`;
  return null;
}

export function isConfigPath(rel: string): boolean {
  return configPathProblem(rel) === null;
}

/** Throws PathRefused unless `rel` is a config file the service may touch. */
export function assertConfigPath(rel: string): string {
  const problem = configPathProblem(rel);
  if (problem) throw new PathRefused(problem);
  return rel;
}

/** True for files compared and merged as text (JSON and MDX); pictures are compared byte for byte. */
export const isTextConfig = (rel: string): boolean => rel.endsWith('.json') || rel.endsWith('.mdx');

/** A staff member's id becomes a folder name: only a UUID is taken. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function assertStaffId(id: string): string {
  if (typeof id !== 'string' || !UUID.test(id)) throw new PathRefused('A draft belongs to a staff member, named by their id (a UUID).');
  return id.toLowerCase();
}

/** Removes "user:password@" from any URL in a text, so an error never shows a credential. */
export function withoutCredentials(text: string): string {
  return text.replace(/([a-z][a-z0-9+.-]*:\/\/)[^/@\s]+@/gi, '$1');
}
