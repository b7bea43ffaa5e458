import { StrictMode, useMemo, type ReactNode } from 'react';
import { site } from 'virtual:sitewright/config';
import { resetAllChunkCaches } from '../lib/chunk-cache.ts';
import { DialogTargetsContext } from '../lib/dialog-targets.tsx';
import { RouteProvider } from '../lib/route-params.tsx';
import { PageProvider, SiteProvider, type FragmentSource } from '../lib/site-context.tsx';
import { AppErrorBoundary } from '../screens/AppError.tsx';
import type { IslandProps } from './contract.ts';
import { AnswerContext } from '../forms/answer-context.ts';
import { BlockSetContext, type BlockSet } from '../lib/blocks.ts';

/**
 * What every island renders inside: the site, the fragments it reads, the page's dialogs and route. The same
 * on the server (each island is prerendered as a root of its own) and when it hydrates, so the markup matches.
 */
export function IslandRoot({
  props,
  path,
  blocks,
  fragments,
  children,
}: {
  props: IslandProps;
  path: string;
  blocks: BlockSet;
  fragments?: FragmentSource;
  children: ReactNode;
}) {
  const source = useMemo(() => fragments ?? { fragments: props.fragments }, [fragments, props.fragments]);
  return (
    <StrictMode>
      {/* A failure outside the block's own boundary (in what surrounds it here) gets the spec's router fallback. */}
      <AppErrorBoundary resetKey={props.block.type} onRetry={resetAllChunkCaches}>
        <SiteProvider value={site}>
          <BlockSetContext.Provider value={blocks}>
            <PageProvider value={source}>
              <DialogTargetsContext.Provider value={props.dialogs}>
                <RouteProvider route={props.route} path={path}>
                  <AnswerContext.Provider value={props.answer ?? null}>{children}</AnswerContext.Provider>
                </RouteProvider>
              </DialogTargetsContext.Provider>
            </PageProvider>
          </BlockSetContext.Provider>
        </SiteProvider>
      </AppErrorBoundary>
    </StrictMode>
  );
}
