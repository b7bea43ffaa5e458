/** Publishing's settings, read from the environment in one place. */
import { join, resolve } from 'node:path';

export interface PublishConfig {
  /** The project root: schemas/, blocks/, renderer/ and scripts/build.ts, which every build uses. */
  root: string;
  /** Where publishing keeps its working copy, drafts, builds and previews: <data dir>/site. */
  home: string;
  /** The working copy of the site's repository (ordinary git; only its site.config/ is edited). */
  repoDir: string;
  /** The live branch. */
  branch: string;
  /** False when SITEWRIGHT_GIT_BRANCH is unset: the live branch is then the remote's default branch (its HEAD). */
  branchGiven?: boolean;
  /**
   * SITEWRIGHT_GIT_REMOTE: any git URL (https://…, ssh://…, git@host:path, or a path on disk). Credentials come from
   * git's own credential helpers and SSH, never from here; the value is never logged or shown.
   */
  remote?: string;
  /** The editor's production build. */
  editorDir: string;
}

export function publishConfigFrom(env: NodeJS.ProcessEnv, root: string, dataDir: string): PublishConfig {
  const home = join(dataDir, 'site');
  const given = env.SITEWRIGHT_GIT_BRANCH?.trim();
  const branch = given || 'main';
  if (!/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(branch) || branch.includes('..')) {
    throw new Error(`SITEWRIGHT_GIT_BRANCH must be a plain branch name (letters, digits, . _ / -), not "${branch}"`);
  }
  return {
    root,
    home,
    repoDir: join(home, 'repo'),
    branch,
    branchGiven: Boolean(given),
    remote: env.SITEWRIGHT_GIT_REMOTE?.trim() || undefined,
    editorDir: resolve(root, env.SITEWRIGHT_EDITOR_DIST ?? 'dist-editor'),
  };
}
