// Responsive pictures: the server makes sized AVIF/WebP copies of /media pictures on request
// (server/http/media-images.ts); pages offer them through srcset.

export const IMAGE_WIDTHS = [160, 320, 480, 640, 800, 1200, 1600] as const;

/** A srcset over the widths up to the picture's own width; undefined for other images. */
export function srcsetFor(url: string, intrinsicWidth: number | null | undefined): string | undefined {
  if (!url.startsWith('/media/')) return undefined;
  const max = intrinsicWidth ?? 1600;
  const widths = IMAGE_WIDTHS.filter((w) => w <= max);
  return widths.map((w) => `${url}?w=${w} ${w}w`).join(', ');
}

/** Product cards: half the screen on phones, a third on tablets, a quarter of 1280 px above. */
export const CARD_SIZES = '(min-width: 1280px) 300px, (min-width: 960px) 30vw, 50vw';
