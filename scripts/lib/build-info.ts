import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Project } from './project.ts';

/** Every file under `dir`, in a stable order. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const p = join(dir, name);
      return statSync(p).isDirectory() ? filesUnder(p) : [p];
    });
}

/** sha256 over every config file's path and bytes: two builds of the same content share it. */
export function configChecksum(root: string): string {
  const h = createHash('sha256');
  for (const f of filesUnder(join(root, 'site.config'))) {
    h.update(relative(root, f));
    h.update(readFileSync(f));
  }
  return h.digest('hex').slice(0, 16);
}

export function previewGateHash(email: string, password: string, salt: string): string {
  return createHash('sha256').update(`${salt}\n${email.trim().toLowerCase()}\n${password}`).digest('hex');
}

export interface BuildInfoInput {
  root: string;
  project: Project;
  env: Record<string, string | undefined>;
  visibleRoutes: number;
  hidden: string[];
}

/**
 * Values fixed once per build: the client and server bundles must agree on them, so time and salt
 * come from the environment the build script sets for both passes.
 */
export function buildInfo({ root, env, visibleRoutes, hidden }: BuildInfoInput) {
  const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
  const checksum = configChecksum(root);
  const time = env.SITEWRIGHT_BUILD_TIME ?? new Date(0).toISOString();
  const email = env.SITEWRIGHT_PREVIEW_EMAIL;
  const password = env.SITEWRIGHT_PREVIEW_PASSWORD;
  const salt = createHash('sha256').update(`${checksum}|${time}`).digest('hex').slice(0, 16);
  return {
    time,
    version,
    checksum,
    routes: visibleRoutes,
    hidden,
    previewGate: email && password ? { salt, hash: previewGateHash(email, password, salt) } : null,
  };
}
