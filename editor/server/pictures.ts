/**
 * Pictures uploaded from the editor: what a file is (read from its bytes, never from its name), whether the site
 * takes it, its width and height, and the file name made from its description. Every refusal is a Refusal with a
 * sentence for the person who uploaded the file. The HTTP side is assets-api.ts.
 */
import { existsSync, readdirSync } from 'node:fs';
import { imageSize } from 'image-size';
import { SaxesParser, type SaxesAttributeNS, type SaxesTagNS } from 'saxes';
import { formatBytes, MAX_BYTES } from '../../scripts/lib/config/assets.ts';
import type { PictureKind, PictureLimits } from '../pictures-shared.ts';
import { Refusal } from './security.ts';

export { EXTENSION, nameFromDescription, type PictureKind } from '../pictures-shared.ts';

/**
 * The limits of an upload. Photos stop at the checker's own hard limit (a heavier file could be uploaded but never
 * saved on a page); a drawing is text, and one over 500 KB is almost always an embedded photo; 8,000 pixels a side
 * is over four times the widest screen the site is designed for.
 */
export const PICTURE_LIMITS: Readonly<PictureLimits> = { photoBytes: MAX_BYTES, svgBytes: 500 * 1024, maxSide: 8000 };

/** Where uploads go, inside the config folder; served from the site's root as /images/…. */
export const PICTURE_FOLDER = 'assets/images';

export const ALLOWED_WORDS = 'JPEG, PNG, WebP, AVIF or SVG';

const notAccepted = (what: string) => new Refusal(415, `${what} The site takes ${ALLOWED_WORDS} pictures only.`);

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
const startsWith = (bytes: Uint8Array, sig: number[], at = 0) => bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);

/** The brands of an ISO media file (AVIF, HEIC): its major brand and compatible brands, from the first "ftyp" box. */
function brands(bytes: Uint8Array): string[] {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return [];
  const size = Math.min(new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0), bytes.length);
  const out = [ascii(bytes, 8, 12)];
  for (let i = 16; i + 4 <= size; i += 4) out.push(ascii(bytes, i, i + 4));
  return out;
}

/** Formats people often try, named so the refusal says what the file is. */
function otherFormat(bytes: Uint8Array): string | undefined {
  if (ascii(bytes, 0, 4) === 'GIF8') return 'a GIF picture';
  if (ascii(bytes, 0, 2) === 'BM') return 'a BMP picture';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return 'a TIFF picture';
  if (brands(bytes).some((b) => /^(heic|heix|heim|heis|hevc|mif1)$/.test(b))) return 'a HEIC picture (the iPhone format)';
  if (ascii(bytes, 0, 5) === '%PDF-') return 'a PDF document';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return 'a compressed archive or office document';
  return undefined;
}

/** The file as text when it could be a drawing (UTF-8, starting with "<" after white space); otherwise undefined. */
function asDrawingText(bytes: Uint8Array): string | undefined {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return undefined;
  }
  return text.trimStart().startsWith('<') ? text : undefined;
}

/** The kind of picture by its first bytes (SVG: text that starts with markup), or undefined for anything else. */
export function kindOf(bytes: Uint8Array): PictureKind | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (brands(bytes).some((b) => b === 'avif' || b === 'avis')) return 'avif';
  if (asDrawingText(bytes) !== undefined) return 'svg';
  return undefined;
}

