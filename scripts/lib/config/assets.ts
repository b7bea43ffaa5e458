/**
 * Files that config points at by URL: "/images/landing/x.svg" is site.config/assets/images/landing/x.svg, because
 * site.config/assets/ is Vite's publicDir (vite.config.ts), copied as it is to the root of dist/ by the build.
 *
 * The folder is listed once per run and every answer is kept, so 1,000 pages naming the same 30 images cost 30
 * reads, not 1,000 (the validator must stay faster than ajv-cli on the same files).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { closest } from '../suggest.ts';
import { say, type DiagnosticCode, type Finding, type Severity } from './diagnostics.ts';
import { shown } from './files.ts';
import type { Findings } from './findings.ts';

/** The file's size limits: phones on slow networks are this site's visitors. */
export const WARN_BYTES = 500 * 1024;
export const MAX_BYTES = 2 * 1024 * 1024;
/** How far declared width/height may stray from the file's own proportions before the picture visibly stretches. */
export const RATIO_TOLERANCE = 0.05;

/**
 * The URL a path should have been written as, for the forms people guess: a path on their computer
 * ("site.config/assets/images/x.svg", "public/images/x.svg", "./images/x.svg", "assets/images/x.svg") or with
 * Windows separators ("\images\x.svg"). Undefined when the path is already in URL form.
 */
export function urlForm(src: string): string | undefined {
  let s = src.trim().replace(/\\/g, '/');
  s = s.replace(/^(\.{1,2}\/)+/, '/');
  s = s.replace(/^\/?(.*\/)?(site\.config\/assets|public|assets)\//, '/');
  if (!s.startsWith('/')) s = `/${s}`;
  s = s.replace(/\/{2,}/g, '/');
  return s === src ? undefined : s;
}

/** Human size, e.g. "612 KB" or "2.4 MB". */
export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** Relative difference of two width/height proportions, e.g. 0.25 for 4:3 against 1:1. */
export function ratioDifference(declared: { width: number; height: number }, real: { width: number; height: number }): number {
  const a = declared.width / declared.height;
  const b = real.width / real.height;
  return Math.abs(a - b) / b;
}

type ImageSize = typeof import('image-size');
let imageSizeModule: ImageSize | undefined;

/** Width and height read from the file's header (PNG, JPEG, GIF, WebP, AVIF, SVG), or undefined if unreadable. */
export function dimensionsOf(bytes: Uint8Array): { width: number; height: number } | undefined {
  // Loaded on first use: a run without images never needs it.
  imageSizeModule ??= createRequire(import.meta.url)('image-size') as ImageSize;
  try {
    const { width, height } = imageSizeModule.imageSize(bytes);
    return width && height ? { width, height } : undefined;
  } catch {
    return undefined; // not an image we can read: the size check is skipped, not guessed
  }
}

/** What the index knows of one file: its bytes are read only when its dimensions are asked for. */
interface Entry {
  size: () => number;
  bytes: () => Uint8Array;
}

export class AssetIndex {
  private entries = new Map<string, Entry>();
  private byFolder = new Map<string, string[]>();
  private dims = new Map<string, { width: number; height: number } | undefined>();

  /** `dir` is site.config/assets; `overlay` adds files by URL (as text, e.g. an SVG in a test) or hides them (null). */
  constructor(dir: string, overlay: Record<string, string | null> = {}) {
    const walk = (abs: string, url: string) => {
      let list;
      try {
        list = readdirSync(abs, { withFileTypes: true });
      } catch {
        return; // no assets folder: every reference is then missing, which is what gets reported
      }
      for (const e of list) {
        const path = join(abs, e.name);
        if (e.isDirectory()) walk(path, `${url}${e.name}/`);
        // Links and other non-files are refused by the checker (ConfigFiles.refused), and are no asset a page may use.
        else if (e.isFile()) this.add(`${url}${e.name}`, { size: () => statSync(path).size, bytes: () => readFileSync(path) });
      }
    };
    walk(dir, '/');
    for (const [url, text] of Object.entries(overlay)) {
      if (text === null) this.remove(url);
      else this.add(url, { size: () => Buffer.byteLength(text), bytes: () => Buffer.from(text) });
    }
  }

  private add(url: string, entry: Entry) {
    if (!this.entries.has(url)) {
      const folder = url.slice(0, url.lastIndexOf('/') + 1);
      this.byFolder.set(folder, [...(this.byFolder.get(folder) ?? []), url.slice(folder.length)]);
    }
    this.entries.set(url, entry);
  }

  private remove(url: string) {
    this.entries.delete(url);
    const folder = url.slice(0, url.lastIndexOf('/') + 1);
    this.byFolder.set(
      folder,
      (this.byFolder.get(folder) ?? []).filter((n) => `${folder}${n}` !== url),
    );
  }

  has(url: string): boolean {
    return this.entries.has(url);
  }

  size(url: string): number | undefined {
    return this.entries.get(url)?.size();
  }

  dimensions(url: string): { width: number; height: number } | undefined {
    if (!this.dims.has(url)) {
      const e = this.entries.get(url);
      this.dims.set(url, e ? dimensionsOf(e.bytes()) : undefined);
    }
    return this.dims.get(url);
  }

  /** A file the author probably meant: a near name in the same folder, else the same name in another folder. */
  nearest(url: string): string | undefined {
    const folder = url.slice(0, url.lastIndexOf('/') + 1);
    const name = url.slice(folder.length);
    const guess = closest(name, this.byFolder.get(folder) ?? []);
    if (guess) return `${folder}${guess}`;
    const elsewhere = [...this.entries.keys()].filter((u) => u.endsWith(`/${name}`));
    return elsewhere.length === 1 ? elsewhere[0] : undefined;
  }
}

export type AssetProblem = Finding & { code: Extract<DiagnosticCode, 'missing-file' | 'file-path-form' | 'image-ratio' | 'image-heavy'>; severity: Severity };

/** Checks one file reference (and, for an image, its declared size) against the index. Pure apart from the index's reads. */
export function checkAsset(index: AssetIndex, src: string, declared?: { width?: unknown; height?: unknown }): AssetProblem[] {
  if (!index.has(src)) {
    const fixed = urlForm(src);
    if (fixed && index.has(fixed)) return [say('file-path-form', { src, fixed })];
    return [say('missing-file', { what: 'asset', url: fixed ?? src, guess: index.nearest(fixed ?? src) })];
  }
  const out: AssetProblem[] = [];
  const bytes = index.size(src) ?? 0;
  if (bytes > WARN_BYTES) {
    const over = bytes > MAX_BYTES;
    out.push(say('image-heavy', { src, size: formatBytes(bytes), limit: formatBytes(over ? MAX_BYTES : WARN_BYTES), over }));
  }
  const { width, height } = declared ?? {};
  if (typeof width === 'number' && typeof height === 'number' && width > 0 && height > 0) {
    const real = index.dimensions(src);
    if (real && ratioDifference({ width, height }, real) > RATIO_TOLERANCE) {
      out.push(say('image-ratio', { src, width, height, real, fitting: Math.round((width * real.height) / real.width) }));
    }
  }
  return out;
}

/** Every page links to /favicon.svg (scripts/lib/html.ts), so the site needs one. */
export function checkFavicon(index: AssetIndex, findings: Findings): void {
  if (!index.has('/favicon.svg')) findings.whole(shown('assets/favicon.svg'), say('missing-file', { what: 'favicon' }));
}
