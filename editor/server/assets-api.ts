/**
 * The editor's picture routes, spread into api.ts's route table (so they pass the same token, Host and Origin checks):
 *
 *   GET  pictures                          { pictures: [{ src, name, width, height, bytes }], limits }
 *   POST pictures/check  (the file's bytes) { kind, width, height, bytes }: would this file be taken? Nothing written.
 *   POST pictures?description=…  (bytes)  { src, name, width, height }: written to site.config/assets/images/
 *   GET  picture?name=<name>               the picture's own bytes: the back office's preview shows a draft's pictures
 *                                          from here, as the live site has only the published ones
 *
 * The bytes are the raw request body, of any Content-Type: what a file is comes from its content (pictures.ts).
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { PictureInfo } from '../pictures-shared.ts';
import { listFiles } from './files.ts';
import { EXTENSION, freeName, inspectPicture, nameFromDescription, PICTURE_FOLDER, PICTURE_LIMITS, shownSize } from './pictures.ts';
import { Refusal, resolveInside } from './security.ts';

type Route = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void> | void;

export interface PictureRoutesOptions {
  configDir: string;
  /** Tells the change watcher at once, so the editor's lists show the new file without waiting for the poll. */
  rescan: () => void;
}

/** A body this much larger than any picture is not read to its end: the connection is closed. */
const GIVE_UP = 8 * PICTURE_LIMITS.photoBytes;
/** The longest description taken: alt text is a sentence, not a paragraph. */
const DESCRIPTION_LENGTH = 250;

function send(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.end(JSON.stringify(body));
}

/**
 * The request's bytes, up to the largest picture taken. A larger body is read to its end (so the browser gets the
 * answer rather than a broken connection) and refused with its size.
 */
async function readBytes(req: IncomingMessage): Promise<Buffer> {
  const max = Math.max(PICTURE_LIMITS.photoBytes, PICTURE_LIMITS.svgBytes);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size <= max) chunks.push(chunk as Buffer);
    else if (size > GIVE_UP) {
      req.destroy();
      break;
    }
  }
  if (size > max)
    throw new Refusal(413, `This file is larger than ${Math.round(max / 1024 / 1024)} MB, the most a picture can be. Save it smaller and upload it again.`);
  return Buffer.concat(chunks);
}

const PICTURE_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  webp: 'image/webp',
  avif: 'image/avif',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

/**
 * Sends the picture `name` (a path inside the picture folder) with its type; false when there is no such picture. A
 * path that leaves the folder is refused (Refusal) as any other.
 */
export function sendPicture(res: ServerResponse, configDir: string, name: string): boolean {
  const type = PICTURE_TYPES[/\.([a-z]+)$/i.exec(name)?.[1]?.toLowerCase() ?? ''];
  if (!type) return false;
  const { abs } = resolveInside(configDir, `${PICTURE_FOLDER}/${name}`);
  let bytes: Buffer;
  try {
    bytes = readFileSync(abs);
  } catch {
    return false;
  }
  res.statusCode = 200;
  res.setHeader('Content-Type', type);
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  // An SVG opened on its own runs no script and loads nothing.
  res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  res.end(bytes);
  return true;
}

export function pictureRoutes({ configDir, rescan }: PictureRoutesOptions): Record<string, Route> {
  const folder = join(configDir, PICTURE_FOLDER);
  return {
    'GET picture': (_req, res, url) => {
      if (!sendPicture(res, configDir, url.searchParams.get('name') ?? '')) throw new Refusal(404, 'There is no such picture.');
    },
    'GET pictures': (_req, res) => {
      const pictures: PictureInfo[] = listFiles(folder)
        .filter((f) => /\.(svg|webp|avif|png|jpe?g)$/i.test(f))
        .map((name) => {
          const abs = join(folder, name);
          const size = shownSize(readFileSync(abs));
          return { src: `/images/${name}`, name, width: size?.width ?? null, height: size?.height ?? null, bytes: statSync(abs).size };
        });
      send(res, 200, { pictures, limits: PICTURE_LIMITS });
    },
    'POST pictures/check': async (req, res) => {
      send(res, 200, inspectPicture(await readBytes(req)));
    },
    'POST pictures': async (req, res, url) => {
      const description = (url.searchParams.get('description') ?? '').trim();
      const bytes = await readBytes(req);
      const picture = inspectPicture(bytes);
      if (description.length > DESCRIPTION_LENGTH)
        throw new Refusal(400, `Describe the picture in at most ${DESCRIPTION_LENGTH} characters; this description has ${description.length}.`);
      const base = nameFromDescription(description);
      if (!base) throw new Refusal(400, 'Describe the picture in a few words first: the description is read to people who cannot see it, and names the file.');
      mkdirSync(folder, { recursive: true });
      // The folder is checked like any other path: a link out of the config folder is refused, not followed.
      resolveInside(configDir, `${PICTURE_FOLDER}/${base}.${EXTENSION[picture.kind]}`);
      for (;;) {
        const name = `${freeName(folder, base)}.${EXTENSION[picture.kind]}`;
        try {
          // "wx": never over an existing file, even one written between the look and the write.
          writeFileSync(join(folder, name), bytes, { flag: 'wx' });
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'EEXIST') continue;
          throw err;
        }
        rescan();
        return send(res, 201, { src: `/images/${name}`, name, width: picture.width, height: picture.height });
      }
    },
  };
}
