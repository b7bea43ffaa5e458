/** Placeholder until the publisher lands: the signature the rest of the service builds against. */
import type { Db } from '../db.ts';
import type { PublishConfig } from './config.ts';
import type { Publisher } from './types.ts';

export interface PublisherOptions {
  config: PublishConfig;
  db: Db;
}

export async function createPublisher(_opts: PublisherOptions): Promise<Publisher> {
  throw new Error('not built yet');
}
