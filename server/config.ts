/** The lead service's settings, read from the environment in one place. */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rateLimitFrom } from './rate-limit.ts';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SOCKET_NAME = 'leads.sock';

export interface ServiceConfig {
  /** PGlite data directory (also where the admin socket and the lock live). */
  dataDir: string;
  /** postgres://… : use that server instead of PGlite. */
  databaseUrl?: string;
  hashSecret?: string;
  rateLimit: number;
  trustedProxies: number;
  allowedOrigins: string[];
  adminToken?: string;
  webhook?: string;
}

const nonEmpty = (v: string | undefined) => (v && v.trim() ? v.trim() : undefined);

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  const hops = nonEmpty(env.SITEWRIGHT_TRUSTED_PROXIES) ?? '0';
  if (!/^\d+$/.test(hops)) throw new Error(`SITEWRIGHT_TRUSTED_PROXIES must be a number of proxy hops (0 = none), not "${hops}"`);
  const databaseUrl = nonEmpty(env.DATABASE_URL);
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) throw new Error('DATABASE_URL must start with postgres:// (or postgresql://)');
  const webhook = nonEmpty(env.SITEWRIGHT_LEAD_WEBHOOK);
  if (webhook && !/^https?:\/\//.test(webhook)) throw new Error('SITEWRIGHT_LEAD_WEBHOOK must be an http(s) URL');
  return {
    dataDir: resolve(nonEmpty(env.SITEWRIGHT_DATA_DIR) ?? join(REPO_ROOT, '.data')),
    databaseUrl,
    hashSecret: nonEmpty(env.SITEWRIGHT_HASH_SECRET),
    rateLimit: rateLimitFrom(env.SITEWRIGHT_RATE_LIMIT),
    trustedProxies: Number(hops),
    allowedOrigins: (env.SITEWRIGHT_ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim().replace(/\/$/, ''))
      .filter(Boolean),
    adminToken: nonEmpty(env.SITEWRIGHT_ADMIN_TOKEN),
    webhook,
  };
}

export const socketPath = (config: Pick<ServiceConfig, 'dataDir'>) => join(config.dataDir, SOCKET_NAME);
