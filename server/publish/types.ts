/**
 * Publishing from the back office: the shapes every part shares (drafts, the three-way merge, publish, history,
 * preview links and the live build). The parts: git.ts (the working copy, through simple-git), merge.ts (JSON
 * three-way merge by path), describe.ts (plain words for a change), drafts.ts (each person's draft, on disk),
 * builds.ts (the site built into a new folder, then switched to), publisher.ts (publish, undo, history),
 * previews.ts (preview links) and preview-serving.ts (the site with a draft applied, for whoever has the link).
 */
import type { ApiDiagnostic } from '../../editor/server/api.ts';

export type { ApiDiagnostic };

/** Who a commit is by: the staff member's name and email from their account. */
export interface Author {
  name: string;
  email: string;
}

/** One field changed on both sides since the draft's base, which the person must choose between. */
export interface FieldConflict {
  /** The config file inside site.config/ ("pages/owner.json"). */
  file: string;
  /** JSON pointer of the field in that file ("/blocks/0/heading"); "" is the whole file. */
  pointer: string;
  /** Plain words for where it is: "Owner page › Hero › Heading". */
  label: string;
  /** undefined: the field (or file) is not there on that side. */
  base: unknown;
  mine: unknown;
  theirs: unknown;
}

export type Choice = 'mine' | 'theirs';
/** The person's choice per conflict, keyed by conflictKey(). */
export type Resolutions = Record<string, Choice>;
export const conflictKey = (c: Pick<FieldConflict, 'file' | 'pointer'>): string => `${c.file}#${c.pointer}`;

/** One field's change, for the publish message, the draft's list of changes and the history's before/after. */
export interface FieldChange {
  pointer: string;
  /** "Hero › Heading" */
  label: string;
  before: unknown;
  after: unknown;
}

export interface FileChange {
  /** Inside site.config/: "pages/owner.json", "site.json", "faqs/general.json", "forms/contact.json", "content/policy.mdx". */
  file: string;
  /** "Owner page", "Site settings", "FAQ set “general”", "Form “contact”". */
  label: string;
  status: 'added' | 'modified' | 'deleted';
  /** The phrase the commit message uses for this file: "Owner page: hero heading changed". */
  summary: string;
  fields: FieldChange[];
}

export type PublishOutcome =
  | { ok: true; commit: string; message: string; files: FileChange[]; pushed: boolean; attempts: number }
  /** The draft has no change from what is live. */
  | { ok: false; kind: 'nothing'; message: string }
  /** The same field changed in the draft and in what is live now: nothing was published. */
  | { ok: false; kind: 'conflict'; message: string; conflicts: FieldConflict[] }
  /** The merged result fails the checker: nothing was published. Diagnostics are the checker's, on the field. */
  | { ok: false; kind: 'invalid'; message: string; diagnostics: ApiDiagnostic[] }
  /** The build failed: nothing was published. */
  | { ok: false; kind: 'build'; message: string }
  /** The remote could not be reached or kept refusing: nothing was published (the local branch is as before). */
  | { ok: false; kind: 'remote'; message: string };

export interface DraftStatus {
  /** Absolute path of the draft's config folder: the editor's API works on it as npm run edit works on site.config/. */
  configDir: string;
  /** The commit of the live branch the draft is based on. */
  base: string;
  /** What the draft changes, compared with its base. */
  changes: FileChange[];
  /**
   * Set when the draft was brought onto a newer published version since the person last looked (cleared by
   * seenRebase): whose publish, and its message.
   */
  rebased?: { onto: string; by: string; message: string; at: string };
  /** True when a newer version is live that the draft could not be brought onto by itself (same field changed). */
  behind: boolean;
}

export interface HistoryEntry {
  commit: string;
  author: Author;
  /** ISO 8601. */
  date: string;
  /** The commit message's first line. */
  message: string;
  /** Config files changed, each with its fields' before and after. Commits that change no config file show none. */
  files: FileChange[];
}

/** Where the live site's build is, and news of each new one (the server switches to it atomically). */
export interface LiveSite {
  /** The folder the site is served from now; null when nothing was published yet (serve dist/). */
  dir(): string | null;
  onChange(listener: (dir: string) => void): () => void;
}

export interface Publisher {
  /** The person's draft, made from the live version on first use. */
  draft(staffId: string): Promise<DraftStatus>;
  /** Forgets the rebase notice once the person has seen it. */
  seenRebase(staffId: string): Promise<void>;
  /** Puts the draft back to the live version; the discarded draft is kept for undoDiscard. */
  discard(staffId: string): Promise<{ undo: string }>;
  undoDiscard(staffId: string, undo: string): Promise<boolean>;
  /**
   * Merges the draft with what is live now (after fetching the remote), checks and builds the result, commits it
   * with the person as author, moves the live branch, pushes, switches the served site, and brings the other
   * drafts onto it.
   */
  publish(staffId: string, author: Author, resolutions?: Resolutions): Promise<PublishOutcome>;
  /** Changes to the live branch, newest first. */
  history(opts?: { limit?: number; skip?: number }): Promise<HistoryEntry[]>;
  entry(commit: string): Promise<HistoryEntry | null>;
  /** A new commit that reverts `commit` (merged with whatever came after it), checked and built first. */
  undo(commit: string, author: Author): Promise<PublishOutcome>;
  /** Builds the whole site from the person's draft as it is now into outDir (for a preview link). */
  buildDraft(staffId: string, outDir: string): Promise<{ ok: true } | { ok: false; message: string; diagnostics?: ApiDiagnostic[] }>;
  live: LiveSite;
  /**
   * Builds the live branch as it is now (after fetching) and switches to it. At start, when a published build is being
   * served: the service's code or the remote may have moved on since it was made. A failure only logs; the last build
   * stays.
   */
  refresh(): Promise<void>;
  close(): Promise<void>;
}

export interface PreviewLink {
  id: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  /** Name of whoever shared it. */
  sharedBy: string;
}

export interface PreviewLinks {
  /** Builds the draft as it is now and returns a new link (the token is only in `url`, never stored in clear). */
  share(
    staffId: string,
    origin: string,
  ): Promise<{ ok: true; link: PreviewLink & { url: string } } | { ok: false; message: string; diagnostics?: ApiDiagnostic[] }>;
  /** The person's links (an owner's: everyone's), newest first. */
  list(staffId: string, all: boolean): Promise<PreviewLink[]>;
  /** False when there is no such link or it is not theirs to revoke. */
  revoke(staffId: string, id: string, any: boolean): Promise<boolean>;
  /** The preview build for a token, or null when unknown, revoked or expired. */
  resolve(token: string): Promise<{ id: string; dir: string; expiresAt?: string } | null>;
  /** Deletes the links (and their builds) that ended over a day ago; the service runs it with its hourly purge. */
  purge?(): Promise<number>;
}

/** What the back office and the server get from publishing. */
export interface Publishing {
  publisher: Publisher;
  previews: PreviewLinks;
  /** The editor's production build (its pages and preview), served at /admin/pages/. */
  editorDir: string;
  /** The project root: schemas/, blocks/ and the build's code. */
  root: string;
}
