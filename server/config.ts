/** The lead service's settings, read from the environment in one place. */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rateLimitFrom } from './rate-limit.ts';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SOCKET_NAME = 'leads.sock';

/** Where the project keeps what it makes once per machine (node_modules/.cache, which nothing commits or ships). */
export const cacheDir = (root = REPO_ROOT) => join(root, 'node_modules', '.cache', 'sitewright');

/** The installed PGlite's package.json, whose version names what is cached of it. */
export const pglitePackageFile = (root = REPO_ROOT) => join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json');

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
  /** SITEWRIGHT_SMTP_URL: notification emails go through this mail server. Holds a password: never logged. */
  smtpUrl?: string;
  /** SITEWRIGHT_MAIL_FROM: the notification emails' sender. */
  mailFrom?: string;
  /** SITEWRIGHT_PUBLIC_URL: the site's address as staff open it, for links in emails (no trailing slash). */
  publicUrl?: string;
}

const nonEmpty = (v: string | undefined) => (v && v.trim() ? v.trim() : undefined);

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServiceConfig {
  const hops = nonEmpty(env.SITEWRIGHT_TRUSTED_PROXIES) ?? '0';
  if (!/^\d+$/.test(hops)) throw new Error(`SITEWRIGHT_TRUSTED_PROXIES must be a number of proxy hops (0 = none), not "${hops}"`);
  const databaseUrl = nonEmpty(env.DATABASE_URL);
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) throw new Error('DATABASE_URL must start with postgres:// (or postgresql://)');
  const webhook = nonEmpty(env.SITEWRIGHT_LEAD_WEBHOOK);
  if (webhook && !/^https?:\/\//.test(webhook)) throw new Error('SITEWRIGHT_LEAD_WEBHOOK must be an http(s) URL');
  const smtpUrl = nonEmpty(env.SITEWRIGHT_SMTP_URL);
  const smtpProblem = smtpUrl === undefined ? undefined : smtpUrlProblem(smtpUrl);
  if (smtpProblem) throw new Error(smtpProblem);
  const publicUrl = nonEmpty(env.SITEWRIGHT_PUBLIC_URL)?.replace(/\/+$/, '');
  if (publicUrl && !/^https?:\/\/[^/\s?#]+$/.test(publicUrl))
    throw new Error("SITEWRIGHT_PUBLIC_URL must be the site's address such as https://www.buildpad.example, with no path");
  const mailFrom = nonEmpty(env.SITEWRIGHT_MAIL_FROM);
  if (mailFrom && (!/^[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>$|^[^\s<>@]+@[^\s<>@]+$/.test(mailFrom) || mailFrom.length > 200))
    throw new Error('SITEWRIGHT_MAIL_FROM must be an email address, or a name and an address such as BuildPad leads <leads@buildpad.example>');
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
    smtpUrl,
    mailFrom,
    publicUrl,
  };
}

/**
 * Why SITEWRIGHT_SMTP_URL cannot be used, or undefined when it can. The message never repeats the value: it
 * holds the mail account's password.
 */
export function smtpUrlProblem(value: string): string | undefined {
  const form = 'SITEWRIGHT_SMTP_URL must look like smtp://user:password@mail.example.com:587 (or smtps://… for a server that uses TLS from the start)';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${form}; the value set cannot be read as an address.`;
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') return `${form}; it must start with smtp:// or smtps://.`;
  if (!url.hostname) return `${form}; the mail server's name is missing.`;
  if (url.port && (Number(url.port) < 1 || Number(url.port) > 65535)) return `${form}; the port must be a number from 1 to 65535.`;
  if (url.password && !url.username) return `${form}; a password is set without a user name.`;
  return undefined;
}

export const socketPath = (config: Pick<ServiceConfig, 'dataDir'>) => join(config.dataDir, SOCKET_NAME);
