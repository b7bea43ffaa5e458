/**
 * A real SMTP server for tests (smtp-server): it asks for a user name and password, as a mail provider does, and
 * keeps every message it accepts, read back into headers and plain text. It can be stopped and started again on the
 * same port, to stand for a mail server that goes down and comes back.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export const SMTP_USER = 'leads-test';
export const SMTP_PASSWORD = 'a-test-password-7f3k';

export interface ReceivedMail {
  from: string;
  to: string[];
  headers: Map<string, string>;
  subject: string;
  messageId: string;
  /** The text/plain part, decoded. */
  text: string;
  raw: string;
}

/** quoted-printable → text (soft line breaks and =XX bytes, read as UTF-8). */
function decodeQuotedPrintable(s: string): string {
  const bytes = s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => `%${h}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.set(line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim());
  }
  return headers;
}

function decodePart(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** The message's headers and its text/plain part (of a multipart/alternative, or the body itself). */
export function parseMail(raw: string): Pick<ReceivedMail, 'headers' | 'subject' | 'messageId' | 'text'> {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = parseHeaders(raw.slice(0, split));
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  let text = decodePart(headers, body);
  if (boundary)
    for (const part of body.split(`--${boundary}`)) {
      const at = part.search(/\r?\n\r?\n/);
      if (at < 0) continue;
      const partHeaders = parseHeaders(part.slice(0, at));
      if ((partHeaders.get('content-type') ?? '').startsWith('text/plain')) {
        text = decodePart(
          partHeaders,
          part
            .slice(at)
            .replace(/^\r?\n\r?\n/, '')
            .replace(/\r?\n$/, ''),
        );
        break;
      }
    }
  return { headers, subject: headers.get('subject') ?? '', messageId: headers.get('message-id') ?? '', text: text.replace(/\r\n/g, '\n') };
}

export interface TestSmtp {
  port: number;
  /** smtp://user:password@127.0.0.1:port */
  url: string;
  mails: ReceivedMail[];
  /** Stops listening; connections are refused until start() again. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  /** Resolves once `count` messages have arrived, checking each time one does. */
  waitFor(count: number): Promise<ReceivedMail[]>;
}

/** A new SMTP server on a free loopback port (or `port`), listening unless `listening: false`. */
export async function startTestSmtp({ port = 0, listening = true }: { port?: number; listening?: boolean } = {}): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  let server: SMTPServer | undefined;
  const make = () =>
    new SMTPServer({
      // Plain connections on loopback: STARTTLS would need a certificate the client trusts.
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      authMethods: ['PLAIN', 'LOGIN'],
      logger: false,
      onAuth(auth, _session, done) {
        if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) done(null, { user: auth.username });
        else done(new Error('Invalid username or password'));
      },
      onData(stream, session, done) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            ...parseMail(raw),
          });
          done();
          waiters.splice(0).forEach((w) => w());
        });
      },
    });
  const listen = async (on: number) => {
    server = make();
    const s = server;
    await new Promise<void>((ok, fail) => {
      s.once('error', fail);
      s.listen(on, '127.0.0.1', () => ok());
    });
    return (s.server.address() as AddressInfo).port;
  };
  // A server that starts down still needs its port: take a free one, then let it go.
  let bound = await listen(port);
  if (!listening) await new Promise<void>((ok) => server!.close(() => ok()));
  const smtp: TestSmtp = {
    port: bound,
    url: `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${bound}`,
    mails,
    stop: () => new Promise<void>((ok) => (server ? server.close(() => ok()) : ok())),
    start: async () => {
      bound = await listen(bound);
    },
    waitFor: async (count) => {
      while (mails.length < count) await new Promise<void>((ok) => waiters.push(ok));
      return mails;
    },
  };
  return smtp;
}
