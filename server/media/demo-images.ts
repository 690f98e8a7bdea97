// Generates the demo pictures (products, news, slides) as WebP files with sharp, from a
// motif drawing and a colour. File names end in _N so galleries sort by number. A picture has no
// lettering: one file serves every locale (assets have one URL each), and the product's name and
// alt text beside it are already in the visitor's language.
import { createHash, randomUUID } from 'node:crypto';
import { copyFile, mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { ROOT_DIR } from '../config';
import type { ImageMotif } from '../seed/data/types';
import { MOTIF_SHAPES } from './motifs';

/** Lighter or darker shade of a #rrggbb colour (amount from -1 to 1). */
export function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const channel = (v: number) => Math.round(amount >= 0 ? v + (255 - v) * amount : v * (1 + amount));
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map(channel);
  return `#${((1 << 24) | (r! << 16) | (g! << 8) | b!).toString(16).slice(1)}`;
}

export interface PictureSpec {
  motif: ImageMotif;
  color: string;
  /** 1 = packshot on a light ground, 2 = on the colour, 3 = close-up. */
  variant: 1 | 2 | 3;
  width: number;
  height: number;
}

export function pictureSvg(spec: PictureSpec): string {
  const { width, height, color, variant } = spec;
  const ground = variant === 2 ? color : shade(color, 0.86);
  const ink = variant === 2 ? shade(color, 0.9) : color;
  const size = Math.min(width, height) * (variant === 3 ? 1.1 : 0.62);
  const x = (width - size) / 2 + (variant === 3 ? size * 0.15 : 0);
  const y = (height - size) / 2 - (variant === 3 ? 0 : height * 0.05);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<rect width="100%" height="100%" fill="${ground}"/>
<g transform="translate(${x} ${y}) scale(${size / 200})" fill="${ink}">${MOTIF_SHAPES[spec.motif]}</g>
</svg>`;
}

const WEBP_QUALITY = 78;

/**
 * Rendered pictures by content. Drawing and encoding is most of a seed's time (about 25 CPU
 * seconds for the demo shop), and the same drawings are made again by every seed: a newcomer's
 * `npm start` after a reset, and the test run, which seeds a shop with media five times. The
 * key is the drawing itself, so a changed drawing is simply a new entry.
 */
export const PICTURE_CACHE_DIR = path.join(ROOT_DIR, 'node_modules/.cache/vinoshop-pictures');

export async function writePicture(file: string, spec: PictureSpec, cacheDir: string | null = PICTURE_CACHE_DIR): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const svg = pictureSvg(spec);
  const cached = cacheDir && path.join(cacheDir, `${createHash('sha256').update(`webp ${WEBP_QUALITY}\n${svg}`).digest('hex').slice(0, 40)}.webp`);
  if (cached && (await copyFile(cached, file).then(() => true, () => false))) return;
  const webp = await sharp(Buffer.from(svg)).webp({ quality: WEBP_QUALITY }).toBuffer();
  await writeFile(file, webp);
  if (!cached) return;
  // Written aside and renamed, so a seed running beside this one never copies half a file; a
  // cache that cannot be written (read-only node_modules) only costs the next seed its time.
  const aside = `${cached}.${process.pid}.${randomUUID().slice(0, 8)}.tmp`;
  await mkdir(cacheDir, { recursive: true })
    .then(() => writeFile(aside, webp))
    .then(() => rename(aside, cached))
    .catch(() => {});
}

/** Runs `tasks` with at most `limit` at a time. */
export async function runLimited<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
