import { createContext, Suspense, use, useContext, useEffect, useMemo } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { site } from 'virtual:sitewright/config';
import { Blocks } from './Blocks.tsx';
import { Layout } from './layout/Layout.tsx';
import { resetAllChunkCaches } from './lib/chunk-cache.ts';
import { RouteProvider } from './lib/route-params.tsx';
import { usePreviewGatePassed } from './lib/preview-gate.ts';
import { matchPage, matchRedirect, pageCache } from './lib/routes.ts';
import { NotFoundScreen, gateCovers } from './lib/not-found-screen.tsx';
import { PageProvider, SiteProvider } from './lib/site-context.tsx';
import { DialogTargetsContext, dialogTargets } from './lib/dialog-targets.tsx';
import { BlockSetContext, useBlockSet, type BlockSet } from './lib/blocks.ts';
import type { PageEntry } from './lib/types.ts';
import { AppErrorBoundary } from './screens/AppError.tsx';
import { Spinner } from './ui/Spinner.tsx';
import styles from './renderer.module.css';
import './styles/global.css';

/**
 * Set by the prerenderer: whether to render the page as a visitor who passed the preview login sees it (the
 * prerendered page carries both, see renderer/entry-server.tsx). Null: ask the browser.
 */
export const GatePassed = createContext<boolean | null>(null);

function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}

function UnderConstructionGate({ route, children }: { route: string; children: React.ReactNode }) {
  const prerendered = useContext(GatePassed);
  const browser = usePreviewGatePassed();
  const passed = prerendered ?? browser;
  if (!passed && gateCovers(route)) {
    return (
      <Layout>
        <NotFoundScreen underConstruction />
      </Layout>
    );
  }
  return children;
}

function PageRoute({ entry }: { entry: PageEntry }) {
  // Preloaded on the server; may suspend on the dev server, which renders in the browser.
  const loaded = use(pageCache.load(entry.slug));
  const { pathname } = useLocation();
  useDocumentTitle(loaded.page.title);
  const { isDialog } = useBlockSet();
  const dialogs = useMemo(() => dialogTargets(loaded.page.blocks, isDialog), [loaded, isDialog]);
  return (
    <UnderConstructionGate route={entry.route}>
      <PageProvider value={loaded}>
        <DialogTargetsContext.Provider value={dialogs}>
          <RouteProvider route={entry.route} path={pathname}>
            <Layout header={loaded.page.header} bare={entry.layout === 'bare'}>
              <Blocks blocks={loaded.page.blocks} />
            </Layout>
          </RouteProvider>
        </DialogTargetsContext.Provider>
      </PageProvider>
    </UnderConstructionGate>
  );
}

function NotFoundRoute() {
  useDocumentTitle('Page not found');
  return (
    <UnderConstructionGate route="*">
      <Layout>
        <NotFoundScreen />
      </Layout>
    </UnderConstructionGate>
  );
}

/**
 * Matches the location against the config with a map lookup, then hands the router just that one route
 * (so hooks such as useParams work). Listing every page as a <Route> would make each render cost grow
 * with the number of pages.
 */
function ConfigRoute() {
  const { pathname } = useLocation();
  const redirect = matchRedirect(pathname);
  if (redirect) return <Navigate to={redirect} replace />;
  const entry = matchPage(pathname);
  if (!entry) return <NotFoundRoute />;
  return (
    <Routes>
      <Route path={entry.route} element={<PageRoute key={entry.slug} entry={entry} />} />
    </Routes>
  );
}

function PageLoading() {
  return (
    <div className={styles['block-loading']}>
      <Spinner label="Loading page" size="lg" />
    </div>
  );
}

/**
 * The page for the current location: prerendered by the build, rendered in the browser by the dev server. `blocks`
 * is the block registry the entry point was given (blockSet(registry)).
 */
export function App({ blocks }: { blocks: BlockSet }) {
  const { pathname } = useLocation();
  return (
    <SiteProvider value={site}>
      <BlockSetContext.Provider value={blocks}>
        <AppErrorBoundary resetKey={pathname} onRetry={resetAllChunkCaches}>
          <Suspense fallback={<PageLoading />}>
            <Routes>
              <Route path="*" element={<ConfigRoute />} />
            </Routes>
          </Suspense>
        </AppErrorBoundary>
      </BlockSetContext.Provider>
    </SiteProvider>
  );
}
