/**
 * The site's git remote for the back office's end-to-end tests: a bare repository seeded from this checkout's HEAD,
 * served over HTTP on loopback by `git http-backend` (so the service's fetch and push take the real network path).
 * Run as a process (`node --import tsx tests/e2e-admin/git-remote.ts`, started by playwright.admin.config.ts) with
 * GIT_E2E_PORT and GIT_E2E_DIR; it serves the repository as /site.git and writes remote.json ({ bare, url }) into
 * GIT_E2E_DIR once it answers, so tests can read and change the bare repository directly with git.
 *
 * One test-only control: `POST /__control/reject-next-push` arms it, and the next push that starts makes a
 * developer's commit land on the live branch first, so that push is rejected (the remote moved) exactly once.
 * It answers `{ message }`, the subject of the commit it will make.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const execFileP = promisify(execFile);

/** The live branch the service publishes to (its default SITEWRIGHT_GIT_BRANCH). */
export const LIVE_BRANCH = 'main';
/** The repository's name in the URL: http://127.0.0.1:<port>/site.git */
export const REPO_NAME = 'site.git';
/** Who "developer" commits are by, so tests can tell them from the staff's. */
export const DEVELOPER = { name: 'Dana Developer', email: 'dana.developer@buildpad.example' };

/** git with arguments made here (never a shell), in `cwd`; its standard output. */
export async function git(cwd: string, args: string[], env: NodeJS.ProcessEnv = {}, input?: string): Promise<string> {
  const run = execFileP('git', args, { cwd, env: { ...process.env, GIT_TERMINAL_PROMPT: '0', ...env }, maxBuffer: 64 * 1024 * 1024 });
  if (input !== undefined) run.child.stdin?.end(input);
  return (await run).stdout;
}

/**
 * A commit by the developer on the live branch of the bare repository, as if they had pushed it: `change` gets the
 * file's text at the tip (undefined when it is not there) and returns the new text. Made with git's plumbing on a
 * temporary index, as a bare repository has no working tree to commit from. Returns the new commit.
 */
