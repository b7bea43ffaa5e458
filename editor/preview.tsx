/**
 * The editor's live preview (dev server only): renders a page the editor posts to it with the real Layout, blocks and
 * styles, outlines the selected block, marks blocks with problems, and tells the editor which block was clicked.
 * With ?thumb=<type> it renders one block's example, for the palette.
 */
import { memo, StrictMode, use, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { blockRegistry } from '../blocks/registry.ts';
import type { Block, PageHeader, SiteConfig } from '../renderer/generated/config-types.ts';
import { Footer } from '../renderer/layout/Footer.tsx';
import { Header } from '../renderer/layout/Header.tsx';
import { BlockSetContext, blockSet } from '../renderer/lib/blocks.ts';
import { DialogTargetsContext, dialogTargets, type DialogTargets } from '../renderer/lib/dialog-targets.tsx';
import { PageProvider, SiteProvider, type FragmentSource } from '../renderer/lib/site-context.tsx';
import type { LoadedPage } from '../renderer/lib/types.ts';
import { BEHIND_MENU_ATTR } from '../renderer/shell/markup.ts';
import { initShell } from '../renderer/shell/shell.ts';
import { watchBlockScripts } from '../renderer/shell/block-scripts.ts';
import { blockScripts } from '../blocks/scripts.ts';
import '../renderer/styles/global.css';
// A built page links it and its shell applies it: the header's dropdowns hang under their buttons.
import '../renderer/shell/no-script.css';
import { NewTabNote } from '../renderer/ui/SmartLink.tsx';
import type { ContentEntry } from './content.ts';
import { LastGood } from './preview-boundary.tsx';
import { draftPictures, framingApiBase } from './preview-pictures.ts';
import builtPictures from 'virtual:sitewright/images';
import { PicturesProvider } from '../renderer/images/Picture.tsx';

/** The site's blocks, handed to the renderer's components (the renderer imports no block of its own). */
const siteBlocks = blockSet(blockRegistry);
import { blockPointer, matchField, type Clicked } from './preview-pick.ts';

export interface RenderMessage {
  sw: 'render';
  page: { route?: string; layout?: 'full' | 'bare'; header?: PageHeader; blocks: Block[]; [key: string]: unknown };
  fragments: Record<string, Record<string, unknown>>;
  /** The text of prose sections by content file ("policy"), compiled by the editor's server as the build does. */
  content?: Record<string, ContentEntry>;
  site: SiteConfig | null;
  selected: number | null;
  /** Number of problems per block index. */
  problems: Record<number, number>;
}

const thumb = new URLSearchParams(location.search).get('thumb');
// The schema check (ajv and every schema) is loaded by the page preview only: a palette thumbnail shows a block's
// example, which is valid, and the palette boots one thumbnail per kind of section at once.
const check = thumb ? null : await import('./preview-check.ts');
const blockProblem = (block: Block) => check?.blockProblem(block) ?? null;
const chromeProblem = (site: SiteConfig | null, part: 'header' | 'footer') => check?.chromeProblem(site, part) ?? null;
const post = (message: Record<string, unknown>) => window.parent?.postMessage({ ...message, thumb }, location.origin);

/** Blocks that did not change keep their identity, so only the block being typed into renders again. */
const seen = new WeakMap<object, string>();
let previous: Block[] = [];
function stable(blocks: Block[]): Block[] {
  const next = blocks.map((b, i) => {
    const text = JSON.stringify(b);
    const old = previous[i];
    if (old && seen.get(old) === text) return old;
    seen.set(b, text);
    return b;
  });
  previous = next;
  return next;
}

/** Content entries that did not change keep their identity, so a prose section renders again only when its text did. */
let previousContent: Record<string, ContentEntry> = {};
function stableContent(content: Record<string, ContentEntry> | undefined): Record<string, ContentEntry> {
  const next: Record<string, ContentEntry> = {};
  for (const [id, entry] of Object.entries(content ?? {})) {
    const old = previousContent[id];
    // The hash is the file's text, which the compiled document follows: no need to compare the documents.
    const same = old && old.hash === entry.hash && ('doc' in old ? 'doc' in entry : 'problem' in entry && old.problem === entry.problem);
    next[id] = same ? old : entry;
  }
  previousContent = next;
  return next;
}

function BlockView({ block }: { block: Block }) {
  if (block.type === 'prose') return <ProseView block={block} />;
  return <BlockComponent block={block} />;
}

/**
 * A prose section with its real text: site.config/content/<source>.mdx as the server compiled it (the build's own
 * compiler), given to the block the way a built page gives it. While it loads, and when the file does not compile,
 * the section says so in words instead.
 */
function ProseView({ block }: { block: Block }) {
  const source = (block as { source?: unknown }).source;
  const id = typeof source === 'string' ? source : '';
  const entry = useSyncExternalStore(subscribe, () => latest?.content?.[id]);
  const doc = entry && 'doc' in entry ? entry.doc : null;
  const fragments = useMemo<FragmentSource | null>(() => (doc ? { fragments: { content: { [id]: doc } } } : null), [doc, id]);
  if (!/^[a-z0-9][a-z0-9-]*$/.test(id)) return <p className="sw-editor-empty">Choose the text this section shows.</p>;
  if (fragments) {
    return (
      <PageProvider value={fragments}>
        <BlockComponent block={block} />
      </PageProvider>
    );
  }
  if (entry && 'problem' in entry) {
    return (
      <div className="sw-editor-problem" role="alert">
        <p>
          <strong>The text of this section cannot be shown.</strong>
        </p>
        <p>{entry.problem}</p>
        <p>Fix the file and save it: the text shows here again by itself.</p>
      </div>
    );
  }
  return <p className="sw-editor-empty">Loading the text “{id}”…</p>;
}

function BlockComponent({ block }: { block: Block }) {
  const Component = use(siteBlocks.components.load(block.type));
  return <Component {...block} />;
}

const Slot = memo(function Slot({
  block,
  index,
  selected,
  problems,
  shared,
}: {
  block: Block;
  index: number;
  selected: boolean;
  problems: number;
  /** Changes when the shared data a section may read (question sets, forms, site settings) changes. */
  shared: number;
}) {
  const problem = useMemo(() => blockProblem(block), [block]);
  return (
    <div className="sw-editor-slot" data-editor-index={index} data-editor-selected={selected || undefined} data-block={block.type}>
      {problems > 0 && (
        <span className="sw-editor-badge">
          {problems} problem{problems > 1 ? 's' : ''}
        </span>
      )}
      {siteBlocks.isRegistered(block.type) ? (
        <LastGood
          attemptKey={`${shared}\u0000${seen.get(block) ?? JSON.stringify(block)}`}
          problem={problem}
          name="This section"
          loading={<div className="sw-editor-empty">Loading…</div>}
        >
          <BlockView block={block} />
        </LastGood>
      ) : (
        <p className="sw-editor-empty">This kind of section is not known to the editor.</p>
      )}
    </div>
  );
});

/**
 * The latest message from the editor, outside React: the sections subscribe to it, while the page chrome (header,
 * footer) is a memoised element that re-renders only when the site settings or the page's header change. Typing into
 * a field then re-renders one section, not the whole page (React's development build makes every element costly).
 */
let latest: (RenderMessage & { shared: number }) | null = null;
const listeners = new Set<() => void>();
function publish(m: RenderMessage & { shared: number }) {
  latest = m;
  for (const l of listeners) l();
}
const subscribe = (l: () => void) => (listeners.add(l), () => void listeners.delete(l));
const useLatest = () => useSyncExternalStore(subscribe, () => latest);

function Sections() {
  const message = useLatest();
  useEffect(() => {
    if (message?.selected === null || message?.selected === undefined) return;
    const el = document.querySelector(`[data-editor-index="${message.selected}"] > :not(.sw-editor-badge)`);
    el?.scrollIntoView({ block: 'nearest' });
  }, [message?.selected]);
  if (!message) return null;
  const blocks = message.page.blocks;
  return blocks.length ? (
    blocks.map((block, i) => (
      <Slot key={`${i}-${block.type}`} block={block} index={i} selected={message.selected === i} problems={message.problems[i] ?? 0} shared={message.shared} />
    ))
  ) : (
    <p className="sw-editor-empty">This page has no sections yet. Add one from “Add section”.</p>
  );
}

/**
 * The site's Layout, with the header and the footer each kept at their last good rendering while the site settings
 * being edited cannot be shown (a menu link without its address, say). The site's own Layout has no such fallback:
 * it only ever renders checked settings.
 */
function PreviewLayout({
  header,
  bare,
  site,
  shared,
  children,
}: {
  header?: PageHeader;
  bare: boolean;
  site: SiteConfig | null;
  shared: number;
  children: ReactNode;
}) {
  const headerProblem = useMemo(() => chromeProblem(site, 'header'), [site]);
  const footerProblem = useMemo(() => chromeProblem(site, 'footer'), [site]);
  const headerKey = `${shared}\u0000${JSON.stringify(header ?? null)}`;
  if (bare)
    return (
      <>
        <main id="main">{children}</main>
        <NewTabNote />
      </>
    );
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <LastGood attemptKey={headerKey} problem={headerProblem} name="The site’s header">
        <Header config={header} />
      </LastGood>
      <main id="main" tabIndex={-1} {...{ [BEHIND_MENU_ATTR]: '' }}>
        {children}
      </main>
      <LastGood attemptKey={String(shared)} problem={footerProblem} name="The site’s footer">
        <Footer />
      </LastGood>
      <NewTabNote />
    </>
  );
}

