// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { collectAssets, inlineScriptHashes, renderDocument } from './html.ts';

describe('renderDocument', () => {
  const base = {
    lang: 'en',
    canonical: 'https://x.example/a',
    siteName: 'X',
    index: true,
    scripts: ['console.log(1)', 'console.log(2)'],
    css: ['assets/s.css'],
    body: '<p>hi</p>',
  };

  it('escapes config text in the head', () => {
    const html = renderDocument({ ...base, title: 'A <b>"x"</b>', description: 'd & e' });
    expect(html).toContain('<title>A &lt;b&gt;&quot;x&quot;&lt;/b&gt;</title>');
    expect(html).toContain('content="d &amp; e"');
  });

  it('names the inlined style sheets on their <style> and links none of them, not even disabled (Chromium fetches those)', () => {
    const html = renderDocument({ ...base, css: [], title: 't', description: 'd', inlineCss: '.a{}', inlinedFiles: ['assets/a.css', 'assets/b.css'] });
    expect(html).toContain('<style data-inlined-styles="/assets/a.css /assets/b.css">.a{}</style>');
    expect(html).not.toContain('<link rel="stylesheet" href="/assets/a.css');
    expect(renderDocument({ ...base, css: [], title: 't', description: 'd', inlineCss: '.a{}' })).toContain('<style>.a{}</style>');
  });

  it('lists the styles left for after the first paint for the shell, and links them for browsers with scripts off', () => {
    const html = renderDocument({ ...base, css: [], title: 't', description: 'd', inlineCss: '.a{}', laterCss: ['assets/faq.css', 'assets/cta.css'] });
    expect(html).toContain(
      '<noscript data-later-styles="/assets/faq.css /assets/cta.css"><link rel="stylesheet" href="/assets/faq.css"><link rel="stylesheet" href="/assets/cta.css"></noscript>',
    );
    expect(renderDocument({ ...base, title: 't', description: 'd', laterCss: [] })).not.toContain('<noscript');
  });

  it('marks non-indexable pages noindex and links assets', () => {
    const html = renderDocument({ ...base, title: 't', description: 'd', index: false });
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('<link rel="stylesheet" href="/assets/s.css">');
    expect(html).toContain('<div id="app"><p>hi</p></div>');
  });

  it('inlines the scripts in order after the page, and the CSP hashes are theirs', () => {
    const html = renderDocument({ ...base, title: 't', description: 'd' });
    expect(html).toContain('</div>\n<script type="module">console.log(1)</script>\n<script type="module">console.log(2)</script>\n</body>');
    expect(html).not.toMatch(/<script[^>]*\bsrc=|modulepreload/);
    expect(inlineScriptHashes([html])).toHaveLength(2);
  });
});

describe('collectAssets', () => {
  it('follows static imports and gathers their CSS once', () => {
    const manifest = {
      entry: { file: 'e.js', css: ['e.css'], imports: ['shared'] },
      block: { file: 'b.js', css: ['b.css'], imports: ['shared', 'entry'] },
      shared: { file: 's.js', css: ['e.css'] },
    };
    expect(collectAssets(manifest, ['entry', 'block'])).toEqual({ js: ['e.js', 's.js', 'b.js'], css: ['e.css', 'b.css'] });
  });
});

describe('collectAssets order', () => {
  it("puts a dependency's CSS before the CSS of the chunk that imports it", () => {
    const manifest = {
      block: { file: 'b.js', css: ['b.css'], imports: ['shared'] },
      shared: { file: 's.js', css: ['section.css'] },
    };
    expect(collectAssets(manifest, ['block']).css).toEqual(['section.css', 'b.css']);
  });
});

describe('inlineScriptHashes', () => {
  it('hashes inline scripts only', () => {
    const hashes = inlineScriptHashes(['<script type="module" src="/a.js"></script><script>alert(1)</script>']);
    expect(hashes).toHaveLength(1);
    expect(hashes[0]).toMatch(/^'sha256-[A-Za-z0-9+/=]+'$/);
  });
});