/** CSS (a style attribute or a <style> element) may point at another file through url(), @import or image-set(). */
function cssProblem(css: string): string | undefined {
  const outside =
    'This SVG loads another file or web address through its styles, which the site does not allow in pictures. Remove the link and upload it again.';
  // Escapes can spell "url(" without the letters; no drawing program writes them in its styles.
  if (css.includes('\\')) return 'This SVG has disguised characters in its styles, which could hide a link to another file. Remove them and upload it again.';
  if (/@import|image-set\s*\(/i.test(css)) return outside;
  for (const m of css.matchAll(/url\s*\(\s*(['"]?)\s*([^'")]*)/gi)) if (!m[2].trim().startsWith('#')) return outside;
  return undefined;
}

const SVG_NS = 'http://www.w3.org/2000/svg';
const SCRIPT =
  'This SVG contains a script, which could run in visitors’ browsers. Save it without scripts (in your drawing program, export it as a plain SVG) and upload it again.';
const HANDLER =
  'This SVG has code that runs when the picture is loaded, clicked or hovered (an event handler), which the site does not allow. Save it without scripts and upload it again.';
const EMBEDDED = 'This SVG contains embedded web content (a “foreignObject”), which the site does not allow in pictures. Remove it and upload it again.';
const OUTSIDE =
  'This SVG links to another file or web address, which would be loaded from outside the picture. The site takes self-contained drawings only: remove the link and upload it again.';
const PACKED =
  'This SVG has another file packed inside it (a “data:” address), which the site does not allow in drawings. Upload that picture on its own instead.';
const DOCTYPE =
  'This SVG has a document type declaration (<!DOCTYPE> or <!ENTITY>), which can pull in other files or grow without limit. Remove it and upload it again.';
const DAMAGED = 'This SVG file could not be read: it is not a well-formed drawing. Save it again from your drawing program and upload it again.';

/** Elements that run code or embed other documents; names compared in lower case. */
const FORBIDDEN_ELEMENTS: Record<string, string> = {
  script: SCRIPT,
  handler: SCRIPT,
  listener: SCRIPT,
  foreignobject: EMBEDDED,
  iframe: EMBEDDED,
  embed: EMBEDDED,
  object: EMBEDDED,
};
const ANIMATIONS = new Set(['set', 'animate', 'animatemotion', 'animatetransform', 'animatecolor']);

/** A length of the root element in CSS pixels ("120", "120px", "3in"), or undefined (a percentage, nothing). */
function lengthPx(value: string | undefined): number | undefined {
  const m = value?.trim().match(/^(\d+(?:\.\d+)?|\.\d+)(px|pt|pc|mm|cm|in)?$/);
  if (!m) return undefined;
  const per: Record<string, number> = { px: 1, pt: 4 / 3, pc: 16, mm: 96 / 25.4, cm: 96 / 2.54, in: 96 };
  const n = Number(m[1]) * per[m[2] ?? 'px'];
  return n > 0 ? n : undefined;
}

/** Width and height of a drawing from its width and height, or its viewBox for what they leave out. */
function drawingSize(attrs: Record<string, string>): { width: number; height: number } | undefined {
  const box = attrs.viewBox
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  const vb = box && box.length === 4 && box.every(Number.isFinite) && box[2] > 0 && box[3] > 0 ? { width: box[2], height: box[3] } : undefined;
  let width = lengthPx(attrs.width);
  let height = lengthPx(attrs.height);
  if (width === undefined && height === undefined && vb) ({ width, height } = vb);
  else if (width !== undefined && height === undefined && vb) height = (width * vb.height) / vb.width;
  else if (height !== undefined && width === undefined && vb) width = (height * vb.width) / vb.height;
  if (width === undefined || height === undefined) return undefined;
  return { width: Math.max(1, Math.round(width)), height: Math.max(1, Math.round(height)) };
}

/**
 * Checks a drawing and returns its size, or throws the first reason it is refused: a script, an event handler,
 * embedded web content, a link to anything but a place in the drawing itself (other files, web addresses, data:
 * addresses), a document type declaration (which is where entities live), or markup that is not well-formed.
 */
export function checkSvg(text: string): { width: number; height: number } {
  const parser = new SaxesParser({ xmlns: true, position: false });
  let problem: string | undefined;
  let root: SaxesTagNS | undefined;
  let inStyle = 0;
  let style = '';
  const refuse = (message: string) => {
    problem ??= message;
  };
  const checkReference = (value: string) => {
    const v = value.trim();
    if (v.startsWith('#')) return;
    refuse(/^data:/i.test(v) ? PACKED : OUTSIDE);
  };
  parser.on('doctype', () => refuse(DOCTYPE));
  parser.on('processinginstruction', (pi) => {
    if (pi.target.toLowerCase() === 'xml-stylesheet') refuse(OUTSIDE);
  });
  parser.on('opentag', (tag) => {
    root ??= tag;
    const name = tag.local.toLowerCase();
    if (FORBIDDEN_ELEMENTS[name]) refuse(FORBIDDEN_ELEMENTS[name]);
    if (tag.uri === 'http://www.w3.org/1999/xhtml') refuse(EMBEDDED);
    const attributes = Object.values(tag.attributes) as SaxesAttributeNS[];
    for (const a of attributes) {
      const local = a.local.toLowerCase();
      if (local.startsWith('on')) refuse(HANDLER);
      else if (local === 'href' || local === 'src' || a.name === 'xml:base') checkReference(a.value);
      else if (local === 'style') {
        const p = cssProblem(a.value);
        if (p) refuse(p);
      } else if (/url\s*\(/i.test(a.value)) {
        const p = cssProblem(a.value);
        if (p) refuse(p);
      }
    }
    // An animation can set a link or a handler after the picture has loaded.
    if (ANIMATIONS.has(name)) {
      const target =
        attributes
          .find((a) => a.local === 'attributeName')
          ?.value.trim()
          .toLowerCase() ?? '';
      if (target.startsWith('on')) refuse(HANDLER);
      if (/(^|:)href$/.test(target)) refuse(OUTSIDE);
    }
    if (name === 'style') inStyle++;
  });
  parser.on('text', (t) => {
    if (inStyle) style += t;
  });
  parser.on('cdata', (t) => {
    if (inStyle) style += t;
  });
  parser.on('closetag', (tag) => {
    if (tag.local.toLowerCase() === 'style' && inStyle > 0) {
      inStyle--;
      const p = cssProblem(style);
      if (p) refuse(p);
      style = '';
    }
  });
  try {
    parser.write(text).close();
  } catch {
    // A document type comes before the first error it causes (an undefined entity): name the real reason.
    throw new Refusal(422, problem ?? DAMAGED);
  }
  if (problem) throw new Refusal(422, problem);
  if (!root || root.local !== 'svg') throw notAccepted('This file is not a picture the site can use.');
  if (root.uri !== SVG_NS)
    throw new Refusal(
      422,
      'This SVG does not say it is an SVG drawing (its namespace is missing), so browsers would not show it. Save it again from your drawing program.',
    );
  const attrs = Object.fromEntries(Object.values(root.attributes).map((a) => [a.name, a.value]));
  const size = drawingSize(attrs);
  if (!size) throw new Refusal(422, 'This SVG has no size: give it a width and a height, or a view box, in your drawing program and upload it again.');
  return size;
}

export interface Inspected {
  kind: PictureKind;
  width: number;
  height: number;
  bytes: number;
}

/**
 * A picture's width and height as the browser shows it, read from its header, or undefined when unreadable. A photo
 * taken sideways is stored on its side and turned by the browser (its Exif orientation): its size is the turned one.
 */
export function shownSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  try {
    const { width, height, orientation } = imageSize(bytes);
    if (!width || !height) return undefined;
    return (orientation ?? 1) >= 5 ? { width: height, height: width } : { width, height };
  } catch {
    return undefined;
  }
}

const pixels = (n: number) => n.toLocaleString('en-GB');

/** What the file is, by its bytes, and its size; throws the reason it is refused (type, weight, pixels, danger). */
export function inspectPicture(bytes: Uint8Array): Inspected {
  if (bytes.length === 0) throw new Refusal(400, 'The file is empty. Choose a picture and try again.');
  const kind = kindOf(bytes);
  if (!kind) {
    const other = otherFormat(bytes);
    throw notAccepted(other ? `This file is ${other}.` : 'This file is not a picture the site can use.');
  }
  const limit = kind === 'svg' ? PICTURE_LIMITS.svgBytes : PICTURE_LIMITS.photoBytes;
  if (bytes.length > limit) {
    throw new Refusal(
      413,
      kind === 'svg'
        ? `This SVG is ${formatBytes(bytes.length)}; drawings can be at most ${formatBytes(limit)}. It probably has a photo inside: upload the photo on its own instead.`
        : `This picture is ${formatBytes(bytes.length)}; pictures can be at most ${formatBytes(limit)}. Save it smaller (for example as WebP, about 2,000 pixels wide) and upload it again.`,
    );
  }
  if (kind === 'svg') {
    const size = checkSvg(asDrawingText(bytes)!);
    return { kind, ...size, bytes: bytes.length };
  }
  const size = shownSize(bytes);
  if (!size) throw new Refusal(422, 'The width and height of this picture could not be read: the file may be damaged. Save it again and upload it again.');
  const { width, height } = size;
  if (width > PICTURE_LIMITS.maxSide || height > PICTURE_LIMITS.maxSide) {
    throw new Refusal(
      413,
      `This picture is ${pixels(width)} × ${pixels(height)} pixels; pictures can be at most ${pixels(PICTURE_LIMITS.maxSide)} pixels wide or tall. Make it smaller and upload it again.`,
    );
  }
  return { kind, width, height, bytes: bytes.length };
}

/**
 * A name not yet taken in `folder`: "site-team-at-work", else "site-team-at-work-2", …. A name is taken by a file of
 * any extension, since the build may turn pictures of two kinds into the same modern format.
 */
export function freeName(folder: string, base: string): string {
  const taken = new Set(existsSync(folder) ? readdirSync(folder).map((f) => f.replace(/\.[^.]*$/, '')) : []);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
