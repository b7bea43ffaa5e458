/**
 * The two scripts pages carry inline: the shell (every page) and the islands loader (pages with islands). Each is
 * bundled on its own into one self-contained module, so a page runs it as soon as it is parsed without asking for
 * anything: no request for a script competes with the first paint, and a static page asks for no script at all.
 * What they share with the islands' own code (the dialog registry, the chunk caches, the scroll lock) is then in
 * two copies, which renderer/lib/page-state.ts makes agree.
 */
import { build } from 'vite';
import type { Rolldown } from 'vite';

/** Header menus, FAQ answers, disclosures, the not-found screen and the preview gate: every page. */
export const SHELL_SOURCE = 'renderer/shell/index.ts';
/** Defers and hydrates each island: only pages with islands. */
export const LOADER_SOURCE = 'renderer/islands/loader.ts';

/** Where the loader finds the island runtime in the client build (renderer/islands/runtime-address.d.ts). */
export interface RuntimeAddress {
  url: string;
  preload: string[];
}

export interface InlineScripts {
  shell: string;
  islands: string;
}

async function bundle(root: string, input: string, define: Record<string, string> = {}): Promise<string> {
  const result = await build({
    root,
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    define,
    build: { write: false, minify: true, modulePreload: false, reportCompressedSize: false, rolldownOptions: { input } },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap((o) => o.output).filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
  if (chunks.length !== 1) throw new Error(`${input} must bundle into one script to be inlined, not ${chunks.map((c) => c.fileName).join(', ')}`);
  return inlinable(input, chunks[0].code.trim());
}

/** `code`, if it can sit inside a <script> element as it is; an error naming `input` otherwise. */
export function inlinable(input: string, code: string): string {
  // These would end the element or change how it is parsed; minified code has no reason to hold them.
  if (/<\/script|<!--|<script/i.test(code)) throw new Error(`${input} holds "</script", "<script" or "<!--" and cannot be inlined`);
  return code;
}

export async function buildInlineScripts(root: string, runtime: RuntimeAddress): Promise<InlineScripts> {
  return {
    shell: await bundle(root, SHELL_SOURCE),
    islands: await bundle(root, LOADER_SOURCE, { SITEWRIGHT_ISLAND_RUNTIME: JSON.stringify(runtime) }),
  };
}
