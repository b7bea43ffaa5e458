/**
 * The lead service on its own (without the site), for deployments whose pages come from a CDN:
 * `npm run leads:serve` listens on PORT (default 8787) and HOST (default 127.0.0.1).
 */
import { createServer } from 'node:http';
import { startLeadService } from './node.ts';

const service = await startLeadService();
const server = createServer((req, res) => void service.listener(req, res));
const port = Number(process.env.PORT ?? 8787);
const host = process.env.HOST ?? '127.0.0.1';
server.listen(port, host, () => {
  const a = server.address();
  console.log(`Lead service at http://${host}:${a && typeof a === 'object' ? a.port : port}/api/v1`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    server.close();
    void service.close().then(() => process.exit(0));
  });
