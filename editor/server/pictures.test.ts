// @vitest-environment node
/**
 * What the editor takes as a picture: the type read from the bytes, the limits, every danger an SVG can carry, the
 * size read from the file, and the name made from the description.
 */
import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkSvg, freeName, inspectPicture, kindOf, nameFromDescription, PICTURE_LIMITS } from './pictures.ts';
import { isoBytes, jpegBytes, pngBytes, svgText, webpBytes } from './picture-fixtures.ts';
import { Refusal } from './security.ts';

const svg = (inside?: string, attributes?: string) => Buffer.from(svgText(inside, attributes));

/** The refusal `run` throws: its status and message. */
function refusal(run: () => unknown): { status: number; message: string } {
  try {
    run();
  } catch (e) {
    if (e instanceof Refusal) return { status: e.status, message: e.message };
    throw e;
  }
  throw new Error('not refused');
}

describe('the type comes from the content', () => {
  it('knows JPEG, PNG, WebP, AVIF and SVG by their bytes', () => {
    expect(kindOf(jpegBytes(10, 10))).toBe('jpeg');
    expect(kindOf(pngBytes(2, 2))).toBe('png');
    expect(kindOf(webpBytes(10, 10))).toBe('webp');
    expect(kindOf(isoBytes(10, 10))).toBe('avif');
    expect(kindOf(svg())).toBe('svg');
  });

  it('refuses other formats by name, and lists the ones it takes', () => {
    for (const [bytes, what] of [
      [Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), 'a GIF picture'],
      [isoBytes(10, 10, 'heic'), 'a HEIC picture'],
      [Buffer.from('%PDF-1.7\n', 'latin1'), 'a PDF document'],
    ] as const) {
      const r = refusal(() => inspectPicture(bytes));
      expect(r.status).toBe(415);
      expect(r.message).toContain(`This file is ${what}`);
      expect(r.message).toContain('The site takes JPEG, PNG, WebP, AVIF or SVG pictures only.');
    }
  });

  it('is not fooled by a name: text, or a script, is not a picture whatever it is called', () => {
    expect(refusal(() => inspectPicture(Buffer.from('just some words'))).message).toBe(
      'This file is not a picture the site can use. The site takes JPEG, PNG, WebP, AVIF or SVG pictures only.',
    );
    expect(refusal(() => inspectPicture(Buffer.from('<html><body>hello</body></html>'))).status).toBe(415);
    expect(refusal(() => inspectPicture(Buffer.from([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]))).status).toBe(415);
  });

  it('refuses an empty file', () => {
    expect(refusal(() => inspectPicture(Buffer.alloc(0))).message).toBe('The file is empty. Choose a picture and try again.');
  });
});

describe('sizes are read from the file', () => {
  it('reads width and height of each kind', () => {
    expect(inspectPicture(pngBytes(30, 20))).toEqual({ kind: 'png', width: 30, height: 20, bytes: pngBytes(30, 20).length });
    expect(inspectPicture(jpegBytes(1200, 800))).toMatchObject({ kind: 'jpeg', width: 1200, height: 800 });
    expect(inspectPicture(webpBytes(640, 480))).toMatchObject({ kind: 'webp', width: 640, height: 480 });
    expect(inspectPicture(isoBytes(800, 600))).toMatchObject({ kind: 'avif', width: 800, height: 600 });
  });

  it('gives a photo taken sideways its turned size', () => {
    expect(inspectPicture(jpegBytes(1200, 800, 6))).toMatchObject({ width: 800, height: 1200 });
  });

  it('reads a drawing’s size from width and height, its view box, or both', () => {
    expect(checkSvg(svgText())).toEqual({ width: 120, height: 80 });
    expect(checkSvg(svgText(undefined, 'viewBox="0 0 560 420"'))).toEqual({ width: 560, height: 420 });
    expect(checkSvg(svgText(undefined, 'width="280" viewBox="0 0 560 420"'))).toEqual({ width: 280, height: 210 });
    expect(checkSvg(svgText(undefined, 'width="1in" height="0.5in"'))).toEqual({ width: 96, height: 48 });
    expect(checkSvg(svgText(undefined, 'width="100%" height="100%" viewBox="0,0,40,30"'))).toEqual({ width: 40, height: 30 });
  });

  it('refuses a drawing with no size, and a picture whose size cannot be read', () => {
    expect(refusal(() => checkSvg(svgText(undefined, ''))).message).toMatch(/^This SVG has no size/);
    const broken = Buffer.concat([pngBytes(4, 4).subarray(0, 12), Buffer.from('XXXX')]);
    expect(refusal(() => inspectPicture(broken)).message).toMatch(/width and height of this picture could not be read/);
  });
});

