/**
 * How the command-line tools (npm run leads, npm run staff) reach the lead database: with PGlite, through the running
 * server's Unix socket when one answers, and otherwise by opening the data directory themselves under the lock the
 * server takes, so the two never open the embedded database at once; with DATABASE_URL, directly (PostgreSQL serves
 * many clients).
 */
import { request } from 'node:http';
import { openDatabase, type Db } from './db.ts';
import { migrate } from './migrate.ts';
import { acquireLock, DataDirLockedError } from './lock.ts';
import { secureDataDir } from './data-dir.ts';
import { socketPath, type ServiceConfig } from './config.ts';

export const UNREACHABLE = Symbol('unreachable');

/** The server's refusal of a socket call; `refused` when it is a rule (an unknown person), not a failure. */
export class SocketRefusal extends Error {
  constructor(
    message: string,
    readonly refused: boolean,
  ) {
    super(message);
    this.name = 'SocketRefusal';
  }
}

/** One JSON call to the server's admin socket; UNREACHABLE when no server listens there. */
export function callSocket(path: string, method: string, route: string, body?: unknown): Promise<unknown> {
  return new Promise((resolve, reject) => {
    // A connection of its own per call (no keep-alive pool): one kept from an earlier call may lead to a server that
    // has since stopped, and a write to it fails (EPIPE) instead of finding the socket gone.
    const req = request({ socketPath: path, agent: false, method, path: route, headers: body ? { 'content-type': 'application/json' } : {} }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => {
        const status = res.statusCode ?? 500;
        let json: { message?: string; refused?: boolean };
        try {
          json = JSON.parse(text || '{}') as typeof json;
        } catch {
          json = { message: `the server answered ${status}` };
        }
        if (status >= 300) reject(new SocketRefusal(json.message ?? `the server answered ${status}`, json.refused === true));
        else resolve(json);
      });
    });
    req.on('error', (e: NodeJS.ErrnoException) => (['ENOENT', 'ECONNREFUSED', 'ENOTSOCK'].includes(e.code ?? '') ? resolve(UNREACHABLE) : reject(e)));
    req.end(body ? JSON.stringify(body) : undefined);
  });
}

/** A call to the socket of a server known to be running: its going away is an error, not a reason to open the files. */
export async function callRunning<T>(path: string, method: string, route: string, body?: unknown): Promise<T> {
  const r = await callSocket(path, method, route, body);
  if (r === UNREACHABLE) throw new Error('the running server went away; run the command again');
  return r as T;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Ways<T> {
  /** A GET route of the socket that answers quickly: whether a server is there. */
  probe: string;
  /** Through the running server's socket; `answer` is the probe's. */
  viaSocket: (socket: string, answer: unknown) => T;
  /** On the database itself; `release` gives back the data directory's lock. */
  direct: (db: Db, release: () => void) => T;
}

/**
 * The way in: the server's socket if it answers, else the data directory under its lock. A lock held by a live
 * process whose socket does not answer yet is a server still opening the database: wait for it.
 */
export async function reachService<T>(config: ServiceConfig, ways: Ways<T>, waitMs = 30_000): Promise<T> {
  if (config.databaseUrl) {
    const db = await openDatabase({ databaseUrl: config.databaseUrl });
    await migrate(db);
    return ways.direct(db, () => {});
  }
  const sock = socketPath(config);
  secureDataDir(config.dataDir);
  const deadline = Date.now() + waitMs;
  for (;;) {
    const answer = await callSocket(sock, 'GET', ways.probe);
    if (answer !== UNREACHABLE) return ways.viaSocket(sock, answer);
    try {
      const release = acquireLock(config.dataDir);
      try {
        const db = await openDatabase({ dataDir: config.dataDir });
        await migrate(db);
        return ways.direct(db, release);
      } catch (e) {
        release();
        throw e;
      }
    } catch (e) {
      if (!(e instanceof DataDirLockedError) || Date.now() > deadline) throw e;
      await sleep(300);
    }
  }
}
