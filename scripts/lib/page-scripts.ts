/**
 * The two scripts every island starts from, each bundled on its own into one self-contained module (no chain of
 * requests): the shell, inlined into every page so it runs as soon as the page is parsed and a static page asks for
 * no script at all; and the islands loader, a file of its own the shell asks for once a page with islands has
 * painted (it would push such pages past what arrives in the first round trip, about 14 KB compressed). What they
 * share with the islands' own code (the dialog registry, the chunk caches, the scroll lock) is then in more than
 * one copy, which renderer/lib/page-state.ts makes agree.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import type { Plugin, Rolldown } from 'vite';
import type { BlockOptions } from '../../renderer/lib/blocks.ts';
import { blockFolder } from './blocks.ts';

/** Header menus, FAQ answers, disclosures, the not-found screen, the preview gate and the page view's beacon: every page, with the parts it uses. */
export const SHELL_SOURCE = 'renderer/shell/index.ts';
/** Defers and hydrates each island: asked for by the shell on pages with islands. */
export const LOADER_SOURCE = 'renderer/islands/loader.ts';
/** The module the build replaces with the page's own block scripts (see blockScriptsModule). */
export const PAGE_BLOCK_SCRIPTS_SOURCE = 'renderer/shell/page-block-scripts.ts';
/** A block's script, plain DOM code the shell starts for each of its blocks: `blocks/<Folder>/script.ts`. */
export const BLOCK_SCRIPT_FILE = 'script.ts';
/** Asks for consent and loads the analytics tag and the chat widget after it: only on sites with either id. */
export const CONSENT_SOURCE = 'renderer/consent/index.ts';

/**
 * When a page's shell asks for the islands loader, from the options of the page's blocks (static ones included).
 * No island starts before the visitor acts or sees it, so the loader waits for either (`intent`). An island seen
 * only where its media query matches (a carousel on wide screens) is a sight the visitor scrolls to (`seen`); one
 * seen everywhere may fill the first screen (the scheduler step's widget), so that page asks after its first paint,
 * and its loader marks it hydrated once that island has started. An island hydrated at load or when idle does too.
 */
export function islandsStart(blocks: readonly Pick<BlockOptions, 'hydrate' | 'media'>[]): Pick<ShellParts, 'intent' | 'seen'> {
  return {
    intent: blocks.every(({ hydrate, media }) => hydrate === undefined || hydrate === 'interaction' || (hydrate === 'visible' && media !== undefined)),
    seen: blocks.some(({ hydrate }) => hydrate === 'visible'),
  };
}

/** Where the loader finds the island runtime in the client build (renderer/islands/runtime-address.d.ts). */
/** Where the island runtime, the site's block registry and each island's files are (renderer/islands/addresses.d.ts). */
export type RuntimeAddress = typeof SITEWRIGHT_ISLAND_RUNTIME;

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
  /** The page has FAQ accordions (default). */
  accordions?: boolean;
  /** The page has comparison-row disclosures (default). */
  disclosures?: boolean;
  /**
   * Every island of the page waits for the visitor (`interaction`, dialogs too): the shell asks for the islands
   * loader on their first intent towards one, not after the first paint, and marks the page hydrated at once.
   */
  intent?: boolean;
  /** With `intent`: some islands start once on screen (`visible`), so the shell also asks for the loader then. */
  seen?: boolean;
  /** The folders of the page's blocks that have a script (blockScriptFolders): the shell starts each (none by default). */
  blockScripts?: readonly string[];
}

export interface PageScripts {
  /** The shell's code with the given parts, to inline (bundled once per set of parts). */
  shell: (parts: ShellParts) => Promise<string>;
  /** The islands loader's file under dist/, e.g. "assets/islands-loader-1a2b3c4d.js". */
  loaderFile: string;
  /** The consent script's file under dist/, e.g. "assets/consent-1a2b3c4d.js": built only when asked for. */
  consentFile?: string;
}

/**
 * The folders (sorted) of the block types in `types` that have a script in `blocksDir`: found by the convention
 * that names a block's folder, like its component and example, not by a registry line.
 */
export function blockScriptFolders(blocksDir: string, types: readonly string[]): string[] {
  const folders = new Set(types.map(blockFolder));
  return [...folders].filter((folder) => existsSync(join(blocksDir, folder, BLOCK_SCRIPT_FILE))).sort();
}

/** The code that stands in for PAGE_BLOCK_SCRIPTS_SOURCE: the scripts of `folders` in `blocksDir`, by block type. */
export function blockScriptsModule(blocksDir: string, folders: readonly string[]): string {
  const imports = folders.map((folder, i) => `import s${i} from ${JSON.stringify(resolve(blocksDir, folder, BLOCK_SCRIPT_FILE))};`);
  const entries = folders.map((folder, i) => `${JSON.stringify(folder.charAt(0).toLowerCase() + folder.slice(1))}: s${i}`);
  return `${imports.join('\n')}\nexport const PAGE_BLOCK_SCRIPTS = { ${entries.join(', ')} };\n`;
}

/** Replaces the page's block scripts module with `code` while bundling the shell. */
function pageBlockScripts(root: string, code: string): Plugin {
  const id = resolve(root, PAGE_BLOCK_SCRIPTS_SOURCE);
  return { name: 'sitewright-page-block-scripts', enforce: 'pre', load: (asked) => (asked.split('?')[0] === id ? code : undefined) };
}

async function bundle(root: string, input: string, define: Record<string, string> = {}, plugins: Plugin[] = []): Promise<string> {
  const result = await build({
    root,
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    define,
    plugins,
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
export async function buildPageScripts(
  root: string,
  outDir: string,
  runtime: RuntimeAddress,
  options: { consent?: boolean; blocksDir?: string } = {},
): Promise<PageScripts> {
  const blocksDir = options.blocksDir ?? join(root, 'blocks');
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
    const blockScripts = [...(parts.blockScripts ?? [])].sort();
    const key = JSON.stringify([
      parts.islands,
      parts.notFound,
      parts.gate,
      parts.laterStyles,
      parts.dialogs ?? true,
      parts.intent ?? false,
      parts.seen ?? false,
      parts.accordions ?? true,
      parts.disclosures ?? true,
      blockScripts,
    ]);
    let code = shells.get(key);
    if (!code) {
      code = bundle(
        root,
        SHELL_SOURCE,
        {
          SITEWRIGHT_ISLANDS_LOADER: parts.islands ? JSON.stringify(`/${loaderFile}`) : 'undefined',
          SITEWRIGHT_SHELL_NOT_FOUND: String(parts.notFound),
          SITEWRIGHT_SHELL_GATE: String(parts.gate),
          SITEWRIGHT_SHELL_LATER_STYLES: String(parts.laterStyles),
          SITEWRIGHT_SHELL_DIALOGS: String(parts.dialogs ?? true),
          SITEWRIGHT_SHELL_BLOCKS: String(blockScripts.length > 0),
          SITEWRIGHT_SHELL_ACCORDIONS: String(parts.accordions ?? true),
          SITEWRIGHT_SHELL_DISCLOSURES: String(parts.disclosures ?? true),
          SITEWRIGHT_SHELL_INTENT: String(parts.islands && (parts.intent ?? false)),
          SITEWRIGHT_SHELL_SEEN: String(parts.islands && (parts.intent ?? false) && (parts.seen ?? false)),
        },
        [pageBlockScripts(root, blockScriptsModule(blocksDir, blockScripts))],
      );
      shells.set(key, code);
    }
    return code;
  };
  return { shell, loaderFile, ...(consentFile ? { consentFile } : {}) };
}
