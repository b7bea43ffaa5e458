/**
 * The build's server bundle: the renderer's server entry and the site's block registry, bundled together (the
 * registry's components are lazy imports that only the bundler resolves) as two entries, so the renderer never
 * imports blocks/: whoever renders hands it the registry, as here.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BlockRegistry } from '../../renderer/lib/blocks.ts';
import type { IslandProps } from '../../renderer/islands/contract.ts';
import type { RenderResult } from '../../renderer/entry-server.tsx';

/** The server bundle's inputs (scripts/build.ts): its files are `<name>.js` in the bundle's folder. */
export const SERVER_ENTRIES = { 'entry-server': 'renderer/entry-server.tsx', registry: 'blocks/registry.ts' } as const;

/** The server entry with the registry already given. */
export interface ServerBundle {
  render: (url: string) => Promise<RenderResult>;
  renderIsland: (props: IslandProps, index: number, path: string) => Promise<string>;
}

interface Entry {
  render: (url: string, registry: BlockRegistry) => Promise<RenderResult>;
  renderIsland: (props: IslandProps, index: number, path: string, registry: BlockRegistry) => Promise<string>;
}

/**
 * Imports the bundle in `dir`; `adapt` may change the registry first (a control build: every island hydrating at
 * load), keeping the same components.
 */
export async function importServerBundle(dir: string, adapt: (registry: BlockRegistry) => BlockRegistry = (r) => r): Promise<ServerBundle> {
  const [entry, { blockRegistry }] = await Promise.all([
    import(pathToFileURL(join(dir, 'entry-server.js')).href) as Promise<Entry>,
    import(pathToFileURL(join(dir, 'registry.js')).href) as Promise<{ blockRegistry: BlockRegistry }>,
  ]);
  const registry = adapt(blockRegistry);
  return {
    render: (url) => entry.render(url, registry),
    renderIsland: (props, index, path) => entry.renderIsland(props, index, path, registry),
  };
}

/**
 * The registry of a control build (SITEWRIGHT_HYDRATE_AT_LOAD=1, for `npm run bench -- --interactions`): every island
 * hydrates at load, as islands did before they waited for the visitor; static blocks stay static.
 */
export const hydrateAtLoad = (registry: BlockRegistry): BlockRegistry => registry.map((b) => (b.hydrate === undefined ? b : { ...b, hydrate: 'load' }));
