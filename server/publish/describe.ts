/**
 * Plain words for config changes (a small version; the full one, with block and field titles from the schemas,
 * replaces it): what the commit message, the draft's list of changes and the history say.
 */
import type { FieldChange, FileChange } from './types.ts';

const words = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase();
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function fileLabel(file: string, doc: unknown): string {
  const d = isObject(doc) ? doc : {};
  const id = file.replace(/^.*\//, '').replace(/\.(json|mdx)$/, '');
  if (file === 'site.json') return 'Site settings';
  if (file.startsWith('pages/')) {
    if (d.route === '/') return 'Home page';
    const name = typeof d.title === 'string' && d.title ? d.title : typeof d.route === 'string' ? d.route : id;
    return `${name} page`;
  }
  if (file.startsWith('faqs/')) return `FAQ set “${id}”`;
  if (file.startsWith('forms/')) return `Form “${id}”`;
  if (file.startsWith('content/')) return `Text “${id}”`;
  return `File “${file}”`;
}

export function fieldLabel(file: string, pointer: string, doc: unknown): string {
  if (pointer === '') return fileLabel(file, doc);
  const parts = pointer
    .slice(1)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  const out: string[] = [];
  let cur: unknown = doc;
  for (const p of parts) {
    if (Array.isArray(cur)) {
      const item: unknown = cur[Number(p)];
      out.push(isObject(item) && typeof item.type === 'string' ? cap(words(item.type)) : `Item ${Number(p) + 1}`);
      cur = item;
    } else {
      out.push(cap(words(p)));
      cur = isObject(cur) ? cur[p] : undefined;
    }
  }
  return out.join(' › ');
}

function leafChanges(before: unknown, after: unknown, at: string, doc: unknown, file: string, out: FieldChange[]): void {
  if (same(before, after)) return;
  if (isObject(before) && isObject(after)) {
    for (const k of new Set([...Object.keys(before), ...Object.keys(after)]))
      leafChanges(before[k], after[k], `${at}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, doc, file, out);
    return;
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length) {
    before.forEach((b, i) => leafChanges(b, after[i], `${at}/${i}`, doc, file, out));
    return;
  }
  out.push({ pointer: at, label: fieldLabel(file, at, doc), before, after });
}

const parseDoc = (file: string, v: unknown): unknown => {
  if (typeof v !== 'string' || !file.endsWith('.json')) return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
};

/** One file's change; before/after are its documents (JSON values, or the text of an MDX file); undefined = absent. */
export function describeFile(file: string, beforeIn: unknown, afterIn: unknown): FileChange {
  const before = parseDoc(file, beforeIn);
  const after = parseDoc(file, afterIn);
  const doc = after ?? before;
  const label = fileLabel(file, doc);
  const status = before === undefined ? 'added' : after === undefined ? 'deleted' : 'modified';
  const fields: FieldChange[] = [];
  if (status === 'modified') leafChanges(before, after, '', after, file, fields);
  else fields.push({ pointer: '', label, before, after });
  const route = isObject(doc) && typeof doc.route === 'string' ? doc.route : null;
  let summary: string;
  if (status === 'added') summary = file.startsWith('pages/') && route ? `new page ${route}` : `new ${label}`;
  else if (status === 'deleted') summary = file.startsWith('pages/') && route ? `page ${route} removed` : `${label} removed`;
  else if (fields.length === 1) summary = `${label}: ${fields[0].label.toLowerCase()} changed`;
  else summary = `${label}: ${fields.length} changes`;
  return { file, label, status, summary, fields };
}

export function describeChanges(files: { file: string; before?: unknown; after?: unknown }[]): { message: string; files: FileChange[] } {
  const described = files.map((f) => describeFile(f.file, f.before, f.after));
  let message = '';
  let shown = 0;
  for (const f of described) {
    const next = message ? `${message}; ${f.summary}` : f.summary;
    if (next.length > 200 && shown > 0) break;
    message = next;
    shown++;
  }
  if (shown < described.length) message += ` and ${described.length - shown} more changes`;
  return { message: message || 'No changes', files: described };
}
