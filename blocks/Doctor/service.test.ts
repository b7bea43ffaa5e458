// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { checkService } from './service.ts';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

describe('the identity-service check', () => {
  it('calls an answer reachable by its status and lets go of the connection without waiting for the body', async () => {
    let closed!: () => void;
    const connectionClosed = new Promise<void>((resolve) => (closed = resolve));
    // Headers at once, then a body that never ends: only letting go of the request closes it.
    server = createServer((_req, res) => {
      res.writeHead(503, { 'content-type': 'text/plain' });
      const more = setInterval(() => res.write('starting '), 20);
      res.on('close', () => {
        clearInterval(more);
        closed();
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    // A signal that never aborts: no time-out is there to close the request instead.
    const state = await checkService(`http://127.0.0.1:${port}/`, new AbortController().signal);
    expect(state).toEqual({ state: 'reachable', status: 503 });
    await connectionClosed;
  });

  it('calls a refused connection unreachable', async () => {
    server = createServer();
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    expect(await checkService(`http://127.0.0.1:${port}/`)).toEqual({ state: 'unreachable' });
  });
});
