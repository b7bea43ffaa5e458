/**
 * The lead service on Node: opens and migrates the database, serves the Hono app as a Node request
 * listener (scripts/serve.ts mounts it under /api/), runs the webhook worker, and with PGlite holds the
 * data directory's lock and answers the CLI on a local Unix socket.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { chmodSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Http2ServerRequest, Http2ServerResponse } from 'node:http2';
import { getRequestListener } from '@hono/node-server';
import type { Hono } from 'hono';
import { openDatabase, type Db } from './db.ts';
import { startNotes } from './start-notes.ts';
import { migrate } from './migrate.ts';
import { createAdminApp, createLeadApp, type LeadAppOptions } from './app.ts';
import { acquireLock } from './lock.ts';
import { secureDataDir } from './data-dir.ts';
import { adminTokenProblem } from './auth.ts';
import { hashSecret, purgeExpired } from './store.ts';
import { startOutboxWorker } from './outbox.ts';
import { defaultFrom, startMailer } from './mailer.ts';
import { configFromEnv, socketPath, type ServiceConfig, REPO_ROOT } from './config.ts';
import { loadLeadForms, type LeadForm } from './forms.ts';
import { createBackOffice } from './admin/app.ts';
import { closeEditorApis } from './admin/pages/routes.tsx';
import { startPublishing } from './publish/index.ts';
import { publishConfigFrom } from './publish/config.ts';
import { createPreviewServer } from './publish/preview-serving.ts';
import type { LiveSite, Publishing } from './publish/types.ts';
import { describeError } from './log.ts';
import { StatsAggregator } from './stats/aggregator.ts';
import type { SiteRoutes } from './stats/ingest.ts';

/** How often spam past its 30 days (and old rate-limit hits) is deleted, beside once at start. */
export const PURGE_INTERVAL_MS = 3600_000;

