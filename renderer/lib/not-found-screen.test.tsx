import { afterEach, describe, expect, it, vi } from 'vitest';
import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';

afterEach(() => {
  vi.doUnmock('virtual:sitewright/config');
  vi.resetModules();
});

/** The module under test, with the site's construction flag set as asked. */
async function screenModule(underConstruction: boolean) {
  vi.resetModules();
  vi.doMock('virtual:sitewright/config', async (importOriginal) => {
    const real = await importOriginal<typeof import('virtual:sitewright/config')>();
    return { ...real, site: { ...real.site, flags: { ...real.site.flags, underConstruction } } };
  });
  return import('./not-found-screen.tsx');
}

describe('not-found screen: where it shows, so its chunk is fetched only there', () => {
  it('shows on an unknown address, not on a page or a redirect of the config', async () => {
    const { showsNotFound } = await screenModule(false);
    expect(showsNotFound('/no-such-page')).toBe(true);
    expect(showsNotFound('/owner')).toBe(false);
    expect(showsNotFound('/owner/')).toBe(false);
    expect(showsNotFound('/canpad')).toBe(false);
  });

  it('shows on every page but the preview sign-in while the site is under construction', async () => {
    const { showsNotFound } = await screenModule(true);
    const { site } = await import('virtual:sitewright/config');
    expect(showsNotFound('/owner')).toBe(true);
    expect(showsNotFound('/')).toBe(true);
    expect(site.previewLogin).toBe('/admin-login');
    expect(showsNotFound(site.previewLogin)).toBe(false);
  });

  it('renders in one pass once loaded (as the prerenderer and hydration need), and suspends before', async () => {
    const { NotFoundScreen, loadNotFound } = await screenModule(false);
    const tree = (
      <MemoryRouter>
        <Suspense fallback={<p>waiting for the chunk</p>}>
          <NotFoundScreen />
        </Suspense>
      </MemoryRouter>
    );
    expect(renderToString(tree)).toContain('waiting for the chunk');
    await loadNotFound();
    const html = renderToString(tree);
    expect(html).not.toContain('waiting for the chunk');
    // The screen's own first state: a spinner until its picture has loaded.
    expect(html).toContain('aria-busy="true"');
  });
});