describe('limits', () => {
  it('refuses a photo over the weight limit, and says both weights', () => {
    const heavy = Buffer.concat([pngBytes(4, 4), Buffer.alloc(PICTURE_LIMITS.photoBytes)]);
    const r = refusal(() => inspectPicture(heavy));
    expect(r.status).toBe(413);
    expect(r.message).toMatch(/^This picture is 2\.0 MB; pictures can be at most 2\.0 MB\./);
    expect(inspectPicture(Buffer.concat([pngBytes(4, 4), Buffer.alloc(1000)])).kind).toBe('png');
  });

  it('refuses a drawing over its own, smaller limit', () => {
    const heavy = svg(`<desc>${'x'.repeat(PICTURE_LIMITS.svgBytes)}</desc><rect width="1" height="1"/>`);
    const r = refusal(() => inspectPicture(heavy));
    expect(r.status).toBe(413);
    expect(r.message).toMatch(/^This SVG is 50\d KB; drawings can be at most 500 KB\./);
  });

  it('refuses a picture over the pixel limit', () => {
    const r = refusal(() => inspectPicture(pngBytes(PICTURE_LIMITS.maxSide + 1, 1)));
    expect(r.status).toBe(413);
    expect(r.message).toBe('This picture is 8,001 × 1 pixels; pictures can be at most 8,000 pixels wide or tall. Make it smaller and upload it again.');
    expect(inspectPicture(jpegBytes(PICTURE_LIMITS.maxSide, 10))).toMatchObject({ width: 8000 });
  });
});