export async function developerCommit(bare: string, file: string, change: (text: string | undefined) => string, message: string): Promise<string> {
  const parent = (await git(bare, ['rev-parse', `refs/heads/${LIVE_BRANCH}`])).trim();
  const before = await git(bare, ['show', `${parent}:${file}`]).catch(() => undefined);
  const blob = (await git(bare, ['hash-object', '-w', '--stdin'], {}, change(before))).trim();
  const scratch = mkdtempSync(join(tmpdir(), 'sitewright-git-index-'));
  try {
    const env = {
      GIT_INDEX_FILE: join(scratch, 'index'),
      GIT_AUTHOR_NAME: DEVELOPER.name,
      GIT_AUTHOR_EMAIL: DEVELOPER.email,
      GIT_COMMITTER_NAME: DEVELOPER.name,
      GIT_COMMITTER_EMAIL: DEVELOPER.email,
    };
    await git(bare, ['read-tree', parent], env);
    await git(bare, ['update-index', '--add', '--cacheinfo', `100644,${blob},${file}`], env);
    const tree = (await git(bare, ['write-tree'], env)).trim();
    const commit = (await git(bare, ['commit-tree', tree, '-p', parent, '-m', message], env)).trim();
    // Compare-and-swap on the branch, as a push does: it fails if the branch moved meanwhile.
    await git(bare, ['update-ref', `refs/heads/${LIVE_BRANCH}`, commit, parent]);
    return commit;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Makes `<dir>/site.git`, a bare copy of `root`'s repository whose live branch is `root`'s HEAD. */
export async function seedBareRepository(root: string, dir: string): Promise<string> {
  const bare = join(dir, REPO_NAME);
  rmSync(bare, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const head = (await git(root, ['rev-parse', 'HEAD'])).trim();
  await git(dir, ['clone', '--quiet', '--bare', '--no-tags', '--single-branch', root, bare]);
  // The checkout may be on any branch (or none, in CI): the live branch is whatever HEAD is here.
  await git(bare, ['update-ref', `refs/heads/${LIVE_BRANCH}`, head]);
  await git(bare, ['symbolic-ref', 'HEAD', `refs/heads/${LIVE_BRANCH}`]);
  // Anonymous pushes over HTTP are refused unless the repository says otherwise.
  await git(bare, ['config', 'http.receivepack', 'true']);
  return bare;
}

/** git http-backend's CGI answer split into its headers (Status: as the status code) and the start of the body. */
function splitCgi(buffer: Buffer): { headers: [string, string][]; status: number; body: Buffer } | null {
  let end = buffer.indexOf('\r\n\r\n');
  let sep = 4;
  if (end < 0) {
    end = buffer.indexOf('\n\n');
    sep = 2;
  }
  if (end < 0) return null;
  let status = 200;
  const headers: [string, string][] = [];
  for (const line of buffer.subarray(0, end).toString('latin1').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    if (name.toLowerCase() === 'status') status = Number(value.split(' ')[0]) || 500;
    else headers.push([name, value]);
  }
  return { headers, status, body: buffer.subarray(end + sep) };
}

/** Hands one request to `git http-backend` as CGI and streams its answer back. */
function runBackend(projectRoot: string, req: IncomingMessage, res: ServerResponse, url: URL) {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    GIT_PROJECT_ROOT: projectRoot,
    GIT_HTTP_EXPORT_ALL: '1',
    GATEWAY_INTERFACE: 'CGI/1.1',
    REQUEST_METHOD: req.method ?? 'GET',
    PATH_INFO: decodeURIComponent(url.pathname),
    QUERY_STRING: url.search.slice(1),
    CONTENT_TYPE: req.headers['content-type'] ?? '',
    REMOTE_ADDR: req.socket.remoteAddress ?? '127.0.0.1',
    SERVER_PROTOCOL: 'HTTP/1.1',
  };
  if (req.headers['content-length']) env.CONTENT_LENGTH = req.headers['content-length'];
  // git compresses request bodies; http-backend reads the encoding from here.
  if (req.headers['content-encoding']) env.HTTP_CONTENT_ENCODING = req.headers['content-encoding'];
  const protocol = req.headers['git-protocol'];
  if (typeof protocol === 'string') env.GIT_PROTOCOL = protocol;
  const child = spawn('git', ['http-backend'], { env, stdio: ['pipe', 'pipe', 'inherit'] });
  req.pipe(child.stdin);
  let head: Buffer | null = Buffer.alloc(0);
  child.stdout.on('data', (chunk: Buffer) => {
    if (head === null) {
      res.write(chunk);
      return;
    }
    head = Buffer.concat([head, chunk]);
    const parsed = splitCgi(head);
    if (!parsed) return;
    head = null;
    res.statusCode = parsed.status;
    for (const [name, value] of parsed.headers) res.setHeader(name, value);
    res.write(parsed.body);
  });
  child.on('close', (code) => {
    if (head !== null && !res.headersSent) {
      res.statusCode = 500;
      res.end(`git http-backend gave no answer (exit ${code})\n`);
      return;
    }
    res.end();
  });
  child.on('error', (e) => {
    if (!res.headersSent) res.statusCode = 500;
    res.end(String(e));
  });
}

export interface GitRemote {
  url: string;
  bare: string;
  close(): Promise<void>;
}

/** Serves `<dir>/site.git` on 127.0.0.1:port, with the control endpoint. */
export async function serveGitRemote(opts: { root: string; dir: string; port: number }): Promise<GitRemote> {
  const bare = await seedBareRepository(opts.root, opts.dir);
  let armed: string | null = null;
  let rejections = 0;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/__control/reject-next-push' && req.method === 'POST') {
      rejections += 1;
      armed = `Developer: a note pushed while a publish was on its way (${rejections})`;
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ message: armed }));
      return;
    }
    if (!url.pathname.startsWith(`/${REPO_NAME}/`)) {
      res.statusCode = 404;
      res.end('Not found\n');
      return;
    }
    // A push starts by asking for the receive-pack advertisement. The developer's commit lands first, so the pusher
    // sees a branch that is no longer its commit's parent and its push is refused as not a fast-forward.
    const pushStarts = url.pathname === `/${REPO_NAME}/info/refs` && url.searchParams.get('service') === 'git-receive-pack';
    if (pushStarts && armed !== null) {
      const message = armed;
      armed = null;
      const note = `developer-notes/note-${rejections}.md`;
      developerCommit(bare, note, () => `${message}\n`, message).then(
        () => runBackend(opts.dir, req, res, url),
        (e: unknown) => {
          res.statusCode = 500;
          res.end(`could not make the developer's commit: ${String(e)}\n`);
        },
      );
      return;
    }
    runBackend(opts.dir, req, res, url);
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(opts.port, '127.0.0.1', () => done());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  return {
    url: `http://127.0.0.1:${port}/${REPO_NAME}`,
    bare,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** What the runner writes for the tests: where the bare repository is and its URL. */
export interface RemoteInfo {
  bare: string;
  url: string;
}
export const REMOTE_INFO_FILE = 'remote.json';

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const dir = process.env.GIT_E2E_DIR;
  const port = Number(process.env.GIT_E2E_PORT);
  if (!dir || !port) {
    console.error('Set GIT_E2E_DIR (a folder of its own) and GIT_E2E_PORT.');
    process.exit(2);
  }
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
  const remote = await serveGitRemote({ root, dir, port });
  writeFileSync(join(dir, REMOTE_INFO_FILE), `${JSON.stringify({ bare: remote.bare, url: remote.url } satisfies RemoteInfo)}\n`);
  console.log(`git remote for the e2e tests: ${remote.url} (bare repository ${remote.bare})`);
  const stop = () => {
    void remote.close().then(() => {
      rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    });
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
