// Pictures named in a products file: looked up by file name in the folder given with --images
// (or, without it, among the pictures the shop already serves), measured when new, and copied
// into the shop's media folder (media/products, served at /media/products/) before the rows that
// name them are written. A file already there with the same size and no older date is not copied
// again, so re-importing touches no file.
import { copyFile, mkdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { runLimited } from '../media/demo-images';
import type { ImportProblem } from './import-problems';

export const PRODUCT_MEDIA_FOLDER = 'products';
/** Where the shop serves a product picture: this, then its file name. */
export const PICTURE_URL_PREFIX = `/media/${PRODUCT_MEDIA_FOLDER}/`;

export interface PictureUse {
  line: number;
  fileName: string;
  /** Whether the product has no picture of this name yet, so its size must be read. */
  isNew: boolean;
}

export interface PictureFiles {
  sizes: Map<string, { width: number; height: number }>;
  /** Copies the files that the media folder lacks or has in another version. */
  copy(): Promise<void>;
}

const exists = (file: string) => stat(file).then((s) => s, () => undefined);

export async function checkPictures(
  uses: PictureUse[],
  dirs: { imagesDir?: string; mediaDir?: string },
  problems: ImportProblem[],
): Promise<PictureFiles> {
  const targetDir = dirs.mediaDir ? path.join(dirs.mediaDir, PRODUCT_MEDIA_FOLDER) : undefined;
  const sourceDir = dirs.imagesDir ?? targetDir;
  const sizes = new Map<string, { width: number; height: number }>();
  const toCopy = new Set<string>();
  const firstUse = new Map<string, PictureUse>();
  for (const use of uses) {
    const first = firstUse.get(use.fileName);
    if (!first || (!first.isNew && use.isNew)) firstUse.set(use.fileName, use);
  }
  if (!sourceDir) return { sizes, copy: async () => {} };
  await runLimited([...firstUse.values()], 8, async (use) => {
    const source = path.join(sourceDir, use.fileName);
    const found = await exists(source);
    if (!found?.isFile()) {
      problems.push({ line: use.line, column: 'pictures', value: use.fileName, message: `is not in ${sourceDir}`, code: 'not_found' });
      return;
    }
    if (use.isNew) {
      try {
        const meta = await sharp(source).metadata();
        if (meta.width && meta.height) sizes.set(use.fileName, { width: meta.width, height: meta.height });
      } catch {
        problems.push({ line: use.line, column: 'pictures', value: use.fileName, message: 'is not a picture the shop can read (WebP, PNG or JPEG)' });
        return;
      }
    }
    if (dirs.imagesDir && targetDir) {
      const there = await exists(path.join(targetDir, use.fileName));
      if (!there || there.size !== found.size || there.mtimeMs < found.mtimeMs) toCopy.add(use.fileName);
    }
  });
  return {
    sizes,
    async copy() {
      if (!toCopy.size || !targetDir || !dirs.imagesDir) return;
      await mkdir(targetDir, { recursive: true });
      await runLimited([...toCopy], 8, async (fileName) => {
        // Copied aside and renamed: the running shop never serves half a file.
        const aside = path.join(targetDir, `.${fileName}.${process.pid}.tmp`);
        await copyFile(path.join(dirs.imagesDir!, fileName), aside);
        await rename(aside, path.join(targetDir, fileName));
      });
    },
  };
}
