/**
 * The editor's API (api.ts) answering a Web Request: how the back office (a Hono app) runs the same API as npm run
 * edit's Vite middleware, on Node or in a test's app.request(). The request becomes a readable stream with the
 * method, URL and headers the API reads; what the API writes becomes the Response, streamed once it writes before
 * ending (the event stream), so there is one API implementation for both ways of running the editor.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;
type HeaderValue = string | number | string[];

/** The part of ServerResponse the API uses, collected into a Response. */
class CollectedResponse {
  statusCode = 200;
  headersSent = false;
  private readonly headers = new Map<string, HeaderValue>();
  private controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  private ended = false;
  private settle!: (response: Response) => void;
  readonly response = new Promise<Response>((resolve) => (this.settle = resolve));

  constructor(private readonly onCancel: () => void) {}

  setHeader(name: string, value: HeaderValue): this {
    if (this.headersSent) throw new Error('Headers were already sent.');
    this.headers.set(name.toLowerCase(), value);
    return this;
  }
  getHeader(name: string): HeaderValue | undefined {
    return this.headers.get(name.toLowerCase());
  }
  hasHeader(name: string): boolean {
    return this.headers.has(name.toLowerCase());
  }
  removeHeader(name: string): void {
    this.headers.delete(name.toLowerCase());
  }
  writeHead(status: number, headers?: Record<string, HeaderValue>): this {
    this.statusCode = status;
    for (const [k, v] of Object.entries(headers ?? {})) this.setHeader(k, v);
    return this;
  }
  flushHeaders(): void {
    this.stream();
  }
  write(chunk: string | Uint8Array): boolean {
    if (this.ended) return false;
    this.stream();
    this.controller?.enqueue(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    return true;
  }
  end(chunk?: string | Uint8Array): this {
    if (this.ended) return this;
    if (this.controller) {
      if (chunk !== undefined) this.write(chunk);
      this.ended = true;
      this.controller.close();
      return this;
    }
    this.ended = true;
    const empty = this.statusCode === 204 || this.statusCode === 304 || chunk === undefined;
    this.settle(new Response(empty ? null : typeof chunk === 'string' ? chunk : new Uint8Array(chunk), this.init()));
    this.headersSent = true;
    return this;
  }

  /** Starts a streamed answer: the head goes out now, the body as it is written. */
  private stream(): void {
    if (this.headersSent) return;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        this.controller = controller;
      },
      cancel: () => {
        this.ended = true;
        this.onCancel();
      },
    });
    this.settle(new Response(body, this.init()));
    this.headersSent = true;
  }

  private init(): ResponseInit {
    const headers = new Headers();
    for (const [k, v] of this.headers) {
      if (Array.isArray(v)) for (const one of v) headers.append(k, one);
      else headers.set(k, String(v));
    }
    return { status: this.statusCode, headers };
  }
}

async function* bodyOf(request: Request): AsyncGenerator<Buffer> {
  if (!request.body) return;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield Buffer.from(value);
  }
}

/**
 * Runs `handle` (an EditorApi's) on a Web Request. `path` is the URL the API sees (its pathname must start with the
 * API's prefix), with the request's query kept.
 */
export async function handleWebRequest(handle: Handler, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const headers: Record<string, string> = {};
  request.headers.forEach((value, key) => (headers[key] = value));
  const req = Object.assign(Readable.from(bodyOf(request)), { method: request.method, url: url.pathname + url.search, headers });
  // The API forgets an event stream when its request closes: when the browser goes away.
  const close = () => {
    if (!req.destroyed) req.destroy();
  };
  request.signal?.addEventListener('abort', close, { once: true });
  const res = new CollectedResponse(close);
  await handle(req as unknown as IncomingMessage, res as unknown as ServerResponse);
  // A route that returned without answering would leave the browser waiting: it gets what was set, empty.
  if (!res.headersSent) res.end();
  return res.response;
}
