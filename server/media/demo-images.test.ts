import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MOTIF_SHAPES } from './motifs';
import { pictureSvg, writePicture, type PictureSpec } from './demo-images';

const spec: PictureSpec = { motif: 'bottle', color: '#884422', variant: 1, width: 64, height: 64 };
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pictures-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('writePicture', () => {
  it('renders a WebP file and keeps it in the cache under its drawing', async () => {
    const [out, cache] = [tempDir(), tempDir()];
    await writePicture(path.join(out, 'a/p_1.webp'), spec, cache);
    const written = readFileSync(path.join(out, 'a/p_1.webp'));
    expect(written.subarray(8, 12).toString()).toBe('WEBP');
    const entries = readdirSync(cache);
    expect(entries).toHaveLength(1);
    expect(readFileSync(path.join(cache, entries[0]!))).toEqual(written);
  });

  it('copies a cached drawing instead of rendering it again, and renders a changed one', async () => {
    const [out, cache] = [tempDir(), tempDir()];
    await writePicture(path.join(out, 'first.webp'), spec, cache);
    const [entry] = readdirSync(cache);
    // What the cache holds is what the next seed gets: proof that nothing was rendered.
    writeFileSync(path.join(cache, entry!), 'cached bytes');
    await writePicture(path.join(out, 'second.webp'), spec, cache);
    expect(readFileSync(path.join(out, 'second.webp'), 'utf8')).toBe('cached bytes');

    await writePicture(path.join(out, 'third.webp'), { ...spec, color: '#225588' }, cache);
    expect(readFileSync(path.join(out, 'third.webp')).subarray(8, 12).toString()).toBe('WEBP');
    expect(readdirSync(cache)).toHaveLength(2);
  });

  it('renders without a cache folder, and a cache that cannot be written costs only time', async () => {
    const out = tempDir();
    await writePicture(path.join(out, 'plain.webp'), spec, null);
    const blocked = path.join(tempDir(), 'a-file');
    writeFileSync(blocked, '');
    await writePicture(path.join(out, 'blocked.webp'), spec, path.join(blocked, 'cache'));
    expect(readFileSync(path.join(out, 'blocked.webp'))).toEqual(readFileSync(path.join(out, 'plain.webp')));
  });
});

describe('demo pictures', () => {
  // One file serves every locale, so a picture carries no lettering in any language.
  it('have no lettering, in any motif and variant', () => {
    for (const motif of Object.keys(MOTIF_SHAPES) as (keyof typeof MOTIF_SHAPES)[]) {
      for (const variant of [1, 2, 3] as const) {
        const svg = pictureSvg({ motif, color: '#7B2D26', variant, width: 400, height: 400 });
        expect(svg).toContain('<svg');
        expect(svg).not.toMatch(/<text|<tspan|font-family/);
      }
    }
  });
});
