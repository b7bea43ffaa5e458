/**
 * The two scripts every island starts from, each bundled on its own into one self-contained module (no chain of
 * requests): the shell, inlined into every page so it runs as soon as the page is parsed and a static page asks for
 * no script at all; and the islands loader, a file of its own the shell asks for once a page with islands has
 * painted (it would push such pages past what arrives in the first round trip, about 14 KB compressed). What they
 * share with the islands' own code (the dialog registry, the chunk caches, the scroll lock) is then in more than
 * one copy, which renderer/lib/page-state.ts makes agree.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import type { Rolldown } from 'vite';

/** Header menus, FAQ answers, disclosures, the not-found screen, the preview gate and the page view's beacon: every page, with the parts it uses. */
export const SHELL_SOURCE = 'renderer/shell/index.ts';
/** Defers and hydrates each island: asked for by the shell on pages with islands. */
export const LOADER_SOURCE = 'renderer/islands/loader.ts';
/** Asks for consent and loads the analytics tag and the chat widget after it: only on sites with either id. */
export const CONSENT_SOURCE = 'renderer/consent/index.ts';

/** Where the loader finds the island runtime in the client build (renderer/islands/runtime-address.d.ts). */
export interface RuntimeAddress {
  url: string;
  /** The site's block registry, handed to the runtime. */
  registry: string;
  preload: string[];
}

/** The parts of the shell a page uses; the others are left out of the code it inlines. */
export interface ShellParts {
  /** The page has islands: the shell asks for the islands loader and catches what the visitor does meanwhile. */
  islands: boolean;
  /** The page shows the not-found screen, which waits for its picture. */
  notFound: boolean;
  /** The page is behind the preview gate. */
  gate: boolean;
  /** The page links some of its styles after its first paint. */
  laterStyles: boolean;
  /** The page has a dialog island: the shell catches the clicks that open it until the islands loader is here (default). */
  dialogs?: boolean;
}

export interface PageScripts {
  /** The shell's code with the given parts, to inline (bundled once per set of parts). */
  shell: (parts: ShellParts) => Promise<string>;
  /** The islands loader's file under dist/, e.g. "assets/islands-loader-1a2b3c4d.js". */
  loaderFile: string;
  /** The consent script's file under dist/, e.g. "assets/consent-1a2b3c4d.js": built only when asked for. */
  consentFile?: string;
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

/**
 * Bundles the loader into `outDir`/assets under a name that changes with its content; the shell, which names it, is
 * bundled when a page first asks for its set of parts. Every page's bytes count before its first paint (the largest
 * must fit in the first round trip of a new connection), so none carries a part it has no use for.
 */
export async function buildPageScripts(root: string, outDir: string, runtime: RuntimeAddress, options: { consent?: boolean } = {}): Promise<PageScripts> {
  const loader = await bundle(root, LOADER_SOURCE, { SITEWRIGHT_ISLAND_RUNTIME: JSON.stringify(runtime) });
  const loaderFile = `assets/islands-loader-${createHash('sha256').update(loader).digest('hex').slice(0, 8)}.js`;
  mkdirSync(join(outDir, 'assets'), { recursive: true });
  writeFileSync(join(outDir, loaderFile), `${loader}\n`);
  // A site without third-party ids never bundles it: its pages and assets stay exactly as they were.
  let consentFile: string | undefined;
  if (options.consent) {
    const consent = await bundle(root, CONSENT_SOURCE);
    consentFile = `assets/consent-${createHash('sha256').update(consent).digest('hex').slice(0, 8)}.js`;
    writeFileSync(join(outDir, consentFile), `${consent}\n`);
  }
  const shells = new Map<string, Promise<string>>();
  const shell = (parts: ShellParts) => {
    const key = JSON.stringify([parts.islands, parts.notFound, parts.gate, parts.laterStyles, parts.dialogs ?? true]);
    let code = shells.get(key);
    if (!code) {
      code = bundle(root, SHELL_SOURCE, {
        SITEWRIGHT_ISLANDS_LOADER: parts.islands ? JSON.stringify(`/${loaderFile}`) : 'undefined',
        SITEWRIGHT_SHELL_NOT_FOUND: String(parts.notFound),
        SITEWRIGHT_SHELL_GATE: String(parts.gate),
        SITEWRIGHT_SHELL_LATER_STYLES: String(parts.laterStyles),
        SITEWRIGHT_SHELL_DIALOGS: String(parts.dialogs ?? true),
      });
      shells.set(key, code);
    }
    return code;
  };
  return { shell, loaderFile, ...(consentFile ? { consentFile } : {}) };
}
