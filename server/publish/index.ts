/** Starts publishing for the service: the publisher on the working copy, and preview links in the database. */
import type { Db } from '../db.ts';
import { publishConfigFrom } from './config.ts';
import { createPublisher } from './publisher.ts';
import { createPreviewLinks } from './previews.ts';
import type { Publishing } from './types.ts';

export async function startPublishing(opts: { db: Db; root: string; dataDir: string; env?: NodeJS.ProcessEnv }): Promise<Publishing> {
  const config = publishConfigFrom(opts.env ?? process.env, opts.root, opts.dataDir);
  const publisher = await createPublisher({ config, db: opts.db });
  const previews = createPreviewLinks({ config, db: opts.db, publisher });
  return { publisher, previews, editorDir: config.editorDir, root: config.root };
}