describe('an SVG is refused for each danger, in a sentence', () => {
  const cases: [string, string, RegExp][] = [
    ['a script', '<script>alert(1)</script>', /^This SVG contains a script/],
    ['a script in another namespace', '<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>', /^This SVG contains a script/],
    ['an event handler', '<rect width="1" height="1" onclick="alert(1)"/>', /event handler/],
    ['an event handler in capitals', '<rect width="1" height="1" ONLOAD="alert(1)"/>', /event handler/],
    ['a handler set by an animation', '<rect width="1" height="1"><set attributeName="onmouseover" to="alert(1)"/></rect>', /event handler/],
    ['a foreignObject', '<foreignObject width="10" height="10"><p xmlns="http://www.w3.org/1999/xhtml">Hi</p></foreignObject>', /foreignObject/],
    ['a link to a web address', '<a href="https://evil.example/"><rect width="1" height="1"/></a>', /links to another file or web address/],
    ['an xlink:href to another file', '<image xlink:href="photo.jpg" width="1" height="1"/>', /links to another file or web address/],
    ['a javascript: link', '<a xlink:href="javascript:alert(1)"><rect width="1" height="1"/></a>', /links to another file or web address/],
    ['a link set by an animation', '<a href="#x"><set attributeName="href" to="https://evil.example"/></a>', /links to another file or web address/],
    ['a data: address', '<image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>', /packed inside it/],
    ['a src attribute', '<image src="https://evil.example/a.png" width="1" height="1"/>', /links to another file or web address/],
    ['an external url() in a fill', '<rect width="1" height="1" fill="url(https://evil.example/g.svg#a)"/>', /through its styles/],
    ['an external url() in a style attribute', '<rect width="1" height="1" style="fill: url(\'other.svg#g\')"/>', /through its styles/],
    ['an @import in a style element', '<style>@import "https://evil.example/a.css";</style>', /through its styles/],
    ['a url() in a style element', '<style><![CDATA[rect { fill: url(https://evil.example/a.svg) }]]></style>', /through its styles/],
    ['an escaped url in styles', '<style>rect { fill: u\\72l(https://evil.example/a) }</style>', /disguised characters/],
    ['a style sheet instruction', '', /links to another file or web address/],
  ];
  it.each(cases)('%s', (_what, inside, message) => {
    const text = _what === 'a style sheet instruction' ? `<?xml-stylesheet href="https://evil.example/a.css"?>${svgText()}` : svgText(inside);
    const r = refusal(() => inspectPicture(Buffer.from(text)));
    expect(r.status).toBe(422);
    expect(r.message).toMatch(message);
    expect(r.message).toMatch(/\.$/);
  });

  it('a DOCTYPE, with or without entities', () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>${svgText('<text>&x;</text>')}`;
    expect(refusal(() => inspectPicture(Buffer.from(xxe))).message).toMatch(/^This SVG has a document type declaration/);
    const plain = `<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">${svgText()}`;
    expect(refusal(() => inspectPicture(Buffer.from(plain))).message).toMatch(/^This SVG has a document type declaration/);
  });

  it('markup that is not well-formed, and a drawing without its namespace', () => {
    expect(refusal(() => inspectPicture(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>'))).message).toMatch(/not a well-formed drawing/);
    expect(refusal(() => inspectPicture(Buffer.from('<svg width="1" height="1"/>'))).message).toMatch(/namespace is missing/);
  });

  it('accepts what drawing programs write: links inside the drawing, gradients, styles, metadata', () => {
    const inside = [
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient><path id="p" d="M0 0h1"/></defs>',
      '<style>.a { fill: url(#g); stroke: url("#g") }</style>',
      '<rect class="a" width="10" height="10" fill="url(#g)" style="opacity: .5; fill: url( #g )"/>',
      '<use href="#p"/><use xlink:href="#p"/><a href="#p"><text>Hello &amp; welcome</text></a>',
      '<metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></metadata>',
    ].join('');
    const text = `<?xml version="1.0" encoding="UTF-8"?>\n<!-- Made by hand -->\n${svgText(inside, 'width="560" height="420" viewBox="0 0 560 420"')}`;
    expect(inspectPicture(Buffer.from(text))).toMatchObject({ kind: 'svg', width: 560, height: 420 });
  });

  it('the site’s own drawings pass', async () => {
    const { readFileSync } = await import('node:fs');
    const root = join(import.meta.dirname, '..', '..', 'site.config', 'assets', 'images');
    for (const f of ['not-found.svg', 'home/estimate.svg', 'landing/owner-hero.svg']) {
      expect(inspectPicture(readFileSync(join(root, f))).kind, f).toBe('svg');
    }
  });
});

describe('the file name comes from the description', () => {
  it('in lower-case words joined by dashes', () => {
    expect(nameFromDescription('Site team at work')).toBe('site-team-at-work');
    expect(nameFromDescription('  The owner’s new house — Kigali, 2026!  ')).toBe('the-owners-new-house-kigali-2026');
    expect(nameFromDescription('Café façade')).toBe('cafe-facade');
    expect(nameFromDescription('!!!')).toBe('');
  });

  it('cut at a word, at most 60 characters', () => {
    const long = nameFromDescription('A very long description of a picture that goes on and on about every single thing in it');
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long).toBe('a-very-long-description-of-a-picture-that-goes-on-and-on');
  });

  it('made unique when taken, by a file of any extension', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sw-pictures-'));
    try {
      expect(freeName(dir, 'team')).toBe('team');
      writeFileSync(join(dir, 'team.png'), '');
      expect(freeName(dir, 'team')).toBe('team-2');
      writeFileSync(join(dir, 'team-2.svg'), '');
      expect(freeName(dir, 'team')).toBe('team-3');
      expect(freeName(join(dir, 'missing'), 'team')).toBe('team');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
