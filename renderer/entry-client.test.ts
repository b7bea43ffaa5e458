import { afterEach, describe, expect, it, vi } from 'vitest';

// The entry's own work, with react-dom and the app's loading replaced: only the order of the steps is under test.
const dom = vi.hoisted(() => ({ hydrateRoot: vi.fn(), createRoot: vi.fn(() => ({ render: vi.fn() })) }));
const loading = vi.hoisted(() => ({
  preloadPage: vi.fn(() => Promise.resolve()),
  planBlockHydration: vi.fn(() => Promise.resolve()),
  showsNotFound: vi.fn((_pathname: string) => false),
  loadNotFound: vi.fn(() => Promise.resolve()),
}));
vi.mock('react-dom/client', () => dom);
vi.mock('./lib/routes.ts', () => ({ preloadPage: loading.preloadPage }));
vi.mock('./lib/not-found-screen.tsx', () => ({ showsNotFound: loading.showsNotFound, loadNotFound: loading.loadNotFound }));
vi.mock('./lib/deferred-blocks.ts', () => ({ planBlockHydration: loading.planBlockHydration }));
vi.mock('./App.tsx', () => ({ App: () => null }));

afterEach(() => {
  vi.useRealTimers();
  vi.resetModules();
  vi.clearAllMocks();
  document.body.innerHTML = '';
});

async function runEntry(body: string) {
  document.body.innerHTML = `<div id="app">${body}</div>`;
  vi.useFakeTimers();
  await import('./entry-client.tsx');
}

describe('entry-client: the order of the first steps', () => {
  it("asks for the page and the first screen's blocks at once, and hydrates in a later task", async () => {
    await runEntry('<main>prerendered</main>');
    expect(loading.preloadPage).toHaveBeenCalledWith(window.location.pathname);
    expect(loading.planBlockHydration).toHaveBeenCalledWith(document.getElementById('app'));
    // Creating the root in the task that evaluated react-dom made the page's longest script task longer (issue 6).
    expect(dom.hydrateRoot).not.toHaveBeenCalled();
    vi.runOnlyPendingTimers();
    expect(dom.hydrateRoot).toHaveBeenCalledTimes(1);
    expect(dom.hydrateRoot.mock.calls[0][0]).toBe(document.getElementById('app'));
    expect(dom.createRoot).not.toHaveBeenCalled();
    // A page of the site does not load the not-found screen's chunk.
    expect(loading.showsNotFound).toHaveBeenCalledWith(window.location.pathname);
    expect(loading.loadNotFound).not.toHaveBeenCalled();
  });

  it('asks for the not-found screen at once, before hydrating, where the address shows it', async () => {
    loading.showsNotFound.mockReturnValueOnce(true);
    await runEntry('<main>prerendered not-found screen</main>');
    expect(loading.loadNotFound).toHaveBeenCalledTimes(1);
    expect(dom.hydrateRoot).not.toHaveBeenCalled();
    vi.runOnlyPendingTimers();
    expect(dom.hydrateRoot).toHaveBeenCalledTimes(1);
  });

  it('renders from scratch, also in a later task, when the HTML came without a prerendered page', async () => {
    await runEntry('');
    expect(dom.createRoot).not.toHaveBeenCalled();
    vi.runOnlyPendingTimers();
    expect(dom.createRoot).toHaveBeenCalledWith(document.getElementById('app'));
    expect(dom.hydrateRoot).not.toHaveBeenCalled();
  });
});
