/**
 * Fragments (FAQ sets, forms, MDX texts, any "x-collection" kind) across files: every reference names a file that
 * exists, every file is used, and a fragment may reference other fragments, as long as none includes itself. A
 * page bundles every fragment it reaches, so nested ones are in its chunk at run time.
 */
import { closest } from '../suggest.ts';
import { say } from './diagnostics.ts';
import { shown, type Collection } from './files.ts';
import type { Findings } from './findings.ts';
import type { FragmentFile } from './load.ts';
import type { Checked } from './model.ts';
import type { FragmentRef } from './schemas.ts';

const keyOf = (ref: { kind: string; id: string }) => `${ref.kind}/${ref.id}`;

/** References to files that do not exist, and files nothing references. References can sit in any file. */
export function checkFragmentRefs(checked: Checked[], fragmentFiles: FragmentFile[], collections: Collection[], findings: Findings): void {
  const byKey = new Map(fragmentFiles.map((f) => [keyOf(f), f]));
  const used = new Set<string>();
  for (const r of checked) {
    for (const ref of r.fragments) {
      used.add(keyOf(ref));
      if (byKey.has(keyOf(ref))) continue;
      const c = collections.find((x) => x.kind === ref.kind);
      const where = `${shown(c?.dir ?? ref.kind)}/${ref.id}${c?.ext ?? '.json'}`;
      const known = fragmentFiles.filter((f) => f.kind === ref.kind).map((f) => f.id);
      findings.at(r.src, ref.path, say('missing-fragment', { kind: ref.kind, id: ref.id, where, guess: closest(ref.id, known), known }));
    }
  }
  for (const f of fragmentFiles) {
    if (!used.has(keyOf(f))) findings.whole(f.file, say('unused-fragment', { file: f.file, id: f.id }));
  }
}

/** Fragment files that include themselves through others (a → b → a): each circle reported once, where it closes. */
export function checkFragmentCycles(fragmentFiles: FragmentFile[], findings: Findings): void {
  const byKey = new Map(fragmentFiles.map((f) => [keyOf(f), f]));
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (f: FragmentFile) => {
    const key = keyOf(f);
    state.set(key, 'open');
    stack.push(key);
    for (const ref of f.checked?.fragments ?? []) {
      const next = byKey.get(keyOf(ref));
      if (!next) continue;
      const s = state.get(keyOf(next));
      if (s === 'open' && f.checked) {
        const cycle = [...stack.slice(stack.indexOf(keyOf(next))), keyOf(next)].map((k) => byKey.get(k)!.file);
        findings.at(f.checked.src, ref.path, say('fragment-cycle', { cycle }));
      } else if (s === undefined) visit(next);
    }
    stack.pop();
    state.set(key, 'done');
  };
  for (const f of fragmentFiles) if (!state.has(keyOf(f))) visit(f);
}

/**
 * Every fragment a page needs: its own references, then the ones those fragments reference, and so on. The page's
 * chunk bundles all of them, because a block finds a fragment in its page's bundle, wherever it was named.
 */
export function fragmentsReached(direct: FragmentRef[], refsOf: (ref: FragmentRef) => FragmentRef[]): FragmentRef[] {
  const out = [...direct];
  const seen = new Set(direct.map(keyOf));
  for (let i = 0; i < out.length; i++) {
    for (const ref of refsOf(out[i])) {
      if (seen.has(keyOf(ref))) continue;
      seen.add(keyOf(ref));
      out.push(ref);
    }
  }
  return out;
}

/** The references each fragment file makes, as a lookup for fragmentsReached. */
export function nestedRefs(fragmentFiles: FragmentFile[]): (ref: FragmentRef) => FragmentRef[] {
  const byKey = new Map(fragmentFiles.map((f) => [keyOf(f), f.checked?.fragments ?? []]));
  return (ref) => byKey.get(keyOf(ref)) ?? [];
}
