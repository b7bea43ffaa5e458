/**
 * The lead service on its own (without the site), for deployments whose pages come from a CDN:
 * `npm run leads:serve` listens on PORT (default 8787) and HOST (default 127.0.0.1).
 */
import { createServer } from 'node:http';
import { startLeadService } from './node.ts';

// Whatever this process writes (the lock file, PGlite's files where it honours the umask) is the owner's alone.
process.umask(0o077);
const service = await startLeadService().catch((e: unknown) => {
  console.error(`The lead service could not start: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
const server = createServer((req, res) => void service.listener(req, res));
const port = Number(process.env.PORT ?? 8787);
const host = process.env.HOST ?? '127.0.0.1';
server.listen(port, host, () => {
  const a = server.address();
  console.log(`Lead service at http://${host}:${a && typeof a === 'object' ? a.port : port}/api/v1`);
  service.listeningAt(`http://${host.includes(':') ? `[${host}]` : host}:${a && typeof a === 'object' ? a.port : port}`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    server.close();
    void service.close().then(() => process.exit(0));
  });