function PreviewPage({ message, site }: { message: RenderMessage & { shared: number }; site: SiteConfig | null }) {
  const blocks = message.page.blocks;
  // The dialogs' ids and the fragments change rarely; compared by value so the chrome keeps its identity.
  const dialogKey = JSON.stringify(dialogTargets(blocks, siteBlocks.isDialog));
  const dialogs = useMemo(() => JSON.parse(dialogKey) as DialogTargets, [dialogKey]);
  const fragmentsKey = JSON.stringify(message.fragments);
  const loaded = useMemo<LoadedPage>(
    () => ({ page: { ...message.page, blocks: [] } as unknown as LoadedPage['page'], fragments: JSON.parse(fragmentsKey) }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt only when the route or the fragments change, not on every keystroke
    [fragmentsKey, message.page.route],
  );
  const headerKey = JSON.stringify(message.page.header ?? null);
  const bare = message.page.layout === 'bare';
  const shared = message.shared;
  return useMemo(() => {
    if (thumb)
      return (
        <PageProvider value={loaded}>
          <Sections />
        </PageProvider>
      );
    return (
      <PageProvider value={loaded}>
        <DialogTargetsContext.Provider value={dialogs}>
          <PreviewLayout header={JSON.parse(headerKey) ?? undefined} bare={bare} site={site} shared={shared}>
            <Sections />
          </PreviewLayout>
        </DialogTargetsContext.Provider>
      </PageProvider>
    );
  }, [loaded, dialogs, headerKey, bare, site, shared]);
}

/** Counts the changes of the data every section may read, so a section that failed with the old data tries again. */
let sharedText = '';
let sharedVersion = 0;
function sharedOf(m: RenderMessage): number {
  const text = `${JSON.stringify(m.fragments)}\u0000${JSON.stringify(m.site)}`;
  if (text !== sharedText) {
    sharedText = text;
    sharedVersion++;
  }
  return sharedVersion;
}

function Root() {
  const [message, setMessage] = useState<(RenderMessage & { shared: number }) | null>(null);
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== location.origin || e.data?.sw !== 'render') return;
      const m = e.data as RenderMessage;
      const next = { ...m, page: { ...m.page, blocks: stable(m.page.blocks ?? []) }, content: stableContent(m.content), shared: sharedOf(m) };
      publish(next);
      setMessage(next);
    };
    window.addEventListener('message', onMessage);
    post({ sw: 'ready' });
    return () => window.removeEventListener('message', onMessage);
  }, []);
  // The site's own header script (menu state, arrow keys, the phone menu's lock), once the header is on the page:
  // started earlier it would watch every change of the page for the header to appear.
  const drawn = message !== null;
  useEffect(() => {
    if (drawn && !thumb) return initShell(document);
  }, [drawn]);
  // The blocks' own scripts, as a built page's shell starts them, for each block as it renders (an island's left to
  // React, which runs it from the start here).
  useEffect(() => {
    if (drawn) return watchBlockScripts(document, blockScripts, (type) => siteBlocks.hydrationOf(type) !== undefined);
  }, [drawn]);
  const siteKey = message?.site ? JSON.stringify(message.site) : '';
  const site = useMemo(() => (siteKey ? (JSON.parse(siteKey) as SiteConfig) : null), [siteKey]);
  if (!message) return <p className="sw-editor-empty">Loading the preview…</p>;
  const inner = <PreviewPage message={message} site={site} />;
  return (
    <MemoryRouter initialEntries={[typeof message.page.route === 'string' ? message.page.route.replace(/:[a-zA-Z]+/g, 'example') : '/']}>
      {site ? <SiteProvider value={site}>{inner}</SiteProvider> : inner}
    </MemoryRouter>
  );
}