/** Runs the purge now and then every interval; a failure is logged and retried at the next. Returns its stop. */
export function startPurge(db: Db, intervalMs = PURGE_INTERVAL_MS): { stop: () => Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const pass = () => {
    running = purgeExpired(db)
      .then((n) => n > 0 && console.log(`[leads] deleted ${n} spam submission${n === 1 ? '' : 's'} older than 30 days`))
      .catch((e: unknown) => console.error(`[leads] spam purge failed: ${describeError(e)}`));
  };
  pass();
  const timer = setInterval(pass, intervalMs);
  // It never keeps the process alive on its own.
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * Keeps the service's forms (the Map the lead app and the back office read) those of the live site: after each
 * publish they are read again from the working copy's site.config/forms into the same Map, so a changed form's rules
 * apply at once. A folder that cannot be read is reported and the forms stay as they were. Returns its stop.
 */
export function formsFollowLive(forms: Map<string, LeadForm>, live: LiveSite, formsDir: string, load = loadLeadForms): () => void {
  const reload = () => {
    let next: Map<string, LeadForm>;
    try {
      next = load(formsDir);
    } catch (e) {
      console.error(`[publish] the forms of the new live site could not be read; the previous rules still apply: ${describeError(e)}`);
      return;
    }
    forms.clear();
    for (const [k, v] of next) forms.set(k, v);
  };
  // A live site published before this start is the one whose forms apply.
  if (live.dir() !== null) reload();
  return live.onChange(reload);
}

/** Runs `pass` now and then every interval, as startPurge does, for publishing's own clearing up. */
function every(intervalMs: number, pass: () => Promise<unknown>): { stop: () => Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = pass().catch((e: unknown) => console.error(`[publish] clearing up ended preview links failed: ${describeError(e)}`));
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}

/** True for the back office's addresses: /admin and /admin/…, not the site's /admin-login. */
export const isBackOfficePath = (url: string) => /^\/admin(?:[/?#]|$)/.test(url);

export type NodeListener = (req: IncomingMessage | Http2ServerRequest, res: ServerResponse | Http2ServerResponse) => Promise<void>;

export interface LeadService {
  app: Hono;
  db: Db;
  listener: NodeListener;
  /** The admin socket's path, when one is open. */
  socket?: string;
  /**
   * Tells the service the address it listens on, once it does: without SITEWRIGHT_PUBLIC_URL the notification emails
   * link to the inbox there, so they wait until it is known (a request's Host header is never used: anyone can forge it).
   */
  listeningAt(origin: string): void;
  /** Publishing from the back office, when it could start (see server/publish/). */
  publishing?: Publishing;
  /** The funnel's batched counting of beacons; closed (and so written out) by close(). */
  stats: StatsAggregator;
  close(): Promise<void>;
}

async function listenOnSocket(app: Hono, path: string): Promise<Server> {
  rmSync(path, { force: true }); // left by a server that died; we hold the lock, so no live one owns it
  const server = createServer(getRequestListener(app.fetch));
  await new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(path, () => ok());
  });
  // Only the data directory's owner may use it: the socket skips the admin token.
  chmodSync(path, 0o600);
  return server;
}

/**
 * `answerPage` renders the site's page that answers a form posted without JavaScript (npm run serve passes the built
 * site's; without it, as behind a CDN with `npm run leads:serve`, the answer is a plain page of the service's own).
 * `siteRoutes` are the routes of the site being served (npm run serve), so page views of other addresses count as the
 * not-found page; without them a path is counted as the page sent it.
 */
export async function startLeadService(
  config: ServiceConfig = configFromEnv(),
  answerPage?: LeadAppOptions['answerPage'],
  siteRoutes?: () => SiteRoutes | undefined,
): Promise<LeadService> {
  // A setting that keeps it from starting is told before the database is touched.
  const tokenProblem = adminTokenProblem(config.adminToken);
  if (tokenProblem) throw new Error(tokenProblem);
  const embedded = !config.databaseUrl;
  let release = () => {};
  if (embedded) {
    // Refuses a directory that cannot be made private before anything is written into it.
    secureDataDir(config.dataDir);
    release = acquireLock(config.dataDir);
  }
  let db: Db | undefined;
  try {
    db = await openDatabase(embedded ? { dataDir: config.dataDir } : { databaseUrl: config.databaseUrl });
    await migrate(db);
    const secret = await hashSecret(db, config.hashSecret);
    const worker = config.webhook ? startOutboxWorker({ db, url: config.webhook }) : undefined;
    const forms = loadLeadForms();
    const opened = db;
    let siteUrl = config.publicUrl;
    let mailer: ReturnType<typeof startMailer> | undefined;
    const startMail = () => {
      if (!config.smtpUrl || !siteUrl || mailer) return;
      const url = siteUrl;
      mailer = startMailer({
        db: opened,
        smtpUrl: config.smtpUrl,
        from: config.mailFrom ?? defaultFrom(config.publicUrl, config.smtpUrl),
        publicUrl: () => url,
      });
    };
    startMail();
    const mailKick = () => mailer?.kick();
    const stats = new StatsAggregator({ db });
    const app = createLeadApp({
      stats,
      siteRoutes,
      db,
      forms,
      hashSecret: secret,
      rateLimit: config.rateLimit,
      trustedProxies: config.trustedProxies,
      allowedOrigins: config.allowedOrigins,
      adminToken: config.adminToken,
      webhook: worker ? { onQueued: worker.kick } : undefined,
      notifications: config.smtpUrl ? { onQueued: mailKick } : undefined,
      answerPage,
    });
    // Publishing never keeps the lead service from starting: without it the back office says why it cannot publish.
    let publishingOff: string | undefined;
    const publishing = await startPublishing({ db, root: REPO_ROOT, dataDir: config.dataDir }).catch((e: unknown) => {
      // A git URL in the message may carry a user and password: they are never shown.
      publishingOff = (e instanceof Error ? e.message : String(e)).replace(/\/\/[^/@\s]*@/g, '//');
      console.warn(`[publish] publishing from the back office is off: ${publishingOff}`);
      return undefined;
    });
    const stopForms = publishing
      ? formsFollowLive(forms, publishing.publisher.live, join(publishConfigFrom(process.env, REPO_ROOT, config.dataDir).repoDir, 'site.config', 'forms'))
      : undefined;
    // A published build is served from the last run: the code or the remote may have moved on since, so the live branch
    // is built again in the background and switched to (the last build is served meanwhile).
    if (publishing && publishing.publisher.live.dir() !== null) void publishing.publisher.refresh();
    const purgePreviews = publishing?.previews.purge ? every(PURGE_INTERVAL_MS, () => publishing.previews.purge!()) : undefined;
    // The service's own origin shows preview links too (npm run leads:serve beside a CDN): /api and /admin stay its own.
    const publicHttps = config.publicUrl?.startsWith('https:') ?? false;
    const preview = publishing
      ? createPreviewServer(publishing.previews, { secure: (req) => publicHttps || Boolean((req.socket as { encrypted?: boolean }).encrypted) })
      : undefined;
    const backOffice = createBackOffice({
      publishing,
      publishingOff: publishingOff && `It could not start: ${publishingOff}`,
      db,
      hashSecret: secret,
      forms,
      trustedProxies: config.trustedProxies,
      notificationsOn: config.smtpUrl !== undefined,
      siteRoutes,
      onQueued: config.smtpUrl ? mailKick : undefined,
      webhook: worker ? { onQueued: worker.kick } : undefined,
    });
    const leadListener = getRequestListener(app.fetch) as NodeListener;
    const adminListener = getRequestListener(backOffice.fetch) as NodeListener;
    // Without the socket the site still works; only `npm run leads` cannot reach the running server.
    const socket = embedded
      ? await listenOnSocket(
          createAdminApp(db, () => siteUrl, stats),
          socketPath(config),
        ).catch((e: unknown) => {
          console.warn(
            `[leads] no admin socket at ${socketPath(config)} (${e instanceof Error ? e.message : String(e)}); npm run leads cannot reach this server while it runs`,
          );
          return undefined;
        })
      : undefined;
    const purge = startPurge(db);
    // Timed flushes start only once nothing else can fail to start.
    stats.start();
    let closing: Promise<void> | undefined;
    return {
      app,
      db,
      // /admin and /admin/… are the back office; everything else the lead service.
      listener: async (req, res) => {
        if (isBackOfficePath(req.url ?? '/')) return adminListener(req, res);
        if (preview && (await preview(req as IncomingMessage, res as ServerResponse))) return;
        return leadListener(req, res);
      },
      socket: socket ? socketPath(config) : undefined,
      publishing,
      stats,
      listeningAt: (address) => {
        const origin = address.replace(/\/+$/, '');
        siteUrl ??= origin;
        startMail();
        void opened
          .query<{ n: number }>('SELECT count(*)::int AS n FROM staff')
          .then(({ rows }) => {
            const notes = startNotes({ embedded, dataDir: config.dataDir, cwd: process.cwd(), origin, staff: rows[0]?.n ?? 0 });
            for (const note of notes) console.log(note);
          })
          .catch(() => undefined);
      },
      close: () =>
        (closing ??= (async () => {
          await new Promise<void>((ok) => (socket ? socket.close(() => ok()) : ok()));
          // The visits counted in memory are written before the database closes.
          await stats.close();
          const f = stats.figures;
          if (f.counted)
            console.log(
              `[stats] ${f.counted} visits and form starts counted in ${f.flushes} flush${f.flushes === 1 ? '' : 'es'}${f.failures ? `, ${f.failures} failed and retried` : ''}`,
            );
          await worker?.stop();
          await mailer?.stop();
          await purge.stop();
          stopForms?.();
          await purgePreviews?.stop();
          closeEditorApis(publishing);
          await publishing?.publisher.close();
          await opened.close();
          release();
        })()),
    };
  } catch (e) {
    await db?.close().catch(() => undefined);
    release();
    throw e;
  }
}
