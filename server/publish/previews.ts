/** Placeholder until preview links land: the signature the rest of the service builds against. */
import type { Db } from '../db.ts';
import type { PublishConfig } from './config.ts';
import type { PreviewLinks, Publisher } from './types.ts';

export interface PreviewLinksOptions {
  config: PublishConfig;
  db: Db;
  publisher: Publisher;
  clock?: () => number;
}

export function createPreviewLinks(_opts: PreviewLinksOptions): PreviewLinks {
  throw new Error('not built yet');
}