/** What the matcher needs of the clicked element and of each element around it, up to its section. */
function clickedChain(target: Element, slot: Element): Clicked[] {
  const chain: Clicked[] = [];
  for (let el: Element | null = target; el && el !== slot; el = el.parentElement) {
    const img = el instanceof HTMLImageElement ? el : el.matches('picture') ? el.querySelector('img') : null;
    chain.push(img ? { src: img.getAttribute('src') ?? '', alt: img.alt, text: '' } : { text: el.textContent ?? '' });
  }
  return chain;
}

/**
 * A click in the preview selects the section under it and names the field it shows (click to edit). The page's own
 * controls keep working (menus, the mobile menu, dialogs), but nothing leaves the preview: a link that no control
 * took care of is stopped after the page's handlers ran, and forms never send.
 */
document.addEventListener(
  'click',
  (e) => {
    const target = e.target instanceof Element ? e.target : null;
    const slot = target?.closest('[data-editor-index]');
    if (!target || !slot) return;
    const index = Number(slot.getAttribute('data-editor-index'));
    const block = latest?.page.blocks[index];
    const field = block && !target.closest('[data-editor-stale] > [role="note"]') ? matchField(block, clickedChain(target, slot)) : null;
    post({ sw: 'select', index, pointer: field ? blockPointer(index, field) : null });
  },
  true,
);
window.addEventListener('click', (e) => {
  if (e.target instanceof Element && e.target.closest('a[href], area[href]')) e.preventDefault();
});
// A backstop for a link whose handler stopped the click on its way: the preview page itself is never replaced.
const navigation = (window as { navigation?: EventTarget }).navigation;
navigation?.addEventListener('navigate', (e) => {
  const n = e as Event & { navigationType?: string };
  if (n.cancelable && (n.navigationType === 'push' || n.navigationType === 'replace')) n.preventDefault();
});
document.addEventListener(
  'submit',
  (e) => {
    e.preventDefault();
    e.stopPropagation();
  },
  true,
);
if (thumb) document.body.inert = true;

const container = document.getElementById('app');
if (!container) throw new Error('#app mount node missing');
// Every block's code is fetched up front, so typing never waits for a chunk.
await Promise.allSettled((thumb ? blockRegistry.filter((b) => b.type === thumb) : blockRegistry).map((b) => siteBlocks.components.load(b.type)));
const pictures = draftPictures(framingApiBase(), builtPictures);
createRoot(container).render(
  <StrictMode>
    <BlockSetContext.Provider value={siteBlocks}>
      <PicturesProvider value={pictures}>
        <Root />
      </PicturesProvider>
    </BlockSetContext.Provider>
  </StrictMode>,
);
