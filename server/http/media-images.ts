// Sized copies of the shop's pictures: /media/<file>?w=<width> answers the picture at that width
// in AVIF or WebP (by Accept), made once with sharp and kept on disk. Pages list them in srcset.
import { createReadStream } from 'node:fs';
import { mkdir, rename, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_WIDTHS } from '../../src/lib/images';
import type { StaticIndex } from './static-files';

const RESIZABLE = /\.(webp|png|jpe?g)$/i;
const inFlight = new Map<string, Promise<void>>();

export function wantsResize(relative: string, width: string | null): number | null {
  if (!width || !RESIZABLE.test(relative)) return null;
  const w = Number(width);
  return (IMAGE_WIDTHS as readonly number[]).includes(w) ? w : null;
}

async function produce(source: string, target: string, width: number, format: 'avif' | 'webp') {
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.${process.pid}.tmp`;
  const image = sharp(source).resize({ width, withoutEnlargement: true });
  await (format === 'avif' ? image.avif({ quality: 55, effort: 3 }) : image.webp({ quality: 75 })).toFile(temporary);
  // Readers never see a half-written file.
  await rename(temporary, target);
}

/** Sends the sized picture; false when the source does not exist. */
export async function sendResized(
  req: IncomingMessage,
  res: ServerResponse,
  media: StaticIndex,
  cacheDir: string,
  relative: string,
  width: number,
): Promise<boolean> {
  if (!media.has(relative)) return false;
  const format = /image\/avif/.test(String(req.headers.accept ?? '')) ? 'avif' : 'webp';
  const target = path.join(cacheDir, String(width), `${relative}.${format}`);
  if (!(await stat(target).catch(() => null))) {
    let job = inFlight.get(target);
    if (!job) {
      job = produce(path.join(media.root, relative), target, width, format).finally(() => inFlight.delete(target));
      inFlight.set(target, job);
    }
    await job;
  }
  const info = await stat(target);
  res.writeHead(200, {
    'Content-Type': `image/${format}`,
    'Content-Length': info.size,
    'Cache-Control': 'public, max-age=604800',
    Vary: 'Accept',
    'X-Content-Type-Options': 'nosniff',
  });
  if (req.method === 'HEAD') res.end();
  else createReadStream(target).on('error', () => res.destroy()).pipe(res);
  return true;
}
