/**
 * A git remote over real HTTP on loopback for tests: a small CGI bridge to git's own `git http-backend`, serving
 * every bare repository under `root` (http://127.0.0.1:<port>/<name>.git). `beforeReceive` runs just before a push
 * is answered (when the client asks for the remote's refs to push), so a test can land a developer's commit first and
 * see the service's push refused once.
 */
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const GIT_HTTP_BACKEND = '/usr/lib/git-core/git-http-backend';

export interface GitHttp {
  /** http://127.0.0.1:<port> (append /<repo>.git). */
  url: string;
  close(): Promise<void>;
}

export interface GitHttpOptions {
  /** Folder of bare repositories (each needs `http.receivepack true` in its config to accept pushes). */
  root: string;
  port?: number;
  beforeReceive?: (repo: string) => Promise<void>;
}

/** Splits CGI output into its status, headers and body. */
function parseCgi(out: Buffer): { status: number; headers: [string, string][]; body: Buffer } {
  let end = out.indexOf('\r\n\r\n');
  let sep = 4;
  if (end < 0) {
    end = out.indexOf('\n\n');
    sep = 2;
  }
  if (end < 0) return { status: 502, headers: [], body: out };
  const headers: [string, string][] = [];
  let status = 200;
  for (const line of out.subarray(0, end).toString('latin1').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i < 0) continue;
    const name = line.slice(0, i).trim();
    const value = line.slice(i + 1).trim();
    if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10) || 500;
    else headers.push([name, value]);
  }
  return { status, headers, body: out.subarray(end + sep) };
}

async function handle(opts: GitHttpOptions, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const repo = /^\/([^/]+\.git)\//.exec(url.pathname)?.[1];
  if (!repo || url.pathname.includes('..')) {
    res.writeHead(404).end();
    return;
  }
  if (opts.beforeReceive && req.method === 'GET' && url.pathname.endsWith('/info/refs') && url.searchParams.get('service') === 'git-receive-pack') {
    await opts.beforeReceive(repo);
  }
  const child = spawn(GIT_HTTP_BACKEND, [], {
    env: {
      PATH: process.env.PATH,
      GIT_PROJECT_ROOT: opts.root,
      GIT_HTTP_EXPORT_ALL: '1',
      PATH_INFO: decodeURIComponent(url.pathname),
      QUERY_STRING: url.search.slice(1),
      REQUEST_METHOD: req.method ?? 'GET',
      CONTENT_TYPE: String(req.headers['content-type'] ?? ''),
      CONTENT_LENGTH: String(req.headers['content-length'] ?? ''),
      HTTP_CONTENT_ENCODING: String(req.headers['content-encoding'] ?? ''),
      GIT_PROTOCOL: String(req.headers['git-protocol'] ?? ''),
      REMOTE_ADDR: req.socket.remoteAddress ?? '127.0.0.1',
      SERVER_PROTOCOL: 'HTTP/1.1',
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const chunks: Buffer[] = [];
  child.stdout.on('data', (c: Buffer) => chunks.push(c));
  child.stderr.resume();
  req.pipe(child.stdin);
  const code = await new Promise<number>((ok) => child.once('close', (c) => ok(c ?? 1)));
  if (code !== 0 && chunks.length === 0) {
    res.writeHead(500).end();
    return;
  }
  const { status, headers, body } = parseCgi(Buffer.concat(chunks));
  res.writeHead(status, headers);
  res.end(body);
}

export function startGitHttp(opts: GitHttpOptions): Promise<GitHttp> {
  const server = createServer((req, res) => {
    handle(opts, req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      ok({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
